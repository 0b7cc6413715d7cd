#if canImport(Glibc)
import Glibc
#endif
import LimelightKit

/// The path this program was invoked by, for files that start it again
/// (`desktop install`'s D-Bus service and desktop entry), as a shell would
/// find it: `argv[0]` if it holds a slash (made absolute against the working
/// directory), else the first match of it in `$PATH`. Symbolic links are
/// kept, not resolved: a Homebrew Cellar, a Nix profile or ~/bin/limelight
/// linking to a versioned directory point at the current version, and the
/// target an upgrade removes (what /proc/self/exe names) left D-Bus nothing
/// to start. /proc/self/exe only when neither finds an executable.
enum InvokedPath {
    static func current() -> String {
        find(argv0: CommandLine.arguments.first ?? "", path: Files.environment("PATH"),
             cwd: Files.workingDirectory()) ?? procSelfExe() ?? CommandLine.arguments.first ?? "limelight"
    }

    /// The pure part of `current()`: nil when `argv0` names no executable file.
    static func find(argv0: String, path: String?, cwd: String?) -> String? {
        if argv0.contains("/") {
            let candidate = argv0.hasPrefix("/") ? argv0 : cwd.map { lexicallyJoined($0, argv0) }
            return candidate.flatMap { Files.isExecutableFile($0) ? $0 : nil }
        }
        guard !argv0.isEmpty, let path else { return nil }
        // An empty entry of $PATH is the working directory, as the shell reads it.
        for entry in path.split(separator: ":", omittingEmptySubsequences: false) {
            let dir = entry.isEmpty ? cwd : entry.hasPrefix("/") ? String(entry) : cwd.map { lexicallyJoined($0, String(entry)) }
            guard let dir else { continue }
            let candidate = dir.hasSuffix("/") ? dir + argv0 : dir + "/" + argv0
            if Files.isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    /// `base/relative` without its `.` components. `..` is kept: across a
    /// symbolic link it does not mean the textual parent.
    static func lexicallyJoined(_ base: String, _ relative: String) -> String {
        let parts = (base + "/" + relative).split(separator: "/").filter { $0 != "." }
        return "/" + parts.joined(separator: "/")
    }

    private static func procSelfExe() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
