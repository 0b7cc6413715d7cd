#if canImport(Glibc)
import Glibc
#endif
import LimelightKit

/// The one place errors become exit statuses (sysexits) and messages.
enum ExitStatus {
    static func code(_ kind: LimelightError.Kind) -> Int32 {
        switch kind {
        case .usage: 64       // EX_USAGE
        case .badInput: 65    // EX_DATAERR
        case .busy: 75        // EX_TEMPFAIL
        case .cancelled: 130  // 128 + SIGINT
        case .unavailable: 69 // EX_UNAVAILABLE
        case .failure: 1
        }
    }

    /// A usage error as swift-argument-parser prints it: the error, the usage
    /// line and where to read more, on stderr; exit 64.
    static func usage(_ message: String, command: (any Command.Type)?) -> Never {
        Output.err("Error: \(message)")
        if let command {
            Output.err("Usage: limelight \(command.usage[0])")
            Output.err("  See 'limelight \(command.name) --help' for more information.")
        } else {
            Output.err("Usage: limelight <subcommand> [options]")
            Output.err("  See 'limelight --help' for more information.")
        }
        exit(code(.usage))
    }

    /// Prints `error` for the person at the terminal and exits with its status.
    static func fail(_ error: LimelightError, command: any Command.Type) -> Never {
        if error.kind == .usage { usage(error.description, command: command) }
        for line in error.lines { Output.err(error.kind == .badInput ? line : "Error: \(line)") }
        if error.kind == .badInput { Output.err("Nothing was written: fix the lines above and run again.") }
        exit(code(error.kind))
    }
}
