import Testing
@testable import LimelightKit

@Suite struct SearchTests {
    let dir = TempDir()
    init() throws { try ingest(dir, Fixture.trails) }

    @Test func theLastWordIsAPrefix() throws {
        let hits = try search(dir, "monterey ba")
        #expect(hits.first?.id == "monterey-bay")
        #expect(hits.first?.kind == .entity)
        #expect(try search(dir, "monterey bx").isEmpty == false)  // relaxed: matches some words
    }

    // "paths" starts no title or keyword word, but its stem is in Monterey
    // Bay's description: it is no typo of "pathf" (Pathfinder Loop), though
    // no item has both words.
    @Test func aWordBeingTypedThatMatchesByItsStemIsNoTypo() throws {
        try ingest(dir, [#"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"pathfinder","title":"Pathfinder Loop"}"#])
        let r = try respond(dir, "walk paths")
        #expect(r.correctedQuery == nil)
        #expect(r.relaxed)
        #expect(Set(r.hits.map(\.id)).isSuperset(of: ["big-sur", "monterey-bay"]))
    }

    @Test func oneLetterFindsWordStartsOnly() throws {
        let ids = Set(try search(dir, "s", limit: 50).map(\.id))
        #expect(ids.contains("big-sur"))
        #expect(!ids.contains("monterey-bay"))
    }

    @Test func aWordTypedPastTenLettersMatchesByItsFirstTen() throws {
        let d = TempDir()
        try ingest(d, [Fixture.trails[0],
                       #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"cfg","title":"Configuration Loop"}"#])
        for typed in ["configurati", "configuration", "configuration l"] {
            #expect(try search(d, typed).first?.id == "cfg", "\(typed)")
        }
    }

    @Test func stemmingMatchesOtherFormsOfCompleteWords() throws {
        #expect(try search(dir, "trails ").contains { $0.id == "monterey-bay" })
    }

    @Test(arguments: [("둘레", "bukhansan"), ("长城", "great-wall"), ("富士", "fuji"), ("登山", "fuji")])
    func cjkTitlesAreFoundByTwoCharacterSubstrings(query: String, id: String) throws {
        #expect(try search(dir, query).first?.id == id)
    }

    @Test func appsMatchByNameAndSynonym() throws {
        #expect(try search(dir, "trail guide").first?.kind == .app)
        #expect(try search(dir, "trai").first?.kind == .app)
    }

    @Test func shortcutsAreFoundByPhraseAndBoundToParameterValues() throws {
        let hit = try #require(try search(dir, "show big sur").first)
        #expect(hit.kind == .shortcut)
        #expect(hit.title == "Open Big Sur Coast Walk")
        #expect(hit.parameter == EntityRef(type: "TrailEntity", id: "big-sur"))
        #expect(try search(dir, "open trail in trail guide").contains { $0.kind == .shortcut && $0.parameter == nil })
    }

    @Test func filtersByAppAndType() throws {
        #expect(try search(dir, "monterey", app: "com.other").isEmpty)
        let typed = try search(dir, "monterey", type: "TrailEntity")
        #expect(typed.allSatisfy { $0.kind == .entity } && !typed.isEmpty)
    }

    @Test func componentsAddUpToTheScore() throws {
        for h in try search(dir, "coast") {
            let sum = h.components.reduce(0) { $0 + $1.value }
            #expect(abs(sum - h.score) < 1e-9)
        }
    }

    @Test func exactTitleBeatsPartialMatch() throws {
        let hits = try search(dir, "big sur coast walk")
        #expect(hits.first?.id == "big-sur")
    }
}
