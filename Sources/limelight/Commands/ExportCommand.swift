import LimelightKit

struct ExportCommand: Command {
    static let name = "export"
    static let abstract = "Write every stored record as JSON Lines that 'limelight index' reads back."
    static let usage = ["export"]
    static let options: [Option] = []

    static func run(_ args: ParsedArguments) throws {
        let location = try location(args)
        var donated = Set<String>()
        for r in try location.exportRecords() {
            if r.kind == .interaction { donated.insert(r.id) }
            print(r.json.serialized)
        }
        // Donations still waiting in the journal for a writer are records too.
        for r in DonationJournal.pending(location) where donated.insert(r.id).inserted { print(r.json.serialized) }
    }
}
