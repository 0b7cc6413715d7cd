#if canImport(Glibc)
import Glibc
#endif
import LimelightKit

struct IndexCommand: Command {
    static let name = "index"
    static let abstract = "Add or update records (apps, entities, intents, App Shortcuts, interactions, relevance) from JSON Lines files."
    static let discussion = "A bad line anywhere rejects the whole run: every problem is reported as file:line, and nothing is written."
    static let usage = ["index <file>... [--shards <n>] [--client-state <state>] [--json]"]
    static let positionals = [Positional("file", .oneOrMore, help: "JSON Lines files of records; '-' reads standard input.")]
    static let options: [Option] = [.shards, .clientState, .json.explained("Print a JSON summary.")]

    static func validate(_ args: ParsedArguments) throws(CLIError) {
        guard !args.positionals.isEmpty else { throw CLIError.usage("give at least one file to index ('-' for standard input)") }
    }

    static func run(_ args: ParsedArguments) throws {
        // Parse and validate everything before touching the index: a bad line
        // anywhere rejects the whole run.
        let records = try RecordSource.load(args.positionals)
        try records.validate()
        let writer = try IndexWriter.open(location(args), shards: args.int(.shards)) { Output.err($0) }
        defer { writer.close() }
        Cancellation.install()
        let summary = try writer.apply(records, clientState: args.value(.clientState),
                                       shouldCancel: { Cancellation.isRequested })
        if args.has(.json) {
            var counts = JSONObject()
            for k in RecordKind.allCases where summary.counts[k] != nil { counts[k.rawValue] = .number(Double(summary.counts[k]!)) }
            var o = JSONObject([("indexed", .number(Double(summary.total))), ("byKind", .object(counts)),
                                ("documents", .number(Double(writer.documentCount)))])
            if summary.notRecorded > 0 { o["notRecorded"] = .number(Double(summary.notRecorded)) }
            if !summary.conflicts.isEmpty { o["conflicts"] = .array(summary.conflicts.map(JSON.string)) }
            if summary.alreadyRecorded > 0 { o["alreadyRecorded"] = .number(Double(summary.alreadyRecorded)) }
            if !summary.namingUnknown.isEmpty { o["namingUnknown"] = .array(summary.namingUnknown.prefix(100).map(JSON.string)) }
            if !summary.unread.isEmpty { o["warnings"] = .array(summary.unread.prefix(100).map(JSON.string)) }
            print(JSON.object(o).serialized)
        } else {
            let plural: [RecordKind: String] = [.app: "apps", .entity: "entities", .intent: "intents", .shortcut: "App Shortcuts",
                                                .interaction: "interactions", .relevance: "relevance records"]
            let parts = RecordKind.allCases.compactMap { k in
                summary.counts[k].map { "\($0) \($0 == 1 ? (k == .shortcut ? "App Shortcut" : k.rawValue == "relevance" ? "relevance record" : k.rawValue) : plural[k]!)" }
            }
            print("Indexed \(summary.total) record\(summary.total == 1 ? "" : "s")\(parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")") into \(writer.location.path).")
        }
        // As donate says it: the history settings left these out (read and
        // checked, counted above, not recorded).
        for u in summary.namingUnknown.prefix(20) { Output.err("kept: \(u); it counts once that is indexed") }
        if summary.namingUnknown.count > 20 { Output.err("kept: \(summary.namingUnknown.count - 20) more interactions naming what is not in the index") }
        for u in summary.unread.prefix(20) { Output.err("warning: " + u) }
        if summary.unread.count > 20 { Output.err("warning: \(summary.unread.count - 20) more fields Limelight does not read") }
        for c in summary.conflicts.prefix(20) { Output.err("not recorded: " + c) }
        if summary.conflicts.count > 20 { Output.err("not recorded: \(summary.conflicts.count - 20) more interactions whose ids were recorded with other content") }
        Output.notRecorded(summary.notRecorded)
        // A replay fed one line per run means each line as a new launch; to
        // Limelight the same line again is a re-import. Said, not guessed.
        if summary.alreadyRecorded > 0 {
            let n = summary.alreadyRecorded
            Output.err("note: \(n) interaction\(n == 1 ? " was" : "s were") recorded before, the same use, and counted once "
                + "(an interaction without an \"id\" is named by its line; to record another use, give each its own \"id\" or use limelight donate)")
        }
    }
}
