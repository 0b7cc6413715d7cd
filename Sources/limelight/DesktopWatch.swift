import LimelightKit
import DesktopSources

/// `sync --watch`: re-syncs each source whose directories changed, until
/// SIGTERM or SIGINT (then exits 0: stopping is what the person asked for).
enum DesktopWatch {
    /// Changes within this many milliseconds are one re-sync.
    static let debounceMilliseconds: Int32 = 300

    static func run(_ sources: [DesktopSource], environment: DesktopEnvironment,
                    sync: ([DesktopSource]) throws -> Void) throws {
        Cancellation.install()
        let watcher: DirectoryWatcher
        do {
            watcher = try DirectoryWatcher(groups: sources.map { $0.watchedDirectories(in: environment) })
        } catch {
            throw CLIError.failed(error.description)
        }
        Output.err("watching \(sources.map(\.rawValue).joined(separator: ", ")) for changes (Ctrl-C to stop)")
        while let changed = watcher.next(debounceMilliseconds: debounceMilliseconds, shouldStop: { Cancellation.isRequested }) {
            try sync(changed.sorted().map { sources[$0] })
        }
    }
}
