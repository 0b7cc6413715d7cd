import Foundation
import Testing
import TestProcesses

/// A long-lived reader over a remote shard (`search --stdin --remote`, what a
/// launcher keeps open) outlives its server going away: the query asked
/// meanwhile is told on stderr and answered empty, and once the server is
/// back on its port the next is answered. It exited at the first failed
/// query (found by a helper's audit).
@Suite(.serialized) struct RemoteStdinTests {
    /// A shard's server named twice listed every hit of it twice.
    @Test func aRemoteShardGivenTwiceIsAUsageError() throws {
        let r = try LoopbackServers.run(CLI.binary, ["--remote", "127.0.0.1:9", "--remote", "127.0.0.1:9", "search", "x"])
        #expect(r.status == 64 && r.output.contains("--remote 127.0.0.1:9 is given twice"), "\(r.output)")
    }

    @Test func aReaderOutlivesItsRemoteShardGoingAway() throws {
        let dir = TempDir()
        let cli = CLI(index: dir.path + "/index")
        let records = """
            {"kind":"app","app":"com.example.trails","name":"Trails"}
            {"kind":"entity","app":"com.example.trails","type":"Trail","id":"t1","title":"Lantern Ridge"}

            """
        #expect(try cli.run(["index", dir.write("r.jsonl", records)]).status == 0)
        let servers = LoopbackServers()
        defer { servers.stop() }
        func serve(port: Int? = nil) throws -> Int {
            try servers.start("xapian-tcpsrv", port: port) { ["--interface", "127.0.0.1", "--port", String($0), cli.index + "/current"] }
        }
        let port = try serve()
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: CLI.binary)
        reader.arguments = ["--remote", "127.0.0.1:\(port)", "search", "--stdin", "--format", "lines"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        reader.standardInput = input
        reader.standardOutput = output
        reader.standardError = errors
        try reader.run()
        var pending = Data()
        /// One answer: the lines up to the empty line that ends it.
        func ask(_ query: String) -> [String]? {
            input.fileHandleForWriting.write(Data((query + "\n").utf8))
            while true {
                if let end = pending.range(of: Data("\n\n".utf8)) ?? (pending.first == 0x0A ? pending.startIndex..<pending.startIndex + 1 : nil) {
                    let answer = String(decoding: pending[pending.startIndex..<end.lowerBound], as: UTF8.self)
                    pending = Data(pending[end.upperBound...])
                    return answer.isEmpty ? [] : answer.split(separator: "\n").map(String.init)
                }
                let more = output.fileHandleForReading.availableData
                if more.isEmpty { return nil }  // it exited
                pending += more
            }
        }
        #expect(ask("lantern") == ["Lantern Ridge"])
        // The server and the child it forked for this reader, by their command line.
        let killed = try LoopbackServers.run("pkill", ["-KILL", "-f", "^xapian-tcpsrv --interface 127.0.0.1 --port \(port) "])
        #expect(killed.status == 0, "\(killed.output)")
        #expect(ask("lantern") == [])
        #expect(reader.isRunning)
        _ = try serve(port: port)
        #expect(ask("lantern") == ["Lantern Ridge"])
        try input.fileHandleForWriting.close()
        reader.waitUntilExit()
        let told = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(reader.terminationStatus == 1)
        #expect(told.contains("Error: \"lantern\": search failed: NetworkError") && told.contains("1 query could not be answered"), "\(told)")
    }
}
