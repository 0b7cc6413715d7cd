import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore
/// Entities are written best first, so that document order is static-rank
/// order: a broad query reads the first documents first (see
/// `Searcher.broadCandidates`), and Xapian hands out document ids in the
/// order documents are added. `rebuild` orders the whole index by prior;
/// a batch orders each run of consecutive entity records (usually all of a
/// first import) the same way.
package struct EntityRun<Item> {
    private var items: [(item: Item, prior: Double)] = []
    private var keys = Set<Int>()
    /// A run that writes one entity twice, or patches one, keeps its order:
    /// there the order says which version wins.
    private var keepOrder = false

    mutating func add(_ item: Item, _ record: Record) {
        // A hash collision only keeps the file's order.
        if record.isPatch || !keys.insert(ItemKey(record).hashValue).inserted { keepOrder = true }
        items.append((item, DocumentBuilder.prior(rankingHint: record.rankingHint)))
    }

    /// The run's items in writing order; the run starts again empty.
    mutating func take() -> [Item] {
        defer { self = EntityRun() }
        return keepOrder ? items.map(\.item) : bestFirst(items)
    }
}

/// Highest score first; equal scores keep their order.
package func bestFirst<Item>(_ scored: [(item: Item, prior: Double)]) -> [Item] {
    scored.enumerated().sorted { a, b in
        a.element.prior != b.element.prior ? a.element.prior > b.element.prior : a.offset < b.offset
    }.map(\.element.item)
}
