import Foundation
import Testing

/// Issue 11, case 9: long keys are checked before the work they bound, at
/// linear cost, and SIGTERM is honoured.
@Suite struct LinearLimitsTests {
    let dir = TempDir()
    let cli: CLI

    init() throws {
        cli = CLI(index: dir.path + "/index")
        try cli.run(["index", dir.write("base.jsonl", #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n")])
    }

    func timed(_ body: () throws -> CLI.Result) rethrows -> (CLI.Result, Double) {
        let start = Date()
        let r = try body()
        return (r, Date().timeIntervalSince(start))
    }

    @Test func case9_aLongWordInAPropertyIndexesInLinearTime() throws {
        let word = String(repeating: "w", count: 20_000)
        let line = #"{"kind":"entity","app":"com.example.a","type":"T","id":"x","title":"t","properties":{"p":"\#(word)"}}"#
        let (r, seconds) = try timed { try cli.run(["index", dir.write("w.jsonl", line + "\n")]) }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(seconds < 1, "\(seconds) s")
    }

    @Test func case9_aLongPropertyNameIsRejectedAtOnce() throws {
        let name = String(repeating: "n", count: 500_000)
        let line = #"{"kind":"entity","app":"com.example.a","type":"T","id":"x","title":"t","properties":{"\#(name)":1}}"#
        let (r, seconds) = try timed { try cli.run(["index", dir.write("n.jsonl", line + "\n")]) }
        #expect(r.status == 65)
        #expect(r.stderr.contains("property names are at most 200"), "\(r.stderr.prefix(300))")
        #expect(seconds < 1, "\(seconds) s")
    }

    @Test func case9_longIdsOnTheCommandLineAndStdinAreRejectedAtOnce() throws {
        let long = String(repeating: "i", count: 100_000)
        for args in [["get", "--app", "com.example.a", "--type", "T", "--id", long],
                     ["delete", "--app", "com.example.a", "--type", "T", "--id", long],
                     ["resolve", "--app", "com.example.a", "--type", "T", long],
                     ["donate", "--app", "com.example.a", "--entity", "T/" + long]] {
            let (r, seconds) = try timed { try cli.run(args) }
            #expect(r.status == 64, "\(args[0]): \(r.stderr.prefix(200))")
            #expect(r.stderr.contains("identifiers are at most 200"))
            #expect(seconds < 1, "\(args[0]): \(seconds) s")
        }
        let (r, seconds) = try timed {
            try cli.run(["resolve", "--app", "com.example.a", "--type", "T", "--stdin"], stdin: "ok\n" + String(repeating: "i", count: 2_000_000) + "\n")
        }
        #expect(r.status == 65)
        #expect(r.stderr.contains("<stdin>:2: the id is 2000000 bytes long"), "\(r.stderr.prefix(200))")
        #expect(seconds < 1, "\(seconds) s")
    }

    @Test func case9_sigtermEndsAnIndexRunPromptly() throws {
        var text = ""
        for i in 0..<100_000 { text += #"{"kind":"entity","app":"com.example.a","type":"T","id":"e\#(i)","title":"Item \#(i)"}"# + "\n" }
        let err = Pipe()
        let p = try cli.start(["index", dir.write("big.jsonl", text)], stderr: err)
        cli.waitForWriter(p)
        let start = Date()
        kill(p.processIdentifier, SIGTERM)
        p.waitUntilExit()
        #expect(Date().timeIntervalSince(start) < 4.5)
        #expect(p.terminationStatus == 130)
        // Said, whether the job reached its safe point or the deadline ended it (it ended it silently).
        let told = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(told.contains("cancelled"), "\(told)")
        #expect(try cli.documentCount() == 1)
    }
}
