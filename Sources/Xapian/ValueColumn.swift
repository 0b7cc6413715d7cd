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
    public init(_ shards: [Database], slot: UInt32, kind: Kind) throws(XapianError) {
        let handles: [OpaquePointer?] = shards.map { $0.handle }
        let k = Int32(kind == .keys ? CX_COLUMN_KEYS : CX_COLUMN_WEIGHTS)
        handle = try handles.withUnsafeBufferPointer { (b) throws(XapianError) in
            try checked { cx_column_load(b.baseAddress, b.count, slot, k, $0) }
        }!
        self.slot = slot
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
