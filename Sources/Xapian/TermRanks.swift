import CXapian

/// Each document's rank in a ranked list of terms — the one of them it
/// has — read into memory once per snapshot, so that a filter for a run of
/// ranks (`Query.inTermRun`) is a check in memory for each match, where the
/// OR of those terms as a FILTER had Xapian merge their posting lists and
/// skip each of them to every match (term_run.h in CXapian says more). Like
/// a `ValueColumn`, it answers only for the snapshot it was read from.
public final class TermRanks {
    let handle: OpaquePointer

    /// Reads the ranks of `terms` on every shard, in the order
    /// `Database.combined` adds them (one pass over each term's postings).
    /// Nil when some document has two of the terms: it has no one rank.
    public init?(_ shards: [Database], terms: [String]) throws(XapianError) {
        let handles: [OpaquePointer?] = shards.map { $0.handle }
        let loaded = try withByteStrings(terms.map { Array($0.utf8) }) { (strings, lengths) throws(XapianError) in
            try handles.withUnsafeBufferPointer { (b) throws(XapianError) in
                try checked { cx_term_ranks_load(b.baseAddress, b.count, strings, lengths, terms.count, $0) }
            }
        }
        guard let loaded else { return nil }
        handle = loaded
    }

    deinit { cx_term_ranks_free(handle) }

    /// The memory the ranks hold.
    public var byteCount: Int { Int(cx_term_ranks_bytes(handle)) }
}

extension Query {
    /// A filter for the documents whose rank in `ranks` is within `run`:
    /// those of the OR of the ranked terms in `run`, weighing nothing, checked in
    /// memory. `orOf`: the terms whose OR would be sent instead (the run's,
    /// or fewer that hold the same documents), which it serialises for the
    /// raw replay to match (term_run.h in CXapian).
    public static func inTermRun(_ ranks: TermRanks, _ run: ClosedRange<Int>, orOf terms: [String]) throws(XapianError) -> Query {
        try Query(handle: withByteStrings(terms.map { Array($0.utf8) }) { (strings, lengths) throws(XapianError) in
            try checked { cx_query_term_run(ranks.handle, run.lowerBound, run.upperBound, strings, lengths, terms.count, $0) }
        }!)
    }
}
