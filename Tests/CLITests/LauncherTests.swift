import Foundation
import Testing

/// rofi's script protocol byte for byte, dmenu and fzf through real pipes and
/// real programs, `--format tsv|lines` and `--limit 0`.
@Suite struct LauncherTests {
    let dir = TempDir()
    let cli: CLI

    static let keep = "entity/com.example.trails/TrailEntity/lantern-keep"

    init() throws {
        cli = CLI(index: dir.path + "/index")
        // Opening runs the item's Exec line: each `touch`es a file to check.
        let records = """
            {"kind":"app","app":"com.example.trails","name":"Trails","exec":"touch \(dir.path)/opened-app","icon":"trails-icon"}
            {"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"lantern-keep","title":"Lantern Ridge","subtitle":"Big Sur, CA","exec":"touch \(dir.path)/opened-keep"}
            {"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"lantern-cove","title":"Lantern\\tCove","exec":"touch \(dir.path)/opened-cove"}

            """
        let r = try cli.run(["index", dir.write("r.jsonl", records)])
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// Whether `file` appears in the temp dir within 5 s (a launch is detached).
    func appears(_ file: String) -> Bool {
        for _ in 0..<100 {
            if FileManager.default.fileExists(atPath: dir.path + "/" + file) { return true }
            usleep(50_000)
        }
        return false
    }

    func donations() throws -> [String] {
        try cli.run(["export"]).lines.filter { $0.contains(#""kind":"interaction""#) }
    }

    @Test func tsvAndLinesHaveOneHitPerLineAndNoHeadings() throws {
        let tsv = try cli.run(["search", "lantern", "--format", "tsv"])
        #expect(tsv.stdout == "entity/com.example.trails/TrailEntity/lantern-cove\tLantern Cove\t\tentity\tcom.example.trails\n"
                + "\(Self.keep)\tLantern Ridge\tBig Sur, CA\tentity\tcom.example.trails\n")
        #expect(try cli.run(["search", "lantern", "--format", "lines"]).stdout == "Lantern Cove\nLantern Ridge — Big Sur, CA\n")
        // No match: nothing at all (the table would say "No results").
        #expect(try cli.run(["search", "zzzz", "--format", "tsv"]).stdout == "")
        #expect(try cli.run(["search", "x", "--format", "csv"]).status == 64)
        #expect(try cli.run(["search", "x", "--json", "--format", "tsv"]).status == 64)
        // --stdin: each answer ends with an empty line.
        #expect(try cli.run(["search", "--stdin", "--format", "lines"], stdin: "ridge\ncove\n").stdout
                == "Lantern Ridge — Big Sur, CA\n\nLantern Cove\n\n")
    }

    @Test func limitZeroListsEveryItemInOrder() throws {
        let all = try cli.run(["suggest", "--limit", "0", "--format", "lines"])
        #expect(all.lines.count == 3, "\(all.stdout)")
        #expect(try cli.run(["search", "", "--limit", "0", "--format", "lines"]).stdout == all.stdout)
        #expect(try cli.run(["suggest", "--limit", "1", "--format", "lines"]).lines == [all.lines[0]])
        // More than the old 128-row cap: 300 entities, every one listed once.
        let many = (1...300).map { #"{"kind":"entity","app":"com.example.trails","type":"Bulk","id":"b\#($0)","title":"Bulk \#($0)"}"# }
        #expect(try cli.run(["index", dir.write("many.jsonl", many.joined(separator: "\n") + "\n")]).status == 0)
        let listed = try cli.run(["search", "", "--limit", "0", "--format", "tsv"]).lines
        #expect(listed.count == 303)
        #expect(Set(listed).count == 303)
    }

    @Test func rofiListsRowsByTheScriptProtocol() throws {
        let r = try cli.run(["rofi"], env: ["ROFI_RETV": "0"])
        #expect(r.status == 0)
        let rows = try cli.run(["search", "", "--limit", "0", "--format", "tsv"]).lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.map { $0[0] }.sorted() == ["app/com.example.trails", "entity/com.example.trails/TrailEntity/lantern-cove", Self.keep])
        func row(_ id: String) -> String {
            switch id {
            case "app/com.example.trails": return "Trails\0icon\u{1f}trails-icon\u{1f}meta\u{1f}app com.example.trails\u{1f}info\u{1f}app/com.example.trails\n"
            // An entity with no icon of its own shows its app's (it named the app id, which no theme has).
            case Self.keep: return "Lantern Ridge — Big Sur, CA\0icon\u{1f}trails-icon\u{1f}meta\u{1f}Big Sur, CA entity com.example.trails\u{1f}info\u{1f}\(Self.keep)\n"
            default: return "Lantern Cove\0icon\u{1f}trails-icon\u{1f}meta\u{1f}entity com.example.trails\u{1f}info\u{1f}entity/com.example.trails/TrailEntity/lantern-cove\n"
            }
        }
        // The prompt, then the hits only, in Limelight's order.
        #expect(Array(r.stdout.utf8) == Array(("\0prompt\u{1f}Limelight\n" + rows.map { row($0[0]) }.joined()).utf8))
        #expect(try cli.run(["rofi"]).stdout == r.stdout)  // no ROFI_RETV: the first call
    }

    /// A `file://` icon goes to rofi as its path, which rofi 1.7 loads (it
    /// looked the URI up as a theme name, and showed none), as to the shells.
    @Test func rofiIsHandedAFileIconByItsPath() throws {
        let other = TempDir()
        let cli = CLI(index: other.path + "/index")
        let record = #"{"kind":"app","app":"zed","name":"Zed","exec":"true","icon":"file:///opt/my%20icons/zed.png"}"# + "\n"
        #expect(try cli.run(["index", other.write("r.jsonl", record)]).status == 0)
        let rows = try cli.run(["rofi"], env: ["ROFI_RETV": "0"]).stdout
        #expect(rows.contains("Zed\0icon\u{1f}/opt/my icons/zed.png\u{1f}"), "\(rows)")
    }

    @Test func rofiOpensTheChosenRowByItsInfoAndTypedTextByTheTopHit() throws {
        let chosen = try cli.run(["rofi", "Lantern Ridge — Big Sur, CA"], env: ["ROFI_RETV": "1", "ROFI_INFO": Self.keep])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(chosen.stdout == "")  // no rows: rofi closes
        #expect(appears("opened-keep"))
        #expect(try donations().count == 1)
        let typed = try cli.run(["rofi", "lantern cov"], env: ["ROFI_RETV": "2"])
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(appears("opened-cove"))
        let stale = try cli.run(["rofi", "x"], env: ["ROFI_RETV": "1", "ROFI_INFO": "entity/com.example.trails/TrailEntity/gone"])
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("not in the index"))
        #expect(try donations().count == 2)
    }

    /// Typed text opens the top hit in the contexts the rows were ranked
    /// in (`--context`): rofi and dmenu searched it in none, so in the gym
    /// "k" listed the kettlebell plan first and opened the kayak log (a
    /// black-box audit).
    @Test func typedTextOpensTheTopHitInTheContextsGiven() throws {
        let records = """
            {"kind":"app","app":"org.ctx","name":"Ctx Demo","exec":"true"}
            {"kind":"entity","app":"org.ctx","type":"Note","id":"kayak","title":"Kayak log","exec":"touch \(dir.path)/opened-kayak"}
            {"kind":"entity","app":"org.ctx","type":"Note","id":"kettle","title":"Kettlebell plan","exec":"touch \(dir.path)/opened-kettle"}
            {"kind":"relevance","app":"org.ctx","context":"location.gym","op":"update","entities":[{"type":"Note","id":"kettle"}]}

            """
        let file = dir.write("ctx.jsonl", records)
        // An index for each launcher: the use one records would rank its item higher.
        for launcher in ["dmenu", "rofi"] {
            let ctx = CLI(index: dir.path + "/ctx-" + launcher)
            #expect(try ctx.run(["index", file]).status == 0)
            func top(_ extra: [String]) throws -> String {
                String(try ctx.run(["search", "k", "--limit", "1", "--format", "tsv"] + extra).stdout.prefix { $0 != "\t" })
            }
            #expect(try top([]) == "entity/org.ctx/Note/kayak")
            #expect(try top(["--context", "location.gym"]) == "entity/org.ctx/Note/kettle")
            let opened = launcher == "dmenu"
                ? try ctx.run(["dmenu", "--context", "location.gym", "--menu", "sh", "-c", "cat >/dev/null; echo k"])
                : try ctx.run(["rofi", "--context", "location.gym", "k"], env: ["ROFI_RETV": "2"])
            #expect(opened.status == 0, "\(launcher): \(opened.stderr)")
            #expect(appears("opened-kettle"), "\(launcher)")
            #expect(!FileManager.default.fileExists(atPath: dir.path + "/opened-kayak"), "\(launcher)")
            try? FileManager.default.removeItem(atPath: dir.path + "/opened-kettle")
            try? FileManager.default.removeItem(atPath: dir.path + "/opened-kayak")
        }
    }

    /// What rofi passes back is data: a row whose text reads as an option
    /// (`--index=…` picked which index supplied the Exec line; `--help`
    /// printed the help as rows) is still the row, and spaces alone typed
    /// open nothing, in rofi as in dmenu (both opened the top suggestion), and
    /// in `open --query`.
    @Test func theTextRofiPassesBackIsNeverAnOption() throws {
        let elsewhere = TempDir()
        let chosen = try cli.run(["rofi", "--index=\(elsewhere.path)/index"], env: ["ROFI_RETV": "1", "ROFI_INFO": Self.keep])
        #expect(chosen.status == 0 && chosen.stdout.isEmpty, "\(chosen.status) \(chosen.stderr)")
        #expect(appears("opened-keep"))
        #expect(!FileManager.default.fileExists(atPath: elsewhere.path + "/index"))
        let help = try cli.run(["rofi", "--help"], env: ["ROFI_RETV": "2"])
        #expect(help.status == 1 && help.stdout.isEmpty && help.stderr.contains("nothing matches \"--help\""), "\(help)")
        let withOptions = try cli.run(["rofi", "--limit", "1", "-n"], env: ["ROFI_RETV": "2"])
        #expect(withOptions.stderr.contains("nothing matches \"-n\""), "\(withOptions.stderr)")
        for blank in ["", "   "] {
            #expect(try cli.run(["rofi", blank], env: ["ROFI_RETV": "2"]).status == 0)
            #expect(try cli.run(["dmenu", "--menu", "echo", blank]).status == 1)
            // open --query too (a script's empty input started the top suggestion).
            for dryRun in [[], ["--dry-run"]] {
                let r = try cli.run(["open", "--query", blank] + dryRun)
                #expect(r.status == 1 && r.stdout.isEmpty && r.stderr.contains("the query is blank"), "\(r)")
            }
        }
        #expect(try donations().count == 1)
    }

    /// The id column is the id itself, whatever the id holds: U+202E, shown
    /// as a space, made it the id of another item ("id X"), which open opened.
    @Test func theTsvIdColumnOpensTheItemItNames() throws {
        let records = #"""
            {"kind":"entity","app":"com.ev","type":"T","id":"id X","title":"other item","url":"https://other.example/"}
            {"kind":"entity","app":"com.ev","type":"T","id":"id\u202eX\u2028","title":"idbidi one","url":"https://bidi.example/"}
            {"kind":"app","app":"com.ev","name":"Ev"}

            """#
        #expect(try cli.run(["index", dir.write("bidi.jsonl", records)]).status == 0)
        let id = String(try cli.run(["search", "idbidi", "--format", "tsv"]).stdout.prefix { $0 != "\t" })
        #expect(id == "entity/com.ev/T/id%E2%80%AEX%E2%80%A8")
        let plan = try cli.run(["open", id, "--dry-run"])
        #expect(plan.stdout.contains("https://bidi.example/"), "\(plan.stdout) \(plan.stderr)")
    }

    /// Two items shown alike (two apps named Files: a deb's and a Flatpak's)
    /// are two lines that name each one's id, so either can be chosen: the
    /// menu returns only the line, and both opened the first (found by a
    /// helper's audit).
    @Test func dmenuLinesOfItemsShownAlikeNameTheirIds() throws {
        let other = TempDir()
        let cli = CLI(index: other.path + "/index")
        let records = """
            {"kind":"app","app":"files-a","name":"Files","exec":"touch \(other.path)/opened-a"}
            {"kind":"app","app":"files-b","name":"Files","exec":"touch \(other.path)/opened-b"}
            {"kind":"app","app":"files-c","name":"Files (app/files-b)","exec":"touch \(other.path)/opened-c"}

            """
        #expect(try cli.run(["index", other.write("r.jsonl", records)]).status == 0)
        // The third is named as the second's line: it is given its id too
        // (it had the second's line, and choosing it opened the second).
        for (app, mark) in [("files-c", "opened-c"), ("files-b", "opened-b"), ("files-a", "opened-a")] {
            let r = try cli.run(["dmenu", "--menu", "grep", "-m", "1", "app/\(app))$"])
            #expect(r.status == 0, "\(r.stderr)")
            var opened = false
            for _ in 0..<100 where !opened {
                opened = FileManager.default.fileExists(atPath: other.path + "/" + mark)
                if !opened { usleep(50_000) }
            }
            #expect(opened, "\(app) was not opened")
        }
        // A menu that ends its line with CR LF: the row is still found (its
        // text was taken as typed, and the top hit opened: files-a).
        for mark in ["opened-a", "opened-b"] { try FileManager.default.removeItem(atPath: other.path + "/" + mark) }
        let crlf = try cli.run(["dmenu", "--menu", "sh", "-c", "cat >/dev/null; printf 'Files (app/files-b)\\r\\n'"])
        #expect(crlf.status == 0, "\(crlf.stderr)")
        var opened = false
        for _ in 0..<100 where !opened {
            opened = FileManager.default.fileExists(atPath: other.path + "/opened-b")
            if !opened { usleep(50_000) }
        }
        #expect(opened, "files-b was not opened")
        #expect(!FileManager.default.fileExists(atPath: other.path + "/opened-a"), "the CR LF line opened files-a")
    }

    /// Uninstall removes only the files install wrote: a KRunner plugin of
    /// another's at Limelight's name was removed too (an audit).
    @Test func desktopUninstallLeavesAFileItDidNotWrite() throws {
        let prefix = dir.path + "/usr"
        #expect(try cli.run(["desktop", "install", "--system", "--prefix", prefix]).status == 0)
        let foreign = prefix + "/share/krunner/dbusplugins/limelight.desktop"
        try "[Desktop Entry]\nName=Someone else's\n".write(toFile: foreign, atomically: true, encoding: .utf8)
        let r = try cli.run(["desktop", "uninstall", "--system", "--prefix", prefix])
        #expect(r.status == 0 && r.stderr.contains("warning: left \(foreign): limelight desktop install did not write it"), "\(r)")
        #expect(r.stdout.components(separatedBy: "removed ").count == 4, "\(r.stdout)")
        #expect(try String(contentsOfFile: foreign, encoding: .utf8).contains("Someone else's"))
    }

    @Test func dmenuOpensTheLineTheMenuProgramChose() throws {
        let order = try cli.run(["suggest", "--limit", "0", "--format", "tsv"]).lines.map { String($0.prefix { $0 != "\t" }) }
        // `sed -n 2p` is the menu: it reads every line and picks the second.
        let second = try cli.run(["dmenu", "--menu", "sed", "-n", "2p"])
        #expect(second.status == 0, "\(second.stderr)")
        let opened = ["app/com.example.trails": "opened-app", Self.keep: "opened-keep",
                      "entity/com.example.trails/TrailEntity/lantern-cove": "opened-cove"]
        #expect(appears(opened[order[1]]!))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/" + opened[order[0]]!))
        // `head -n 1` stops reading after one line (the writer must not die of SIGPIPE).
        #expect(try cli.run(["dmenu", "--menu", "head", "-n", "1"]).status == 0)
        #expect(appears(opened[order[0]]!))
        // Dismissed (the menu exits 1 printing nothing): exit 1, nothing opened.
        #expect(try cli.run(["dmenu", "--menu", "false"]).status == 1)
        #expect(try donations().count == 2)
        #expect(try cli.run(["dmenu", "--menu", "/nonexistent/menu"]).status == 1)
    }

    /// fzf itself (`--filter`, no terminal): the tsv rows through a real pipe,
    /// the id column hidden from matching, and the chosen id opened.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fzf"), "fzf is not installed"))
    func fzfPicksFromTsvAndOpenTakesItsId() throws {
        let search = Process(), fzf = Process()
        search.executableURL = URL(fileURLWithPath: CLI.binary)
        search.arguments = ["--index", cli.index, "search", "", "--limit", "0", "--format", "tsv"]
        fzf.executableURL = URL(fileURLWithPath: "/usr/bin/fzf")
        // "trails" is in every id and in the app column, so only --with-nth 2,3 keeps it from matching.
        fzf.arguments = ["--filter", "ridge", "--delimiter", "\t", "--with-nth", "2,3"]
        let pipe = Pipe(), out = Pipe()
        search.standardOutput = pipe
        fzf.standardInput = pipe
        fzf.standardOutput = out
        try search.run()
        try fzf.run()
        let picked = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        search.waitUntilExit()
        fzf.waitUntilExit()
        #expect(picked == "\(Self.keep)\tLantern Ridge\tBig Sur, CA\tentity\tcom.example.trails\n")
        let none = Process()
        none.executableURL = URL(fileURLWithPath: "/usr/bin/fzf")
        none.arguments = ["--filter", "trails", "--delimiter", "\t", "--with-nth", "2,3"]
        let input = Pipe(), noneOut = Pipe()
        none.standardInput = input
        none.standardOutput = noneOut
        try none.run()
        input.fileHandleForWriting.write(Data(try cli.run(["search", "lantern", "--format", "tsv"]).stdout.utf8))
        try input.fileHandleForWriting.close()
        #expect(noneOut.fileHandleForReading.readDataToEndOfFile().isEmpty)
        none.waitUntilExit()

        let id = String(picked.prefix { $0 != "\t" })
        #expect(try cli.run(["open", id]).status == 0)
        #expect(appears("opened-keep"))
        // An id from `search --json` is no hit id: the error says how to open it.
        let notAnID = try cli.run(["open", "not-an-id"])
        #expect(notAnID.status == 64)
        #expect(notAnID.stderr.contains("--app A --type T --id I"), "\(notAnID.stderr)")
    }

    /// A hit id's parts are percent-encoded for `%` and `/` (and control
    /// bytes, which identifiers cannot hold), everything else kept as is,
    /// and `open` takes the id back.
    @Test func idsWithSlashesAndPercentRoundTrip() throws {
        let record = #"{"kind":"entity","app":"com.example.trails","type":"Trail/Entity","id":"a/b%cé","title":"Quirky Path","exec":"touch \#(dir.path)/opened-quirky"}"#
        #expect(try cli.run(["index", dir.write("quirky.jsonl", record + "\n")]).status == 0)
        let tsv = try cli.run(["search", "quirky", "--format", "tsv"])
        let id = String(tsv.stdout.prefix { $0 != "\t" })
        #expect(id == "entity/com.example.trails/Trail%2FEntity/a%2Fb%25cé", "\(tsv.stdout)")
        #expect(try cli.run(["open", id]).status == 0)
        #expect(appears("opened-quirky"))
    }
}
