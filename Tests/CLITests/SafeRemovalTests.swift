import Foundation
import Testing

/// Issue 11, case 3: removing a generation never follows a symbolic link.
@Suite struct SafeRemovalTests {
    let dir = TempDir()

    @Test func case3_removingAGenerationNeverFollowsALink() throws {
        let victim = dir.path + "/Documents"
        try FileManager.default.createDirectory(atPath: victim + "/sub", withIntermediateDirectories: true)
        try "precious\n".write(toFile: victim + "/sub/thesis.txt", atomically: false, encoding: .utf8)
        try "precious\n".write(toFile: victim + "/top.txt", atomically: false, encoding: .utf8)
        let cli = CLI(index: dir.path + "/index")
        let app = dir.write("a.jsonl", #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n")
        #expect(try cli.run(["index", app]).status == 0)
        // A link inside the old generation, and a link posing as a generation.
        try FileManager.default.createSymbolicLink(atPath: cli.index + "/gen-1/docs", withDestinationPath: victim)
        try FileManager.default.createSymbolicLink(atPath: cli.index + "/gen-1/file", withDestinationPath: victim + "/top.txt")
        try FileManager.default.createSymbolicLink(atPath: cli.index + "/gen-9", withDestinationPath: victim)
        #expect(try cli.run(["rebuild"]).status == 0)
        #expect(try cli.run(["index", app]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: cli.index + "/gen-1"))
        #expect(try String(contentsOfFile: victim + "/sub/thesis.txt", encoding: .utf8) == "precious\n")
        #expect(try String(contentsOfFile: victim + "/top.txt", encoding: .utf8) == "precious\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: cli.index + "/gen-9")) == victim)
    }
}
