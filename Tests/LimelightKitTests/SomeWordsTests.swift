import Testing
@testable import LimelightKit

/// A description of three words or more that too few items match whole goes
/// on with items that match some of its words, in their own section below.
@Suite struct SomeWordsTests {
    let dir = TempDir()
    init() throws {
        try ingest(dir, [
            #"{"kind":"app","app":"com.debian.packages","name":"Packages"}"#,
            #"{"kind":"entity","app":"com.debian.packages","type":"Package","id":"sqlmap","title":"sqlmap","subtitle":"automatic SQL injection tool"}"#,
            #"{"kind":"entity","app":"com.debian.packages","type":"Package","id":"themole","title":"themole","subtitle":"automatic SQL injection exploitation tool"}"#,
            // Three of the four words, in its title, and a strong prior: it
            // would outscore both above if it were ranked among them.
            #"{"kind":"entity","app":"com.debian.packages","type":"Package","id":"sqlinject","title":"Automatic SQL Injection","rankingHint":100}"#,
            #"{"kind":"entity","app":"com.debian.packages","type":"Package","id":"byteman","title":"libbyteman-java","subtitle":"bytecode injection tool"}"#,
            #"{"kind":"entity","app":"com.debian.packages","type":"Package","id":"gimp","title":"gimp","subtitle":"photo editor"}"#,
        ])
    }

    @Test func itemsWithSomeOfTheWordsFollowThoseWithAll() throws {
        let response = try respond(dir, "automatic sql injection tool")
        #expect(!response.relaxed)
        let whole = response.hits.filter { $0.section != .someWords }
        let some = response.hits.filter { $0.section == .someWords }
        #expect(Set(whole.map(\.id)) == ["sqlmap", "themole"])
        #expect(some.map(\.id) == ["sqlinject", "byteman"])
        #expect(response.hits.prefix(2).allSatisfy { $0.section != .someWords })
        #expect(response.hits.map(\.rank) == Array(1...4))
    }

    @Test func onlyAsManyAsTheLimitLeaves() throws {
        #expect(try search(dir, "automatic sql injection tool", limit: 3).map(\.id).last == "sqlinject")
        #expect(try search(dir, "automatic sql injection tool", limit: 2).allSatisfy { $0.section != .someWords })
        // --limit 0 asks for every match of the words, not more.
        #expect(try search(dir, "automatic sql injection tool", limit: 0).map(\.id).sorted() == ["sqlmap", "themole"])
    }

    @Test func oneOrTwoWordsAreMatchedWhole() throws {
        // A name being typed, as launchers match it.
        #expect(try search(dir, "sql injection").allSatisfy { $0.section != .someWords })
        #expect(try search(dir, "injection tool").map(\.id).sorted() == ["byteman", "sqlmap", "themole"])
        // A word of one letter does not count: two words and the start of a third.
        #expect(try search(dir, "sql injection t").map(\.id) == ["themole"])
    }

    @Test func aCorrectedTypoGoesOnToo() throws {
        let response = try respond(dir, "automatic sql injectoin tool")
        #expect(response.correctedQuery == "automatic sql injection tool")
        #expect(response.hits.filter { $0.section == .someWords }.map(\.id) == ["sqlinject", "byteman"])
    }

    @Test func wordsReadAsAbbreviationsAreNotReadWholeBelow() throws {
        // No item has "auto" whole: each word is read as the start of a word.
        let hits = try search(dir, "auto sql inj")
        #expect(hits.map(\.id) == ["sqlinject"])
        #expect(hits.allSatisfy { $0.section != .someWords })
    }

    @Test func aLimitPastManyMatchesOfEveryWordStillGoesOn() throws {
        let d = TempDir()
        try ingest(d, (1...25).map { #"{"kind":"entity","app":"a","type":"T","id":"whole\#($0)","title":"Alpha Beta Gamma \#($0)"}"# }
                   + [#"{"kind":"entity","app":"a","type":"T","id":"some","title":"Alpha Beta Delta"}"#])
        let hits = try search(d, "alpha beta gamma", limit: 40)
        #expect(hits.count == 26)
        #expect(hits.last?.id == "some")
        #expect(hits.last?.section == .someWords)
    }

    @Test func theTopHitAppsShortcutsAreNotListedTwice() throws {
        let d = TempDir()
        try ingest(d, [
            // Found by its description, which its App Shortcut does not hold.
            #"{"kind":"app","app":"sqltool","name":"Sqlninja","description":"Automatic SQL injection tool"}"#,
            #"{"kind":"intent","app":"sqltool","id":"scan","title":"Scan"}"#,
            // Beside the Top Hit as its App Shortcut, and a match of "sql" only.
            #"{"kind":"shortcut","app":"sqltool","id":"scan","intent":"scan","title":"Run an SQL Scan","phrases":["Scan with ${applicationName}"]}"#,
        ])
        let hits = try search(d, "automatic sql injection tool")
        #expect(hits.map(\.id) == ["sqltool", "scan"])
        #expect(hits.map(\.section) == [.topHit, .shortcuts])
    }

    @Test func withNoItemHavingEveryWordTheAnswerIsRelaxedAsBefore() throws {
        let response = try respond(dir, "automatic photo injection tool")
        #expect(response.relaxed)
        #expect(!response.hits.isEmpty)
        #expect(response.hits.allSatisfy { $0.section != .someWords })
    }
}
