/// A problem in one file of a desktop store, said as `file:line: problem`
/// (line 0 when the problem is the file as a whole, e.g. it cannot be read).
///
/// Readers return these as values: a broken file is reported and skipped, and
/// the other files of the same store are still read.
public struct DesktopSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let problem: String

    public init(file: String, line: Int, problem: String) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    public var description: String { line > 0 ? "\(file):\(line): \(problem)" : "\(file): \(problem)" }
}

/// What a reader found for a store that may not exist on this machine (a browser
/// that was never installed): the value, or why the source was skipped. A
/// missing store is a note for the person, not an error.
public enum SourceOutcome<Value: Sendable>: Sendable {
    case found(Value)
    case skipped(note: String)

    public var value: Value? { if case let .found(v) = self { v } else { nil } }
    public var note: String? { if case let .skipped(n) = self { n } else { nil } }
}
