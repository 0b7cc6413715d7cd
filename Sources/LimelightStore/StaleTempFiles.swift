#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport

extension IndexLocation {
    /// Generation numbers have at most this many digits: a stub naming
    /// gen-9223372036854775807 is not a stub (its successor would overflow).
    static let maxGenerationDigits = 9

    /// `current.tmp-PID` and `writer.pid.tmp-PID` are written then renamed;
    /// a process killed in between leaves one. The writer (holding the lock)
    /// removes those whose process is gone.
    package func removeStaleTempFiles() {
        guard let names = try? Files.listStrictly(path) else { return }
        for name in names {
            guard let dash = name.range(of: ".tmp-"), Self.isOwnFile(name),
                  let pid = Int32(name[dash.upperBound...]), pid > 0 else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH { unlink(path + "/" + name) }
        }
    }
}
