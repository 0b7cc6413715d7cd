#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport

/// The few POSIX calls the readers need (Foundation-free: CLI start-up time).
enum FileSystem {
    /// The whole of a regular file, or a `DesktopSourceError` saying why it
    /// cannot be read (`openRegularFile`).
    static func contents(of path: String) throws(DesktopSourceError) -> [UInt8] {
        let (fd, size) = try openRegularFile(path)
        defer { close(fd) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw failure(path, "cannot read") }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    /// The whole of a regular file of at most `maxBytes` (`openRegularFile`),
    /// read no further than its size: one that grows meanwhile is an error.
    static func regularFileContents(of path: String, maxBytes: Int) throws(DesktopSourceError) -> [UInt8] {
        let (fd, size) = try openRegularFile(path)
        defer { close(fd) }
        guard size <= maxBytes else {
            throw DesktopSourceError(file: path, line: 0, problem: "is more than \(maxBytes >> 20) MB")
        }
        // One byte more than its size: read, it says the file grew.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw failure(path, "cannot read") }
            if n == 0 { break }
            count += n
        }
        guard count <= size else { throw DesktopSourceError(file: path, line: 0, problem: "grew while it was read") }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// `path` opened for reading, and its size; the caller closes it. Opened
    /// without waiting and tested as opened, not by its path before: a FIFO
    /// put in a desktop file's place between the two blocked the open, and
    /// the sync with it, and a directory was read until the read failed.
    private static func openRegularFile(_ path: String) throws(DesktopSourceError) -> (fd: Int32, size: Int) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, "cannot open") }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let error = failure(path, "cannot read")
            close(fd)
            throw error
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw DesktopSourceError(file: path, line: 0, problem: "is not a regular file")
        }
        return (fd, Int(st.st_size))
    }

    private static func failure(_ path: String, _ what: String) -> DesktopSourceError {
        DesktopSourceError(file: path, line: 0, problem: "\(what): \(String(cString: strerror(errno)))")
    }

    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    static func status(_ path: String) -> stat? {
        var st = stat()
        return stat(path, &st) == 0 ? st : nil
    }

    /// What tells whether a file was written since: its inode, size and
    /// modification time (nil when it is not there).
    static func fingerprint(_ path: String) -> [Int]? {
        guard let st = status(path) else { return nil }
        return [Int(st.st_ino), Int(st.st_size), Int(st.st_mtim.tv_sec), Int(st.st_mtim.tv_nsec)]
    }

    static func isDirectory(_ path: String) -> Bool {
        guard let st = status(path) else { return false }
        return (st.st_mode & S_IFMT) == S_IFDIR
    }

    static func isRegularFile(_ path: String) -> Bool {
        guard let st = status(path) else { return false }
        return (st.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether a store's file is there: false only when it is not
    /// (ENOENT, ENOTDIR), which lets a sync empty the source as gone. One
    /// that cannot be reached (a directory on its path this user may not
    /// search, an I/O error, a home not mounted yet) or is not a regular
    /// file is an error, and what was imported from it is kept: such a
    /// store was taken for gone, and its items deleted with the uses
    /// recorded on them (an audit).
    static func storeIsThere(_ path: String) throws(DesktopSourceError) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return false }
            throw failure(path, "cannot reach it")
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw DesktopSourceError(file: path, line: 0, problem: "is not a regular file")
        }
        return true
    }

    /// A regular file this process may execute (what `TryExec` asks).
    static func isExecutableFile(_ path: String) -> Bool { Files.isExecutableFile(path) }

    /// When `path` was last modified (seconds since the epoch); nil if it is not there.
    static func modified(_ path: String) -> Int? { status(path).map { Int($0.st_mtim.tv_sec) } }

    /// The names in a directory, without `.` and `..`, sorted so that every
    /// reader's output is deterministic.
    static func names(in directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Copies a file byte for byte; false when the source does not exist.
    static func copy(_ source: String, to destination: String) throws(DesktopSourceError) -> Bool {
        guard isRegularFile(source) else { return false }
        // In pieces: a big history's places.sqlite (107 MB) was read whole
        // into memory to be written out, its pages faulted in at every sync.
        guard let input = fopen(source, "rb") else { throw failure(source, "cannot open") }
        defer { fclose(input) }
        guard let out = fopen(destination, "wb") else { throw failure(destination, "cannot create") }
        defer { fclose(out) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, input) }
            if count > 0, buffer.withUnsafeBytes({ fwrite($0.baseAddress, 1, count, out) }) != count {
                throw failure(destination, "cannot write")
            }
            if count < buffer.count {
                if ferror(input) != 0 { throw failure(source, "cannot read") }
                if fflush(out) != 0 { throw failure(destination, "cannot write") }
                return true
            }
        }
    }

    /// A new private directory under $TMPDIR (default /tmp).
    static func makeTemporaryDirectory(prefix: String) throws(DesktopSourceError) -> String {
        let base = environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw failure(base, "cannot make a temporary directory in") }
        return String(cString: made)
    }

    /// Removes a directory made by `makeTemporaryDirectory` and the plain files in it.
    static func removeTemporaryDirectory(_ path: String) {
        for name in names(in: path) { unlink(path + "/" + name) }
        rmdir(path)
    }

    /// The user's home: $HOME, else the password database.
    static func home() -> String {
        if let home = environment("HOME"), !home.isEmpty { return home }
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir { return String(cString: dir) }
        return "/"
    }
}

