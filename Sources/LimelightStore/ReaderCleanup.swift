#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport

extension IndexLocation {
    /// Removes generations older than the live one that no reader holds. Safe
    /// without the write lock: writers only ever create newer generations, and
    /// a reader re-reads the stub after taking its lock (see `openReader`).
    /// Readers call this too, so a generation a reader held while it was
    /// replaced (holding deleted text) does not wait for the next write.
    func removeOldGenerations(below current: Int) {
        guard let names = try? Files.listStrictly(path) else { return }
        for name in names {
            guard let n = Self.generationNumber(name), n < current, isOwnGeneration(n) else { continue }
            let fd = open(readersLockPath(n), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard fd >= 0 else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                Files.removeTree(generationPath(n))
                unlink(readersLockPath(n))
            }
            close(fd)
        }
    }
}
