import Foundation
import Testing

@Suite struct HelpAndUsageTests {
    let cli = CLI(index: "/nonexistent-limelight-index")

    @Test func helpGoesToStdoutWithExitZero() throws {
        for args in [["--help"], ["-h"], ["help"]] {
            let r = try cli.run(args)
            #expect(r.status == 0)
            #expect(r.stdout.contains("OVERVIEW:") && r.stdout.contains("SUBCOMMANDS:"))
        }
        let sub = try cli.run(["search", "--help"])
        #expect(sub.status == 0)
        #expect(sub.stdout.contains("USAGE: limelight search"))
        #expect(try cli.run(["help", "search"]).stdout == sub.stdout)
        // As git takes them: --help X is help X, and help help the overview.
        for args in [["--help", "search"], ["-h", "search"]] { #expect(try cli.run(args).stdout == sub.stdout, "\(args)") }
        #expect(try cli.run(["help", "help"]).stdout.contains("SUBCOMMANDS:"))
        // What is wrong before the subcommand is named as what it is.
        for (args, message) in [(["help", "search", "extra"], "help takes one subcommand, not 2"),
                                (["--bogus", "search"], "unknown option '--bogus' before the subcommand"),
                                (["--version", "search"], "--version stands alone")] {
            let r = try cli.run(args)
            #expect(r.status == 64 && r.stderr.contains(message), "\(args): \(r.stderr)")
        }
    }

    @Test func usageErrorsExit64WithAHint() throws {
        let r = try cli.run(["search", "x", "--limit", "zero"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: --limit takes a whole number"))
        #expect(r.stderr.contains("See 'limelight search --help' for more information."))
        #expect(try cli.run(["frobnicate"]).status == 64)
        // A usage error of a command of several forms, none of them named,
        // lists them all (it showed 'history status [--json]' for pause).
        let pause = try cli.run(["history", "pause", "--bogus"])
        #expect(pause.status == 64 && pause.stderr.contains("limelight history pause | resume"), "\(pause.stderr)")
        // A global option with its value missing printed the help and exited 0.
        let noValue = try cli.run(["--index"])
        #expect(noValue.status == 64 && noValue.stderr.hasPrefix("Error: --index needs a value"), "\(noValue.status) \(noValue.stderr)")
        #expect(try cli.run(["search"]).status == 64)
        #expect(try cli.run(["search", "x", "--bogus"]).status == 64)
        #expect(try cli.run(["search", "x", "--at", "tomorrow"]).status == 64)
        #expect(try cli.run(["suggest", "--context", "Bad..Name"]).status == 64)
        // A well-formed name too long is told so (it was called not well-formed).
        let long = try cli.run(["suggest", "--context", "a." + String(repeating: "b", count: 119)])
        #expect(long.status == 64 && long.stderr.contains("121 bytes long; a context name has at most 120"), "\(long.stderr)")
        // An empty identifier matched nothing, silently.
        let empty = try cli.run(["search", "x", "--app", ""])
        #expect(empty.status == 64 && empty.stderr.contains("--app is empty"), "\(empty.stderr)")
        // An option the command would ignore there is refused, not dropped.
        for (args, message) in [(["resolve", "--app", "com.example.trails", "--type", "TrailEntity", "monterey-bay", "--limit", "3"], "--limit is for --where"),
                                (["rebuild", "--allow-empty"], "--allow-empty is for --from"),
                                (["get", "--app", "com.example.trails", "--type", "TrailEntity", "--kind", "intent", "--id", "x"], "give --type (an entity) or --kind intent, not both"),
                                (["history", "pause", "--json"], "--json is for history status"),
                                // --remote by a command that opens no index was taken and ignored.
                                (["manpage", "--remote", "localhost:7000"], "--remote works with search and suggest only, not with 'manpage'"),
                                (["--remote", "localhost:7000", "stats"], "--remote works with search and suggest only, not with 'stats'")] {
            let r = try cli.run(args)
            #expect(r.status == 64 && r.stderr.contains(message), "\(args): \(r.stderr)")
        }
        // --explain beside one line a hit was ignored.
        let explained = try cli.run(["search", "x", "--format", "tsv", "--explain"])
        #expect(explained.status == 64 && explained.stderr.contains("--explain shows with the table or JSON, not --format tsv"), "\(explained.stderr)")
        // A flag beside donation files would be ignored.
        let both = try cli.run(["donate", "some.jsonl", "--context", "location.work"])
        #expect(both.status == 64 && both.stderr.contains("give files or flags, not both"), "\(both.stderr)")
    }

    /// A command whose action was left out is a usage error: `history` and
    /// `desktop` crashed (index out of range, exit 132).
    @Test func aCommandWithoutItsArgumentsIsAUsageError() throws {
        for command in ["history", "desktop", "completions", "relevant", "forget", "get", "resolve",
                        "open", "donate", "delete", "search", "index"] {
            let r = try cli.run([command])
            #expect(r.status == 64, "\(command): \(r.status) \(r.stderr)")
        }
    }

    /// DESIGN: `--json` prints JSON Lines. donate, forget, client-state,
    /// get and export refused it (64).
    @Test func everyRecordCommandTakesJSON() throws {
        let dir = TempDir()
        let cli = CLI(index: dir.path + "/index")
        #expect(try cli.run(["index", dir.write("a.jsonl", #"{"kind":"app","app":"com.example.j","name":"J"}"# + "\n")]).status == 0)
        func object(_ args: [String]) throws -> [String: Any] {
            let r = try cli.run(args + ["--json"])
            #expect(r.status == 0, "\(args): \(r.stderr)")
            return try #require(r.json.first, "\(args): \(r.stdout)")
        }
        let donated = try object(["donate", "--app", "com.example.j", "--id", "use-1"])
        #expect(donated["id"] as? String == "use-1" && donated["recorded"] as? Bool == true)
        #expect(try object(["get", "--app", "com.example.j"])["name"] as? String == "J")
        #expect(try object(["export"])["kind"] as? String == "app")
        #expect(try object(["client-state"])["clientState"] is NSNull)
        #expect(try object(["forget", "--id", "use-1"])["forgotten"] as? Int == 1)
        #expect(try cli.run(["history", "pause"]).status == 0)
        #expect(try object(["donate", "--app", "com.example.j"])["recorded"] as? Bool == false)
    }

    /// A use older than history keeps is not recorded, and `donate` says so,
    /// as `index` does: it printed an id and "recorded":true, and kept nothing.
    @Test func aDonationOlderThanTheRetentionLimitIsSaidNotRecorded() throws {
        let dir = TempDir()
        let cli = CLI(index: dir.path + "/index")
        #expect(try cli.run(["index", dir.write("a.jsonl", #"{"kind":"app","app":"com.example.j","name":"J"}"# + "\n")]).status == 0)
        #expect(try cli.run(["history", "retain", "30"]).status == 0)
        let old = try cli.run(["donate", "--app", "com.example.j", "--at", "2020-01-01T00:00:00Z", "--json"])
        #expect(old.status == 0 && old.json.first?["recorded"] as? Bool == false && old.json.first?["id"] == nil, "\(old.stdout)")
        #expect(old.stderr.contains("older than history keeps"), "\(old.stderr)")
        let recent = try cli.run(["donate", "--app", "com.example.j", "--json"])
        #expect(recent.json.first?["recorded"] as? Bool == true, "\(recent.stdout)")
        #expect(try cli.run(["export"]).stdout.components(separatedBy: "\"interaction\"").count == 2)
    }

    @Test func aMissingIndexIsAClearError() throws {
        let r = try cli.run(["search", "x"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("no index at /nonexistent-limelight-index"))
    }
}

@Suite struct CorpusSearchTests {
    let cli = CorpusIndex.cli

    @Test func montereyBaRanksTheTrailFirst() throws {
        let r = try cli.run(["search", "monterey ba", "--json"])
        #expect(r.status == 0)
        let first = try #require(r.json.first)
        #expect(first["id"] as? String == "monterey-bay")
        #expect(first["kind"] as? String == "entity")
        #expect(first["rank"] as? Int == 1)
        for key in ["app", "type", "title", "score"] { #expect(first[key] != nil, "missing \(key)") }
    }

    /// A keystroke of one letter ranks the firsts of its prefix lists. A
    /// title of one word, which the letter completes (the larger bonus),
    /// is held above the longer titles it starts there too: "Archive"
    /// scored second of 599 for `a` but was in no list (an audit). And a
    /// limit beyond what the lists rank goes to the whole match, as
    /// `--limit 0` does: `a --limit 200` gave 69 hits.
    @Test func aLetterFindsTheOneWordTitleItCompletesAndALargeLimitIsFilled() throws {
        let at = ["--at", "2026-11-30T12:00:00-08:00", "--json"]
        let top = try cli.run(["search", "a", "--limit", "3"] + at).json.map { $0["title"] as? String }
        #expect(top.contains("Archive"), "\(top)")
        let all = try cli.run(["search", "a", "--limit", "0"] + at).json.count
        #expect(all > 200)
        #expect(try cli.run(["search", "a", "--limit", "200"] + at).json.count == 200)
    }

    /// The registered, never-used playlist is given its place among the
    /// rows shown, one per thing: given it before "Play 5K Intervals" and
    /// its playlist were made one row, it was shown second while --explain
    /// said third (an audit).
    @Test func theRegisteredItemIsShownAtTheRankExplainGives() throws {
        let r = try cli.run(["suggest", "--at", "2026-12-01T18:00:00-08:00", "--context", "audio.workout.running",
                             "--context", "fitness.workoutActive", "--context", "hardware.headphones", "--limit", "6", "--explain", "--json"])
        let given = r.json.filter { ($0["explain"] as? [String: Any])?.keys.contains { $0.contains("never used: given rank 3 ") } ?? false }
        #expect(given.map { $0["id"] as? String } == ["negative-splits"] && given.first?["rank"] as? Int == 3, "\(r.stdout)")
    }

    @Test func outputThatCannotBeWrittenIsAnError() throws {
        // /dev/full: every write fails with ENOSPC, as on a full disk.
        // Output longer than stdio's buffer too, flushed before the end: a
        // failure then was only in the stream's error flag, and exited 0.
        for args in [["export"], ["--version"], ["help", "search"], ["manpage"], ["completions", "bash"], ["search", "", "--limit", "0"], ["rofi"]] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CLI.binary)
            p.arguments = ["--index", cli.index] + args
            p.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
            let err = Pipe()
            p.standardError = err
            try p.run()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(p.terminationStatus == 1 && message.hasPrefix("Error: cannot write the output: "), "\(args): \(message)")
        }
    }

    @Test func relevantNamesAnAppNotIndexedAndItsOwnUsageLine() throws {
        let nope = try cli.run(["relevant", "update", "--app", "com.example.nope", "--context", "audio.x", "--entity", "T/x"])
        #expect(nope.status == 1 && nope.stderr.contains("com.example.nope is not in the index"), "\(nope.stderr)")
        let list = try cli.run(["relevant", "list", "--entity", "T/x"])
        #expect(list.status == 64 && list.stderr.contains("Usage: limelight relevant list"), "\(list.stderr)")
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-index-\(UUID().uuidString)").path
        let cleared = try CLI(index: missing).run(["relevant", "clear-all", "--app", "x"])
        #expect(cleared.status == 1 && !FileManager.default.fileExists(atPath: missing), "\(cleared.stderr)")
    }

    @Test func shortcutsOfAnAppNotIndexedIsAnError() throws {
        let r = try cli.run(["shortcuts", "--app", "com.example.nope"])
        #expect(r.status == 1 && r.stderr.contains("com.example.nope is not in the index"), "\(r.stderr)")
    }

    @Test func resolveWhereTakesAnyLimitAndZeroForEvery() throws {
        let every = try cli.run(["resolve", "--type", "TrailEntity", "--where", "lengthKm>0", "--limit", "0"])
        #expect(every.status == 0 && every.json.count > 2, "\(every.stderr)")
        // Past 2^32 it crashed (a count converted to 32 bits).
        let huge = try cli.run(["resolve", "--type", "TrailEntity", "--where", "lengthKm>0", "--limit", "99999999999"])
        #expect(huge.status == 0 && huge.json.count == every.json.count, "\(huge.stderr)")
    }

    @Test func formatJsonIsJsonAndAnEmptyFilteredAnswerSaysSo() throws {
        for command in [["search", "monterey ba"], ["suggest"]] {
            let r = try cli.run(command + ["--format", "json", "--limit", "2"])
            #expect(r.status == 0 && r.json.count == 2 && r.stdout.split(separator: "\n").count == 2, "\(r.stdout)")
        }
        let none = try cli.run(["suggest", "--app", "com.example.nope"])
        #expect(none.stdout.contains("No suggestions match the --app, --type or --where given."), "\(none.stdout)")
        let some = try cli.run(["search", "monterey zzqqxx", "--json"])
        #expect(some.stderr.contains("No item matches every word"), "\(some.stderr)")
    }

    @Test(arguments: [("둘레", "북한산 둘레길"), ("长城", "万里长城"), ("清水", "清水寺"), ("富士", "富士山")])
    func cjkTitlesAreFoundByTwoCharacterSubstrings(query: String, titleFragment: String) throws {
        let r = try cli.run(["search", query, "--json", "--limit", "10"])
        #expect(r.status == 0)
        #expect(r.json.contains { ($0["title"] as? String)?.contains(titleFragment) == true }, "\(r.stdout)")
    }

    @Test func stdinAnswersOneJSONLinePerQuery() throws {
        let r = try cli.run(["search", "--stdin", "--json", "--limit", "3"], stdin: "monterey ba\ntrails\n\nzzzzqqq\n")
        #expect(r.status == 0)
        #expect(r.lines.count == 4)
        #expect(r.json.map { $0["query"] as? String } == ["monterey ba", "trails", "", "zzzzqqq"])
        #expect((r.json[3]["results"] as? [Any])?.isEmpty == true)
        #expect(((r.json[0]["results"] as? [[String: Any]])?.first?["id"] as? String) == "monterey-bay")
    }

    /// Each query is echoed on its `query:` line as every other echo is: a
    /// pasted escape sequence (a window title, a cleared screen) reached the
    /// terminal raw.
    @Test func stdinEchoesEachQueryWithItsControlCharactersShown() throws {
        let r = try cli.run(["search", "--stdin"], stdin: "mont\u{1B}]0;pwned\u{07}\u{1B}[2J\nmon\u{0}terey\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("query: mont\\u{1B}]0;pwned\\u{7}\\u{1B}[2J\n"), "\(r.stdout.debugDescription)")
        #expect(!r.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(r.stdout.debugDescription)")
    }

    /// Issue 15's example on the bundled corpus: "Call" shows the memo "Call
    /// Mom about Thanksgiving"; on their own, "Call " and "Call M" show the
    /// song "Call Me Closer" (the completed word's BM25 puts it first), "Call
    /// Mo" the memo again. A reader that stays open keeps the memo.
    @Test func stdinKeepsTheTopHitWhileTheQueryExtendsIt() throws {
        let at = ["--at", "2026-11-30T12:00:00-08:00"]
        let r = try cli.run(["search", "--stdin", "--json", "--limit", "2"] + at, stdin: "Call\nCall \nCall M\nCall Mo\n")
        let tops = r.json.map { ($0["results"] as? [[String: Any]])?.first }
        #expect(tops.map { $0?["title"] as? String } == Array(repeating: "Call Mom about Thanksgiving", count: 4))
        #expect(tops.map { $0?["keptOnTop"] as? Bool } == [nil, true, true, nil])
        // A one-shot search has no memory.
        #expect(try cli.run(["search", "Call M", "--json", "--limit", "1"] + at).json.first?["title"] as? String == "Call Me Closer")
    }

    @Test func filtersByAppAndType() throws {
        let r = try cli.run(["search", "run", "--app", "com.example.music", "--type", "PlaylistEntity", "--json"])
        #expect(!r.json.isEmpty)
        #expect(r.json.allSatisfy { $0["app"] as? String == "com.example.music" && $0["type"] as? String == "PlaylistEntity" })
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        // An app or type no record names is most likely mistyped: said, once,
        // however many queries follow (it answered nothing, silently).
        for command in [["search", "run"], ["suggest"], ["search", "--stdin"]] {
            let typo = try cli.run(command + ["--app", "com.example.musik", "--type", "PlaylistEntiti"], stdin: "run\nrun\n")
            #expect(typo.status == 0, "\(typo.stderr)")
            #expect(typo.stderr == "warning: no record of app com.example.musik in the index: nothing can match --app com.example.musik\n"
                    + "warning: no entity of type PlaylistEntiti in the index: nothing can match --type PlaylistEntiti\n", "\(typo.stderr)")
        }
    }

    @Test func aParameterisedShortcutIsAHitOfItsOwnPerValue() throws {
        let r = try cli.run(["search", "start sleep meditation", "--json"])
        let top = try #require(r.json.first)
        #expect(top["kind"] as? String == "shortcut")
        #expect((top["parameter"] as? [String: Any])?["id"] as? String == "sleep")
    }

    @Test func itemsWithSomeOfTheWordsAreListedUnderTheirOwnHeading() throws {
        // One trail has all three words; "Coastal Walks" has one.
        let r = try cli.run(["search", "monterey bay coastal", "--limit", "5", "--json"])
        #expect(r.json.first?["id"] as? String == "monterey-bay")
        #expect(r.json.last?["section"] as? String == "someWords")
        #expect(r.json.last?["title"] as? String == "Coastal Walks")
        let table = try cli.run(["search", "monterey bay coastal", "--limit", "5"])
        #expect(table.stdout.contains("Matching Some Words\n  5  entity   Coastal Walks"))
    }

    @Test func typosAreCorrectedAndSaidSo() throws {
        let r = try cli.run(["search", "montery bay"])
        #expect(r.stdout.contains("Showing results for \"monterey bay\""))
        #expect(r.stdout.contains("Monterey Bay Coastal Trail"))
        // A complete word is named as a word, not as another neighbour that
        // shares its stem: "montereye", "coastli" were shown.
        let words = try cli.run(["search", "--stdin", "--json", "--limit", "1"], stdin: "monterye bay\ncoastl trail\n")
        #expect(words.json.map { $0["correctedQuery"] as? String } == ["monterey bay", "coast trail"], "\(words.stdout)")
        // A short word typed alone is no typo to correct: nearly any one has
        // a neighbour that starts some word ("wine" was shown as "wide").
        // From five letters it is corrected, and after another word from three.
        let alone = try cli.run(["search", "--stdin", "--json", "--limit", "1"], stdin: "wine\nzork\ntrsil\nmonterey baq\n")
        #expect(alone.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }.map { $0.contains(#""correctedQuery""#) } == [false, false, true, true],
                "\(alone.stdout)")
    }
}

@Suite struct IngestCLITests {
    /// What a newcomer's mistakes are told (an audit): files joined with cat
    /// keep each one's byte order mark; a UTF-16 file is named as such, once;
    /// more problems than are listed are not miscounted; what `get` and
    /// `delete` did not find is named.
    /// What an intent's or a shortcut's parameter holds that nothing reads
    /// (a typo as `optinal`, `cases` on an intent's parameter) is told,
    /// and kept: it was kept without a word (a CLI audit).
    @Test func parameterFieldsNothingReadsAreTold() throws {
        let dir = TempDir()
        let cli = CLI(index: dir.path + "/index")
        let records = dir.write("r.jsonl", [
            #"{"kind":"app","app":"com.example.pods","name":"Pods"}"#,
            #"{"kind":"intent","app":"com.example.pods","id":"SetSpeed","title":"Set Speed","summary":"Set ${speed}","parameters":[{"name":"speed","type":"Speed","optinal":true,"cases":[{"id":"1x","title":"Normal"}]}]}"#,
            #"{"kind":"shortcut","app":"com.example.pods","id":"set-speed","intent":"SetSpeed","title":"Set Speed","phrases":["Play at ${speed} in ${applicationName}"],"parameter":{"name":"speed","type":"Speed","defualt":"1x","cases":[{"id":"1x","title":"Normal","synonims":["regular"]}]}}"#,
        ].joined(separator: "\n") + "\n")
        let r = try cli.run(["index", records])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("warning: ") } == [
            "warning: \(records):2: parameters[0] has 'cases', which are read on an App Shortcut's parameter, not an intent's",
            "warning: \(records):2: parameters[0] has 'optinal', which Limelight does not read (it reads name, type)",
            "warning: \(records):3: parameter has 'defualt', which Limelight does not read (it reads name, type, cases)",
            "warning: \(records):3: parameter.cases[0] has 'synonims', which Limelight does not read (it reads id, title)",
        ], "\(r.stderr)")
        #expect(try cli.run(["export"]).stdout.contains(#""optinal":true"#))
        // The corpus, as DESIGN.md writes parameters, is told nothing.
        let corpus = try CLI(index: dir.path + "/corpus").run(["index"] + IndexJobTests.corpusFiles())
        #expect(!corpus.stderr.contains("warning:"), "\(corpus.stderr)")
    }

    @Test func encodingsCountsAndWhatWasNotFoundAreToldPlainly() throws {
        let dir = TempDir()
        let cli = CLI(index: dir.path + "/index")
        let bom = "\u{FEFF}"
        let joined = dir.write("joined.jsonl", bom + #"{"kind":"app","app":"a","name":"Alpha"}"# + "\n" + bom + #"{"kind":"entity","app":"a","type":"T","id":"1","title":"One"}"# + "\n")
        let r = try cli.run(["index", joined])
        #expect(r.status == 0 && r.stdout.hasPrefix("Indexed 2 records (1 app, 1 entity)"), "\(r)")
        let one = dir.write("one.jsonl", #"{"kind":"app","app":"b","name":"Beta"}"# + "\n")
        #expect(try cli.run(["index", one]).stdout.hasPrefix("Indexed 1 record (1 app)"))
        var utf16: [UInt8] = [0xFF, 0xFE]
        for u in #"{"kind":"app","app":"c","name":"C"}"#.utf16 { utf16 += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        let wide = dir.path + "/wide.jsonl"
        _ = FileManager.default.createFile(atPath: wide, contents: Data(utf16))
        let refused = try cli.run(["index", wide])
        #expect(refused.status == 65 && refused.stderr.contains("wide.jsonl:1: the file is UTF-16 (it starts with FF FE)")
                && refused.stderr.hasSuffix("fix the problem above and run again.\n"), "\(refused.stderr)")
        let bad = dir.write("bad.jsonl", String(repeating: "{\n", count: 25))
        let many = try cli.run(["index", bad])
        #expect(many.stderr.contains("(stopped after 20 problems)") && many.stderr.hasSuffix("fix the problems above and those after them and run again.\n"), "\(many.stderr)")
        let get = try cli.run(["get", "--app", "a", "--type", "T", "--id", "nn1"])
        #expect(get.status == 1 && get.stderr.contains("no entity T/nn1 of a in the index"), "\(get.stderr)")
        #expect(try cli.run(["delete", "--app", "a", "--type", "T", "--id", "nn1"]).stdout == "Deleted 0 records (no entity T/nn1 of a in the index).\n")
    }

    @Test func aMalformedThirdLineIsRejectedWithItsLineNumber() throws {
        let dir = TempDir()
        let cli = CLI(index: dir.path + "/index")
        let good = #"{"kind":"app","app":"com.example.a","name":"Alpha"}"#
        try cli.run(["index", dir.write("ok.jsonl", good + "\n")])
        let before = try cli.documentCount()
        let bad = dir.write("bad.jsonl", [
            #"{"kind":"entity","app":"com.example.a","type":"T","id":"1","title":"One"}"#,
            #"{"kind":"entity","app":"com.example.a","type":"T","id":"2","title":"Two"}"#,
            #"{"kind":"entity","app":"com.example.a","type":"T","id":"3","title":"Three""#,
        ].joined(separator: "\n"))
        let r = try cli.run(["index", bad])
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix(bad + ":3: "), "\(r.stderr)")
        #expect(r.stderr.hasSuffix("Nothing was written: fix the problem above and run again.\n"), "\(r.stderr)")
        #expect(try cli.documentCount() == before)
        // A donation refused for its flags is no line of a file.
        let donation = try cli.run(["donate", "--app", "com.example.nope"])
        #expect(donation.status == 65 && donation.stderr.hasSuffix("fix the problem above and run again.\n"), "\(donation.stderr)")
    }

    @Test func stdinIsAFile() throws {
        let dir = TempDir()
        let cli = CLI(index: dir.path + "/index")
        let r = try cli.run(["index", "-"], stdin: #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n")
        #expect(r.status == 0)
        #expect(try cli.run(["search", "alp", "--json"]).json.first?["id"] as? String == "com.example.a")
        let bad = try cli.run(["index", "-"], stdin: "{}\n")
        #expect(bad.status == 65)
        #expect(bad.stderr.hasPrefix("<stdin>:1: missing field 'kind'"))
    }
}
