/// The command line's own errors: what was asked is malformed, or could not
/// be done for a reason only the command knows (the layers below throw
/// their own families; `ExitStatus` maps them all).
enum CLIError: Error, CustomStringConvertible {
    /// The command line is wrong: a usage error.
    case usage(String)
    /// Input lines (standard input, donations) were rejected: each is `place: what is wrong`.
    case rejected([String])
    /// What was asked cannot be done (nothing matches, a launcher failed, a file cannot be written).
    case failed(String)

    var description: String {
        switch self {
        case .usage(let m), .failed(let m): m
        case .rejected(let lines): lines.joined(separator: "\n")
        }
    }
}
