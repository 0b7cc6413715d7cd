import Xapian
import LimelightModel
import LimelightStore

/// Why a write did not happen, as the person at the terminal should see it.
/// Nothing was written in any case: a batch commits whole or not at all.
public enum IndexError: Error, Sendable, CustomStringConvertible {
    /// The store could not be opened, read or published.
    case store(StoreError)
    /// Input files could not be read or parsed.
    case model(ModelError)
    /// Records of the batch were rejected: each line is `place: what is wrong`.
    case rejected([String])
    /// Another process holds the write lock (past the lock timeout).
    case busy(String)
    /// Ctrl-C or SIGTERM asked the write to stop.
    case cancelled(String)
    /// A setting is out of range (`LIMELIGHT_LOCK_TIMEOUT`, the client state's size): a usage error.
    case badSetting(String)
    /// The index directory cannot be written (or created).
    case notWritable(String)
    /// Anything else a batch ran into (an I/O error from below, named as it came).
    case failed(String)

    /// The input, not the index, was at fault (here or where the model read it).
    package var isRejected: Bool {
        switch self {
        case .rejected, .model(.rejected): true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .store(let e): e.description
        case .model(let e): e.description
        case .rejected(let lines): lines.joined(separator: "\n")
        case .busy(let m), .cancelled(let m), .badSetting(let m), .notWritable(let m), .failed(let m): m
        }
    }
}

extension IndexError {
    /// The one conversion of what a batch's body throws (untyped: Xapian's,
    /// the store's, a record's and the writer's own errors all pass through it).
    init(_ error: any Error, path: String) {
        switch error {
        case let e as IndexError: self = e
        case let e as StoreError: self = .store(e)
        case let e as ModelError: self = .model(e)
        case let e as RecordError: self = .rejected([e.message])
        case let e as XapianError: self = .store(StoreError(e, path: path))
        default: self = .failed("\(error)")
        }
    }
}


/// Runs store calls inside a write, their errors said as `IndexError.store`.
func fromStore<T>(_ body: () throws(StoreError) -> T) throws(IndexError) -> T {
    do { return try body() } catch { throw .store(error) }
}
