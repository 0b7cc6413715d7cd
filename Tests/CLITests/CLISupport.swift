import Foundation
import Testing
import TestProcesses

/// Runs the built `limelight` binary as a user would and captures its output.
struct CLI: Sendable {
    static let binary: String = {
        // The test bundle lives next to the products it was built with.
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if dir.lastPathComponent.hasSuffix(".xctest") { dir = dir.deletingLastPathComponent() }
        for candidate in [dir, dir.deletingLastPathComponent()] {
            let p = candidate.appendingPathComponent("limelight").path
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return dir.appendingPathComponent("limelight").path
    }()

    static let repoRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url = url.deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        }
        return FileManager.default.currentDirectoryPath
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
        var json: [[String: Any]] {
            lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
    }

    let index: String

    @discardableResult
    func run(_ args: [String], stdin: String? = nil, env: [String: String] = [:], directory: String? = nil) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        p.arguments = ["--index", index] + args
        var environment = ProcessInfo.processInfo.environment
        for (k, v) in env { environment[k] = v }
        p.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// Starts `limelight` in the background (output discarded unless piped).
    func start(_ args: [String], stderr: Pipe? = nil) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["--index", index] + args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = stderr ?? FileHandle.nullDevice
        try p.run()
        return p
    }

    /// Waits until a started writer holds the index (its pid is in writer.pid).
    func waitForWriter(_ p: Process, timeout: Double = 30) {
        let deadline = Date().addingTimeInterval(timeout)
        while p.isRunning, Date() < deadline {
            if let s = try? String(contentsOfFile: index + "/writer.pid", encoding: .utf8), s.hasPrefix("\(p.processIdentifier)") { return }
            usleep(2_000)
        }
    }

    func documentCount() throws -> Int {
        let r = try run(["stats", "--json"])
        let o = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        return o?["documents"] as? Int ?? -1
    }
}

final class TempDir: Sendable {
    let path: String
    init() {
        var template = Array("/tmp/limelight-cli-XXXXXX".utf8CString)
        path = String(cString: mkdtemp(&template)!)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ name: String, _ text: String) -> String {
        let p = path + "/" + name
        _ = FileManager.default.createFile(atPath: p, contents: Data(text.utf8))
        return p
    }
}

/// The bundled corpus, indexed once per test process (read-only tests share it).
enum CorpusIndex {
    static let dir: TempDir = {
        let dir = TempDir()
        removeAtExit(dir.path)
        return dir
    }()
    static let cli: CLI = {
        let cli = CLI(index: dir.path + "/index")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: CLI.repoRoot + "/corpus"))?
            .filter { $0.hasSuffix(".jsonl") }.sorted().map { CLI.repoRoot + "/corpus/" + $0 } ?? []
        _ = try? cli.run(["index"] + files)
        return cli
    }()
}

/// `limelight search --stdin --json …` left running, as a launcher keeps it:
/// `ask` writes one query and reads its one answer line.
final class StdinSearch {
    private let process = Process()
    private let input = Pipe(), output = Pipe()

    init(_ cli: CLI, _ args: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["--index", cli.index, "search", "--stdin", "--json"] + args
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// The answer line, or nil if none came within `timeout` seconds (not flushed?).
    func ask(_ query: String, timeout: Double = 10) -> String? {
        input.fileHandleForWriting.write(Data((query + "\n").utf8))
        let fd = output.fileHandleForReading.fileDescriptor
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, 100) <= 0 { continue }
            var b: UInt8 = 0
            if read(fd, &b, 1) != 1 { return nil }
            if b == 10 { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(b)
        }
        return nil
    }

    /// Ends it by ending its input (SIGTERM may be blocked in a child of Process).
    func close() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
