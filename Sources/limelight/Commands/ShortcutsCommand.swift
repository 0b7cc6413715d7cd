import LimelightKit

struct ShortcutsCommand: Command {
    static let name = "shortcuts"
    static let abstract = "List an app's App Shortcuts: declared order until usage reorders them."
    static let usage = ["shortcuts --app <app> [--at <time>] [--json]"]
    static let options: [Option] = [
        .app, .at.explained("The moment usage is decayed to (default now)."), .json.explained("One JSON object per shortcut."),
    ]

    static func run(_ args: ParsedArguments) throws {
        let list = try Lookup(location: location(args)).appShortcuts(app: try require(args, .app), at: try parseTime(args.value(.at)))
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
