#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport
import LimelightModel
import LimelightRanking

/// Donations that arrived while another process held the index: one JSON line
/// each, appended and fsync'd to `donations.journal` beside the generations,
/// so `donate` and `open` return at once whatever else holds the write lock.
/// The next writer folds them in before anything else (`IndexWriter.open`);
/// until then searches and suggestions count them (`pendingUsage`).
///
/// Appenders and the folding writer take an exclusive `flock` on the file for
/// the length of one append or one fold, so no line is written into a journal
/// that is being emptied. Each donation carries an id of its own (time, pid,
/// a random part), so two launches are two uses, and a fold that is cut short
/// after its commit and repeated does not count any twice.
package enum DonationJournal {
    package static func path(_ location: IndexLocation) -> String { location.path + "/donations.journal" }

    /// A fresh donation id: never derived from the content.
    package static func newID() -> String {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        let random = UInt64.random(in: 0...UInt64.max)
        return "j-\(t.tv_sec).\(t.tv_nsec)-\(getpid())-\(String(random & 0xffff_ffff, radix: 16))"
    }

    /// Appends `records` (interactions with ids) durably: when this returns,
    /// they survive a crash or power loss of this process.
    package static func append(_ records: [Record], to location: IndexLocation) throws(StoreError) {
        try location.checkWritable()
        do { try Files.makeDirectories(location.path) } catch { throw StoreError.io(error.description) }
        var bytes: [UInt8] = []
        for r in records { bytes += Array(r.json.serialized.utf8); bytes.append(0x0A) }
        let file = path(location)
        // O_NOFOLLOW: a link planted in the index directory is not written
        // through (the journal is emptied once folded: its target would be).
        let fd = open(file, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else {
            let why = errno == ELOOP ? "it is a symbolic link, and Limelight writes only files of its own" : String(cString: strerror(errno))
            throw StoreError.io("cannot write \(file): \(why)")
        }
        defer { close(fd) }
        flock(fd, LOCK_EX)
        // A failed append (a full disk, a crash) can leave half a line; these
        // records go on a line of their own, or the two would be one line
        // that reads as neither and is dropped when folded: a donation that
        // had been reported recorded was lost. What a failed write leaves is
        // cut back where it can be.
        let start = lseek(fd, 0, SEEK_END)
        var last: UInt8 = 0x0A
        if start > 0, pread(fd, &last, 1, start - 1) == 1, last != 0x0A { bytes.insert(0x0A, at: 0) }
        func failed(_ what: String) -> StoreError {
            let why = String(cString: strerror(errno))
            if start >= 0 { _ = ftruncate(fd, start) }
            return StoreError.io("cannot \(what) \(file): \(why)")
        }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failed("write")
            }
            offset += n
        }
        if fsync(fd) != 0 { throw failed("sync") }
    }

    /// The donations waiting in the journal. A missing or empty journal costs
    /// one `stat`; a torn last line (a crash mid-append) is ignored.
    package static func pending(_ location: IndexLocation) -> [Record] {
        let file = path(location)
        var st = stat()
        guard stat(file, &st) == 0, st.st_size > 0, let bytes = try? Files.read(file) else { return [] }
        return parse(bytes)
    }

    static func parse(_ bytes: [UInt8]) -> [Record] {
        var out: [Record] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            if let json = try? JSON.parse(Array(bytes[start..<i])), let r = try? Record(json: json), r.kind == .interaction {
                out.append(r)
            }
            start = i + 1
        }
        return out
    }

    /// Takes the journal's donations and hands them to `fold` (which commits
    /// them); empties the journal only once `fold` returned. Holds the lock
    /// meanwhile, so appenders wait for one commit at most.
    package static func fold<E: Error>(_ location: IndexLocation, _ fold: ([Record]) throws(E) -> Void) throws(E) {
        let file = path(location)
        var st = stat()
        guard stat(file, &st) == 0, st.st_size > 0 else { return }
        let fd = open(file, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return }
        defer { close(fd) }
        flock(fd, LOCK_EX)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        let records = parse(bytes)
        if !records.isEmpty { try fold(records) }
        ftruncate(fd, 0)
        fsync(fd)
    }

    /// What the journal's donations credit, by item, for a reader to add to
    /// the usage it read from the index: the entities named, the App Shortcut
    /// named (bound to an entity of its parameter when one is named — the
    /// reader has no shortcut records, so an unbound one counts too), and the
    /// app for a launch.
    package static func pendingUsage(_ location: IndexLocation) -> [ItemKey: [UsageEvent]] {
        var out: [ItemKey: [UsageEvent]] = [:]
        for r in pending(location) {
            guard let at = r.at else { continue }
            let event = UsageEvent(at: at, contexts: r.contexts)
            for e in r.entityRefs { out[.entity(app: r.app, e), default: []].append(event) }
            if let s = r.shortcut {
                out[.shortcut(app: r.app, id: s), default: []].append(event)
                for e in r.entityRefs { out[.shortcut(app: r.app, id: s, boundTo: e), default: []].append(event) }
            }
            if r.intent == nil, r.shortcut == nil { out[.app(r.app), default: []].append(event) }
        }
        return out
    }
}
