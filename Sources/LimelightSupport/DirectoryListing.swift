#if canImport(Glibc)
import Glibc
#endif

extension Files {
    /// The names in a directory, or an error (`Files.list` reads an unreadable
    /// directory as empty, which must never pass for "no index here").
    package static func listStrictly(_ path: String) throws(SystemError) -> [String] {
        guard let dir = opendir(path) else { throw SystemError("cannot list", path: path) }
        defer { closedir(dir) }
        var out: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { out.append(name) }
        }
        return out.sorted()
    }
}
