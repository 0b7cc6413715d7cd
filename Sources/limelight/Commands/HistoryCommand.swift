import LimelightKit

struct HistoryCommand: Command {
    static let name = "history"
    static let abstract = "Control what is recorded: pause and resume, a retention limit, apps never recorded, what stays forgotten."
    static let discussion = """
        While history is paused, donate, open, index and sync record no
        interactions. With a retention limit, donations older than that many days
        are forgotten on every write. An excluded app's uses are never recorded
        (what was recorded before stays until you forget it: forget --app). A use
        that forget took out stays out when a log is indexed again or a backup
        restored; history unforget lets such uses back in (it brings nothing back
        by itself). The settings live in history.json in the index directory,
        which names what was forgotten only by salted SHA-256 digests.
        """
    static let usage = [
        "history status [--json]",
        "history pause | resume",
        "history retain <days>   (0: keep until forgotten)",
        "history exclude <app> | include <app>",
        "history unforget",
    ]
    static let positionals = [
        Positional("action", .one, choices: ["status", "pause", "resume", "retain", "exclude", "include", "unforget"],
                   help: "status, pause, resume, retain, exclude, include or unforget."),
        Positional("value", .optional, help: "The days for retain; the app for exclude and include."),
    ]
    static let options: [Option] = [.json.explained("With status: print one JSON object.")]

    static func validate(_ args: ParsedArguments) throws(CLIError) {
        guard let action = args.positionals.first else {
            throw CLIError.usage("missing the action: status, pause, resume, retain, exclude, include or unforget")
        }
        let takesValue = ["retain", "exclude", "include"].contains(action)
        guard takesValue || ["status", "pause", "resume", "unforget"].contains(action) else {
            throw CLIError.usage("unknown history action '\(action)' (expected status, pause, resume, retain, exclude, include or unforget)")
        }
        if takesValue != (args.positionals.count == 2) {
            throw CLIError.usage(takesValue ? "history \(action) takes \(action == "retain" ? "a number of days" : "an app")" : "history \(action) takes nothing more")
        }
        if action == "retain", Int(args.positionals[1]).map({ $0 < 0 || $0 > 100_000 }) ?? true {
            throw CLIError.usage("history retain takes a number of days from 0 to 100000, got '\(args.positionals[1])'")
        }
        if takesValue, action != "retain", args.positionals[1].isEmpty { throw CLIError.usage("history \(action) takes an app id, got ''") }
        if args.has(.json), action != "status" { throw CLIError.usage("--json is for history status") }
    }

    static func run(_ args: ParsedArguments) throws {
        let location = try location(args)
        var policy = try HistoryPolicy.load(location)
        var unforgotten = 0
        let value = args.positionals.count > 1 ? args.positionals[1] : ""
        switch args.positionals[0] {
        case "pause": policy.pause()
        case "resume": policy.resume()
        case "retain": policy.retainDays = Int(value) == 0 ? nil : Int(value)
        case "exclude": if !policy.excluded.contains(value) { policy.excluded.append(value) }
        case "include": policy.excluded.removeAll { $0 == value }
        case "unforget": unforgotten = policy.unforget()
        default:
            if args.has(.json) { print(policy.json.serialized); return }
            print(policy.paused ? "History: paused (nothing is recorded; 'limelight history resume' to record again)" : "History: recording")
            print("Retention: " + (policy.retainDays.map { "donations older than \($0) day\($0 == 1 ? "" : "s") are forgotten" } ?? "kept until forgotten"))
            print("Excluded apps: " + (policy.excluded.isEmpty ? "none" : policy.excluded.joined(separator: ", ")))
            let n = policy.forgotten.count
            print("Kept forgotten: " + (n == 0 ? "nothing" : "what \(n) forget\(n == 1 ? "" : "s") took out ('limelight history unforget' to let it back in)"))
            return
        }
        try IndexWriter.checkLockTimeoutSetting()
        try IndexWriter.checkSettingsLocation(location)
        // Apply the new limit now (every write applies it), and rebuild as
        // forget does, so that no file holds what it forgot (its context
        // names stayed in the suggestion model's sets and in the postings);
        // a failure is told, not passed over. Settings made before anything
        // is indexed (no stub, no shard marker) have nothing to apply to.
        // The writer is opened first: an index busy past the lock timeout
        // (75) keeps the old limit, not a new one nothing applied yet.
        let indexed = try location.currentGeneration() != nil || location.shardLayout() != nil
        let retaining = args.positionals[0] == "retain" && policy.retainDays != nil && indexed
        let writer = retaining ? try IndexWriter.open(location) : nil
        do { try policy.save(location) } catch {
            writer?.close()
            throw error
        }
        if let writer {
            let cutoff = policy.retentionCutoff()
            _ = try removeThenRebuild(writer, { try $0.forget(.timeRange(from: nil, to: cutoff), remembering: false) }) {
                "forgot \($0) donation\($0 == 1 ? "" : "s") past the limit"
            }
        }
        switch args.positionals[0] {
        case "pause": print("History paused: nothing is recorded until 'limelight history resume'.")
        case "resume": print("History resumed.")
        case "retain": print(policy.retainDays.map { "Donations older than \($0) days are forgotten on every write." } ?? "Donations are kept until forgotten.")
        case "exclude": print("Uses of \(value) are not recorded.")
        case "unforget": print(unforgotten == 0 ? "Nothing was kept forgotten." : "Uses that \(unforgotten) forget\(unforgotten == 1 ? "" : "s") took out are recorded again if indexed again.")
        default: print("Uses of \(value) are recorded again.")
        }
    }
}
