#if canImport(Glibc)
import Glibc
#endif

extension Cancellation {
    /// Seconds a job has, after Ctrl-C or SIGTERM, to reach its next safe
    /// point before the process ends anyway (exit 130). A job polls between
    /// records; should one step ever run long, the signal is still honoured:
    /// every write is one Xapian transaction and a rebuild's generation is
    /// unpublished, so ending mid-step loses nothing (the kill -9 soak), and
    /// the next writer removes the partial generation.
    static let deadlineSeconds: UInt32 = 2

    /// What the deadline says as it ends the process (it ended it silently,
    /// where a job that reached its safe point says it was cancelled).
    static let deadlineMessage: StaticString = "limelight: cancelled; what was being written was not committed, and the next write removes what it left\n"

    /// At install time: the alarm's handler, unblocked (a launcher may have
    /// started us with it blocked, as with SIGTERM).
    static func installDeadline() {
        let onAlarm: @convention(c) (Int32) -> Void = { _ in
            // write(2) and _exit only: async-signal-safe.
            Cancellation.deadlineMessage.withUTF8Buffer { _ = write(2, $0.baseAddress, $0.count) }
            _exit(130)
        }
        signal(SIGALRM, onAlarm)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGALRM)
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// Called from the signal handler: only async-signal-safe calls.
    static func armDeadline() { alarm(deadlineSeconds) }
}
