import CXapian

/// An error raised by the Xapian library, carried across the C shim.
///
/// `kind` keeps Xapian's own class name, so callers can match the family they
/// care about: `catch let e as XapianError where e.kind == .databaseLock`.
/// See https://xapian.org/docs/apidoc/html/classXapian_1_1Error.html
public struct XapianError: Error, Sendable, CustomStringConvertible, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case assertion = "AssertionError"
        case invalidArgument = "InvalidArgumentError"
        case invalidOperation = "InvalidOperationError"
        case unimplemented = "UnimplementedError"
        case database = "DatabaseError"
        case databaseCorrupt = "DatabaseCorruptError"
        case databaseCreate = "DatabaseCreateError"
        case databaseLock = "DatabaseLockError"
        case databaseModified = "DatabaseModifiedError"
        case databaseOpening = "DatabaseOpeningError"
        case databaseVersion = "DatabaseVersionError"
        case databaseNotFound = "DatabaseNotFoundError"
        case databaseClosed = "DatabaseClosedError"
        case docNotFound = "DocNotFoundError"
        case featureUnavailable = "FeatureUnavailableError"
        case `internal` = "InternalError"
        case network = "NetworkError"
        case networkTimeout = "NetworkTimeoutError"
        case queryParser = "QueryParserError"
        case serialisation = "SerialisationError"
        case range = "RangeError"
        case wildcard = "WildcardError"
        case outOfMemory = "std::bad_alloc"
        case standard = "std::exception"
        case unknown = "UnknownError"

        /// True for the kinds Xapian derives from `DatabaseOpeningError`.
        public var isOpeningError: Bool {
            [.databaseOpening, .databaseVersion, .databaseNotFound].contains(self)
        }
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// Takes ownership of a shim error and frees it.
    init(consuming err: UnsafeMutablePointer<cx_error>) {
        let type = String(cString: err.pointee.type)
        kind = Kind(rawValue: type) ?? .unknown
        message = String(decoding: UnsafeRawBufferPointer(start: err.pointee.message,
                                                          count: err.pointee.message_len),
                         as: UTF8.self)
        cx_error_free(err)
    }

    public var description: String { "\(kind.rawValue): \(message)" }
}

typealias ErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<cx_error>?>

/// Runs one shim call and turns a reported cx_error into a thrown XapianError.
@inline(__always)
func checked<T>(_ call: (ErrorOut) -> T) throws(XapianError) -> T {
    var err: UnsafeMutablePointer<cx_error>? = nil
    let result = call(&err)
    if let err { throw XapianError(consuming: err) }
    return result
}
