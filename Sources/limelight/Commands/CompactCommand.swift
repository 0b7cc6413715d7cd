import LimelightKit

struct CompactCommand: Command {
    static let name = "compact"
    static let abstract = "Purge expired entities and write a compacted copy of the index, swapped in atomically."
    static let usage = ["compact [--json]"]
    static let options: [Option] = [.json.explained("Print a JSON summary.")]

    static func run(_ args: ParsedArguments) throws {
        try requireIndex(args, self)
        let s = try Maintenance.compact(location(args)) { Output.err($0) }
        let before = s.bytesBefore, after = s.bytesAfter
        if args.has(.json) {
            print(JSON.object(JSONObject([("documents", .number(Double(s.documents))), ("generation", .number(Double(s.generation))),
                                          ("purgedExpired", .number(Double(s.purgedExpired))),
                                          ("bytesBefore", .number(Double(before))), ("bytesAfter", .number(Double(after)))])).serialized)
        } else {
            print("Compacted into generation \(s.generation): \(before / 1024) KiB → \(after / 1024) KiB; purged \(s.purgedExpired) expired entities.")
        }
    }
}
