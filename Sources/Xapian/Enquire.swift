import CXapian

/// One hit of a match set, copied out of C++.
public struct Match: Sendable {
    public let documentID: UInt32
    public let rank: Int
    public let weight: Double
    public let percent: Int
    public let collapseCount: Int
    /// The document's data.
    public let data: [UInt8]
    /// The values that were asked for, by slot.
    public let values: [UInt32: [UInt8]]

    /// A match put together by hand (e.g. from a document read by id).
    public init(documentID: UInt32, rank: Int = 0, weight: Double, percent: Int = 0, collapseCount: Int = 0,
                data: [UInt8] = [], values: [UInt32: [UInt8]]) {
        self.documentID = documentID
        self.rank = rank
        self.weight = weight
        self.percent = percent
        self.collapseCount = collapseCount
        self.data = data
        self.values = values
    }
}

/// The result of a search, copied out of C++.
public struct MatchSet: Sendable {
    public let matches: [Match]
    public let estimatedCount: Int
    public let lowerBound: Int
    public let upperBound: Int
}

/// Runs a query against a database.
///
/// ```swift
/// let enquire = try Enquire(db)
/// enquire.query = q
/// let hits = try enquire.matches(first: 0, count: 10)
/// ```
/// Keeps its database alive. See https://xapian.org/docs/apidoc/html/classXapian_1_1Enquire.html
public final class Enquire {
    let handle: OpaquePointer
    public let database: Database

    public init(_ database: Database) throws(XapianError) {
        self.database = database
        handle = try checked { cx_enquire_new(database.handle, $0) }!
    }

    deinit { cx_enquire_free(handle) }

    /// The settings, kept for `CallRecorder` (Xapian's defaults until set);
    /// formatted only when a recorder is on.
    private var bm25: (k1: Double, k2: Double, k3: Double, b: Double, minNormalizedLength: Double)? = (1, 0, 1, 0.5, 0.5)  // nil: BoolWeight
    private var order = Int32(0)
    private var sort = (how: Int32(CX_SORT_RELEVANCE), slot: UInt32(0), descending: false)
    private var collapse = (slot: UInt32(0), maxPerKey: 0)

    public var query: Query? {
        didSet { if let query { cx_enquire_set_query(handle, query.handle) } }
    }

    /// BM25 parameters (Xapian's defaults: k1 1, k2 0, k3 1, b 0.5, min_normlen 0.5).
    public func setBM25(k1: Double = 1, k2: Double = 0, k3: Double = 1, b: Double = 0.5,
                        minNormalizedLength: Double = 0.5) throws(XapianError) {
        _ = try checked { cx_enquire_set_bm25(handle, k1, k2, k3, b, minNormalizedLength, $0) }
        bm25 = (k1, k2, k3, b, minNormalizedLength)
    }

    /// Every match weighs 0: pure filtering, the fastest.
    public func setBooleanWeighting() {
        cx_enquire_set_bool_weighting(handle)
        bm25 = nil
    }

    public enum DocumentOrder: Int32 { case ascending = 0, descending = 1, dontCare = 2 }
    public func setDocumentOrder(_ order: DocumentOrder) {
        cx_enquire_set_docid_order(handle, order.rawValue)
        self.order = order.rawValue
    }

    public enum Sort {
        case relevance
        case value(slot: UInt32, descending: Bool)
        case valueThenRelevance(slot: UInt32, descending: Bool)
        case relevanceThenValue(slot: UInt32, descending: Bool)
        /// `relevanceThenValue` on the column's slot, the values read from
        /// a `.keys` column.
        case relevanceThenColumn(ValueColumn, descending: Bool)
    }

    public func setSort(_ sort: Sort) {
        let (how, slot, descending): (Int32, UInt32, Bool) = switch sort {
        case .relevance: (Int32(CX_SORT_RELEVANCE), 0, false)
        case let .value(s, d): (Int32(CX_SORT_VALUE), s, d)
        case let .valueThenRelevance(s, d): (Int32(CX_SORT_VALUE_THEN_RELEVANCE), s, d)
        case let .relevanceThenValue(s, d): (Int32(CX_SORT_RELEVANCE_THEN_VALUE), s, d)
        case let .relevanceThenColumn(c, d): (Int32(CX_SORT_RELEVANCE_THEN_VALUE), c.slot, d)
        }
        if case let .relevanceThenColumn(c, _) = sort {
            cx_enquire_set_sort_by_relevance_then_column(handle, c.handle, descending ? 1 : 0)
        } else {
            cx_enquire_set_sort(handle, how, slot, descending ? 1 : 0)
        }
        self.sort = (how, slot, descending)
    }

    /// At most `maxPerKey` hits per distinct value in `slot` (nil: no collapsing).
    public func setCollapseKey(_ slot: UInt32?, maxPerKey: Int = 1) {
        cx_enquire_set_collapse_key(handle, slot ?? 0, slot == nil ? 0 : UInt32(clamping: maxPerKey))
        collapse = (slot ?? 0, slot == nil ? 0 : maxPerKey)
    }

    /// Runs the query and copies out hits first ..< first+count, with the given
    /// value slots and (unless `data` is false: cheaper) their document data.
    public func matches(first: Int = 0, count: Int, checkAtLeast: Int = 0,
                        values: [UInt32] = [], data: Bool = true) throws(XapianError) -> MatchSet {
        let m = try checked { cx_enquire_mset(handle, UInt32(clamping: first), UInt32(clamping: count), UInt32(clamping: checkAtLeast), $0) }!
        defer { cx_mset_free(m) }
        let n = Int(cx_mset_size(m))
        let ids = (0..<n).map { cx_mset_docid(m, UInt32($0)) }
        // Data and values in document order, not rank order: each read seeks
        // the document's entry in a table ordered by id, and reads in that
        // order can reuse the blocks the last one loaded (on the Debian
        // catalog's index a value read costs 1.2 µs instead of 3.3 when the
        // ids are dense; for 50 ids spread over the index the gain is small).
        var datas = [[UInt8]](repeating: [], count: n)
        var vals = [[UInt32: [UInt8]]](repeating: [:], count: n)
        if data || !values.isEmpty {
            for i in ids.indices.sorted(by: { ids[$0] < ids[$1] }) {
                let at = UInt32(i)
                if data { datas[i] = try takeBytes { cx_mset_data(m, at, $0, $1, $2) } }
                for slot in values { vals[i][slot] = try takeBytes { cx_mset_value(m, at, slot, $0, $1, $2) } }
            }
        }
        var hits: [Match] = []
        hits.reserveCapacity(n)
        for i in 0..<n {
            let at = UInt32(i)
            hits.append(Match(documentID: ids[i], rank: first + i,
                              weight: cx_mset_weight(m, at), percent: Int(cx_mset_percent(m, at)),
                              collapseCount: Int(cx_mset_collapse_count(m, at)),
                              data: datas[i], values: vals[i]))
        }
        let set = MatchSet(matches: hits, estimatedCount: Int(cx_mset_matches_estimated(m)),
                           lowerBound: Int(cx_mset_matches_lower_bound(m)),
                           upperBound: Int(cx_mset_matches_upper_bound(m)))
        if let recorder = CallRecorder.active {
            // After the call, so that what came back is written with it (the replay checks it).
            let q = try query.map { (q) throws(XapianError) in CallRecorder.hex(try q.serialised()) } ?? "null"
            let w = bm25.map { "[\"bm25\",\($0.k1),\($0.k2),\($0.k3),\($0.b),\($0.minNormalizedLength)]" } ?? "[\"bool\"]"
            recorder.read("mset", "\"query\":\(q),\"weighting\":\(w),\"docid_order\":\(order)," +
                "\"sort\":[\(sort.how),\(sort.slot),\(sort.descending ? 1 : 0)],\"collapse\":[\(collapse.slot),\(collapse.maxPerKey)]," +
                "\"first\":\(first),\"maxitems\":\(count)," +
                "\"checkatleast\":\(checkAtLeast),\"values\":\(values),\"data\":\(data)," +
                "\"docids\":\(hits.map(\.documentID)),\"upper_bound\":\(set.upperBound)")
        }
        return set
    }
}
