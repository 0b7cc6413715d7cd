#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport
import LimelightStore

/// A directory of the test's own under /tmp, removed when released.
final class Scratch {
    let path: String

    init(_ name: String = "scratch") {
        var template = Array("/tmp/limelight-\(name)-XXXXXX".utf8CString)
        path = String(cString: mkdtemp(&template)!)
    }

    deinit { Files.removeTree(path) }

    func index(_ name: String = "index") -> IndexLocation { IndexLocation(path: path + "/" + name) }

    /// Writes `lines` as a JSON Lines file; returns its path.
    func write(_ name: String, _ lines: [String]) throws -> String {
        let p = path + "/" + name
        try Files.writeAtomically(p, Array((lines.joined(separator: "\n") + "\n").utf8))
        return p
    }
}
