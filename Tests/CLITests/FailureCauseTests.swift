import Foundation
import Testing

/// Issue 11, case 12: the real cause of a failure, with the right exit code.
@Suite struct FailureCauseTests {
    let dir = TempDir()

    /// Runs limelight as the unprivileged user 65534 (permissions do not bind root).
    func asNobody(_ args: [String]) throws -> CLI.Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        p.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", CLI.binary] + args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return CLI.Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    func chmodTree(_ path: String, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode, .ownerAccountID: 65534], ofItemAtPath: path)
        for f in try FileManager.default.subpathsOfDirectory(atPath: path) {
            var isDir: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path + "/" + f, isDirectory: &isDir)
            try FileManager.default.setAttributes([.posixPermissions: isDir.boolValue ? mode : mode & 0o666, .ownerAccountID: 65534],
                                                  ofItemAtPath: path + "/" + f)
        }
    }

    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func case12_readOnlyAndUnreadableIndexesSaySo() throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
        let cli = CLI(index: dir.path + "/index")
        let app = dir.write("a.jsonl", #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: app)
        #expect(try cli.run(["index", app]).status == 0)
        try chmodTree(cli.index, 0o555)
        let start = Date()
        var r = try asNobody(["--index", cli.index, "index", app])
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write to the index") && r.stderr.contains("Permission denied"), "\(r.stderr)")
        #expect(try asNobody(["--index", cli.index, "search", "alpha"]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: cli.index)
        r = try asNobody(["--index", cli.index, "search", "alpha"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("Permission denied") && !r.stderr.contains("no index"), "\(r.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: cli.index)
    }

    /// A damaged stored record (its compressed block overwritten) is called
    /// damaged with the way out, as a damaged version file is; it was
    /// "DatabaseError: inflate failed (…)" (a black-box audit).
    @Test func aDamagedStoredRecordIsCalledDamaged() throws {
        let words = ["trail", "coast", "river", "forest", "summit", "valley", "meadow", "canyon", "harbor", "ridge"]
        let records = (0..<400).map { i in
            let text = (0..<40).map { words[($0 * 7 + i) % words.count] + String(($0 + i) % 13) }.joined(separator: " ")
            return #"{"kind":"entity","app":"com.example.a","type":"T","id":"e\#(i)","title":"Item \#(i)","description":"\#(text)"}"#
        }
        let source = dir.write("many.jsonl", (["{\"kind\":\"app\",\"app\":\"com.example.a\",\"name\":\"A\"}"] + records).joined(separator: "\n") + "\n")
        let original = dir.path + "/original"
        #expect(try CLI(index: original).run(["index", source]).status == 0)
        var damagedSeen = 0
        for offset in [9_000, 20_000, 40_000, 60_000] {
            let copy = dir.path + "/copy-\(offset)"
            try FileManager.default.copyItem(atPath: original, toPath: copy)
            let generation = try #require(try FileManager.default.contentsOfDirectory(atPath: copy).first { $0.hasPrefix("gen-") })
            let file = copy + "/" + generation + "/docdata.glass"
            var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            guard bytes.count > offset + 64 else { continue }
            bytes.replaceSubrange(offset..<offset + 64, with: Data(repeating: 0xAA, count: 64))
            try bytes.write(to: URL(fileURLWithPath: file))
            let r = try CLI(index: copy).run(["export"])
            if r.status != 0 {
                #expect(r.status == 1 && r.stderr.contains("is damaged") && r.stderr.contains("rebuild --from"), "\(r.stderr)")
                #expect(!r.stderr.contains("DatabaseError"), "\(r.stderr)")
                damagedSeen += 1
            }
        }
        #expect(damagedSeen > 0, "no overwrite damaged a stored record: the check tested nothing")
    }

    @Test func case12_aLockTimeoutThatIsNotANumberOfSecondsIsAnError() throws {
        let cli = CLI(index: dir.path + "/index")
        let app = dir.write("a.jsonl", #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n")
        for v in ["nan", "inf", "-1", "soon", "0x10", "1e3", "+5", "1.2.3"] {
            let r = try cli.run(["index", app], env: ["LIMELIGHT_LOCK_TIMEOUT": v])
            #expect(r.status == 64, "\(v): \(r.stderr)")
            #expect(r.stderr.contains("LIMELIGHT_LOCK_TIMEOUT must be a number of seconds"), "\(r.stderr)")
        }
        #expect(try cli.run(["index", app], env: ["LIMELIGHT_LOCK_TIMEOUT": "0.5"]).status == 0)
        // The same for the writes that need not wait for the lock: nothing is written.
        for command in [["donate", "--app", "com.example.a"], ["history", "retain", "30"], ["history", "pause"]] {
            let r = try cli.run(command, env: ["LIMELIGHT_LOCK_TIMEOUT": "nan"])
            #expect(r.status == 64, "\(command): \(r.stderr)")
            #expect(r.stderr.contains("LIMELIGHT_LOCK_TIMEOUT must be a number of seconds"), "\(r.stderr)")
        }
        #expect(try cli.run(["export"]).stdout.components(separatedBy: "\n").filter { $0.contains(#""kind":"interaction""#) }.isEmpty)
        let history = try cli.run(["history", "status"]).stdout
        #expect(history.contains("History: recording\nRetention: kept until forgotten"), "\(history)")
    }
}
