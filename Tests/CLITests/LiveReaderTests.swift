import Foundation
import Testing

/// Issue 11, case 7: a reader that stays open answers from the index as it is
/// now, and each answer is flushed as it is asked for.
@Suite struct LiveReaderTests {
    let dir = TempDir()

    /// Reads one line from `fd`, waiting at most `timeout` seconds.
    func readLine(_ fd: Int32, timeout: Double = 10) -> String? {
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

    @Test func case7_searchStdinSeesRebuildsDeletesAndNewCommits() throws {
        let cli = CLI(index: dir.path + "/index")
        var lines = #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n"
        for id in ["keep", "gone"] { lines += #"{"kind":"entity","app":"com.example.a","type":"T","id":"\#(id)","title":"Lantern \#(id)"}"# + "\n" }
        #expect(try cli.run(["index", dir.write("a.jsonl", lines)]).status == 0)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["--index", cli.index, "search", "--stdin", "--json"]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = FileHandle.nullDevice
        try p.run()
        // End of input ends it (SIGTERM may be blocked in a child of Process).
        defer { try? input.fileHandleForWriting.close(); p.waitUntilExit() }
        func ask(_ q: String) -> String? {
            input.fileHandleForWriting.write(Data((q + "\n").utf8))
            return readLine(output.fileHandleForReading.fileDescriptor)
        }
        let first = ask("lantern")
        #expect(first?.contains("\"id\":\"gone\"") == true, "\(first ?? "no answer (not flushed?)")")
        #expect(try cli.run(["rebuild"]).status == 0)
        #expect(try cli.run(["delete", "--app", "com.example.a", "--type", "T", "--id", "gone"]).status == 0)
        let second = ask("lantern")
        #expect(second?.contains("\"id\":\"keep\"") == true, "\(second ?? "no answer")")
        #expect(second?.contains("\"id\":\"gone\"") == false, "\(second ?? "no answer")")
        // A new commit to the same generation is seen too.
        let more = #"{"kind":"entity","app":"com.example.a","type":"T","id":"new","title":"Lantern new"}"# + "\n"
        #expect(try cli.run(["index", dir.write("b.jsonl", more)]).status == 0)
        let third = ask("lantern")
        #expect(third?.contains("\"id\":\"new\"") == true, "\(third ?? "no answer")")
        // The old generation is not held by this reader any more.
        #expect(try cli.run(["compact"]).status == 0)
        #expect(ask("lantern")?.contains("\"id\":\"new\"") == true)
    }
}
