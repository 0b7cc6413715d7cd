import Foundation
import Testing

/// A disk that fills during `index`. Needs root, to mount a small tmpfs
/// (CI runs as root); elsewhere the test does not run.
@Suite struct DiskFullTests {
    static func mount(_ dir: String, megabytes: Int) -> Bool {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else { return false }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/mount")
        p.arguments = ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", dir]
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }

    static func unmount(_ dir: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/umount")
        p.arguments = [dir]
        try? p.run()
        p.waitUntilExit()
    }

    static let canMount: Bool = {
        let dir = TempDir()
        defer { withExtendedLifetime(dir) {} }
        guard mount(dir.path, megabytes: 1) else { return false }
        unmount(dir.path)
        return true
    }()

    /// With 33 MB, a second batch of 20,000 entities fills the disk where
    /// libxapian flushes pending values inside a match (the App Shortcuts'
    /// bound entities) and throws again while unwinding: std::terminate,
    /// SIGABRT, exit 134. It now exits 1 saying why, and the index keeps its
    /// last commit.
    @Test(.enabled(if: DiskFullTests.canMount)) func aDiskFullDuringIndexIsAnErrorAndKeepsTheLastCommit() throws {
        let dir = TempDir(), disk = TempDir()
        defer { withExtendedLifetime(dir) {} }
        #expect(Self.mount(disk.path, megabytes: 33))
        defer { Self.unmount(disk.path) }
        let cli = CLI(index: disk.path + "/index")
        #expect(try cli.run(["index"] + IndexJobTests.corpusFiles()).status == 0)
        let before = try cli.run(["export"]).stdout
        let big = (0..<20_000).map {
            #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"x\#($0)","title":"Trail number \#($0) of the big batch","subtitle":"some words here to take space \#($0 * 7919)","rankingHint":\#($0 % 10)}"#
        }
        let r = try cli.run(["index", dir.write("big.jsonl", big.joined(separator: "\n") + "\n")])
        #expect(r.status == 1, "\(r.status): \(r.stderr)")
        #expect(r.stderr.contains("No space left on device"), "\(r.stderr)")
        #expect(try cli.run(["export"]).stdout == before)
        #expect(try cli.run(["search", "trail"]).status == 0)
    }
}
