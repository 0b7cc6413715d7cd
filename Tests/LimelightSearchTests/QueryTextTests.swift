import Testing
@testable import LimelightSupport
@testable import LimelightStore
@testable import LimelightSearch

/// The query as typed: complete words, the word being typed, CJK runs.
@Suite struct QueryTextTests {
    @Test func theLastWordIsPartialUnlessASeparatorFollows() {
        let typing = QueryText("Monterey ba")
        #expect(typing.completeWords == ["monterey"] && typing.partialWord == "ba")
        let done = QueryText("Monterey bay ")
        #expect(done.completeWords == ["monterey", "bay"] && done.partialWord == nil)
    }

    @Test func titlesAreComparedWithoutDiacritics() {
        #expect(QueryText("parc güell").words == ["parc", "guell"])
    }

    @Test func cjkRunsStayWholeAndHaveNoTitleWords() {
        let q = QueryText("长城")
        #expect(q.cjkRuns == ["长城"] && q.partialWord == nil && q.titleWords.isEmpty)
    }

    @Test func aPastedMegabyteKeepsItsFirstWords() {
        let q = QueryText(Array(repeating: "word", count: 10_000).joined(separator: " ") + " ")
        #expect(q.completeWords.count == QueryText.maxWords)
    }
}

@Suite struct DurationTests {
    @Test(arguments: [("90", 90.0), ("90m", 5400), ("1h30m", 5400), ("PT1H", 3600), ("45s", 45), ("pt1h30m", 5400)])
    func durationsParse(text: String, seconds: Double) {
        #expect(PropertyPredicate.parseDuration(text) == seconds)
    }

    @Test(arguments: ["", "h", "1x", "1h30", "-5"])
    func anythingElseIsNoDuration(text: String) {
        #expect(PropertyPredicate.parseDuration(text) == nil)
    }

    /// `!=` and `==` are no operators: said so, not "no property 'difficulty!'".
    @Test(arguments: ["difficulty!=hard", "difficulty==hard"])
    func anOperatorThereIsNotIsSaidToBeNone(text: String) {
        do {
            _ = try PropertyPredicate.parse(text, schema: PropertySchema(), type: "TrailEntity")
            Issue.record("accepted \(text)")
        } catch {
            guard case .badPredicate(let message) = error else { Issue.record("not a bad predicate: \(error)"); return }
            #expect(message.contains("there is no other operator") && !message.contains("has a property"), "\(message)")
        }
    }

    @Test func aValueOfTheWrongTypeSaysWhatItTakes() {
        do {
            _ = try PropertyPredicate.parseNumbers("soon", types: ["duration"], name: "length")
            Issue.record("accepted 'soon' as a duration")
        } catch {
            guard case .badPredicate(let message) = error else { Issue.record("not a bad predicate: \(error)"); return }
            #expect(message == "--where: 'length' takes a duration (seconds, 90m, 1h30m or PT1H); 'soon' is not one")
        }
    }
}
