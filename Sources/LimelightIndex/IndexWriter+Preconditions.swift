#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport
import LimelightStore

extension IndexWriter {
    /// `$LIMELIGHT_LOCK_TIMEOUT`: seconds from 0 to a day; anything else
    /// (nan, inf, negative, not a number) is an error rather than waiting forever.
    static func lockTimeoutFromEnvironment(overriddenBy given: Double? = nil) throws(IndexError) -> Double {
        if let given { return given }
        guard let text = Files.environment("LIMELIGHT_LOCK_TIMEOUT") else { return 10 }
        guard let v = Double(text), v.isFinite, v >= 0, v <= 86_400 else {
            throw IndexError.badSetting("LIMELIGHT_LOCK_TIMEOUT must be a number of seconds from 0 to 86400, got '\(text)'")
        }
        return v
    }

    /// Rejects a bad `$LIMELIGHT_LOCK_TIMEOUT` (a usage error) before a
    /// write that may not wait for the lock at all (`donate` journals, and
    /// folds only if no writer holds the index; `history` saves its policy):
    /// the setting means the same to every write command.
    public static func checkLockTimeoutSetting() throws(IndexError) {
        _ = try lockTimeoutFromEnvironment()
    }
}

extension IndexLocation {
    /// A directory this process cannot write is not "busy": Xapian reports a
    /// lock it cannot create as a lock held by someone else, and the writer
    /// would wait for nothing. Say so at once (exit 1).
    func checkWritable() throws(IndexError) {
        var dirs = [path]
        if let gen = try? currentGeneration() { dirs.append(generationPath(gen)) }
        for dir in dirs where Files.exists(dir) {
            if access(dir, W_OK) != 0 {
                let why = String(cString: strerror(errno))
                throw IndexError.notWritable("cannot write to the index at \(path): \(dir): \(why) (searches can still read it)")
            }
        }
    }
}
