import Xapian
import LimelightStore

/// Why a search or lookup could not answer, as the person at the terminal should see it.
public enum SearchError: Error, Sendable, CustomStringConvertible {
    /// The index could not be opened or read.
    case store(StoreError)
    /// A `--where` predicate cannot be parsed or does not fit the index's properties: a usage error.
    case badPredicate(String)

    public var description: String {
        switch self {
        case .store(let e): e.description
        case .badPredicate(let m): m
        }
    }
}

extension SearchError {
    /// A Xapian error reading the index at `path`, said once by the store.
    init(_ e: XapianError, path: String) { self = .store(StoreError(e, path: path)) }
}
