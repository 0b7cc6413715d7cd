import LimelightKit

struct RebuildCommand: Command {
    static let name = "rebuild"
    static let abstract = "Regenerate the index from its stored records (or from files) and swap it in atomically."
    static let discussion = """
        Searches keep answering from the old generation until the new one is complete. Ctrl-C or SIGTERM cancels: the index stays as it was, the exit status is 130, and the partial generation is removed (by the next writer if the rebuild could not stop within 2 s). Also upgrades an index of an older schema.
        """
    static let usage = ["rebuild [--shards <n>] [--from <file>... [--allow-empty]] [--json]"]
    static let options: [Option] = [.shards.explained("Re-shard into n shards (an ordinary index too): every shard is built in parallel, then swapped in with its stub, then the marker DIR/shards says n; n = 1 makes an ordinary index again. Without it a sharded index keeps its count."), .fromFiles, .allowEmpty, .json.explained("Print a JSON summary.")]

    /// `--from A.jsonl B.jsonl`, as the usage line reads (`--from` each works too).
    static let positionals = [Positional("file", .many, help: "More files for --from, after it.")]

    static func validate(_ args: ParsedArguments) throws(CLIError) {
        if !args.positionals.isEmpty, args.all(.fromFiles).isEmpty {
            throw CLIError.usage("rebuild takes files only after --from (rebuild --from FILE…)")
        }
        // A rebuild of the index from itself keeps what it holds (it was ignored).
        if args.has(.allowEmpty), args.all(.fromFiles).isEmpty {
            throw CLIError.usage("--allow-empty is for --from: it lets files with no records replace the index")
        }
    }

    static func run(_ args: ParsedArguments) throws {
        Cancellation.install()
        var bar = ProgressBar(label: "rebuild")
        let from = args.all(.fromFiles) + args.positionals
        // (Restored from files, it may be made anew: a backup into a new directory.)
        if from.isEmpty { try requireIndex(args, self) }
        let s = try Maintenance.rebuild(location(args), shards: args.int(.shards), from: from.isEmpty ? nil : from, allowEmpty: args.has(.allowEmpty),
                                        onWait: { Output.err($0) },
                                        progress: { bar.update($0, $1) },
                                        shouldCancel: { Cancellation.isRequested })
        if args.has(.json) {
            var o = JSONObject([("records", .number(Double(s.records))), ("documents", .number(Double(s.documents))),
                                ("generation", .number(Double(s.generation))),
                                ("seconds", .number((s.seconds * 1000).rounded() / 1000))])
            if s.notRecorded > 0 { o["notRecorded"] = .number(Double(s.notRecorded)) }
            print(JSON.object(o).serialized)
        } else {
            print("Rebuilt \(s.records) records into generation \(s.generation) (\(s.documents) documents) in \(Output.score(s.seconds)) s.")
        }
        // Said as `index` says it: a backup restored while history is paused
        // dropped every use without a word.
        Output.notRecorded(s.notRecorded)
    }
}
