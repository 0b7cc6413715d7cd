import Foundation
import Testing

/// History under the person's control: pause, retention, excluded apps, and
/// forgetting one item so that nothing on disk still holds it.
@Suite struct HistoryTests {
    func setUp() throws -> (TempDir, CLI) {
        let dir = TempDir()
        let cli = CLI(index: dir.path + "/index")
        let records = """
            {"kind":"app","app":"com.example.a","name":"Alpha"}
            {"kind":"app","app":"com.example.b","name":"Beta"}
            {"kind":"entity","app":"com.example.a","type":"Doc","id":"secret","title":"Secret plan"}
            {"kind":"entity","app":"com.example.a","type":"Doc","id":"other","title":"Other plan"}
            """
        #expect(try cli.run(["index", dir.write("r.jsonl", records + "\n")]).status == 0)
        return (dir, cli)
    }

    func interactions(_ cli: CLI) throws -> [String] {
        try cli.run(["export"]).lines.filter { $0.contains(#""kind":"interaction""#) }
    }

    /// A use a moment after `history resume` is recorded. Its time was cut
    /// to the whole second, before the pause's end (kept to the
    /// microsecond), so a donation in the second of the resume was dropped
    /// whenever the pause had begun in an earlier second.
    @Test func aUseJustAfterResumeIsRecorded() throws {
        let (dir, cli) = try setUp()
        defer { withExtendedLifetime(dir) {} }
        #expect(try cli.run(["history", "pause"]).status == 0)
        // Resume early in a later second than the pause began.
        usleep(1_000_000)
        while Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 1) > 0.2 { usleep(10_000) }
        #expect(try cli.run(["history", "resume"]).status == 0)
        let r = try cli.run(["donate", "--app", "com.example.a"])
        #expect(r.status == 0 && !r.stdout.isEmpty && !r.stderr.contains("not recorded"), "\(r.stdout) \(r.stderr)")
        #expect(try interactions(cli).count == 1)
    }

    @Test func nothingIsRecordedWhilePausedAndStatusSaysSo() throws {
        let (dir, cli) = try setUp()
        defer { withExtendedLifetime(dir) {} }
        #expect(try cli.run(["history", "status"]).stdout.hasPrefix("History: recording"))
        #expect(try cli.run(["history", "pause"]).status == 0)
        #expect(try cli.run(["history", "status"]).stdout.hasPrefix("History: paused"))
        let r = try cli.run(["donate", "--app", "com.example.a"])
        #expect(r.status == 0 && r.stdout.isEmpty && r.stderr.contains("not recorded"), "\(r.status) \(r.stdout) \(r.stderr)")
        let log = #"{"kind":"interaction","app":"com.example.a","at":"2026-11-29T07:30:00Z"}"# + "\n"
        #expect(try cli.run(["index", "-"], stdin: log).status == 0)
        #expect(try cli.run(["open", "--app", "com.example.a", "--type", "Doc", "--id", "secret", "--dry-run"]).status != 0)  // no url or exec
        #expect(try interactions(cli).isEmpty)
        #expect(try cli.run(["history", "resume"]).status == 0)
        #expect(try cli.run(["donate", "--app", "com.example.a"]).status == 0)
        #expect(try interactions(cli).count == 1)
        #expect(try cli.run(["history", "status", "--json"]).json.first?["paused"] as? Bool == false)
        #expect(try cli.run(["history", "frobnicate"]).status == 64)
        #expect(try cli.run(["history", "exclude", ""]).status == 64)  // no app: it was kept as one
        let many = try cli.run(["history", "retain", "many"])
        #expect(many.status == 64 && many.stderr.contains("Usage: limelight history retain <days>"), "\(many.stderr)")
    }

    /// A backup restored while history is paused records none of its uses,
    /// as `index` would not, and says so as `index` does: it said "Rebuilt
    /// 3175 records" and dropped every use without a word.
    @Test func aRestoreWhilePausedSaysWhatItDidNotRecord() throws {
        let (dir, cli) = try setUp()
        defer { withExtendedLifetime(dir) {} }
        for at in ["2026-11-29T07:30:00Z", "2026-11-30T07:30:00Z"] {
            #expect(try cli.run(["donate", "--app", "com.example.a", "--at", at]).status == 0)
        }
        let backup = dir.path + "/backup.jsonl"
        try cli.run(["export"]).stdout.write(toFile: backup, atomically: true, encoding: .utf8)
        #expect(try cli.run(["history", "pause"]).status == 0)
        let r = try cli.run(["rebuild", "--from", backup, "--json"])
        #expect(r.status == 0 && r.json.first?["notRecorded"] as? Int == 2, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("not recorded: 2 interactions"), "\(r.stderr)")
        #expect(try interactions(cli).isEmpty)
        #expect(try cli.run(["history", "resume"]).status == 0)
        let again = try cli.run(["rebuild", "--from", backup, "--json"])
        #expect(again.json.first?["notRecorded"] == nil && !again.stderr.contains("not recorded"), "\(again.stdout) \(again.stderr)")
        #expect(try interactions(cli).count == 2)
    }

    /// What `forget` forgot stays forgotten when the log it came from is
    /// indexed again or a backup made before is restored: both brought
    /// every forgotten use back (`sync` did not). Uses made after the forget
    /// are new.
    @Test func aForgottenUseStaysForgottenWhenItsLogIsIndexedAgain() throws {
        let (dir, cli) = try setUp()
        defer { withExtendedLifetime(dir) {} }
        let log = dir.write("log.jsonl", [
            #"{"kind":"interaction","app":"com.example.a","entities":[{"type":"Doc","id":"secret"}],"at":"2026-11-29T07:30:00Z"}"#,
            #"{"kind":"interaction","app":"com.example.a","entities":[{"type":"Doc","id":"other"}],"at":"2026-11-29T08:30:00Z"}"#,
        ].joined(separator: "\n") + "\n")
        #expect(try cli.run(["index", log]).status == 0)
        let backup = dir.path + "/backup.jsonl"
        try cli.run(["export"]).stdout.write(toFile: backup, atomically: true, encoding: .utf8)
        #expect(try cli.run(["forget", "--app", "com.example.a", "--type", "Doc", "--id", "secret"]).status == 0)
        let again = try cli.run(["index", log, "--json"])
        #expect(again.status == 0 && again.json.first?["notRecorded"] as? Int == 1, "\(again.stdout) \(again.stderr)")
        #expect(try interactions(cli).count == 1 && !interactions(cli).joined().contains("secret"))
        #expect(try cli.run(["rebuild", "--from", backup]).status == 0)
        #expect(try interactions(cli).count == 1 && !interactions(cli).joined().contains("secret"))
        let old = try cli.run(["donate", "--app", "com.example.a", "--entity", "Doc/secret", "--at", "2026-11-29T07:45:00Z", "--json"])
        #expect(old.json.first?["recorded"] as? Bool == false, "\(old.stdout)")
        #expect(try cli.run(["donate", "--app", "com.example.a", "--entity", "Doc/secret"]).status == 0)
        #expect(try interactions(cli).filter { $0.contains("secret") }.count == 1)
    }

    /// A use forgotten by the id it was given from its line (`d-…`), or
    /// through its entity named by one name, stays forgotten when the log
    /// is indexed again with the other: both came back.
    @Test func aForgottenUseStaysForgottenByItsDerivedIdAndByTheEntitysOtherName() throws {
        let (dir, cli) = try setUp()
        defer { withExtendedLifetime(dir) {} }
        let log = dir.write("log.jsonl", #"{"kind":"interaction","app":"com.example.b","at":"2026-11-29T07:30:00Z"}"# + "\n")
        #expect(try cli.run(["index", log]).status == 0)
        let line = try #require(try interactions(cli).first)
        let id = try #require(line.range(of: #"d-[0-9a-f]+"#, options: .regularExpression).map { String(line[$0]) })
        #expect(try cli.run(["forget", "--id", id]).status == 0)
        let again = try cli.run(["index", log, "--json"])
        #expect(again.json.first?["notRecorded"] as? Int == 1, "\(again.stdout)")
        #expect(try interactions(cli).isEmpty)

        let stable = """
            {"kind":"entity","app":"com.example.a","type":"Ev","id":"e1","stableId":"S1","title":"Event"}
            {"kind":"interaction","app":"com.example.a","entities":[{"type":"Ev","id":"S1"}],"at":"2026-11-20T08:30:00Z","id":"by-stable"}
            """
        #expect(try cli.run(["index", dir.write("stable.jsonl", stable + "\n")]).status == 0)
        #expect(try cli.run(["forget", "--app", "com.example.a", "--type", "Ev", "--id", "e1"]).status == 0)
        #expect(try interactions(cli).isEmpty)
        let back = try cli.run(["index", dir.path + "/stable.jsonl", "--json"])
        #expect(back.json.first?["notRecorded"] as? Int == 1, "\(back.stdout)")
        #expect(try interactions(cli).isEmpty)
    }

    /// history.json names what was forgotten only by salted digests: a
    /// forgotten file's path, a donation's id, an app, an intent are in no
    /// file of the index; the forgotten stay forgotten all the same, and
    /// `history unforget` lets them back in.
    @Test func whatWasForgottenIsKeptOutByDigestsAndUnforgetLetsItBackIn() throws {
        let (dir, cli) = try setUp()
        defer { withExtendedLifetime(dir) {} }
        let log = dir.write("log.jsonl", [
            #"{"kind":"interaction","id":"use-of-diary","app":"com.example.a","entities":[{"type":"file","id":"/home/ana/private/diary.odt"}],"at":"2026-11-29T07:30:00Z"}"#,
            #"{"kind":"interaction","app":"com.example.b","intent":"OpenConfession","at":"2026-11-29T07:40:00Z"}"#,
            #"{"kind":"interaction","app":"com.example.a","entities":[{"type":"Doc","id":"other"}],"at":"2026-11-29T08:30:00Z"}"#,
        ].joined(separator: "\n") + "\n")
        #expect(try cli.run(["index", log]).status == 0)
        for args in [["--app", "com.example.a", "--type", "file", "--id", "/home/ana/private/diary.odt"],
                     ["--app", "com.example.b", "--intent", "OpenConfession"], ["--id", "use-of-diary"]] {
            #expect(try cli.run(["forget"] + args).status == 0)
        }
        let history = try String(contentsOfFile: cli.index + "/history.json", encoding: .utf8)
        for plain in ["diary", "OpenConfession", "use-of-diary", "com.example.b"] {
            #expect(!history.contains(plain), "\(plain) in \(history)")
        }
        #expect(try cli.run(["history", "status"]).stdout.contains("Kept forgotten: what 3 forgets took out"))
        let again = try cli.run(["index", log, "--json"])
        #expect(again.json.first?["notRecorded"] as? Int == 2, "\(again.stdout) \(again.stderr)")
        #expect(try interactions(cli).count == 1)
        let r = try cli.run(["history", "unforget"])
        #expect(r.status == 0 && r.stdout.contains("Uses that 3 forgets took out are recorded again if indexed again"), "\(r.stdout)")
        #expect(try cli.run(["history", "status"]).stdout.contains("Kept forgotten: nothing"))
        #expect(try cli.run(["index", log]).status == 0)
        #expect(try interactions(cli).count == 3)
    }

    /// A history.json written before digests (the values themselves) is
    /// honoured, and the next save writes it hashed.
    @Test func forgetRulesWrittenInPlainAreHonouredThenHashed() throws {
        let (dir, cli) = try setUp()
        defer { withExtendedLifetime(dir) {} }
        try #"{"paused":false,"forgotten":[{"at":"2026-12-01T00:00:00Z","app":"com.example.a","entity":{"type":"Doc","id":"secret"}}],"retainDays":null,"excluded":[]}"#
            .write(toFile: cli.index + "/history.json", atomically: true, encoding: .utf8)
        let log = dir.write("log.jsonl", [
            #"{"kind":"interaction","app":"com.example.a","entities":[{"type":"Doc","id":"secret"}],"at":"2026-11-29T07:30:00Z"}"#,
            #"{"kind":"interaction","app":"com.example.a","entities":[{"type":"Doc","id":"other"}],"at":"2026-11-29T08:30:00Z"}"#,
        ].joined(separator: "\n") + "\n")
        #expect(try cli.run(["index", log, "--json"]).json.first?["notRecorded"] as? Int == 1)
        #expect(try cli.run(["history", "exclude", "com.example.c"]).status == 0)
        let history = try String(contentsOfFile: cli.index + "/history.json", encoding: .utf8)
        #expect(!history.contains("secret") && !history.contains("com.example.a") && history.contains("entitySHA256"), "\(history)")
        #expect(try cli.run(["index", log, "--json"]).json.first?["notRecorded"] as? Int == 1)
    }

    /// History settings that cannot be read stop every command that would
    /// read them, naming the file: read as the defaults, a paused history
    /// recorded again and the next write dropped what forget remembers.
    @Test func damagedHistorySettingsAreAnErrorNotTheDefaults() throws {
        let (dir, cli) = try setUp()
        defer { withExtendedLifetime(dir) {} }
        #expect(try cli.run(["history", "pause"]).status == 0)
        let file = cli.index + "/history.json"
        let kept = try String(contentsOfFile: file, encoding: .utf8)
        try #"{"paused":true,"forgotten":[{"at":"2026"#.write(toFile: file, atomically: true, encoding: .utf8)
        for args in [["history", "status"], ["history", "resume"], ["donate", "--app", "com.example.a"],
                     ["index", dir.write("use.jsonl", #"{"kind":"interaction","app":"com.example.a","at":"2026-11-29T07:30:00Z"}"# + "\n")]] {
            let r = try cli.run(args)
            #expect(r.status != 0 && r.stderr.contains("history.json is not a JSON object: fix it, or remove it"), "\(args): \(r.status) \(r.stderr)")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == #"{"paused":true,"forgotten":[{"at":"2026"#)
        try kept.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try cli.run(["history", "status"]).stdout.hasPrefix("History: paused"))
        #expect(try interactions(cli).isEmpty)
        try #"{"paused":"yes"}"#.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try cli.run(["history", "status"]).stderr.contains(#"says paused: "yes", not true or false"#))
    }

    /// A use made during a pause and read after it (sync reads a store's
    /// past) is not recorded either; one made after it is.
    @Test func usesMadeDuringAPauseAreNotRecordedAfterIt() throws {
        let (dir, cli) = try setUp()
        defer { withExtendedLifetime(dir) {} }
        #expect(try cli.run(["history", "pause"]).status == 0)
        Thread.sleep(forTimeInterval: 1.1)
        #expect(try cli.run(["history", "resume"]).status == 0)
        let span = try #require(try cli.run(["history", "status", "--json"]).json.first?["pauses"] as? [[String]]).first
        let (from, to) = try (#require(span?.first), #require(span?.last))
        let log = [from, to].map { #"{"kind":"interaction","app":"com.example.a","at":"\#($0)"}"# }.joined(separator: "\n") + "\n"
        let r = try cli.run(["index", "-"], stdin: log)
        #expect(r.stderr.contains("not recorded: 1 interaction"), "\(r.stderr)")
        #expect(try interactions(cli).count == 1 && interactions(cli)[0].contains(to))
    }

    /// A donation id names one use: the same again is idempotent (a retried
    /// `donate --id`, stamped later, too); another use under it is kept out
    /// and told — it was dropped, reported as indexed.
    @Test func aDonationIdNamesOneUse() throws {
        let (dir, cli) = try setUp()
        defer { withExtendedLifetime(dir) {} }
        let first = #"{"kind":"interaction","id":"X1","app":"com.example.a","at":"2026-11-29T07:30:00Z"}"#
        let other = #"{"kind":"interaction","id":"X1","app":"com.example.b","at":"2026-11-30T07:30:00Z"}"#
        #expect(try cli.run(["index", "-"], stdin: first + "\n").stderr.isEmpty)
        #expect(try cli.run(["index", "-"], stdin: first + "\n").stderr.isEmpty)
        let r = try cli.run(["index", "-", "--json"], stdin: other + "\n")
        #expect(r.status == 0 && r.stderr.contains("<stdin>:1: interaction id 'X1' is already recorded with other content"), "\(r.stderr)")
        #expect((r.json.first?["conflicts"] as? [String])?.count == 1)
        #expect(try interactions(cli).count == 1 && interactions(cli)[0].contains("com.example.a"))
        #expect(try cli.run(["donate", "--app", "com.example.a", "--id", "X1"]).status == 0)  // a retry: the same use
        let d = try cli.run(["donate", "--app", "com.example.b", "--id", "X1"])
        #expect(d.status == 65 && d.stderr.contains("already recorded with other content"), "\(d.stderr)")
        #expect(try interactions(cli).count == 1)
    }

    /// A log whose clock is only the time of day lists two launches of one
    /// morning alike: an id-less line the file repeats is another use. The
    /// same file again adds none, and says so (a replay fed a line per run
    /// lost every repeated launch without a word); the file grown by one
    /// more copy adds one.
    @Test func aLineALogRepeatsIsAnotherUseAndReimportingTheLogAddsNone() throws {
        let (dir, cli) = try setUp()
        defer { withExtendedLifetime(dir) {} }
        let launch = #"{"kind":"interaction","app":"com.example.a","at":"2026-11-30T06:00:00+01:00","context":["location.home"]}"# + "\n"
        let other = #"{"kind":"interaction","app":"com.example.b","at":"2026-11-30T06:00:00+01:00","context":["location.home"]}"# + "\n"
        let log = dir.write("log.jsonl", launch + other + launch)
        let first = try cli.run(["index", log])
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first)")
        #expect(try interactions(cli).count == 3)
        let again = try cli.run(["index", log, "--json"])
        #expect(again.status == 0 && again.json.first?["alreadyRecorded"] as? Double == 3, "\(again)")
        #expect(again.stderr.contains("note: 3 interactions were recorded before, the same use, and counted once"), "\(again.stderr)")
        #expect(try interactions(cli).count == 3)
        let line = try cli.run(["index", "-"], stdin: launch)
        #expect(line.stderr.contains("note: 1 interaction was recorded before") && line.stderr.contains("use limelight donate"), "\(line.stderr)")
        #expect(try interactions(cli).count == 3)
        #expect(try cli.run(["index", dir.write("log.jsonl", launch + other + launch + launch)]).status == 0)
        let stored = try interactions(cli)
        #expect(stored.count == 4 && stored.filter { $0.contains("com.example.a") }.count == 3, "\(stored)")
    }

    /// Uses of what is not indexed (an app gone from a sync, an action gone
    /// from its app) are kept and told; they count once it is indexed, and
    /// an export holding them reads back.
    @Test func usesOfWhatIsNotIndexedAreKeptAndCountOnceItIs() throws {
        let (dir, cli) = try setUp()
        defer { withExtendedLifetime(dir) {} }
        let log = #"{"kind":"interaction","app":"com.example.later","at":"2026-11-29T07:30:00Z"}"# + "\n"
            + #"{"kind":"interaction","app":"com.example.a","shortcut":"gone","at":"2026-11-29T07:31:00Z"}"# + "\n"
        let r = try cli.run(["index", "-"], stdin: log)
        #expect(r.status == 0 && r.stderr.contains("kept: <stdin>:1: interaction names app 'com.example.later', which is not in the index"), "\(r.stderr)")
        #expect(r.stderr.contains("<stdin>:2: interaction names App Shortcut 'gone', which com.example.a does not declare"))
        #expect(try interactions(cli).count == 2)
        let later = dir.write("later.jsonl", #"{"kind":"app","app":"com.example.later","name":"Later Thing"}"# + "\n")
        #expect(try cli.run(["index", later]).status == 0)
        let hit = try cli.run(["search", "later thing", "--json", "--explain"]).json.first
        #expect(((hit?["explain"] as? [String: Any])?["usage"] as? Double ?? 0) > 0, "\(String(describing: hit))")
        // And in the usage lists suggestions read.
        let suggested = try cli.run(["suggest", "--json", "--at", "2026-11-30T07:30:00Z"]).json
        #expect(suggested.contains { $0["app"] as? String == "com.example.later" }, "\(suggested)")
        let exported = dir.write("all.jsonl", try cli.run(["export"]).stdout)
        let copy = CLI(index: dir.path + "/copy")
        #expect(try copy.run(["index", exported]).status == 0)
        #expect(try copy.run(["export"]).stdout == cli.run(["export"]).stdout)
    }

    /// History settings saved before the first index belong to it: the
    /// directory is still a new index (it was refused as holding other
    /// files, for good), and index says what the settings left out.
    /// History settings go where writes go: never beside a person's files
    /// (every other command refused the folder, `history` wrote
    /// history.json into it), nor into one shard of a set, whose own
    /// settings nothing reads (donations through the set were recorded while
    /// the shard said paused). A new directory and a set's directory take them.
    @Test func settingsAreNotWrittenWhereNoIndexCanBe() throws {
        let dir = TempDir()
        try FileManager.default.createDirectory(atPath: dir.path + "/onlygen/gen-1", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir.path + "/documents", withIntermediateDirectories: true)
        _ = dir.write("documents/notes.txt", "mine\n")
        for target in ["documents", "onlygen"] {
            for action in [["pause"], ["exclude", "com.example.a"], ["retain", "5"], ["unforget"]] {
                let r = try CLI(index: dir.path + "/" + target).run(["history"] + action)
                #expect(r.status == 1 && r.stderr.contains("not a Limelight index"), "\(target) \(action): \(r.stderr)")
            }
            #expect(!FileManager.default.fileExists(atPath: dir.path + "/\(target)/history.json"), "\(target)")
        }
        let sharded = CLI(index: dir.path + "/sharded")
        #expect(try sharded.run(["index", "--shards", "2", dir.write("a.jsonl", #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n")]).status == 0)
        let shard = try CLI(index: dir.path + "/sharded/shard-1").run(["history", "pause"])
        #expect(shard.status == 1 && shard.stderr.contains("write to it through its directory"), "\(shard.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/sharded/shard-1/history.json"))
        #expect(try sharded.run(["history", "pause"]).status == 0)
        #expect(try CLI(index: dir.path + "/new").run(["history", "pause"]).status == 0)
    }

    /// `history retain` on an index busy past the lock timeout (75) keeps
    /// the old limit: the new one was saved and nothing applied it, though
    /// the command had failed.
    @Test func aRetentionTheIndexWasTooBusyForIsNotKept() throws {
        let (dir, cli) = try setUp()
        defer { withExtendedLifetime(dir) {} }
        let holder = try cli.start(["index", CrashTests.bigBatch(dir, count: 40_000, tag: "retain")])
        cli.waitForWriter(holder)
        let r = try cli.run(["history", "retain", "10"], env: ["LIMELIGHT_LOCK_TIMEOUT": "0"])
        let finishedFirst = !holder.isRunning
        holder.waitUntilExit()
        #expect(!finishedFirst, "the writer finished before the retain timed out; make its batch bigger")
        #expect(r.status == 75, "\(r.stderr)")
        #expect(try cli.run(["history", "status"]).stdout.contains("Retention: kept until forgotten"))
    }

    @Test func historySetBeforeTheFirstIndexHolds() throws {
        let dir = TempDir()
        defer { withExtendedLifetime(dir) {} }
        let cli = CLI(index: dir.path + "/index")
        #expect(try cli.run(["history", "pause"]).status == 0)
        // A lower-case t and z, as RFC 3339 allows.
        let records = #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n"
            + #"{"kind":"interaction","app":"com.example.a","at":"2026-11-29t07:30:00z"}"# + "\n"
        let r = try cli.run(["index", "-"], stdin: records)
        #expect(r.status == 0 && r.stderr.contains("not recorded: 1 interaction:"), "\(r.stdout)\(r.stderr)")
        #expect(try cli.run(["index", "--json", "-"], stdin: records).json.first?["notRecorded"] as? Double == 1)
        #expect(try interactions(cli).isEmpty)
        #expect(try cli.run(["history", "status"]).stdout.hasPrefix("History: paused"))
        #expect(try cli.run(["search", "alpha"]).stdout.contains("Alpha"))
    }

    /// A later write may leave a stored App Shortcut's rule unmet (the last
    /// entity of its parameter's type deleted): rebuild puts back what was
    /// there, and forget, which rebuilds, works. Both failed for good (exit
    /// 65), and forget had already forgotten while saying nothing was written
    /// (found by a helper's audit).
    @Test func rebuildAndForgetWorkAfterAShortcutsLastValueIsDeleted() throws {
        let dir = TempDir()
        defer { withExtendedLifetime(dir) {} }
        let cli = CLI(index: dir.path + "/index")
        let records = """
            {"kind":"app","app":"com.example.a","name":"Alpha"}
            {"kind":"intent","app":"com.example.a","id":"OpenDoc","title":"Open Doc","parameters":[{"name":"doc","type":"Doc"}]}
            {"kind":"shortcut","app":"com.example.a","id":"open-doc","intent":"OpenDoc","title":"Open Doc","phrases":["Open ${doc} in ${applicationName}"],"parameter":{"name":"doc","type":"Doc"}}
            {"kind":"entity","app":"com.example.a","type":"Doc","id":"only","title":"Only doc"}
            {"kind":"interaction","app":"com.example.a","at":"2026-11-29T07:30:00Z","id":"launch-1"}

            """
        #expect(try cli.run(["index", dir.write("r.jsonl", records)]).status == 0)
        #expect(try cli.run(["delete", "--app", "com.example.a", "--type", "Doc", "--id", "only"]).status == 0)
        let rebuilt = try cli.run(["rebuild"])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        let forgot = try cli.run(["forget", "--id", "launch-1"])
        #expect(forgot.status == 0 && forgot.stdout.contains("Forgot 1 donation"), "\(forgot.stdout)\(forgot.stderr)")
        #expect(try interactions(cli).isEmpty)
        #expect(try cli.run(["search", "open doc", "--json"]).json.contains { $0["id"] as? String == "open-doc" })
    }

    /// An expired entity appears nowhere: get says it is not found, as
    /// resolve calls it missing (get printed it; found by a helper's audit).
    @Test func getDoesNotShowAnExpiredEntity() throws {
        let (dir, cli) = try setUp()
        defer { withExtendedLifetime(dir) {} }
        let lines = #"{"kind":"entity","app":"com.example.a","type":"Doc","id":"old","title":"Old plan","expires":"2020-01-01T00:00:00Z"}"# + "\n"
        #expect(try cli.run(["index", "-"], stdin: lines).status == 0)
        let got = try cli.run(["get", "--app", "com.example.a", "--type", "Doc", "--id", "old"])
        #expect(got.status == 1 && got.stdout.isEmpty, "\(got.stdout)")
        #expect(try cli.run(["get", "--app", "com.example.a", "--type", "Doc", "--id", "secret"]).status == 0)
    }

    /// Bounds the wrong way round select nothing: a slip, said so, not 'Forgot 0'.
    @Test func forgettingFromAfterToIsAUsageError() throws {
        let (dir, cli) = try setUp()
        defer { withExtendedLifetime(dir) {} }
        #expect(try cli.run(["donate", "--app", "com.example.a", "--at", "2026-11-15T00:00:00Z"]).status == 0)
        let r = try cli.run(["forget", "--from", "2026-11-20T00:00:00Z", "--to", "2026-11-10T00:00:00Z"])
        #expect(r.status == 64 && r.stderr.contains("is after --to"), "\(r.stdout)\(r.stderr)")
        #expect(try interactions(cli).count == 1)
    }

    @Test func excludedAppsAreNotRecordedAndRetentionForgetsOldDonationsOnEveryWrite() throws {
        let (dir, cli) = try setUp()
        defer { withExtendedLifetime(dir) {} }
        #expect(try cli.run(["history", "exclude", "com.example.b"]).status == 0)
        #expect(try cli.run(["donate", "--app", "com.example.b"]).stdout.isEmpty)
        #expect(try cli.run(["donate", "--app", "com.example.a"]).status == 0)
        #expect(try interactions(cli).count == 1)
        #expect(try cli.run(["history", "status"]).stdout.contains("Excluded apps: com.example.b"))
        #expect(try cli.run(["history", "include", "com.example.b"]).status == 0)
        #expect(try cli.run(["donate", "--app", "com.example.b"]).status == 0)
        #expect(try interactions(cli).count == 2)

        let old = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-40 * 86_400))
        #expect(try cli.run(["donate", "--app", "com.example.a", "--at", old, "--id", "old-one"]).status == 0)
        #expect(try interactions(cli).count == 3)
        #expect(try cli.run(["history", "retain", "30"]).status == 0)
        #expect(try !interactions(cli).contains { $0.contains("old-one") })
        // Every write applies it: an old donation arriving later is not kept either.
        #expect(try cli.run(["donate", "--app", "com.example.a", "--at", old, "--id", "old-two"]).status == 0)
        #expect(try !interactions(cli).contains { $0.contains("old-two") })
        #expect(try interactions(cli).count == 2)
    }

    @Test func rebuildFromFilesObeysTheHistorySettings() throws {
        let (dir, cli) = try setUp()
        defer { withExtendedLifetime(dir) {} }
        #expect(try cli.run(["history", "exclude", "com.example.b"]).status == 0)
        #expect(try cli.run(["history", "retain", "30"]).status == 0)
        let old = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-40 * 86_400))
        let now = ISO8601DateFormatter().string(from: Date())
        let file = dir.write("all.jsonl", try cli.run(["export"]).stdout + """
            {"kind":"interaction","app":"com.example.b","at":"\(now)"}
            {"kind":"interaction","app":"com.example.a","at":"\(old)"}
            {"kind":"interaction","app":"com.example.a","at":"\(now)"}

            """)
        #expect(try cli.run(["rebuild", "--from", file]).status == 0)
        #expect(try interactions(cli).count == 1 && interactions(cli).allSatisfy { $0.contains("com.example.a") && $0.contains(now) })
        #expect(try cli.run(["history", "pause"]).status == 0)
        #expect(try cli.run(["rebuild", "--from", file]).status == 0)
        #expect(try interactions(cli).isEmpty)
    }

    /// A use through one of an intent's App Shortcuts names the shortcut
    /// alone; `forget --intent` forgets it with the intent's other uses (it
    /// said "Forgot 0 donations" and kept it).
    @Test func forgettingAnIntentForgetsTheUsesOfItsShortcuts() throws {
        let dir = TempDir()
        let cli = CLI(index: dir.path + "/index")
        let records = [
            #"{"kind":"app","app":"com.example.t","name":"Trails"}"#,
            #"{"kind":"entity","app":"com.example.t","type":"Trail","id":"lands-end","title":"Lands End"}"#,
            #"{"kind":"intent","app":"com.example.t","id":"OpenTrail","title":"Open Trail","parameters":[{"name":"trail","type":"Trail"}]}"#,
            #"{"kind":"intent","app":"com.example.t","id":"ShareTrail","title":"Share Trail","parameters":[{"name":"trail","type":"Trail"}]}"#,
            #"{"kind":"shortcut","app":"com.example.t","id":"open-trail","intent":"OpenTrail","title":"Open Trail","phrases":["Open ${trail} in ${applicationName}"],"parameter":{"name":"trail","type":"Trail"}}"#,
        ]
        #expect(try cli.run(["index", dir.write("r.jsonl", records.joined(separator: "\n") + "\n")]).status == 0)
        for (flag, value, id) in [("--shortcut", "open-trail", "by-shortcut"), ("--intent", "OpenTrail", "by-intent"), ("--intent", "ShareTrail", "shared")] {
            #expect(try cli.run(["donate", "--app", "com.example.t", flag, value, "--entity", "Trail/lands-end", "--id", id]).status == 0)
        }
        let r = try cli.run(["forget", "--app", "com.example.t", "--intent", "OpenTrail", "--entity", "Trail/lands-end"])
        #expect(r.status == 0 && r.stdout.contains("Forgot 2 donations"), "\(r.stdout)\(r.stderr)")
        let left = try cli.run(["export"]).lines.filter { $0.contains(#""kind":"interaction""#) }
        #expect(left.count == 1 && left[0].contains("shared"), "\(left)")
    }

    /// DESIGN: `delete` deletes "by id, type, app, or donation". One
    /// donation was `forget --id` alone; `delete --donation` was unknown (64).
    @Test func deleteTakesADonation() throws {
        let dir = TempDir()
        let cli = CLI(index: dir.path + "/index")
        #expect(try cli.run(["index", dir.write("a.jsonl", #"{"kind":"app","app":"com.example.d","name":"D"}"# + "\n")]).status == 0)
        for id in ["gone", "kept"] { #expect(try cli.run(["donate", "--app", "com.example.d", "--id", id]).status == 0) }
        let r = try cli.run(["delete", "--donation", "gone", "--json"])
        #expect(r.status == 0 && r.json.first?["deleted"] as? Int == 1, "\(r.stdout)\(r.stderr)")
        let left = try cli.run(["export"]).lines.filter { $0.contains(#""kind":"interaction""#) }
        #expect(left.count == 1 && left[0].contains("kept"), "\(left)")
        #expect(try cli.run(["delete", "--donation", "kept", "--app", "com.example.d"]).status == 64)
    }

    /// A forget or delete interrupted after its removal was committed and
    /// before its rebuild left the text in the files, and a retry found
    /// nothing to remove and rebuilt nothing: the marker it leaves makes the
    /// next one rebuild (and a rebuild or compaction takes it away).
    @Test func aRemovalWhoseRebuildWasInterruptedIsScrubbedByTheNext() throws {
        let (dir, cli) = try setUp()
        let marker = dir.path + "/index/scrub.pending"
        func generation() throws -> Int? { try cli.run(["stats", "--json"]).json.first?["generation"] as? Int }
        #expect(try cli.run(["forget", "--id", "no-such-use"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: marker))
        let before = try #require(try generation())
        _ = dir.write("index/scrub.pending", "forget or delete\n")  // as an interrupted forget leaves it
        let r = try cli.run(["forget", "--id", "no-such-use"])
        #expect(r.status == 0 && r.stderr.contains("was interrupted before its text was scrubbed"), "\(r.stderr)")
        #expect(try generation() ?? 0 > before)
        #expect(!FileManager.default.fileExists(atPath: marker))
        _ = dir.write("index/scrub.pending", "forget or delete\n")
        #expect(try cli.run(["compact"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func forgettingOneEntityLeavesNoGenerationOnDiskHoldingIt() throws {
        let (dir, cli) = try setUp()
        for n in 0..<3 {
            #expect(try cli.run(["donate", "--app", "com.example.a", "--entity", "Doc/secret", "--id", "secret-use-\(n)",
                                 "--context", "location.hideout"]).status == 0)
        }
        #expect(try cli.run(["donate", "--app", "com.example.a", "--entity", "Doc/other", "--id", "kept-use"]).status == 0)
        let before = try cli.run(["search", "plan", "--json", "--explain"]).json.first { $0["id"] as? String == "secret" }
        #expect(((before?["explain"] as? [String: Any])?["usage"] as? Double ?? 0) > 0)
        let r = try cli.run(["forget", "--app", "com.example.a", "--type", "Doc", "--id", "secret"])
        #expect(r.status == 0 && r.stdout.contains("Forgot 3 donations"), "\(r.stdout)\(r.stderr)")
        let left = try interactions(cli)
        #expect(left.count == 1 && left[0].contains("kept-use"))
        let after = try cli.run(["search", "plan", "--json", "--explain"]).json.first { $0["id"] as? String == "secret" }
        #expect(after != nil && ((after?["explain"] as? [String: Any])?["usage"] as? Double ?? 0) == 0)
        // No file of the index still holds the forgotten donations' bytes.
        var holding: [String] = []
        let root = dir.path + "/index"
        for path in FileManager.default.enumerator(atPath: root)?.compactMap({ $0 as? String }) ?? [] {
            guard let data = FileManager.default.contents(atPath: root + "/" + path) else { continue }
            for needle in ["secret-use-", "location.hideout"] where data.range(of: Data(needle.utf8)) != nil { holding.append("\(path): \(needle)") }
        }
        #expect(holding.isEmpty, "\(holding)")
        #expect(try cli.run(["forget", "--app", "com.example.a", "--type", "Doc"]).status == 64)
    }
}
