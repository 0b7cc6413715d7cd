import LimelightKit

struct ClientStateCommand: Command {
    static let name = "client-state"
    static let abstract = "Print the client state committed with the last 'index --client-state' batch."
    static let usage = ["client-state"]
    static let options: [Option] = []

    static func run(_ args: ParsedArguments) throws {
        let s = try IndexStats.read(location(args))
        if let state = s.clientState { print(state) }
    }
}
