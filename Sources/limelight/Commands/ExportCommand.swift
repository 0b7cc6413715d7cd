import LimelightKit

struct ExportCommand: Command {
    static let name = "export"
    static let abstract = "Write every stored record as JSON Lines that 'limelight index' reads back."
    static let usage = ["export"]
    static let options: [Option] = [.json.explained("Accepted for symmetry: the records are JSON Lines anyway.")]

    static func run(_ args: ParsedArguments) throws {
        let location = try location(args)
        var donated = Set<String>()
        for r in canonical(try records(args, location)) {
            if r.kind == .interaction { donated.insert(r.id) }
            print(r.json.serialized)
        }
        // Donations still waiting in the journal for a writer are records too.
        for r in DonationJournal.pending(location) where donated.insert(r.id).inserted { print(r.json.serialized) }
    }

    /// The same records, written the same way whatever order they were
    /// indexed in, so that exporting what an export indexed gives the same
    /// bytes (a backup that can be compared): apps, intents and entities by
    /// app, type and id within their kind (they are upserts: their order
    /// says nothing); interactions by time, then id, as `rebuild` counts
    /// them (as they came, an index and its rebuild exported two orders: a
    /// browser lists visits newest first); App Shortcuts (their declared
    /// order ranks them) and relevance updates as they came; every object with
    /// `kind` and `app` first (an entity a relevance update embedded kept
    /// the update's order of keys).
    static func canonical(_ records: [Record]) -> [Record] {
        let unordered: Set<RecordKind> = [.app, .intent, .entity]
        var kindRank: [RecordKind: Int] = [:]
        for r in records where kindRank[r.kind] == nil { kindRank[r.kind] = kindRank.count }
        let sortKey = records.enumerated().map { i, r in
            (kindRank[r.kind]!, unordered.contains(r.kind) ? [r.app, r.type, r.id] : [], i)
        }
        let order = records.indices.sorted { a, b in
            let (x, y) = (sortKey[a], sortKey[b])
            if x.0 != y.0 { return x.0 < y.0 }
            if x.1 != y.1 { return x.1.lexicographicallyPrecedes(y.1) }
            let (r, q) = (records[a], records[b])
            if r.kind == .interaction {
                let (s, t) = (r.at?.seconds ?? 0, q.at?.seconds ?? 0)
                if s != t { return s < t }
                if r.id != q.id { return r.id < q.id }
            }
            return x.2 < y.2
        }
        return order.map { i in
            let r = records[i], head = ["kind", "app"].filter { r.fields.has($0) }
            guard r.fields.pairs.prefix(head.count).map(\.0) != head else { return r }
            let pairs = head.map { ($0, r.fields[$0]!) } + r.fields.pairs.filter { !head.contains($0.0) }
            return (try? Record(json: .object(JSONObject(pairs)))) ?? r
        }
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
