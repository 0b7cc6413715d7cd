import LimelightKit

struct ExportCommand: Command {
    static let name = "export"
    static let abstract = "Write every stored record as JSON Lines that 'limelight index' reads back."
    static let usage = ["export"]
    static let options: [Option] = [.json.explained("Accepted for symmetry: the records are JSON Lines anyway.")]

    static func run(_ args: ParsedArguments) throws {
        let location = try location(args)
        var donated = Set<String>()
        for r in try records(args, location) {
            if r.kind == .interaction { donated.insert(r.id) }
            print(r.json.serialized)
        }
        // Donations still waiting in the journal for a writer are records too.
        for r in DonationJournal.pending(location) where donated.insert(r.id).inserted { print(r.json.serialized) }
    }

    /// Every record of one revision. A write committed while they are read
    /// can discard the revision being read (DatabaseModifiedError), and
    /// export, the backup, failed with it. It reads again twice, then
    /// holding the write lock, so that no commit lands meanwhile: a backup
    /// waits for a writer rather than fail, and never mixes two revisions.
    static func records(_ args: ParsedArguments, _ location: IndexLocation) throws -> [Record] {
        for _ in 0..<3 {
            do { return try location.exportRecords() } catch {
                guard case .unstable = error else { throw error }
            }
        }
        let writer = try openWriter(args, self)
        defer { writer.close() }
        return try location.exportRecords()
    }
}
