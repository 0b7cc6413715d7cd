import LimelightKit

struct StatsCommand: Command {
    static let name = "stats"
    static let abstract = "Show what the index holds: counts by kind and app, size, generation, schema, client state."
    static let usage = "stats [--json]"
    static let details = """
        OPTIONS:
          --json                  Print one JSON object.
        """
    static let spec = ArgumentSpec(options: globalOptions, flags: ["json"])

    static func run(_ args: ParsedArguments) throws(LimelightError) {
        if !args.positionals.isEmpty { throw LimelightError(.usage, "stats takes no arguments") }
        let s = try IndexStats.read(location(args))
        if args.has("json") { print(s.json.serialized); return }
        print("Index:      \(s.path) (generation \(s.generation), schema \(s.schemaVersion))")
        print("Documents:  \(s.documents)")
        print("Size:       \(s.bytesOnDisk / 1024) KiB on disk")
        print("By kind:    " + s.byKind.filter { $0.count > 0 }.map { "\($0.kind) \($0.count)" }.joined(separator: ", "))
        print("By app:")
        for a in s.byApp { print("  " + Output.pad(TerminalText.escape(a.app), 34) + String(a.count)) }
        print("Client state: \(TerminalText.escape(s.clientState ?? "(none)"))")
    }
}

struct ExportCommand: Command {
    static let name = "export"
    static let abstract = "Write every stored record as JSON Lines that 'limelight index' reads back."
    static let usage = "export"
    static let details = ""
    static let spec = ArgumentSpec(options: globalOptions)

    static func run(_ args: ParsedArguments) throws(LimelightError) {
        if !args.positionals.isEmpty { throw LimelightError(.usage, "export takes no arguments") }
        for r in try location(args).exportRecords() { print(r.json.serialized) }
    }
}

struct ClientStateCommand: Command {
    static let name = "client-state"
    static let abstract = "Print the client state committed with the last 'index --client-state' batch."
    static let usage = "client-state"
    static let details = ""
    static let spec = ArgumentSpec(options: globalOptions)

    static func run(_ args: ParsedArguments) throws(LimelightError) {
        let s = try IndexStats.read(location(args))
        if let state = s.clientState { print(state) }
    }
}

struct RebuildCommand: Command {
    static let name = "rebuild"
    static let abstract = "Regenerate the index from its stored records (or from files) and swap it in atomically."
    static let usage = "rebuild [--from <file>... [--allow-empty]] [--json]"
    static let details = """
        OPTIONS:
          --from <file>           Rebuild from these JSON Lines files instead of the stored
                                  records (repeatable; '-' = stdin).
          --allow-empty           With --from: accept input with no records (an empty index);
                                  without it, empty input is refused (exit 65).
          --json                  Print a JSON summary.
        Searches keep answering from the old generation until the new one is
        complete. Ctrl-C or SIGTERM cancels: the partial generation is removed,
        the index stays as it was, and the exit status is 130. Also upgrades an
        index of an older schema.
        """
    static let spec = ArgumentSpec(options: globalOptions.union(["from"]), repeatable: ["from"], flags: ["json", "allow-empty"])

    static func run(_ args: ParsedArguments) throws(LimelightError) {
        if !args.positionals.isEmpty { throw LimelightError(.usage, "rebuild takes no arguments (use --from FILE)") }
        Cancellation.install()
        var bar = ProgressBar(label: "rebuild")
        let from = args.all("from")
        let s = try Maintenance.rebuild(location(args), from: from.isEmpty ? nil : from, allowEmpty: args.has("allow-empty"),
                                        onWait: { Output.err($0) },
                                        progress: { bar.update($0, $1) },
                                        shouldCancel: { Cancellation.isRequested })
        if args.has("json") {
            print(JSON.object(JSONObject([("records", .number(Double(s.records))), ("documents", .number(Double(s.documents))),
                                          ("generation", .number(Double(s.generation))),
                                          ("seconds", .number((s.seconds * 1000).rounded() / 1000))])).serialized)
        } else {
            print("Rebuilt \(s.records) records into generation \(s.generation) (\(s.documents) documents) in \(Output.score(s.seconds)) s.")
        }
    }
}

struct CompactCommand: Command {
    static let name = "compact"
    static let abstract = "Purge expired entities and write a compacted copy of the index, swapped in atomically."
    static let usage = "compact [--json]"
    static let details = """
        OPTIONS:
          --json                  Print a JSON summary.
        """
    static let spec = ArgumentSpec(options: globalOptions, flags: ["json"])

    static func run(_ args: ParsedArguments) throws(LimelightError) {
        let s = try Maintenance.compact(location(args)) { Output.err($0) }
        let before = s.bytesBefore, after = s.bytesAfter
        if args.has("json") {
            print(JSON.object(JSONObject([("documents", .number(Double(s.documents))), ("generation", .number(Double(s.generation))),
                                          ("purgedExpired", .number(Double(s.purgedExpired))),
                                          ("bytesBefore", .number(Double(before))), ("bytesAfter", .number(Double(after)))])).serialized)
        } else {
            print("Compacted into generation \(s.generation): \(before / 1024) KiB → \(after / 1024) KiB; purged \(s.purgedExpired) expired entities.")
        }
    }
}
