import Foundation
import Testing

/// Issue 11, case 6: `rebuild --from -` with empty input replaces nothing.
@Suite struct RebuildEmptyInputTests {
    let dir = TempDir()

    @Test func case6_emptyInputIsRefusedUnlessAllowed() throws {
        let cli = CLI(index: dir.path + "/index")
        #expect(try cli.run(["index", dir.write("a.jsonl", #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n")]).status == 0)
        let r = try cli.run(["rebuild", "--from", "-"], stdin: "")
        #expect(r.status == 65)
        #expect(r.stderr.contains("<stdin>: no records"), "\(r.stderr)")
        #expect(r.stderr.contains("--allow-empty"))
        #expect(try cli.documentCount() == 1)
        #expect(try cli.run(["rebuild", "--from", dir.write("empty.jsonl", "\n")]).status == 65)
        #expect(try cli.documentCount() == 1)
        let ok = try cli.run(["rebuild", "--from", "-", "--allow-empty"], stdin: "")
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try cli.documentCount() == 0)
    }
}
