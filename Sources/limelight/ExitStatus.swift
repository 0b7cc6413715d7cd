#if canImport(Glibc)
import Glibc
#endif
import LimelightKit
import DBusService

/// The one place errors become exit statuses (sysexits) and messages: each
/// layer's family, case by case.
enum ExitStatus {
    /// Anything without a sysexits code of its own (a missing or damaged index, I/O).
    static let failure: Int32 = 1
    /// Cancelled by Ctrl-C / SIGTERM, nothing changed.
    static let cancelled: Int32 = 128 + SIGINT

    /// How an error is told: a usage error (with the usage line), rejected
    /// input (its lines as they are: `place: problem`), or a failure with its status.
    enum Outcome {
        case usage(String)
        case rejected([String])
        case failed(Int32, String)
    }

    static func outcome(_ error: any Error) -> Outcome {
        switch error {
        case let e as CLIError:
            switch e {
            case .usage(let m): .usage(m)
            case .rejected(let lines): .rejected(lines)
            case .failed(let m): .failed(failure, m)
            }
        case let e as ModelError:
            switch e {
            case .rejected(let lines): .rejected(lines)
            case .unreadable(let m): .failed(failure, m)
            }
        case let e as StoreError:
            switch e {
            case .badLocation(let m): .usage(m)
            case .locked(let m): .failed(EX_TEMPFAIL, m)
            case .missing, .notAnIndex, .damaged, .schemaMismatch, .unstable, .io, .xapian: .failed(failure, e.description)
            }
        case let e as IndexError:
            switch e {
            case .store(let s): outcome(s)
            case .model(let m): outcome(m)
            case .rejected(let lines): .rejected(lines)
            case .busy(let m): .failed(EX_TEMPFAIL, m)
            case .cancelled(let m): .failed(cancelled, m)
            case .badSetting(let m): .usage(m)
            case .notWritable(let m), .failed(let m): .failed(failure, m)
            }
        case let e as SearchError:
            switch e {
            case .store(let s): outcome(s)
            case .badPredicate(let m): .usage(m)
            }
        case let e as BusError:
            switch e.kind {
            case .noBus, .nameTaken: .failed(EX_UNAVAILABLE, e.description)
            case .other: .failed(failure, e.description)
            }
        default:
            .failed(failure, "\(error)")
        }
    }

    /// The status `error` exits with.
    static func code(_ error: any Error) -> Int32 {
        switch outcome(error) {
        case .usage: EX_USAGE
        case .rejected: EX_DATAERR
        case .failed(let status, _): status
        }
    }

    /// A usage error as swift-argument-parser prints it: the error, the usage
    /// line and where to read more, on stderr; exit 64.
    static func usage(_ message: String, command: (any Command.Type)?) -> Never {
        Output.err("Error: \(message)")
        if let command {
            // The form the message is about ('history retain takes …', or
            // 'list takes …' of 'relevant list'), else the first.
            let form = command.usage.first { line in
                let words = line.split(separator: " ").prefix(2)
                if message.hasPrefix(words.joined(separator: " ") + " ") { return true }
                guard let op = words.dropFirst().first, op.first?.isLetter == true else { return false }
                return message.hasPrefix(op + " ")
            }
            // None named: every form, as git lists a command's (`history
            // pause --bogus` showed only `history status [--json]`).
            let forms = form.map { [$0] } ?? command.usage
            for (n, f) in forms.enumerated() { Output.err((n == 0 ? "Usage: " : "       ") + "limelight \(f)") }
            Output.err("  See 'limelight \(command.name) --help' for more information.")
        } else {
            Output.err("Usage: limelight <subcommand> [options]")
            Output.err("  See 'limelight --help' for more information.")
        }
        exit(EX_USAGE)
    }

    /// Prints `error` for the person at the terminal and exits with its status.
    static func fail(_ error: any Error, command: any Command.Type) -> Never {
        switch outcome(error) {
        case .usage(let message):
            usage(message, command: command)
        case .rejected(let lines):
            for line in lines { Output.err(line) }
            // (One problem may be a donation's flags, not a line of a file.
            // Past the problems told, a note says the reading stopped: it is
            // no problem to count, and there are more than those above.)
            let problems = lines.filter { !RecordReader.isStopNote($0) }.count
            let which = problems < lines.count ? "the problems above and those after them"
                : problems == 1 ? "the problem above" : "the \(problems) problems above"
            Output.err("Nothing was written: fix \(which) and run again.")
            exit(EX_DATAERR)
        case .failed(let status, let message):
            Output.err("Error: \(message)")
            exit(status)
        }
    }
}
