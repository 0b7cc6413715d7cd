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
        for a in s.byApp { print("  " + Output.pad(a.app, 34) + String(a.count)) }
        print("Client state: \(s.clientState ?? "(none)")")
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
