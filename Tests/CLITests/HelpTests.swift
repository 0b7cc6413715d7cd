import Foundation
import Testing
import LimelightKit
@testable import limelight

/// Every command's help, compared with the text in Tests/CLITests/Help/
/// (LIMELIGHT_UPDATE_GOLDEN=1 rewrites those files from the binary).
@Suite struct HelpGoldenTests {
    let cli = CLI(index: "/nonexistent-limelight-index")
    static let names = ["limelight"] + commands.map { $0.name }

    static func goldenPath(_ name: String) -> String { CLI.repoRoot + "/Tests/CLITests/Help/\(name).txt" }

    @Test(arguments: names)
    func helpMatchesItsGoldenText(name: String) throws {
        let r = try cli.run(name == "limelight" ? ["--help"] : [name, "--help"])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        let path = Self.goldenPath(name)
        if ProcessInfo.processInfo.environment["LIMELIGHT_UPDATE_GOLDEN"] == "1" {
            try r.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOfFile: path, encoding: .utf8)
        #expect(r.stdout == golden)
    }

    @Test(arguments: commands.map { $0.name })
    func helpXIsXDashDashHelp(name: String) throws {
        let a = try cli.run(["help", name]), b = try cli.run([name, "--help"]), c = try cli.run([name, "-h"])
        #expect(a.status == 0 && b.status == 0 && c.status == 0)
        #expect(a.stdout == b.stdout)
        #expect(b.stdout == c.stdout)
    }

    @Test func everyHelpLineFitsEightyColumnsOutsideUsage() throws {
        for name in Self.names {
            let text = try String(contentsOfFile: Self.goldenPath(name), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("USAGE:") && !line.hasPrefix("       limelight") {
                #expect(line.count <= 80, "\(name): \(line)")
            }
        }
    }
}

@Suite struct CommandLineFixTests {
    let cli = CLI(index: "/nonexistent-limelight-index")

    @Test func versionAndV() throws {
        for flag in ["--version", "-V"] {
            let r = try cli.run([flag])
            #expect(r.status == 0)
            #expect(r.stdout == "limelight \(version)\n")
        }
    }

    @Test func strayPositionalsAreUsageErrors() throws {
        for args in [["get", "--app", "a", "extra"], ["stats", "x"], ["export", "x"], ["compact", "x"],
                     ["client-state", "x"], ["delete", "--app", "a", "x"], ["forget", "--all", "x"],
                     ["shortcuts", "--app", "a", "x"], ["suggest", "x"], ["relevant", "list", "x"]] {
            let r = try cli.run(args)
            #expect(r.status == 64, "\(args)")
            #expect(r.stderr.hasPrefix("Error: "), "\(args)")
        }
    }

    @Test func doubleDashEndsOptions() throws {
        // After `--`, "-h" is the query, not a request for help: the search
        // runs (and fails here for want of an index, exit 1, not help's 0).
        let r = try cli.run(["search", "--", "-h"])
        #expect(r.status == 1)
        #expect(!r.stdout.contains("OVERVIEW:"))
        #expect(r.stderr.contains("no index"))
    }
}

/// The declarations themselves.
@Suite struct ArgumentDeclarationTests {
    @Test func noCommandDeclaresAnOptionTwice() {
        for c in commands {
            let names = (c.options + Option.globals + [.helpFlag]).map(\.name)
            #expect(Set(names).count == names.count, "\(c.name): \(names)")
        }
    }

    @Test func everyOptionInAUsageLineIsDeclared() {
        for c in commands {
            let declared = Set((c.options + Help.commonOptions(c)).map(\.name))
            for form in c.usage {
                for word in form.split(whereSeparator: { " []()|.".contains($0) }) where word.hasPrefix("--") {
                    #expect(declared.contains(String(word.dropFirst(2))), "\(c.name): \(word) is in the usage but not declared")
                }
            }
        }
    }

    @Test func everyDeclaredOptionIsInTheHelp() {
        for c in commands {
            for o in c.options { #expect(c.help.contains("  " + o.label + " "), "\(c.name): \(o.label)") }
        }
    }

    @Test func parsingFollowsTheDeclarations() throws {
        let options: [Option] = [.limit, .context, .json]
        let p = try ParsedArguments.parse(["--limit=3", "--context", "a.b", "--context", "c", "--json", "q", "--", "--json"],
                                          options: options, positionals: [Positional("q", .many, help: "")])
        #expect(p.int(.limit) == 3)
        #expect(p.all(.context) == ["a.b", "c"])
        #expect(p.has(.json))
        #expect(p.positionals == ["q", "--json"])
        #expect(throws: CLIError.self) { try ParsedArguments.parse(["--limit", "0"], options: options, positionals: []) }
        #expect(throws: CLIError.self) { try ParsedArguments.parse(["--limit", "1", "--limit", "2"], options: options, positionals: []) }
        #expect(throws: CLIError.self) { try ParsedArguments.parse(["--json=yes"], options: options, positionals: []) }
        #expect(throws: CLIError.self) { try ParsedArguments.parse(["--nope"], options: options, positionals: []) }
        #expect(throws: CLIError.self) { try ParsedArguments.parse(["a", "b"], options: options, positionals: [Positional("q", .one, help: "")]) }
        #expect(try ParsedArguments.parse(["-5"], options: options, positionals: [Positional("q", .one, help: "")]).positionals == ["-5"])
    }
}
