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
        var schedule = SyncSchedule(minimumIntervals: Dictionary(uniqueKeysWithValues: sources.enumerated().map { ($0, $1.minimumSyncInterval) }))
        func now() -> Double { MonotonicClock.seconds() }
        // The first sync's failures are the command's (a wrong --index is an
        // error, as without --watch), but for a busy index, which passes.
        var retry = Set<Int>()
        var retryAt = 0.0
        do { try sync(sources) } catch where isTemporary(error) {
            report(error)
            retry = Set(sources.indices)
            retryAt = now() + Double(retryMilliseconds) / 1_000
        }
        schedule.synced(Set(sources.indices), at: now())
        let watcher: DirectoryWatcher
        do {
            watcher = try DirectoryWatcher(groups: sources.map { $0.watchedDirectories(in: environment) })
        } catch {
            throw CLIError.failed(error.description)
        }
        Output.err("watching \(sources.map(\.rawValue).joined(separator: ", ")) for changes (Ctrl-C to stop)")
        while true {
            // Wake for a retry, or for a source whose next sync is held back (`minimumSyncInterval`).
            let waits = [retry.isEmpty ? nil : max(0, retryAt - now()), schedule.wait(at: now())].compactMap { $0 }
            guard let changed = watcher.next(debounceMilliseconds: debounceMilliseconds,
                                             idleMilliseconds: waits.min().map { Int32(($0 * 1_000).rounded(.up)) },
                                             shouldStop: { Cancellation.isRequested }) else { break }
            schedule.changed(changed, at: now())
            var due = schedule.due(at: now())
            // A busy index: again after a while, or at the next change.
            if !retry.isEmpty, !changed.isEmpty || now() >= retryAt {
                due.formUnion(retry)
                schedule.synced(retry, at: now())
                retry = []
            }
            if due.isEmpty { continue }
            do { try sync(due.sorted().map { sources[$0] }) } catch {
                report(error)
                // Busy: again after a while. Anything else: at the next change.
                if isTemporary(error) {
                    retry = due
                    retryAt = now() + Double(retryMilliseconds) / 1_000
                }
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
