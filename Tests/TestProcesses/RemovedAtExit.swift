import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

private let pathsRemovedAtExit = Mutex<[String]>([])

/// Removes `path` (a directory a test made) when the test process exits.
/// For fixtures built once and kept in a `static` for the whole run: a
/// static is never released, so its owner's `deinit` never removes it, and
/// every `swift test` left a copy of the fixture under /tmp.
public func removeAtExit(_ path: String) {
    pathsRemovedAtExit.withLock { paths in
        if paths.isEmpty {
            atexit {
                for p in pathsRemovedAtExit.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: p) }
            }
        }
        paths.append(path)
    }
}
