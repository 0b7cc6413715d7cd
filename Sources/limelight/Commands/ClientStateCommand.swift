import LimelightKit

struct ClientStateCommand: Command {
    static let name = "client-state"
    static let abstract = "Print the client state committed with the last 'index --client-state' batch."
    static let usage = ["client-state"]
    static let options: [Option] = [.json.explained("Print {\"clientState\":…} (null when no batch set one); without it, control characters are shown escaped.")]

    static func run(_ args: ParsedArguments) throws {
        let s = try IndexStats.read(location(args))
        if args.has(.json) {
            print(JSON.object(JSONObject([("clientState", s.clientState.map(JSON.string) ?? .null)])).serialized)
        } else if let state = s.clientState {
            // As every text from records on the terminal: control characters
            // escaped, so none reaches it raw (`--json` gives the exact value).
            print(TerminalText.escape(state))
        }
    }
}
