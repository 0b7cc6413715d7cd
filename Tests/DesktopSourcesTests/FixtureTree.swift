import Glibc

/// A fresh directory under /tmp holding a fixture tree; removed with the value.
final class FixtureTree {
    let root: String

    init() {
        var template = Array("/tmp/limelight-desktop-XXXXXX".utf8CString)
        root = String(cString: mkdtemp(&template)!)
    }

    deinit { remove(root) }

    /// Writes `text` at `relativePath`, making the directories on the way.
    @discardableResult
    func write(_ relativePath: String, _ text: String, mode: mode_t = 0o644) -> String {
        write(relativePath, bytes: Array(text.utf8), mode: mode)
    }

    @discardableResult
    func write(_ relativePath: String, bytes: [UInt8], mode: mode_t = 0o644) -> String {
        let path = root + "/" + relativePath
        makeDirectories(String(path[..<path.lastIndex(of: "/")!]))
        let file = fopen(path, "wb")!
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        chmod(path, mode)
        return path
    }

    @discardableResult
    func directory(_ relativePath: String) -> String {
        let path = root + "/" + relativePath
        makeDirectories(path)
        return path
    }

    func path(_ relativePath: String) -> String { root + "/" + relativePath }

    private func makeDirectories(_ path: String) {
        var prefix = ""
        for part in path.split(separator: "/") {
            prefix += "/" + part
            mkdir(prefix, 0o755)
        }
    }

    private func remove(_ path: String) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            if let dir = opendir(path) {
                var names: [String] = []
                while let entry = readdir(dir) {
                    let name = withUnsafePointer(to: entry.pointee.d_name) {
                        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                    }
                    if name != "." && name != ".." { names.append(name) }
                }
                closedir(dir)
                for name in names { remove(path + "/" + name) }
            }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
