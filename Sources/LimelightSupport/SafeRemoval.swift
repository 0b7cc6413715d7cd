#if canImport(Glibc)
import Glibc
#endif

extension Files {
    /// rm -r that never follows a symbolic link (for old generations and
    /// cancelled rebuilds): a link is removed, never what it points to. Each
    /// level is opened with O_NOFOLLOW relative to its parent's descriptor and
    /// its entries are examined with AT_SYMLINK_NOFOLLOW, so a link planted in
    /// (or swapped into) the tree cannot lead the removal outside it.
    package static func removeTree(_ path: String) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        guard (st.st_mode & S_IFMT) == S_IFDIR else { unlink(path); return }
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return }
        removeContents(fd)
        close(fd)
        rmdir(path)
    }

    /// Removes everything inside the directory `fd` (which stays open).
    private static func removeContents(_ fd: Int32) {
        let copy = dup(fd)
        guard copy >= 0, let dir = fdopendir(copy) else { if copy >= 0 { close(copy) }; return }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(dir)
        for name in names {
            var st = stat()
            guard fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            if (st.st_mode & S_IFMT) == S_IFDIR {
                let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else { continue }
                removeContents(child)
                close(child)
                unlinkat(fd, name, AT_REMOVEDIR)
            } else {
                unlinkat(fd, name, 0)
            }
        }
    }
}
