import LimelightKit

/// One subcommand: its help text, its options, and what it does.
protocol Command {
    static var name: String { get }
    static var abstract: String { get }
    /// USAGE line(s) after "limelight ".
    static var usage: String { get }
    /// ARGUMENTS and OPTIONS sections.
    static var details: String { get }
    static var spec: ArgumentSpec { get }
    static func run(_ args: ParsedArguments) throws(LimelightError)
}

extension Command {
    static var help: String {
        """
        OVERVIEW: \(abstract)

        USAGE: limelight \(usage)

        \(details)
          --index <dir>           The index directory (default: $LIMELIGHT_INDEX, else
                                  $XDG_DATA_HOME/limelight/index).
          -h, --help              Show help information.

        """
    }

    static func location(_ args: ParsedArguments) throws(LimelightError) -> IndexLocation {
        try IndexLocation.resolve(args.value("index"))
    }
}

/// Options every command takes.
let globalOptions: Set<String> = ["index"]

/// `--at TIME`: ISO 8601, default now.
func parseTime(_ text: String?) throws(LimelightError) -> Timestamp {
    guard let text else { return .now() }
    guard let t = Timestamp(iso8601: text) else {
        throw LimelightError(.usage, "--at takes an ISO 8601 time with an offset, e.g. 2026-11-29T07:30:00-08:00; got '\(text)'")
    }
    return t
}

func validateContexts(_ names: [String]) throws(LimelightError) -> [String] {
    for c in names {
        do { try Contexts.validate(c) } catch { throw LimelightError(.usage, "--context: \(error.message)") }
    }
    return names
}
