import Foundation
import Testing

/// Issue 11, case 4: where the index is when --index does not say.
@Suite struct IndexLocationTests {
    let dir = TempDir()

    /// Runs limelight with exactly this environment (nothing inherited), in `cwd`.
    func bare(_ args: [String], env: [String: String], cwd: String) throws -> CLI.Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = args
        p.environment = env
        p.currentDirectoryURL = URL(fileURLWithPath: cwd)
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return CLI.Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    @Test func case4_anEmptyIndexIsAUsageErrorNotTheDefaultIndex() throws {
        let home = dir.path + "/home"
        let cli = CLI(index: home + "/.local/share/limelight/index")
        #expect(try cli.run(["index", dir.write("a.jsonl", #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n")]).status == 0)
        #expect(try cli.run(["donate", "--app", "com.example.a", "--at", "2026-11-01T07:00:00Z"]).status == 0)
        let r = try bare(["forget", "--all", "--index", ""], env: ["HOME": home], cwd: dir.path)
        #expect(r.status == 64)
        #expect(r.stderr.contains("--index needs a directory"), "\(r.stderr)")
        let r2 = try bare(["--index=", "forget", "--all"], env: ["HOME": home], cwd: dir.path)
        #expect(r2.status == 64)
        #expect(try cli.run(["export"]).stdout.contains("\"kind\":\"interaction\""))
    }

    @Test func case4_noHomeIsAnErrorAndARelativeXDGDataHomeIsIgnored() throws {
        let app = dir.write("a.jsonl", #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n")
        let work = dir.path + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        var r = try bare(["index", app], env: [:], cwd: work)
        #expect(r.status == 1)
        #expect(r.stderr.contains("HOME is not set"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work).isEmpty)
        let home = dir.path + "/home"
        r = try bare(["index", app], env: ["HOME": home, "XDG_DATA_HOME": "rel/data"], cwd: work)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work).isEmpty)
        #expect(FileManager.default.fileExists(atPath: home + "/.local/share/limelight/index/current"))
        r = try bare(["index", app], env: ["HOME": home, "XDG_DATA_HOME": dir.path + "/xdg"], cwd: work)
        #expect(FileManager.default.fileExists(atPath: dir.path + "/xdg/limelight/index/current"))
    }
}
