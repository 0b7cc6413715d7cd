#if canImport(Glibc)
import Glibc
#endif
import LimelightKit
import DesktopSources

/// `sync --watch`: syncs, then re-syncs each source whose directories
/// changed, until SIGTERM or SIGINT (then exits 0: stopping is what the
/// person asked for). A sync that fails is told on stderr and the watch goes
/// on: a watch that died when another writer held the index for a while
/// stopped keeping anything in step, with nobody there to see it.
enum DesktopWatch {
    /// Changes within this many milliseconds are one re-sync.
    static let debounceMilliseconds: Int32 = 300
    /// A sync the index was too busy for (another writer held it past the lock
    /// timeout) is tried again after this long, or at the next change.
    static let retryMilliseconds: Int32 = 5_000

    static func run(_ sources: [DesktopSource], environment: DesktopEnvironment,
                    sync: ([DesktopSource]) throws -> Void) throws {
        Cancellation.install()
        // The first sync's failures are the command's (a wrong --index is an
        // error, as without --watch), but for a busy index, which passes.
        var retry = Set<Int>()
        do { try sync(sources) } catch where isTemporary(error) {
            report(error)
            retry = Set(sources.indices)
        }
        let watcher: DirectoryWatcher
        do {
            watcher = try DirectoryWatcher(groups: sources.map { $0.watchedDirectories(in: environment) })
        } catch {
            throw CLIError.failed(error.description)
        }
        Output.err("watching \(sources.map(\.rawValue).joined(separator: ", ")) for changes (Ctrl-C to stop)")
        while let changed = watcher.next(debounceMilliseconds: debounceMilliseconds,
                                         idleMilliseconds: retry.isEmpty ? nil : retryMilliseconds,
                                         shouldStop: { Cancellation.isRequested }) {
            let due = changed.union(retry)
            retry = []
            do { try sync(due.sorted().map { sources[$0] }) } catch {
                report(error)
                // Busy: again after a while. Anything else: at the next change.
                if isTemporary(error) { retry = due }
            }
            // What changed may move what to watch (a new default Firefox profile).
            watcher.regroup(sources.map { $0.watchedDirectories(in: environment) })
        }
    }

    /// A failure that passes by itself: the index busy with another writer.
    static func isTemporary(_ error: any Error) -> Bool {
        if case .failed(EX_TEMPFAIL, _) = ExitStatus.outcome(error) { return true }
        return false
    }

    static func report(_ error: any Error) {
        let message = switch ExitStatus.outcome(error) {
        case .usage(let m), .failed(_, let m): m
        case .rejected(let lines): lines.joined(separator: "; ")
        }
        let next = isTemporary(error) ? "trying again in \(retryMilliseconds / 1000) s or at the next change" : "trying again at the next change"
        Output.err("Error: \(message); still watching, \(next)")
    }
}
