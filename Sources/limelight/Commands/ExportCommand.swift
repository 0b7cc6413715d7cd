import LimelightKit

struct ExportCommand: Command {
    static let name = "export"
    static let abstract = "Write every stored record as JSON Lines that 'limelight index' reads back."
    static let usage = ["export"]
    static let options: [Option] = []

    static func run(_ args: ParsedArguments) throws(LimelightError) {
        for r in try location(args).exportRecords() { print(r.json.serialized) }
    }
}
