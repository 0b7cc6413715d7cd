#if canImport(Glibc)
import Glibc
#endif

/// A failure of the operating system, with the path and what was being done.
public struct SystemError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ what: String, path: String, errno code: Int32 = errno) {
        description = "\(what) \(path): \(String(cString: strerror(code)))"
    }
    init(message: String) { description = message }
}

/// Small POSIX file helpers (no Foundation, to keep start-up cheap).
package enum Files {
    package static func read(_ path: String) throws(SystemError) -> [UInt8] {
        let fd = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw SystemError("cannot open", path: path) }
        defer { if fd != 0 { close(fd) } }
        var st = stat()
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
            throw SystemError(message: "cannot read \(path): it is a directory")
        }
        // Each chunk is read into uninitialised storage, sized from fstat (a
        // pipe or a /proc file says 0: 64 KiB). Zeroing a 64 KiB chunk on
        // every call was most of the cost of the stub check that a service
        // makes before each answer.
        let size = st.st_size > 0 ? min(Int(st.st_size) + 1, 1 << 24) : 1 << 16
        var out: [UInt8] = []
        while true {
            var failed = false
            let chunk = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                count = 0
                while true {
                    let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
                    if n < 0, errno == EINTR { continue }
                    if n < 0 { failed = true } else { count = n }
                    return
                }
            }
            if failed { throw SystemError("cannot read", path: path) }
            if chunk.isEmpty { break }
            if out.isEmpty { out = chunk } else { out += chunk }
        }
        return out
    }

    /// Writes `bytes` to `path` atomically: a temp file, fsync, then rename(2).
    package static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(SystemError) {
        let tmp = path + ".tmp-\(getpid())"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        if fd < 0 { throw SystemError("cannot create", path: tmp) }
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + off, $0.count - off) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno
                close(fd)
                unlink(tmp)
                throw SystemError("cannot write", path: tmp, errno: e)
            }
            off += n
        }
        fsync(fd)
        close(fd)
        if rename(tmp, path) != 0 {
            let e = errno
            unlink(tmp)
            throw SystemError("cannot rename onto", path: path, errno: e)
        }
        syncDirectory(of: path)
    }

    package static func syncDirectory(of path: String) {
        let dir = parent(path)
        let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 { fsync(fd); close(fd) }
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// A regular file this process may execute (symlinks followed).
    package static func isExecutableFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
    }

    /// The working directory; nil if it cannot be read (removed, too long).
    package static func workingDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// mkdir -p; the directories it makes get exactly `mode`, whatever the
    /// umask (`limelight` runs with 077): owner-only unless told otherwise,
    /// as an index holds a person's history; the files `desktop install`
    /// writes are for the shells and dbus-daemon, with `--system` every
    /// user's (0755, as `install -d` makes them).
    package static func makeDirectories(_ path: String) throws(SystemError) { try makeDirectories(path, mode: 0o700) }

    package static func makeDirectories(_ path: String, mode: mode_t) throws(SystemError) {
        if isDirectory(path) { return }
        let p = parent(path)
        if p != path, !p.isEmpty, p != "/", p != "." { try makeDirectories(p, mode: mode) }
        if mkdir(path, mode) == 0 {
            chmod(path, mode)
        } else if errno != EEXIST {
            throw SystemError("cannot create directory", path: path)
        }
    }

    /// The names in a directory; an unreadable one reads as empty (see
    /// `listStrictly` where that matters).
    package static func list(_ path: String) -> [String] { (try? listStrictly(path)) ?? [] }

    package static func environment(_ name: String) -> String? {
        guard let v = getenv(name) else { return nil }
        let s = String(cString: v)
        return s.isEmpty ? nil : s
    }

    /// Device and inode of `path` (symlinks followed): which file or
    /// directory the name stands for now; nil if it cannot be read.
    package static func identity(_ path: String) -> [UInt64]? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return [UInt64(st.st_dev), UInt64(st.st_ino)]
    }

    /// Total size of the files under path, in bytes.
    package static func size(_ path: String) -> Int {
        var st = stat()
        guard stat(path, &st) == 0 else { return 0 }
        if (st.st_mode & S_IFMT) != S_IFDIR { return Int(st.st_size) }
        return list(path).reduce(0) { $0 + size(path + "/" + $1) }
    }
}
