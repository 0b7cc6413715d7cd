#if canImport(Glibc)
import Glibc
#endif
import LimelightKit

/// Ctrl-C and SIGTERM ask long jobs (index, rebuild) to stop at the next safe
/// point, like a CancellableIntent: the job removes its partial work and the
/// command exits 130. A second signal ends the process at once.
enum Cancellation {
    // Written only by the signal handler, read by the job: a plain flag is
    // enough (sig_atomic_t semantics on every platform Swift runs on).
    nonisolated(unsafe) static var requested: Int32 = 0

    static func install() {
        let handler: @convention(c) (Int32) -> Void = { sig in
            if Cancellation.requested != 0 { _exit(128 + sig) }
            Cancellation.requested = 1
            Cancellation.armDeadline()
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        installDeadline()
        // A parent may have started us with these blocked (some process
        // launchers do); unblock them so cancelling works however we started.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    static var isRequested: Bool { requested != 0 }
}

/// A progress line on stderr, only when stderr is a terminal, redrawn in
/// place (`\r`) at most ten times a second: a bar with a total (`rebuild`,
/// which leaves its last line), or a count of what is done (`sync`, which
/// clears its line at the end so only the results remain).
struct ProgressBar {
    let label: String
    /// Off for `--json` (and whenever stderr is not a terminal).
    var enabled = true
    let start = Double(time(nil))
    var lastDraw = 0.0
    var drawn = false

    init(label: String, enabled: Bool = true) {
        self.label = label
        self.enabled = enabled && Output.stderrIsTerminal
    }

    /// `label [====      ] done/total  rate/s  ETA m:ss`; the last one ends the
    /// line unless `keepsLine` is false (then `clear()` takes it away).
    mutating func update(_ done: Int, _ total: Int, keepsLine: Bool = true) {
        let last = done >= total
        guard enabled, shouldDraw(force: last && keepsLine) else { return }
        let elapsed = max(Double(time(nil)) - start, 0.001)
        let rate = Double(done) / elapsed
        let width = 30
        let filled = total > 0 ? min(width, Int(Double(width) * Double(done) / Double(total))) : width
        let eta = rate > 0 && total > done ? Int(Double(total - done) / rate) : 0
        let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        var line = "\r\(label) [\(bar)] \(done)/\(total)  \(Int(rate))/s  ETA \(eta / 60):\(eta % 60 < 10 ? "0" : "")\(eta % 60)"
        if last && keepsLine { line += "\n"; drawn = false } else { line += Self.clearToEnd }
        Output.errRaw(line)
    }

    /// `label: 1234 records made`, for work whose total is not known yet.
    mutating func count(_ done: Int, _ what: String) {
        guard enabled, shouldDraw(force: false) else { return }
        Output.errRaw("\r\(label): \(done) \(what)" + Self.clearToEnd)
    }

    /// Takes the line away, if one is showing.
    mutating func clear() {
        guard drawn else { return }
        drawn = false
        Output.errRaw("\r" + Self.clearToEnd)
    }

    private static let clearToEnd = "\u{1B}[K"

    private mutating func shouldDraw(force: Bool) -> Bool {
        let now = MonotonicClock.seconds()
        if !force, drawn, now - lastDraw < 0.1 { return false }
        lastDraw = now
        drawn = true
        return true
    }
}
