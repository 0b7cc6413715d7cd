import CXapian

/// The length of every document of a database snapshot (of each of its
/// shards) read into memory once, for BM25 to read instead of Xapian's
/// lengths list: Xapian 1.4 decodes that list from one match to the next,
/// which for a word whose matches spread over the index is most of the list
/// (bm25_lengths.h in CXapian says more). Like a `ValueColumn`, it answers
/// only for the snapshot it was read from: its owner drops it whenever the
/// databases are reopened, and matching with it on another is an error.
public final class DocumentLengths {
    let handle: OpaquePointer

    /// Reads the lengths of every shard, in the order `Database.combined`
    /// adds them (one pass over each shard's lengths list).
    public init(_ shards: [Database]) throws(XapianError) {
        let handles: [OpaquePointer?] = shards.map { $0.handle }
        handle = try handles.withUnsafeBufferPointer { (b) throws(XapianError) in
            try checked { cx_lengths_load(b.baseAddress, b.count, $0) }
        }!
    }

    deinit { cx_lengths_free(handle) }

    /// The memory the lengths hold.
    public var byteCount: Int { Int(cx_lengths_bytes(handle)) }
}

extension Query {
    /// This query scaled by `factor` and weighted by BM25 with `db`'s
    /// statistics — what `scaled(by:)` under `Enquire.setBM25` gives, bit
    /// for bit — its terms' lengths read from `lengths`. Nil where the
    /// query has a shape that cannot be rewritten exactly (a synonym, a
    /// phrase, a term twice, a scale inside it): weigh it as before.
    public func bm25(lengths: DocumentLengths, in db: Database, factor: Double = 1, k1: Double, k3: Double = 1,
                     b: Double, minNormalizedLength: Double = 0.5) throws(XapianError) -> Query? {
        try checked { cx_query_bm25_from_lengths(handle, lengths.handle, db.handle, factor, k1, k3, b,
                                                 minNormalizedLength, $0) }.map { Query(handle: $0) }
    }
}
