import Glibc
import Testing
@testable import Xapian

// Shared helpers for the Xapian bridge tests: temporary directories, byte
// helpers, small fixtures, and error assertions.

/// Runs `body` with a fresh directory made by mkdtemp under /tmp, then removes
/// the directory and everything in it (even if `body` throws).
func withTempDirectory<R>(_ body: (String) throws -> R) throws -> R {
    var template = Array("/tmp/xapian-tests-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard made != nil else {
        throw TestSupportError("mkdtemp failed: errno \(errno)")
    }
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { removeTree(path) }
    return try body(path)
}

/// Opens a writer on a database whose last writer has just closed. Xapian's
/// write lock is an fcntl lock on a close-on-exec descriptor; while another test
/// in this process spawns a child, the child holds a copy of that descriptor
/// until it execs, so the lock can outlive `close()` by a moment (beside a thread
/// spawning /bin/true in a loop, 244 of 2,000 reopens failed). The index writer
/// retries for the same reason; here for up to 10 s, then the lock error stands.
func reopenWritable(_ open: () throws -> WritableDatabase) throws -> WritableDatabase {
    var attempts = 0
    while true {
        do {
            return try open()
        } catch let error as XapianError where error.kind == .databaseLock && attempts < 200 {
            attempts += 1
            usleep(50_000)
        }
    }
}

struct TestSupportError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `rm -rf path`: removes files, recursing into directories (never following
/// symlinks). Best effort.
func removeTree(_ path: String) {
    var st = stat()
    guard lstat(path, &st) == 0 else { return }
    if (st.st_mode & S_IFMT) == S_IFDIR {
        if let dir = opendir(path) {
            var children: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
                }
                if name != "." && name != ".." { children.append(path + "/" + name) }
            }
            closedir(dir)
            children.forEach(removeTree)
        }
        rmdir(path)
    } else {
        unlink(path)
    }
}

/// True if something exists at `path`.
func pathExists(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0
}

/// True if `path` is a directory.
func isDirectory(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
}

/// True if `path` is a regular file.
func isRegularFile(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
}

/// The size of the file at `path`, or -1.
func fileSize(_ path: String) -> Int {
    var st = stat()
    return stat(path, &st) == 0 ? Int(st.st_size) : -1
}

/// Writes `bytes` at `offset` of an existing file (no truncation).
func overwrite(_ path: String, at offset: Int, with bytes: [UInt8]) throws {
    let fd = open(path, O_WRONLY)
    guard fd >= 0 else { throw TestSupportError("open \(path) failed: errno \(errno)") }
    defer { close(fd) }
    let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
    guard n == bytes.count else { throw TestSupportError("pwrite \(path) wrote \(n)") }
}

/// Creates (or truncates) a file with `contents`.
func writeFile(_ path: String, _ contents: [UInt8]) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { throw TestSupportError("create \(path) failed: errno \(errno)") }
    defer { close(fd) }
    let n = contents.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    guard n == contents.count else { throw TestSupportError("write \(path) wrote \(n)") }
}

/// UTF-8 bytes of a string.
func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

/// The document ids of a match set, in rank order.
func ids(_ m: MatchSet) -> [UInt32] { m.matches.map(\.documentID) }

/// A document with the given plain terms (wdf 1 each), data and numeric values.
func makeDocument(terms: [String] = [], booleanTerms: [String] = [], data: String = "",
                  numbers: [UInt32: Double] = [:], values: [UInt32: String] = [:]) throws -> Document {
    let doc = Document()
    for t in terms { try doc.addTerm(t) }
    for t in booleanTerms { try doc.addBooleanTerm(t) }
    if !data.isEmpty { try doc.setData(data) }
    for (slot, n) in numbers { try doc.setValue(slot, number: n) }
    for (slot, v) in values { try doc.setValue(slot, bytes(v)) }
    return doc
}

/// Runs `query` against `db` and returns all hits (up to `count`).
func search(_ db: Database, _ query: Query, count: Int = 100,
            configure: (Enquire) throws -> Void = { _ in }) throws -> MatchSet {
    let enquire = try Enquire(db)
    enquire.query = query
    try configure(enquire)
    return try enquire.matches(first: 0, count: count, checkAtLeast: count)
}

/// Asserts that `body` throws a XapianError of `kind` with a non-empty message,
/// and returns that error (nil if the expectation failed).
@discardableResult
func expectXapianError<R>(_ kind: XapianError.Kind,
                          sourceLocation: SourceLocation = #_sourceLocation,
                          _ body: () throws -> R) -> XapianError? {
    do {
        let result = try body()
        Issue.record("expected \(kind.rawValue), but the call succeeded with \(result)",
                     sourceLocation: sourceLocation)
        return nil
    } catch let error as XapianError {
        #expect(error.kind == kind, "got \(error)", sourceLocation: sourceLocation)
        #expect(!error.message.isEmpty, "empty message for \(error.kind)", sourceLocation: sourceLocation)
        return error.kind == kind ? error : nil
    } catch {
        Issue.record("expected XapianError \(kind.rawValue), got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
