import LimelightKit

// What several commands share: reading values that need more than a string,
// building records from flags, opening the writer.

/// `--at TIME`: ISO 8601, default now; a date alone is the start of that
/// day in the local zone.
func parseTime(_ text: String?, option: Option = .at) throws(CLIError) -> Timestamp {
    guard let text else { return .now() }
    // A date alone is a local day (Timestamp(iso8601:) would read it as UTC's).
    if text.utf8.count == 10, Timestamp(iso8601: text) != nil, Timestamp(localDate: text) == nil {
        throw CLIError.usage("--\(option.name): \(text) is no day in this time zone (its clocks skipped it)")
    }
    guard let t = Timestamp(localDate: text) ?? Timestamp(iso8601: text) else {
        throw CLIError.usage("--\(option.name) takes an ISO 8601 time with an offset, e.g. 2026-11-29T07:30:00-08:00, or a date (the start of that local day); got '\(text)'")
    }
    return t
}

func validateContexts(_ names: [String]) throws(CLIError) -> [String] {
    for c in names {
        do { try Contexts.validate(c) } catch { throw CLIError.usage("--context: \(error.message)") }
    }
    return names
}

/// `TYPE/ID` → an entity reference (the id may itself contain slashes).
func parseEntityRef(_ text: String, option: String = "--entity") throws(CLIError) -> EntityRef {
    guard let slash = text.firstIndex(of: "/"), slash != text.startIndex, text.index(after: slash) != text.endIndex else {
        throw CLIError.usage("\(option) takes TYPE/ID (e.g. TrailEntity/monterey-bay), got '\(text)'")
    }
    return EntityRef(type: String(text[..<slash]), id: String(text[text.index(after: slash)...]))
}

func refsJSON(_ refs: [EntityRef]) -> JSON {
    .array(refs.map { ["type": .string($0.type), "id": .string($0.id)] })
}

func require(_ args: ParsedArguments, _ option: Option) throws(CLIError) -> String {
    guard let v = args.value(option), !v.isEmpty else { throw CLIError.usage("missing --\(option.name)") }
    return v
}

/// Validates a record built from flags, so flags get the same rules as files.
func record(_ o: JSONObject, what: String) throws(CLIError) -> Record {
    do { return try Record(json: .object(o)) } catch { throw CLIError.usage("\(what): \(error.message)") }
}

/// `delete`, `forget` and `history retain`: removes with `remove` on
/// `writer` (closed after), and if anything went, rebuilds the index from
/// its stored records, so that no file holds what was removed. (Xapian keeps
/// deleted text in freed blocks, and a compacted copy was measured to keep
/// some in its blocks' slack: a forgotten context name, a deleted title, in
/// gen-2/postlist.glass.) The removal is committed first; if the rebuild
/// then fails, that is said (`done`: what was removed), not "nothing was
/// written". A removal whose rebuild was interrupted (Ctrl-C, a kill) left
/// the text in the files, and a retry found nothing to remove and skipped
/// the rebuild: a marker written before the removal and taken away by a
/// rebuild (`IndexLocation.scrubIsPending`) makes the retry rebuild. Returns how many went.
func removeThenRebuild(_ writer: IndexWriter, _ remove: (IndexWriter) throws -> Int, done: (Int) -> String) throws -> Int {
    let location = writer.location
    let pending = location.scrubIsPending
    if pending { Output.err("note: an earlier forget or delete was interrupted before its text was scrubbed from the index files; rebuilding now") }
    let n: Int
    do {
        if !pending { try location.markScrubPending() }
        n = try remove(writer)
    } catch { writer.close(); throw error }
    writer.close()
    guard n > 0 || pending else {
        location.scrubDone()
        return 0
    }
    do { _ = try Maintenance.rebuild(location, onWait: { Output.err($0) }) } catch {
        throw CLIError.failed("\(done(n)), but rebuilding the index failed, so its files may still hold their bytes until a rebuild succeeds: \(error)")
    }
    return n
}

/// What a removal prints: `{"<key>":n}` with `--json`, else `sentence`.
func printRemoved(_ n: Int, _ args: ParsedArguments, json key: String, _ sentence: String) {
    if args.has(.json) {
        print(JSON.object(JSONObject([(key, .number(Double(n)))])).serialized)
    } else {
        print(sentence)
    }
}

func openWriter(_ args: ParsedArguments, _ command: any Command.Type) throws -> IndexWriter {
    try IndexWriter.open(command.location(args)) { Output.err($0) }
}

/// Maintenance of an index that is not there is an error, as reading one
/// is: on a mistyped --index, compact, rebuild, forget and delete made an
/// empty index and said they succeeded ("Forgot 0 donations.").
func requireIndex(_ args: ParsedArguments, _ command: any Command.Type) throws {
    let location = try command.location(args)
    guard try location.holdsAnIndex() else { throw location.noIndex }
}
