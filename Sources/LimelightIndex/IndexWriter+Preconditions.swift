#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport
import Xapian
import LimelightStore

extension IndexWriter {
    /// `$LIMELIGHT_LOCK_TIMEOUT`: seconds from 0 to a day; anything else
    /// (nan, inf, negative, not a number) is an error rather than waiting forever.
    static func lockTimeoutFromEnvironment(overriddenBy given: Double? = nil) throws(IndexError) -> Double {
        if let given { return given }
        guard let text = Files.environment("LIMELIGHT_LOCK_TIMEOUT") else { return 10 }
        // Decimal seconds only: Double also reads "0x10", "1e3" and "+5".
        let decimal = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } && text.filter { $0 == "." }.count <= 1
        guard decimal, let v = Double(text), v.isFinite, v >= 0, v <= 86_400 else {
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

    /// Refuses to keep settings (`history`) where no write may go: a
    /// directory of other files, or one holding generations but no stub
    /// (settings were saved beside a person's files), a read replica, and
    /// one shard of a sharded index (whose own settings nothing reads: the
    /// set's are in its directory, and donations through it were recorded
    /// while the shard said paused). A new or empty directory may take them.
    public static func checkSettingsLocation(_ location: IndexLocation) throws(IndexError) {
        if try fromStore({ () throws(StoreError) in try location.shardLayout() }) != nil { return }  // a sharded index's directory
        try fromStore { () throws(StoreError) in try location.checkUsable() }
        guard let gen = try fromStore({ () throws(StoreError) in try location.currentGeneration() }) else { return }
        // Opened and closed here, not as a reader: a reader keeps its
        // generation for the life of the process, and `history retain`'s
        // rebuild then left the old one, holding what it forgot, on disk.
        let db: Database
        do { db = try Database(path: location.generationPath(gen)) } catch { throw IndexError(error, path: location.path) }
        defer { try? db.close() }
        if let refusal = refusalOfOneShard(location, db) { throw refusal }
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
