#if canImport(Glibc)
import Glibc
#endif
import Xapian
import LimelightSupport

/// Recognising an index directory before anything is written to it.
///
/// A directory is a Limelight index only when `current` is a regular file (not
/// a symbolic link) holding exactly `glass gen-N` and `gen-N` is a real
/// directory holding a glass database (`iamglass`). A missing or empty
/// directory is a new index, as is one holding only the history settings.
/// Anything else — a stub naming a missing generation, generations without a
/// stub, a symlinked stub, a directory of other things — is an error naming
/// the problem, and nothing is created or removed: guessing wrong here
/// destroys someone's data.
///
/// The one exception is a first `index` killed before it published its stub:
/// generations that are empty glass databases (no documents) and nothing but
/// Limelight's own files. They hold nothing, so a new index starts over them.
extension IndexLocation {
    /// The live generation, or nil when there is no index yet (no directory,
    /// an empty one, or only an interrupted first creation).
    func inspect() throws(StoreError) -> Int? {
        var st = stat()
        if stat(path, &st) != 0 {
            if errno == ENOENT { return nil }
            throw StoreError.io("cannot use \(path) as the index: \(String(cString: strerror(errno)))")
        }
        guard (st.st_mode & S_IFMT) == S_IFDIR else {
            throw StoreError.notAnIndex("\(path) is a file, not an index directory; pass --index with a directory")
        }
        let entries: [String]
        do { entries = try Files.listStrictly(path) } catch {
            throw StoreError.io("cannot read the index directory: \(error.description)")
        }
        if entries.isEmpty { return nil }
        if entries.contains("current") { return try validStub() }
        if entries.contains(Self.replicaStubName) { throw replicaIsReadOnly }
        let generations = entries.filter { Self.generationNumber($0) != nil }
        let foreign = entries.filter { Self.generationNumber($0) == nil && !Self.isOwnFile($0) }
        if generations.isEmpty {
            // Only Limelight's own files: history settings saved before the
            // first index (`limelight history pause` on a new directory).
            if foreign.isEmpty { return nil }
            throw StoreError.notAnIndex("\(path) is not a Limelight index (it holds other files); pass --index with a new or empty directory")
        }
        if foreign.isEmpty, generations.allSatisfy({ isEmptyOwnGeneration($0) || isInterruptedCreation($0) }) { return nil }
        // Another writer is making the index: its generation is there, its
        // stub not yet. A second writer (or a reader) took that for a
        // directory of someone else's and gave up, and the first batch of
        // one of two `index` runs on a new directory was lost.
        if foreign.isEmpty, isBeingCreated() { return nil }
        // Or it was, when the directory was listed: it publishes its stub
        // before it lets go of the directory, so with the directory free
        // the stub is there now (a reader listing between the two was told
        // "no stub", one CI run in many).
        var stub = stat()
        if foreign.isEmpty, lstat(stubPath, &stub) == 0 { return try validStub() }
        throw StoreError.notAnIndex("\(path) holds \(generations.joined(separator: ", ")) but no stub file 'current': it is not a Limelight index, or its stub was lost. Nothing was changed; if it is an index, restore the stub (printf 'glass gen-N\\n' > \(stubPath)) or pass another --index")
    }

    /// The generation a valid stub names; an error for any other stub.
    private func validStub() throws(StoreError) -> Int {
        var st = stat()
        guard lstat(stubPath, &st) == 0 else {
            throw StoreError.io("cannot read \(stubPath): \(String(cString: strerror(errno)))")
        }
        if (st.st_mode & S_IFMT) == S_IFLNK {
            throw StoreError.notAnIndex("\(stubPath) is a symbolic link; an index stub is a regular file. Nothing was changed; replace it with the stub it points to or pass another --index")
        }
        // A rebuild may swap the stub and remove the old generation between
        // reading the stub and looking at what it names: read it again then.
        var last = 0
        for _ in 0..<10 {
            guard let gen = try currentGeneration() else {
                throw StoreError.io("cannot read \(stubPath)")
            }
            if isOwnGeneration(gen) { return gen }
            if gen == last { break }
            last = gen
        }
        throw StoreError.damaged("\(stubPath) names gen-\(last), which is missing or not a Xapian database: the index is damaged. Nothing was changed; restore gen-\(last) or the stub, or pass another --index")
    }

    /// `gen-N` → N, for canonical numbers only ("gen-01" and "gen-1x" are not generations).
    static func generationNumber(_ name: String) -> Int? {
        guard name.hasPrefix("gen-"), !name.hasSuffix(".readers") else { return nil }
        let digits = name.dropFirst(4)
        guard digits.count <= maxGenerationDigits, let n = Int(digits), n > 0, String(n) == digits else { return nil }
        return n
    }

    /// Files Limelight itself keeps beside the generations.
    static func isOwnFile(_ name: String) -> Bool {
        name == "writer.pid" || name.hasPrefix("current.tmp-") || name.hasPrefix("writer.pid.tmp-")
            || name == "scrub.pending" || name.hasPrefix("scrub.pending.tmp-")
            || name == HistoryPolicy.fileName || name.hasPrefix(HistoryPolicy.fileName + ".tmp-")
            || (name.hasSuffix(".readers") && generationNumber(String(name.dropLast(8))) != nil)
    }

    /// Limelight removes a generation only if it is one it wrote: a real
    /// directory (never a symlink) named `gen-N` holding a glass database.
    func isOwnGeneration(_ n: Int) -> Bool {
        let dir = generationPath(n)
        var st = stat()
        guard lstat(dir, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else { return false }
        var marker = stat()
        return lstat(dir + "/iamglass", &marker) == 0 && (marker.st_mode & S_IFMT) == S_IFREG
    }

    /// A generation a first `index` killed while Xapian made it left: no
    /// `iamglass` yet (so nothing was committed, and Xapian cannot open
    /// it), only the files Xapian makes first (its lock, empty tables, the
    /// version file being written). Every command refused the directory.
    private func isInterruptedCreation(_ name: String) -> Bool {
        guard let n = Self.generationNumber(name), !isOwnGeneration(n) else { return false }
        let dir = generationPath(n)
        var st = stat()
        guard lstat(dir, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR, let entries = try? Files.listStrictly(dir) else { return false }
        // (Xapian's lock comes first: an empty gen-1 may be anyone's.)
        return entries.contains("flintlock") && entries.allSatisfy { $0 == "flintlock" || $0 == "v.tmp" || $0.hasSuffix(".glass") }
    }

    /// Removes what `isInterruptedCreation` finds, for a first creation
    /// under `lockForCreation`: Xapian cannot create a database where one
    /// was begun ("Failed to open glass revision file").
    package func removeInterruptedCreations() {
        for name in Files.list(path) where isInterruptedCreation(name) {
            let dir = path + "/" + name
            for entry in Files.list(dir) { unlink(dir + "/" + entry) }
            rmdir(dir)
        }
    }

    /// Locks the directory for a first creation, its generation through its
    /// stub, so that no other writer or reader takes a generation without a
    /// stub for someone else's (`isBeingCreated`). Returns the descriptor to
    /// give to `endCreation`; -1 if it cannot.
    package func lockForCreation() -> Int32 {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 { flock(fd, LOCK_EX) }
        return fd
    }

    package func endCreation(_ fd: Int32) {
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
    }

    /// Whether a writer holds the creation lock now.
    private func isBeingCreated() -> Bool {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }

    private func isEmptyOwnGeneration(_ name: String) -> Bool {
        guard let n = Self.generationNumber(name), isOwnGeneration(n) else { return false }
        guard let db = try? Database(path: generationPath(n)) else { return false }
        return (try? db.documentCount) == 0
    }
}
