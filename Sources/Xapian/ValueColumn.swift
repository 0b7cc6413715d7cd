import CXapian

/// One value slot of a database snapshot (of each of its shards) read into
/// memory once, for the matcher to read instead of Xapian's value chunks
/// (columns.cpp says why). A column answers only for the snapshot it was
/// read from: matching with it on a reopened database is an error, never a
/// stale answer, so its owner drops it whenever the databases are reopened.
public final class ValueColumn {
    let handle: OpaquePointer
    public let slot: UInt32

    public enum Kind {
        /// Each value as a number (`sortable_unserialise`): a weight source.
        case weights
        /// Each value's bytes: a sort key. Of one database only: over
        /// shards Xapian gives a sort key a shard's own document id, not
        /// which shard it is in (InvalidOperationError).
        case keys
    }

    /// Reads `slot` of every shard, in the order `Database.combined` adds
    /// them (one streaming pass over the slot's values each).
    public convenience init(_ shards: [Database], slot: UInt32, kind: Kind) throws(XapianError) {
        self.init(handle: try Self.load(shards, slot: slot, kind: kind, atMost: 0)!, slot: slot)
    }

    /// `slot` of `db` as a `.keys` column if its values come to at most
    /// `maxBytes` (nil if they do not: none is kept).
    public static func keys(_ db: Database, slot: UInt32, atMost maxBytes: Int) throws(XapianError) -> ValueColumn? {
        try load([db], slot: slot, kind: .keys, atMost: maxBytes).map { ValueColumn(handle: $0, slot: slot) }
    }

    private init(handle: OpaquePointer, slot: UInt32) {
        self.handle = handle
        self.slot = slot
    }

    private static func load(_ shards: [Database], slot: UInt32, kind: Kind,
                             atMost maxBytes: Int) throws(XapianError) -> OpaquePointer? {
        let handles: [OpaquePointer?] = shards.map { $0.handle }
        let k = Int32(kind == .keys ? CX_COLUMN_KEYS : CX_COLUMN_WEIGHTS)
        return try handles.withUnsafeBufferPointer { (b) throws(XapianError) in
            try checked { cx_column_load(b.baseAddress, b.count, slot, k, maxBytes, $0) }
        }
    }

    /// A `.keys` column's value of document `id` (empty for a document
    /// without one); nil past the column's last document.
    public func value(of id: UInt32) -> [UInt8]? {
        var out: UnsafePointer<CChar>? = nil
        var length = 0
        guard cx_column_key(handle, id, &out, &length) != 0 else { return nil }
        guard let out, length > 0 else { return [] }
        return out.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    deinit { cx_column_free(handle) }

    /// The memory the column holds.
    public var byteCount: Int { Int(cx_column_bytes(handle)) }
}

extension Query {
    /// `valueWeight(slot:)` read from a `.weights` column: the same
    /// documents and weights, and it serialises as that source.
    public static func valueWeight(_ column: ValueColumn) throws(XapianError) -> Query {
        Query(handle: try checked { cx_query_column_weight_source(column.handle, $0) }!)
    }
}
