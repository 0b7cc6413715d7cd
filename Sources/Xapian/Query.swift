import CXapian

/// An immutable Xapian query tree.
///
/// ```swift
/// let q = try Query.and([Query(term: "monterey"), Query(term: "bay")])
/// ```
/// See https://xapian.org/docs/apidoc/html/classXapian_1_1Query.html
public final class Query: CustomStringConvertible {
    let handle: OpaquePointer

    init(handle: OpaquePointer) { self.handle = handle }
    deinit { cx_query_free(handle) }

    public enum Operator: Int32, Sendable {
        case and = 0, or = 1, andNot = 2, xor = 3, andMaybe = 4, filter = 5,
             near = 6, phrase = 7, eliteSet = 10, synonym = 13, max = 14
    }

    /// A single term, with its within-query frequency and optional position.
    public init(term: String, wqf: Int = 1, position: Int = 0) {
        handle = term.withBytes { cx_query_term($0, $1, UInt32(wqf), UInt32(position)) }
    }

    /// Matches every document (weight 0).
    public static var matchAll: Query { Query(handle: cx_query_match_all()) }
    /// Matches nothing.
    public static var matchNothing: Query { Query(handle: cx_query_match_nothing()) }

    /// Combines subqueries; `parameter` is the window for near/phrase, the size for eliteSet.
    public static func combine(_ op: Operator, _ subqueries: [Query],
                               parameter: Int = 0) throws(XapianError) -> Query {
        let handles: [OpaquePointer?] = subqueries.map { $0.handle }
        let h = try checked { err in
            handles.withUnsafeBufferPointer { buf in
                cx_query_combine(op.rawValue, buf.baseAddress, buf.count, UInt32(parameter), err)
            }
        }
        return Query(handle: h!)
    }

    public static func and(_ qs: [Query]) throws(XapianError) -> Query { try combine(.and, qs) }
    public static func or(_ qs: [Query]) throws(XapianError) -> Query { try combine(.or, qs) }
    public static func synonym(_ qs: [Query]) throws(XapianError) -> Query { try combine(.synonym, qs) }

    /// `self`, with `other` adding weight to documents that also match it.
    public func andMaybe(_ other: Query) throws(XapianError) -> Query {
        try .combine(.andMaybe, [self, other])
    }

    /// `self`, restricted to documents matching `filter` (which adds no weight).
    public func filter(_ filter: Query) throws(XapianError) -> Query {
        try .combine(.filter, [self, filter])
    }

    public func andNot(_ other: Query) throws(XapianError) -> Query {
        try .combine(.andNot, [self, other])
    }

    public func scaled(by factor: Double) throws(XapianError) -> Query {
        Query(handle: try checked { cx_query_scale_weight(handle, factor, $0) }!)
    }

    /// Documents whose value in `slot` lies in lower...upper (bytes compare).
    public static func valueRange(slot: UInt32, from lower: [UInt8]?, to upper: [UInt8]?) throws(XapianError) -> Query {
        let h: OpaquePointer?
        switch (lower, upper) {
        case let (lo?, hi?):
            h = try checked { err in
                lo.withBytes { l, ll in hi.withBytes { cx_query_value_range(Int32(CX_OP_VALUE_RANGE), slot, l, ll, $0, $1, err) } }
            }
        case let (lo?, nil):
            h = try checked { err in lo.withBytes { cx_query_value_range(Int32(CX_OP_VALUE_GE), slot, $0, $1, nil, 0, err) } }
        case let (nil, hi?):
            h = try checked { err in hi.withBytes { cx_query_value_range(Int32(CX_OP_VALUE_LE), slot, $0, $1, nil, 0, err) } }
        case (nil, nil):
            return .matchAll
        }
        return Query(handle: h!)
    }

    /// Documents whose numeric value (stored with `setValue(_:number:)`) is in range.
    public static func numberRange(slot: UInt32, from lower: Double?, to upper: Double?) throws(XapianError) -> Query {
        try valueRange(slot: slot, from: lower.map(sortableSerialise), to: upper.map(sortableSerialise))
    }

    /// Every term starting with `prefix`, OR'd; at most `maxExpansion` terms
    /// (the most frequent ones if `keepMostFrequent`, else WildcardError).
    public static func wildcard(_ prefix: String, maxExpansion: Int = 0,
                                keepMostFrequent: Bool = true) throws(XapianError) -> Query {
        Query(handle: try checked { err in
            prefix.withBytes { cx_query_wildcard($0, $1, UInt32(maxExpansion), keepMostFrequent ? 1 : 0, err) }
        }!)
    }

    /// Weight = the numeric value in `slot` (Xapian's ValueWeightPostingSource).
    public static func valueWeight(slot: UInt32) throws(XapianError) -> Query {
        Query(handle: try checked { cx_query_value_weight_source(slot, $0) }!)
    }

    /// Weight looked up from the value in `slot` (Xapian's ValueMapPostingSource).
    public static func valueMap(slot: UInt32, _ weights: [[UInt8]: Double],
                                default defaultWeight: Double = 0) throws(XapianError) -> Query {
        let keys = Array(weights.keys)
        let values = keys.map { weights[$0]! }
        let h = try withByteStrings(keys) { (ptrs, lens) throws(XapianError) in
            try checked { err in cx_query_value_map_source(slot, ptrs, lens, values, keys.count, defaultWeight, err) }
        }
        return Query(handle: h!)
    }

    /// Every document, with the same weight (Xapian's FixedWeightPostingSource).
    public static func fixedWeight(_ weight: Double) throws(XapianError) -> Query {
        Query(handle: try checked { cx_query_fixed_weight_source(weight, $0) }!)
    }

    /// `Xapian::Query::serialise()`: bytes a reader can unserialise (`CallRecorder`)
    /// with a registry that knows the plan's posting sources: Xapian's own, and
    /// the BM25 term source of `bm25(lengths:…)` and the term run of
    /// `inTermRun`, which the raw replay registers.
    public func serialised() throws(XapianError) -> [UInt8] {
        try takeBytes { cx_query_serialise(handle, $0, $1, $2) }
    }

    public var isEmpty: Bool { cx_query_is_empty(handle) == 1 }

    /// Xapian's own rendering, e.g. `Query((monterey AND bay))`.
    public var description: String {
        var len = 0
        guard let p = cx_query_description(handle, &len) else { return "Query(?)" }
        defer { cx_free(p) }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
    }
}
