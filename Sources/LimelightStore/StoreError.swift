import Xapian

/// Why the index could not be found, opened, read or published, as the person
/// at the terminal should see it. The only family that knows Xapian's errors:
/// `init(_:path:)` says each once, for every layer above.
public enum StoreError: Error, Sendable, CustomStringConvertible {
    /// The location given cannot be an index (`--index ""`): a usage error.
    case badLocation(String)
    /// There is no index there yet, or no place to look for one.
    case missing(String)
    /// What is there is not a Limelight index (a file, other files, no schema, a bad stub or marker).
    case notAnIndex(String)
    /// The index is there but damaged (a generation missing, Xapian reports corruption).
    case damaged(String)
    /// The index uses another schema version than this limelight.
    case schemaMismatch(String)
    /// Another writer holds Xapian's write lock.
    case locked(String)
    /// The index kept changing while being opened or read.
    case unstable(String)
    /// A file of the index could not be read or written.
    case io(String)
    /// Xapian failed otherwise (including opening the database).
    case xapian(String)

    /// The one conversion of a Xapian error, for the index at `path`.
    package init(_ e: XapianError, path: String) {
        // Xapian reports a damaged compressed block (a document's stored
        // record) as a plain DatabaseError "inflate failed (…)".
        let damaged = e.kind == .databaseCorrupt || (e.kind == .database && e.message.hasPrefix("inflate failed"))
        switch e.kind {
        case _ where damaged:
            self = .damaged("the index at \(path) is damaged (\(e.message)); restore it with `limelight rebuild --from FILE…` or re-index")
        case .databaseNotFound, .databaseOpening, .databaseVersion:
            self = .xapian("cannot open the index at \(path): \(e.message)")
        case .databaseLock:
            self = .locked("the index at \(path) is locked by another writer")
        case .databaseModified:
            self = .unstable("the index at \(path) changed while it was read (\(e.message)); try again")
        default:
            self = .xapian("index \(path): \(e.description)")
        }
    }

    /// A Xapian error while a search ran (past the retries for a writer that moved on).
    package init(searching e: XapianError) { self = .xapian("search failed: \(e.description)") }

    public var description: String {
        switch self {
        case .badLocation(let m), .missing(let m), .notAnIndex(let m), .damaged(let m), .schemaMismatch(let m),
             .locked(let m), .unstable(let m), .io(let m), .xapian(let m): m
        }
    }
}

/// Runs Xapian calls against the index at `path`, their errors said as `StoreError`s.
package func withXapian<T>(at path: String, _ body: () throws(XapianError) -> T) throws(StoreError) -> T {
    do { return try body() } catch { throw StoreError(error, path: path) }
}
