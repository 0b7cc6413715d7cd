import CXapian

/// A Xapian database opened for reading: a committed snapshot until `reopen()`.
///
/// Not thread safe (Xapian does no locking): use one `Database` per thread.
/// ```swift
/// let db = try Database(path: "/tmp/index")
/// print(try db.documentCount)
/// ```
/// See https://xapian.org/docs/apidoc/html/classXapian_1_1Database.html
public class Database {
    let handle: OpaquePointer

    init(handle: OpaquePointer) { self.handle = handle }

    /// Opens the database at `path` read-only (a glass directory or a stub file).
    public convenience init(path: String) throws(XapianError) {
        let h = try checked { err in path.withBytes { cx_db_open($0, $1, err) } }
        self.init(handle: h!)
    }

    /// A database served by `xapian-tcpsrv` (Xapian's remote backend).
    /// Timeouts in milliseconds; a server that does not answer is a
    /// `NetworkError`. See https://xapian.org/docs/apidoc/html/namespaceXapian_1_1Remote.html
    /// ```swift
    /// let shard = try Database(host: "127.0.0.1", port: 7001)
    /// ```
    public convenience init(host: String, port: Int, timeoutMilliseconds: Int = 10_000,
                            connectTimeoutMilliseconds: Int = 10_000) throws(XapianError) {
        let h = try checked { err in
            host.withBytes { cx_db_open_remote($0, $1, UInt32(port), UInt32(timeoutMilliseconds), UInt32(connectTimeoutMilliseconds), err) }
        }
        self.init(handle: h!)
    }

    /// A database with no shards; fill it with `add(_:)` to search several as one.
    public static func combined(_ shards: [Database]) throws(XapianError) -> Database {
        let db = Database(handle: cx_db_new_empty())
        for shard in shards { try db.add(shard) }
        return db
    }

    deinit { cx_db_free(handle) }

    /// Adds another database's shards, so searches cover both.
    public func add(_ other: Database) throws(XapianError) {
        _ = try checked { cx_db_add_database(handle, other.handle, $0) }
    }

    /// Moves to the newest committed revision; true if there was a newer one.
    @discardableResult
    public func reopen() throws(XapianError) -> Bool {
        try checked { cx_db_reopen(handle, $0) } == 1
    }

    /// Closes the database; any later use throws DatabaseClosedError.
    public func close() throws(XapianError) {
        _ = try checked { cx_db_close(handle, $0) }
    }

    public var documentCount: Int {
        get throws(XapianError) {
            CallRecorder.active?.read("doccount")
            return Int(try checked { cx_db_doccount(handle, $0) })
        }
    }

    public var lastDocumentID: UInt32 {
        get throws(XapianError) {
            CallRecorder.active?.read("lastdocid")
            return try checked { cx_db_lastdocid(handle, $0) }
        }
    }

    public var revision: UInt64 {
        get throws(XapianError) { try checked { cx_db_revision(handle, $0) } }
    }

    public func termFrequency(_ term: String) throws(XapianError) -> Int {
        CallRecorder.active?.read("termfreq", "\"term\":" + CallRecorder.quoted(term))
        return Int(try checked { err in term.withBytes { cx_db_termfreq(handle, $0, $1, err) } })
    }

    /// At most how many documents `query` can match, from its terms'
    /// frequencies: one lookup per term, no match set. Never below the
    /// upper bound a match set reports, so a query under it is under that
    /// too (`Sources/CXapian/match_bound.h`). Over the network a lookup is a
    /// round trip per term: there a match set of 0 items is one.
    public func matchBound(_ query: Query) throws(XapianError) -> Int {
        if let recorder = CallRecorder.active {
            recorder.read("bound", "\"query\":" + CallRecorder.hex(try query.serialised()))
        }
        return Int(try checked { cx_db_match_bound(handle, query.handle, $0) })
    }

    /// The frequencies of many terms in one match (one round trip per
    /// remote shard, where `termFrequency` costs one per term).
    public func termFrequencies(_ terms: [String]) throws(XapianError) -> [Int] {
        guard !terms.isEmpty else { return [] }
        var freqs = [UInt32](repeating: 0, count: terms.count)
        _ = try withByteStrings(terms.map { $0.utf8 }) { (ptrs, lens) throws(XapianError) in
            try checked { err in cx_db_termfreqs(handle, ptrs, lens, terms.count, &freqs, err) }
        }
        return freqs.map(Int.init)
    }

    /// The frequencies of many terms from one walk of the term list in term
    /// order: on a local database far cheaper than `termFrequencies` (which
    /// opens every term's posting list) or a lookup per term; never over
    /// the network (it would fetch the whole term list).
    public func termFrequenciesByScan(_ terms: [String]) throws(XapianError) -> [Int] {
        guard !terms.isEmpty else { return [] }
        CallRecorder.active?.read("termfreqs", "\"terms\":[" + terms.map(CallRecorder.quoted).joined(separator: ",") + "]")
        var freqs = [UInt32](repeating: 0, count: terms.count)
        _ = try withByteStrings(terms.map { $0.utf8 }) { (ptrs, lens) throws(XapianError) in
            try checked { err in cx_db_termfreqs_scan(handle, ptrs, lens, terms.count, &freqs, err) }
        }
        return freqs.map(Int.init)
    }

    public func termExists(_ term: String) throws(XapianError) -> Bool {
        CallRecorder.active?.read("termexists", "\"term\":" + CallRecorder.quoted(term))
        return try checked { err in term.withBytes { cx_db_term_exists(handle, $0, $1, err) } } == 1
    }

    /// The ids of the documents indexed by `term`, ascending.
    public func postings(_ term: String) throws(XapianError) -> [UInt32] {
        CallRecorder.active?.read("postings", "\"term\":" + CallRecorder.quoted(term))
        var count = 0
        let ids = try checked { err in term.withBytes { cx_db_postlist(handle, $0, $1, &count, err) } }
        guard let ids else { return [] }
        defer { cx_free(ids) }
        return Array(UnsafeBufferPointer(start: ids, count: count))
    }

    /// Every term starting with `prefix`, with its term frequency.
    public func allTerms(prefix: String = "") throws(XapianError) -> [(term: String, frequency: Int)] {
        CallRecorder.active?.read("allterms", "\"prefix\":" + CallRecorder.quoted(prefix))
        let list = try checked { err in prefix.withBytes { cx_db_allterms(handle, $0, $1, err) } }
        return takeStrings(list).map { ($0.0, Int($0.1)) }
    }

    public func document(_ id: UInt32) throws(XapianError) -> Document {
        CallRecorder.active?.read("document", "\"docid\":\(id)")
        return Document(handle: try checked { cx_db_get_document(handle, id, $0) }!)
    }

    /// `document(_:)` without checking that it exists (one B-tree lookup
    /// fewer): for reading values of ids known to be current; an absent
    /// document reads as empty values.
    public func document(unchecked id: UInt32) throws(XapianError) -> Document {
        CallRecorder.active?.read("document", "\"docid\":\(id),\"unchecked\":true")
        return Document(handle: try checked { cx_db_get_document_unchecked(handle, id, $0) }!)
    }

    /// User metadata; a missing key reads as empty.
    public func metadata(_ key: String) throws(XapianError) -> [UInt8] {
        CallRecorder.active?.read("metadata", "\"key\":" + CallRecorder.quoted(key))
        return try takeBytes { out, len, err in key.withBytes { cx_db_get_metadata(handle, $0, $1, out, len, err) } }
    }

    /// Every user-metadata key starting with `prefix`.
    public func metadataKeys(prefix: String = "") throws(XapianError) -> [String] {
        CallRecorder.active?.read("metadatakeys", "\"prefix\":" + CallRecorder.quoted(prefix))
        return takeStrings(try checked { err in prefix.withBytes { cx_db_metadata_keys(handle, $0, $1, err) } }).map(\.0)
    }

    public func metadataString(_ key: String) throws(XapianError) -> String {
        String(decoding: try metadata(key), as: UTF8.self)
    }

    /// The best spelling correction within `maxEdits` edits, or nil.
    public func spellingSuggestion(_ word: String, maxEdits: Int = 2) throws(XapianError) -> String? {
        let bytes = try takeBytes { out, len, err in
            word.withBytes { cx_db_spelling_suggestion(handle, $0, $1, UInt32(maxEdits), out, len, err) }
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// The spelling table: every word with its frequency.
    public func spellings() throws(XapianError) -> [(word: String, frequency: Int)] {
        takeStrings(try checked { cx_db_spellings(handle, $0) }).map { ($0.0, Int($0.1)) }
    }

    public func synonyms(of term: String) throws(XapianError) -> [String] {
        takeStrings(try checked { err in term.withBytes { cx_db_synonyms(handle, $0, $1, err) } }).map(\.0)
    }

    /// Every term that has synonyms, starting with `prefix`.
    public func synonymKeys(prefix: String = "") throws(XapianError) -> [String] {
        takeStrings(try checked { err in prefix.withBytes { cx_db_synonym_keys(handle, $0, $1, err) } }).map(\.0)
    }

    /// Writes a compacted copy to `destination` (a new directory, or one file).
    public func compact(to destination: String, singleFile: Bool = false,
                        renumber: Bool = true) throws(XapianError) {
        var flags: UInt32 = 0
        if singleFile { flags |= UInt32(CX_COMPACT_SINGLE_FILE) }
        if !renumber { flags |= UInt32(CX_COMPACT_NO_RENUMBER) }
        _ = try checked { err in destination.withBytes { cx_db_compact(handle, $0, $1, flags, err) } }
    }
}

/// A database opened for writing. Only one writer may hold a database at a time;
/// a second gets `DatabaseLockError` at once (callers decide how long to retry).
///
/// See https://xapian.org/docs/apidoc/html/classXapian_1_1WritableDatabase.html
public final class WritableDatabase: Database {
    public enum OpenMode: Int32 {
        case createOrOpen = 0, createOrOverwrite = 1, create = 2, open = 3
    }

    /// Opens (or creates) a glass database at `path` for writing.
    public convenience init(path: String, mode: OpenMode = .createOrOpen) throws(XapianError) {
        let h = try checked { err in path.withBytes { cx_db_open_writable($0, $1, mode.rawValue, err) } }
        self.init(handle: h!)
    }

    /// Same as `init(path:mode: .createOrOpen)`. Without this, `WritableDatabase(path:)`
    /// resolves to the inherited read-only `Database.init(path:)`.
    public convenience init(path: String) throws(XapianError) {
        try self.init(path: path, mode: .createOrOpen)
    }

    /// A writable database held in memory (for tests and scratch work).
    public static func inMemory() throws(XapianError) -> WritableDatabase {
        WritableDatabase(handle: try checked { cx_db_new_inmemory($0) }!)
    }

    public func commit() throws(XapianError) { _ = try checked { cx_db_commit(handle, $0) } }

    public func beginTransaction(flushed: Bool = true) throws(XapianError) {
        _ = try checked { cx_db_begin_transaction(handle, flushed ? 1 : 0, $0) }
    }

    public func commitTransaction() throws(XapianError) {
        _ = try checked { cx_db_commit_transaction(handle, $0) }
    }

    public func cancelTransaction() throws(XapianError) {
        _ = try checked { cx_db_cancel_transaction(handle, $0) }
    }

    @discardableResult
    public func add(_ doc: Document) throws(XapianError) -> UInt32 {
        try checked { cx_db_add_document(handle, doc.handle, $0) }
    }

    public func replace(_ id: UInt32, with doc: Document) throws(XapianError) {
        _ = try checked { cx_db_replace_document(handle, id, doc.handle, $0) }
    }

    /// Upsert on a unique-id term: replaces the document indexed by `uniqueTerm`
    /// (or adds one) and returns its id.
    @discardableResult
    public func replace(uniqueTerm: String, with doc: Document) throws(XapianError) -> UInt32 {
        try checked { err in uniqueTerm.withBytes { cx_db_replace_document_by_term(handle, $0, $1, doc.handle, err) } }
    }

    public func delete(_ id: UInt32) throws(XapianError) {
        _ = try checked { cx_db_delete_document(handle, id, $0) }
    }

    /// Deletes every document indexed by `term`.
    public func delete(term: String) throws(XapianError) {
        _ = try checked { err in term.withBytes { cx_db_delete_document_by_term(handle, $0, $1, err) } }
    }

    public func setMetadata(_ key: String, _ value: [UInt8]) throws(XapianError) {
        _ = try checked { err in
            key.withBytes { k, kl in value.withBytes { cx_db_set_metadata(handle, k, kl, $0, $1, err) } }
        }
    }

    public func setMetadata(_ key: String, _ value: String) throws(XapianError) {
        try setMetadata(key, Array(value.utf8))
    }

    public func addSpelling(_ word: String, frequency: Int = 1) throws(XapianError) {
        _ = try checked { err in word.withBytes { cx_db_add_spelling(handle, $0, $1, UInt32(frequency), err) } }
    }

    public func removeSpelling(_ word: String, frequency: Int = 1) throws(XapianError) {
        _ = try checked { err in word.withBytes { cx_db_remove_spelling(handle, $0, $1, UInt32(frequency), err) } }
    }

    public func addSynonym(_ term: String, _ synonym: String) throws(XapianError) {
        _ = try checked { err in
            term.withBytes { t, tl in synonym.withBytes { cx_db_add_synonym(handle, t, tl, $0, $1, err) } }
        }
    }

    public func removeSynonym(_ term: String, _ synonym: String) throws(XapianError) {
        _ = try checked { err in
            term.withBytes { t, tl in synonym.withBytes { cx_db_remove_synonym(handle, t, tl, $0, $1, err) } }
        }
    }

    public func clearSynonyms(_ term: String) throws(XapianError) {
        _ = try checked { err in term.withBytes { cx_db_clear_synonyms(handle, $0, $1, err) } }
    }
}
