import LimelightKit

struct ShortcutsCommand: Command {
    static let name = "shortcuts"
    static let abstract = "List an app's App Shortcuts: declared order until usage reorders them."
    static let usage = ["shortcuts --app <app> [--at <time>] [--json]"]
    static let options: [Option] = [
        .app, .at.explained("The moment usage is decayed to (default now)."), .json.explained("One JSON object per shortcut."),
    ]

    static func run(_ args: ParsedArguments) throws {
        let lookup = try Lookup(location: location(args))
        let app = try require(args, .app)
        let list = try lookup.appShortcuts(app: app, at: try parseTime(args.value(.at)))
        // No shortcuts of an app the index does not hold is a typo more likely than an answer.
        if list.isEmpty, try lookup.record(kind: .app, app: app, id: nil) == nil {
            throw CLIError.failed("\(app) is not in the index")
        }
        for (n, (r, usage)) in list.enumerated() {
            if args.has(.json) {
                print(JSON.object(JSONObject([("rank", .number(Double(n + 1))), ("id", .string(r.id)), ("title", .string(r.title)),
                                              ("usage", .number((usage * 1000).rounded() / 1000))])).serialized)
            } else {
                print(Output.pad(String(n + 1), 3) + Output.pad(TerminalText.escape(r.title), 40) + (usage > 0 ? "used \(Output.score(usage))" : "not used yet"))
            }
        }
    }
}
