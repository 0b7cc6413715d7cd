import Xapian
import LimelightSupport

/// What opening a reader returns: the database, its generation (a replica's
/// copy number), the reader lock to release (-1: none), and its directory.
package typealias OpenedReader = (db: Database, generation: Int, lock: Int32, directory: ReaderDirectory)

/// The directory a reader reads, as it was when the reader was opened. The
/// index removed and made again at the same path (`rm -rf idx; limelight
/// index …`) has a directory of the same name, generation and revision: only
/// its device and inode tell it from the one a long-lived reader still holds
/// open, deleted.
package struct ReaderDirectory: Sendable, Equatable {
    package let path: String
    /// Device and inode; taken before the database is opened, so that a
    /// directory replaced in between is seen as replaced, never missed.
    package let identity: [UInt64]?

    package init(_ path: String) {
        self.path = path
        identity = Files.identity(path)
    }

    /// Whether `path` now names another directory (or none): one stat.
    package var replaced: Bool { Files.identity(path) != identity }
}
