import Foundation
import Testing

/// A typo is corrected in the light of the other words: of a word's
/// likeliest neighbours, the reading that gives an item every word.
@Suite struct TypoReadingsTests {
    @Test func theNeighbourThatGivesAnItemEveryWordIsTheReading() throws {
        let dir = TempDir()
        let cli = CLI(index: dir.path + "/index")
        var records = [#"{"kind":"app","app":"com.example.notes","name":"Notes"}"#,
                       #"{"kind":"entity","app":"com.example.notes","type":"Note","id":"trail","title":"Lands End Trail"}"#,
                       #"{"kind":"entity","app":"com.example.notes","type":"Note","id":"enrol","title":"Open enrollment ends Nov 30"}"#]
        // "leads" is the likelier neighbour of "lnads" alone: three items have it.
        for (i, title) in ["Sales leads April", "Sales leads May", "Leads review"].enumerated() {
            records.append(#"{"kind":"entity","app":"com.example.notes","type":"Note","id":"lead\#(i)","title":"\#(title)"}"#)
        }
        #expect(try cli.run(["index", "-"], stdin: records.joined(separator: "\n") + "\n").status == 0)

        let alone = try cli.run(["search", "lnads", "--json"])
        #expect(alone.stderr.contains(#""leads""#), "\(alone.stderr)")
        let r = try cli.run(["search", "lnads end", "--json"])
        #expect(r.stderr.contains(#""lands end""#), "\(r.stderr)")
        #expect(r.json.first?["title"] as? String == "Lands End Trail", "\(r.stdout)")
        // A word the likeliest reading gives every word to keeps it.
        let sales = try cli.run(["search", "lnads apr", "--json"])
        #expect(sales.json.first?["title"] as? String == "Sales leads April", "\(sales.stdout)")
    }

    /// The first eight unknown complete words are corrected, the rest left as
    /// typed: each costs up to 2 × 40 × 76 lookups, and eight are a paste,
    /// not typing.
    @Test func atMostEightWordsOfAQueryAreCorrected() throws {
        let eight = Array(repeating: "qzxv", count: 7) + ["montery"]
        let corrected = try CorpusIndex.cli.run(["search", (eight + ["trail"]).joined(separator: " "), "--json"])
        #expect(corrected.stderr.contains("monterey"), "\(corrected.stderr)")
        let nine = Array(repeating: "qzxv", count: 8) + ["montery"]
        let asTyped = try CorpusIndex.cli.run(["search", (nine + ["trail"]).joined(separator: " "), "--json"])
        #expect(asTyped.status == 0 && !asTyped.stderr.contains("monterey"), "\(asTyped.stderr)")
    }

    /// Many mistyped words are read together without multiplying out each
    /// word's choices (3 each: 3^40 readings for 40 words, which would
    /// never end). The bound is for that, not a speed goal (those are
    /// benchmarks'), and it times the search alone: the shared corpus
    /// index is made first (about 10 s of a debug build, which a bound of
    /// 10 s on both failed under load). A search still running past it is
    /// stopped, so a regression fails the test instead of hanging the suite.
    @Test func manyMistypedWordsAreAnsweredAtOnce() throws {
        let query = Array(repeating: "montery trial coastl bya", count: 10).joined(separator: " ")
        let cli = CorpusIndex.cli  // (made here, before the clock starts)
        let search = try cli.start(["search", query, "--json"])
        let deadline = Date().addingTimeInterval(120)
        while search.isRunning, Date() < deadline { usleep(10_000) }
        let ended = !search.isRunning
        if !ended { search.terminate() }
        search.waitUntilExit()
        #expect(ended && search.terminationStatus == 0, "ended: \(ended), status \(search.terminationStatus)")
    }
}
