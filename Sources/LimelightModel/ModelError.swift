/// Why records could not be read, as the person at the terminal should see it
/// (the CLI's `ExitStatus` gives each case its exit status).
public enum ModelError: Error, Sendable, CustomStringConvertible {
    /// Records were rejected: each line is `file:line: what is wrong`.
    /// Nothing was written.
    case rejected([String])
    /// An input file could not be read.
    case unreadable(String)

    public var description: String {
        switch self {
        case .rejected(let lines): lines.joined(separator: "\n")
        case .unreadable(let message): message
        }
    }
}
