import Foundation
import Testing

/// Issue 11, case 5: conflicting forget selectors are a usage error.
@Suite struct ForgetSelectorTests {
    let dir = TempDir()

    @Test func case5_conflictingSelectorsAreAUsageErrorAndForgetNothing() throws {
        let cli = CLI(index: dir.path + "/index")
        var lines = ""
        for app in ["com.example.mail", "com.example.notes"] {
            lines += #"{"kind":"app","app":"\#(app)","name":"X"}"# + "\n"
            lines += #"{"kind":"interaction","app":"\#(app)","at":"2026-11-26T07:00:00Z"}"# + "\n"
        }
        #expect(try cli.run(["index", dir.write("a.jsonl", lines)]).status == 0)
        for args in [["--app", "com.example.mail", "--from", "2026-11-25T00:00:00Z"],
                     ["--app", "com.example.mail", "--all"],
                     ["--id", "x", "--all"],
                     ["--to", "2026-11-27T00:00:00Z", "--all"],
                     ["--intent", "OpenMail"]] {
            let r = try cli.run(["forget"] + args)
            #expect(r.status == 64, "\(args): \(r.stderr)")
            #expect(r.stderr.hasPrefix("Error: "), "\(r.stderr)")
        }
        let export = try cli.run(["export"]).stdout
        #expect(export.components(separatedBy: "\"kind\":\"interaction\"").count - 1 == 2)
        let ok = try cli.run(["forget", "--app", "com.example.mail"])
        #expect(ok.status == 0)
        #expect(ok.stdout.contains("Forgot 1 donation"))
    }
}
