import Testing
@testable import LimelightKit
import Xapian
import Glibc
import TestProcesses

@Suite struct FuzzTests {
    @Test func mutatedRecordsAreAcceptedOrRejectedWithALocatedReason() {
        var rng = SplitMix64(state: 42)
        let seeds = Fixture.trails.map { Array($0.utf8) }
        let alphabet = Array(#"{}[]":,\ 0123456789abcdefnulltrue-+.eE\#u{00}"#.utf8) + [0xFF, 0xC3, 0x80, 0xE4]
        for _ in 0..<3000 {
            var bytes = seeds.randomElement(using: &rng)!
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[i] = alphabet.randomElement(using: &rng)!
                case 1: bytes.insert(alphabet.randomElement(using: &rng)!, at: i)
                default: if bytes.count > 1 { bytes.remove(at: i) }
                }
            }
            var records: [LocatedRecord] = []
            var errors: [String] = []
            RecordReader.parse(bytes.filter { $0 != 0x0A }, name: "fuzz.jsonl", into: &records, errors: &errors)
            #expect(records.count + errors.count == 1)
            if let e = errors.first { #expect(e.hasPrefix("fuzz.jsonl:1: ") && e.count > 15) }
        }
    }

    @Test func arbitraryQueriesNeverFail() throws {
        let dir = TempDir()
        try ingest(dir, Fixture.trails)
        let searcher = try Searcher(location: dir.index)
        var rng = SplitMix64(state: 7)
        let pieces = ["monterey", "ba", "북한", "长城", "\"", "(", ")", "AND", "OR", "NOT", "*", "?", ":", "-", "+", "~", "title:", " ", "\u{0}", "é", "😀", "ｍ", "''", "\\", "𝒳", "a", "zz"]
        for _ in 0..<400 {
            let q = (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            var r = SearchRequest(query: q)
            r.limit = 5
            let hits = try searcher.search(r).hits
            #expect(hits.count <= 5)
        }
    }
}

@Suite struct PrivacyTests {
    @Test func deletingLeavesNoTraceOfTheTextInTheIndexTables() throws {
        let dir = TempDir()
        try ingest(dir, Fixture.trails + [
            #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"secret","title":"Zanzibarquokka Hideout","description":"Wrenfeatherly notes","keywords":["xylophonic"]}"#,
            #"{"kind":"interaction","app":"com.example.trails","intent":"OpenTrail","entities":[{"type":"TrailEntity","id":"secret"}],"at":"2026-11-29T07:30:00Z","context":["location.home"]}"#,
        ])
        func traces() throws -> [String] {
            let db = try dir.index.openReader()
            let words = ["zanzibarquokka", "hideout", "wrenfeatherly", "xylophonic", "secret"]
            let terms = try db.allTerms().map(\.term).filter { t in words.contains { w in t.lowercased().contains(w) || t.lowercased().hasSuffix(String(w.prefix(6))) } }
            return terms + (try db.spellings().map(\.word)) + (try db.synonymKeys())
        }
        #expect(try !traces().isEmpty)  // the check can see the text while it is there
        let w = try IndexWriter.open(dir.index)
        try w.delete(.entity(app: "com.example.trails", type: "TrailEntity", id: "secret"))
        w.close()
        #expect(try traces() == [])
    }
}

@Suite struct SchemaVersionTests {
    /// The ingest's writer has closed, but a child another test is spawning may
    /// hold a copy of the lock's descriptor until it execs (see XapianTests'
    /// `reopenWritable`): retry the lock for up to 10 s.
    static func reopenWritable(_ path: String) throws -> WritableDatabase {
        for _ in 0..<200 {
            do {
                return try WritableDatabase(path: path, mode: .open)
            } catch {
                guard error.kind == .databaseLock else { throw error }
                usleep(50_000)
            }
        }
        return try WritableDatabase(path: path, mode: .open)
    }

    @Test func anOlderSchemaSaysToRebuildAndRebuildUpgradesIt() throws {
        let dir = TempDir()
        try ingest(dir, Fixture.trails)
        do {
            let gen = try #require(try dir.index.currentGeneration())
            let db = try Self.reopenWritable(dir.index.generationPath(gen))
            try db.setMetadata(Schema.versionKey, "0")
            try db.commit()
            try db.close()
        }
        do {
            _ = try Searcher(location: dir.index)
            Issue.record("opened an index of an older schema")
        } catch {
            #expect(error.description.contains("Run `limelight rebuild`"))
        }
        let s = try Maintenance.rebuild(dir.index)
        #expect(s.records == Fixture.trails.count)
        #expect(try search(dir, "monterey ba").first?.id == "monterey-bay")
    }

    /// A newer schema is refused by rebuild too: it upgraded an older one,
    /// and rewrote a newer one as its own (what the newer stored, lost).
    @Test func rebuildRefusesANewerSchema() throws {
        let dir = TempDir()
        try ingest(dir, Fixture.trails)
        let gen = try #require(try dir.index.currentGeneration())
        do {
            let db = try Self.reopenWritable(dir.index.generationPath(gen))
            try db.setMetadata(Schema.versionKey, String(Schema.version + 1))
            try db.commit()
            try db.close()
        }
        do {
            _ = try Maintenance.rebuild(dir.index)
            Issue.record("rebuilt an index of a newer schema")
        } catch {
            #expect(error.description.contains("newer than this limelight"), "\(error)")
        }
        #expect(try dir.index.currentGeneration() == gen)
    }
}
