import Testing
import Xapian
@testable import LimelightSupport
@testable import LimelightModel
@testable import LimelightRanking
@testable import LimelightStore
@testable import LimelightIndex

/// The builder returns the document and its card as values; usage changes the
/// card in memory and `finished()` writes it once.
@Suite struct DocumentBuilderTests {
    let record = try! Record(json: JSON.parse(#"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"big-sur","title":"Big Sur Coast Walk","subtitle":"Big Sur, CA","rankingHint":40}"#))

    func used() -> UsageStats {
        var stats = UsageStats()
        stats.add(UsageEvent(at: Timestamp(seconds: 1_700_000_000), contexts: ["audio.workout.running"]))
        return stats
    }

    func built() throws -> BuiltDocument {
        var properties = PropertySchema()
        return try DocumentBuilder().entity(record, contexts: [], properties: &properties)
    }

    @Test func theCardIsWrittenOnceWithTheUsageItWasGiven() throws {
        var b = try built()
        #expect(try b.document.value(Schema.cardSlot).isEmpty)  // not before `finished()`
        #expect(b.card?.prior == 0.4 && b.card?.title == "Big Sur Coast Walk")
        try b.setUsage(used())
        let doc = try b.finished()
        let written = try doc.value(Schema.cardSlot)
        #expect(written == b.card?.encoded)
        let card = try #require(HitCard(encoded: written))
        let usage = try doc.value(Schema.usageSlot)
        // The cells once, in the card; the slot has the counts alone.
        #expect(card.usage == used().encoded && usage == used().encodedWithoutCells)
        #expect(UsageStats(encoded: usage)?.total == used().total && UsageStats(encoded: usage)?.cells.count == 0)
        #expect(card.usageBoost > 0)
        #expect(try doc.terms().contains { $0.term == Schema.term(Schema.used, "audio.workout.running") })
    }

    @Test func emptyUsageClearsItFromTheDocumentAndTheCard() throws {
        var b = try BuiltDocument(stored: try {
            var fresh = try built()
            try fresh.setUsage(used())
            return try fresh.finished()
        }())
        #expect(b.card?.usageBoost ?? 0 > 0)  // the stored card, read back
        try b.setUsage(UsageStats())
        let doc = try b.finished()
        let card = try #require(HitCard(encoded: try doc.value(Schema.cardSlot)))
        #expect(card.usage.isEmpty && card.usageBoost == 0)
        #expect(try doc.value(Schema.usageSlot).isEmpty)
        #expect(try !doc.terms().contains { $0.term.hasPrefix(Schema.used) })
    }

    @Test func recordsThatAreNotHitsHaveNoCard() throws {
        let intent = try Record(json: JSON.parse(#"{"kind":"intent","app":"com.example.trails","id":"OpenTrail","title":"Open Trail"}"#))
        let b = try DocumentBuilder().plain(intent)
        #expect(b.card == nil)
        #expect(try b.finished().value(Schema.cardSlot).isEmpty)
    }
}
