import Foundation
import Testing
@testable import limelight

/// The completion scripts and the man page: accepted by their tools, and
/// naming every command and option the declarations hold (so a new option
/// cannot be left out).
@Suite struct CompletionTests {
    let dir = TempDir()
    let cli: CLI

    init() throws {
        cli = CLI(index: dir.path + "/index")
        let records = """
            {"kind":"app","app":"com.example.trails","name":"Trails"}
            {"kind":"app","app":"com.example.travel","name":"Travel"}
            {"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"a","title":"Alpha"}

            """
        #expect(try cli.run(["index", dir.write("r.jsonl", records)]).status == 0)
    }

    static func tool(_ name: String) -> String? {
        ["/usr/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `argv` (no shell), with the built binary first on PATH.
    func run(_ argv: [String], env: [String: String] = [:]) throws -> CLI.Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: argv[0])
        p.arguments = Array(argv.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["LIMELIGHT_INDEX"] = cli.index
        for (k, v) in env { environment[k] = v }
        p.environment = environment
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return CLI.Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// Every command, and every option of each, from the declarations.
    static var expected: [(command: String, options: [String])] {
        commands.map { c in (c.name, (c.options + Help.commonOptions(c)).map { "--" + $0.name }) }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func scriptIsAcceptedAndNamesEveryCommandAndOption(shell: String) throws {
        let script = try cli.run(["completions", shell])
        #expect(script.status == 0)
        let path = dir.write("limelight.\(shell)", script.stdout)
        let checker = try #require(Self.tool(shell), "\(shell) is not installed (make deps installs it)")
        let checked = try run([checker, "-n", path])
        #expect(checked.status == 0, "\(shell) -n: \(checked.stderr)")
        for (command, options) in Self.expected {
            // The command is offered, and each option in the command's own branch.
            let branch: Substring
            switch shell {
            case "bash": branch = script.stdout.split(separator: "\n").first { $0.hasPrefix("        \(command)) ") } ?? ""
            case "zsh": branch = script.stdout.split(separator: "\n").first { $0.hasPrefix("        \(command)) _arguments") } ?? ""
            default: branch = Substring(script.stdout.split(separator: "\n").filter { $0.contains("'__limelight_command_is \(command)'") }.joined(separator: "\n"))
            }
            #expect(!branch.isEmpty, "\(shell): no branch for \(command)")
            for o in options {
                let name = String(o.dropFirst(2))
                let found = switch shell {
                case "fish": branch.contains(" -l \(name) ")
                case "zsh": branch.contains(o + "[") || branch.contains(o + "=[")  // "=": takes --name=value too
                default: branch.contains(o)
                }
                #expect(found, "\(shell): \(command) \(o) missing")
            }
        }
    }

    @Test func bashCompletesAppsAndTypesFromTheIndexAndCommandsAndOptions() throws {
        let script = dir.write("c.bash", try cli.run(["completions", "bash"]).stdout)
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            return try run(["/bin/bash", "-c", "source \(script); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _limelight; printf '%s\\n' \"${COMPREPLY[@]}\""]).lines
        }
        #expect(try complete(["limelight", "search", "--app", "com.example.tr"]) == ["com.example.trails", "com.example.travel"])
        #expect(try complete(["limelight", "suggest", "--type", ""]) == ["TrailEntity"])
        #expect(try complete(["limelight", "se"]) == ["search", "serve"])
        #expect(try complete(["limelight", "search", "--form"]) == ["--format"])
        #expect(try complete(["limelight", "search", "--format", "t"]) == ["table", "tsv"])
        #expect(try complete(["limelight", "desktop", "u"]) == ["uninstall"])
        #expect(try complete(["limelight", "sync", "ch"]) == ["chromium"])
        #expect(try complete(["limelight", "relevant", "clear"]) == ["clear", "clear-all"])
        #expect(try complete(["limelight", "history", "un"]) == ["unforget"])
        // bash splits at = and : (COMP_WORDBREAKS): --index=DIR is three
        // words and --remote host:port four; neither is the command, and a
        // value after = is the option's (nothing was completed).
        #expect(try complete(["limelight", "--index", "=", cli.index, "se"]) == ["search", "serve"])
        #expect(try complete(["limelight", "--remote", "localhost", ":", "7000", "search", "--form"]) == ["--format"])
        #expect(try complete(["limelight", "--index", "=", cli.index, "search", "--app", "=", "com.example.tr"]) == ["com.example.trails", "com.example.travel"])
        #expect(try complete(["limelight", "search", "--type", "="]) == ["TrailEntity"])
        // A description ends at its first sentence, not at "e.g.".
        #expect(try cli.run(["completions", "zsh"]).stdout.contains("[A current context, e.g. audio.workout.running or location.home (repeatable)]"))
    }

    /// zsh's _arguments calls an action with its compadd options before the
    /// action's own words: the values were asked for with `--list -J`, a
    /// usage error, and never offered (an audit). The index is the one given
    /// after the command, else before it.
    @Test(.enabled(if: tool("zsh") != nil, "zsh is not installed"))
    func zshValuesTakeTheOptionsArgumentsGivesAndTheIndexGiven() throws {
        let script = dir.write("c.zsh", try cli.run(["completions", "zsh"]).stdout)
        func values(outer: String, inner: String) throws -> [String] {
            // The functions without the last line's call; compadd prints what it is given.
            let program = #"eval "$(sed '$d' \#(script))"; compadd() { print -r -- "${@[1,-3]}"; print -l -- ${(P)${@[-1]}} }; "#
                + #"typeset -A opt_args; opt_args[--index]='\#(inner)'; _limelight_index='\#(outer)'; _limelight_values -J -default- apps"#
            return try run([Self.tool("zsh")!, "-f", "-c", program], env: ["LIMELIGHT_INDEX": dir.path + "/nowhere"]).lines
        }
        #expect(try values(outer: cli.index, inner: "") == ["-J -default-", "com.example.trails", "com.example.travel"])
        #expect(try values(outer: dir.path + "/nowhere", inner: cli.index) == ["-J -default-", "com.example.trails", "com.example.travel"])
        #expect(try values(outer: "", inner: "") == ["-J -default-"])
    }

    @Test(.enabled(if: tool("fish") != nil, "fish is not installed"))
    func fishCompletesAppsFromTheIndex() throws {
        let script = dir.write("c.fish", try cli.run(["completions", "fish"]).stdout)
        let r = try run([Self.tool("fish")!, "-c", "source \(script); complete -C 'limelight search --app com.example.tra'"])
        #expect(r.lines == ["com.example.trails\tOnly this app's items", "com.example.travel\tOnly this app's items"], "\(r)")
        func complete(_ line: String) throws -> [String] {
            try run([Self.tool("fish")!, "-c", "source \(script); complete -C '\(line)'"]).lines.map { String($0.prefix { $0 != "\t" }) }
        }
        // A global option and its value before the command: the value is no
        // command (nothing was completed after it), and --remote is offered.
        #expect(try complete("limelight --index \(cli.index) se") == ["search", "serve"])
        #expect(try complete("limelight --index \(cli.index) search --type ") == ["TrailEntity"])
        #expect(try complete("limelight --re") == ["--remote"])
        // The directory after --index= is named once (--index=--index=dir/).
        try FileManager.default.createDirectory(atPath: dir.path + "/somedir", withIntermediateDirectories: true)
        let dirs = try run([Self.tool("fish")!, "-c", "cd \(dir.path); source \(script); complete -C 'limelight --index=som'"]).lines
        #expect(dirs.map { String($0.prefix { $0 != "\t" }) } == ["--index=somedir/"], "\(dirs)")
        // A value is only values: file names came with them.
        _ = dir.write("table-of-contents", "")
        #expect(try run([Self.tool("fish")!, "-c", "cd \(dir.path); source \(script); complete -C 'limelight search --format t'"]).lines
                    .map { String($0.prefix { $0 != "\t" }) } == ["table", "tsv"])
    }

    @Test func manPageRendersAndNamesEveryCommandAndOption() throws {
        let roff = try cli.run(["manpage"])
        #expect(roff.status == 0)
        let path = dir.write("limelight.1", roff.stdout)
        let man = try #require(Self.tool("man"), "man is not installed (make deps installs man-db)")
        let rendered = try run([man, "-l", "-P", "cat", path], env: ["MANWIDTH": "200", "LC_ALL": "C.UTF-8"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(!rendered.stderr.contains("warning"), "\(rendered.stderr)")
        // Sections by command, in the roff; each holds its own options.
        let sections = roff.stdout.components(separatedBy: ".SS \"limelight ").dropFirst()
        for (command, options) in Self.expected {
            let section = try #require(sections.first { $0.hasPrefix(command + "\"") }, "no section for \(command)")
            // The global options are under GLOBAL OPTIONS, once.
            for o in options where o != "--index" && o != "--remote" && o != "--help" {
                #expect(section.contains(o.replacingOccurrences(of: "-", with: "\\-")), "\(command) \(o) missing from the man page")
            }
            #expect(rendered.stdout.contains("limelight \(command)"))
        }
        // groff reads it as it is (no preconv): no character past ASCII, so no warning.
        #expect(!roff.stdout.unicodeScalars.contains { !$0.isASCII })
        #expect(rendered.stdout.contains("LIMELIGHT_LOCK_TIMEOUT") && rendered.stdout.contains("Spotlight"))
        #expect(rendered.stdout.contains("--idle-exit"))
        #expect(rendered.stdout.contains("--remote"))
    }

    @Test func listPrintsTheIndexsAppsAndTypes() throws {
        #expect(try cli.run(["completions", "--list", "apps"]).stdout == "com.example.trails\ncom.example.travel\n")
        #expect(try cli.run(["completions", "--list", "types"]).stdout == "TrailEntity\n")
        // No index: no values, no error (this runs on every Tab).
        let none = CLI(index: dir.path + "/none")
        #expect(try none.run(["completions", "--list", "apps"]).status == 0)
        #expect(try cli.run(["completions", "tcsh"]).status == 64)
    }
}
