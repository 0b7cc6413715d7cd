import LimelightKit

struct StatsCommand: Command {
    static let name = "stats"
    static let abstract = "Show what the index holds: counts by kind and app, size, generation, schema, client state."
    static let usage = ["stats [--json]"]
    static let options: [Option] = [.json.explained("Print one JSON object.")]

    static func run(_ args: ParsedArguments) throws {
        let s = try IndexStats.read(location(args))
        if args.has(.json) { print(s.json.serialized); return }
        print("Index:      \(s.path) (generation \(s.generation), schema \(s.schemaVersion))")
        print("Documents:  \(s.documents)")
        print("Size:       \(s.bytesOnDisk / 1024) KiB on disk")
        print("By kind:    " + s.byKind.filter { $0.count > 0 }.map { "\($0.kind) \($0.count)" }.joined(separator: ", "))
        print("By app:")
        for a in s.byApp { print("  " + Output.pad(TerminalText.escape(a.app), 34) + String(a.count)) }
        print("Client state: \(TerminalText.escape(s.clientState ?? "(none)"))")
    }
}
