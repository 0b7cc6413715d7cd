/// An error as the person at the terminal should see it, of a kind the CLI
/// maps to an exit status (sysexits) in one place (`ExitStatus`).
public struct LimelightError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// 64: the command line was wrong.
        case usage
        /// 65: input records were rejected (nothing was written).
        case badInput
        /// 75: another process holds the index for writing.
        case busy
        /// 130: cancelled by Ctrl-C / SIGTERM, nothing changed.
        case cancelled
        /// 69: a service it needs is not there (no session bus, or the bus name is taken).
        case unavailable
        /// 1: anything else (missing or damaged index, I/O).
        case failure
    }

    public let kind: Kind
    /// One or more lines; for bad input, each is `file:line: what is wrong`.
    public let lines: [String]

    public init(_ kind: Kind, _ lines: [String]) {
        self.kind = kind
        self.lines = lines
    }

    public init(_ kind: Kind, _ message: String) { self.init(kind, [message]) }

    public var description: String { lines.joined(separator: "\n") }
}
