import DBusService
import DesktopSources
import LimelightModel
import Foundation
import Glibc
import Testing

/// `limelight serve` itself: the built binary over a real index, on a private
/// bus, called with gdbus; outputs compared exactly.
@Suite(.enabled(if: DBusTools.available, "dbus-daemon or gdbus is not installed"))
struct ServeTests {
    static let name = "org.limelight.Limelight"
    static let path = "/org/limelight/Limelight/SearchProvider"
    static let keep = "entity/com.example.trails/TrailEntity/lantern-keep"
    static let gone = "entity/com.example.trails/TrailEntity/lantern-gone"
    static let app = "app/com.example.trails"
    static let shortcut = "shortcut/com.example.trails/start-hike"

    static let records = """
        {"kind":"app","app":"com.example.trails","name":"Trails","exec":"true"}
        {"kind":"intent","app":"com.example.trails","id":"StartHike","title":"Start Hike","summary":"Start a hike"}
        {"kind":"shortcut","app":"com.example.trails","id":"start-hike","intent":"StartHike","title":"Start a Hike","phrases":["Start a hike in ${applicationName}"],"exec":"touch MARK/opened-start-hike"}
        {"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"lantern-keep","title":"Lantern Ridge","subtitle":"Big Sur, CA","exec":"touch MARK/opened-keep","url":"https://example.com/lantern","icon":"/usr/share/icons/trails.png"}
        {"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"lantern-gone","title":"Lantern Cove","exec":"true"}

        """

    /// A temp index with `records`, the binary, and a private bus.
    final class Fixture {
        let dir: String
        let index: String
        let bus: PrivateBus
        var service: Child?

        init(records: String = ServeTests.records, busEnvironment: [String: String] = [:]) throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            index = dir + "/index"
            // Opening runs the item's Exec line: `touch` leaves a mark to check.
            try records.replacingOccurrences(of: "MARK", with: dir)
                .write(toFile: dir + "/r.jsonl", atomically: true, encoding: .utf8)
            bus = try PrivateBus(environment: busEnvironment)
            // The trails app's icon, installed as an app installs one (its
            // id is its name): an app of records without `icon` shows it.
            let icons = dir + "/data/icons/hicolor/48x48/apps"
            try FileManager.default.createDirectory(atPath: icons, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: icons + "/com.example.trails.png", contents: Data())
            let indexed = try cli(["index", dir + "/r.jsonl"])
            guard indexed.status == 0 else { throw Child.Failure(description: "index failed: \(indexed)") }
        }

        deinit {
            service?.stop()
            bus.stop()
            try? FileManager.default.removeItem(atPath: dir)
        }

        var environment: [String: String] {
            Child.environment(adding: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_DATA_HOME": dir + "/data"])
        }

        func cli(_ args: [String]) throws -> Child.Output {
            try Child.run([LimelightBinary.path, "--index", index] + args, environment: environment)
        }

        /// Starts `limelight serve` on the private bus and waits for its name.
        func serve(_ extra: [String] = []) throws {
            service = try Child([LimelightBinary.path, "--index", index, "serve"] + extra, environment: environment)
            let waited = try Child.run([DBusTools.gdbus!, "wait", "--address", bus.address, "--timeout", "10", ServeTests.name])
            guard waited.status == 0 else { throw Child.Failure(description: "serve never took its name: \(waited)") }
        }

        func gnome(_ method: String, _ arguments: [String] = []) throws -> Child.Output {
            try bus.call(ServeTests.path, "org.gnome.Shell.SearchProvider2." + method, arguments, destination: ServeTests.name)
        }

        func krunner(_ method: String, _ arguments: [String] = []) throws -> Child.Output {
            try bus.call("/runner", "org.kde.krunner1." + method, arguments, destination: ServeTests.name)
        }

        /// Whether `file` appears in the fixture's directory within 5 s.
        func appears(_ file: String) -> Bool {
            for _ in 0..<100 {
                if FileManager.default.fileExists(atPath: dir + "/" + file) { return true }
                usleep(50_000)
            }
            return false
        }

        /// The interaction records in the index, as `export` prints them.
        func interactions() throws -> [String] {
            try cli(["export"]).stdout.split(separator: "\n").map(String.init).filter { $0.contains(#""kind":"interaction""#) }
        }
    }

    /// An App Shortcut bound to a value is named with it, as search lists it,
    /// also when the shell asks for an id it did not just get (every value
    /// of a shortcut was an identical 'Open Doc' row; found by a helper's audit).
    @Test func aBoundShortcutsMetaIsNamedWithItsValueAndActionsCarryTheAppsIcon() throws {
        let records = """
            {"kind":"app","app":"com.example.docs","name":"Docs","exec":"true","icon":"docs-icon"}
            {"kind":"entity","app":"com.example.docs","type":"Doc","id":"d1","title":"Spacey doc"}
            {"kind":"entity","app":"com.example.docs","type":"Doc","id":"d2","title":"Web doc"}
            {"kind":"intent","app":"com.example.docs","id":"OpenDoc","title":"Open Doc","parameters":[{"name":"doc","type":"Doc"}]}
            {"kind":"shortcut","app":"com.example.docs","id":"open-doc","intent":"OpenDoc","title":"Open Doc","phrases":["Open ${doc} in ${applicationName}"],"parameter":{"name":"doc","type":"Doc"},"exec":"true"}

            """
        let f = try Fixture(records: records)
        try f.serve()
        let ids = ["shortcut/com.example.docs/open-doc/Doc/d1", "shortcut/com.example.docs/open-doc/Doc/d2"]
        let metas = try f.gnome("GetResultMetas", ["['\(ids[0])', '\(ids[1])']"]).stdout
        #expect(metas.contains("'name': <'Open Doc: Spacey doc'>") && metas.contains("'name': <'Open Doc: Web doc'>"), "\(metas)")
        // KRunner's actions carry the app's icon (they named the app id, which no theme has).
        #expect(try f.krunner("Actions").stdout == "([('shortcut/com.example.docs/open-doc', 'Open Doc', 'docs-icon')],)\n")
        // So do its entities, which name no icon of their own, and its shortcuts' rows,
        // asked of a fresh answer and of the stored record alike (they named the app id).
        #expect(metas.components(separatedBy: "'icon': <('themed', <['docs-icon']>)>").count == 3, "\(metas)")
        let match = try f.krunner("Match", ["spacey"]).stdout
        #expect(match.hasPrefix("([('entity/com.example.docs/Doc/d1', 'Spacey doc', 'docs-icon',"), "\(match)")
        let again = try f.gnome("GetResultMetas", ["['entity/com.example.docs/Doc/d2']"]).stdout
        #expect(again.contains("'icon': <('themed', <['docs-icon']>)>"), "\(again)")
    }

    /// The index removed and made again at the same path (the same
    /// generation and revision) is answered from: serve kept searching the
    /// deleted files it held open, and described the new index's ids by
    /// their ids (a black-box audit).
    @Test func anIndexMadeAgainAtTheSamePathIsServed() throws {
        let f = try Fixture()
        try f.serve()
        #expect(try f.gnome("GetInitialResultSet", [#"["lantern"]"#]).stdout.contains(Self.keep))
        try FileManager.default.removeItem(atPath: f.index)
        try #"{"kind":"app","app":"com.example.music","name":"Music"}"#.write(toFile: f.dir + "/music.jsonl", atomically: true, encoding: .utf8)
        #expect(try f.cli(["index", f.dir + "/music.jsonl"]).status == 0)
        #expect(try f.gnome("GetInitialResultSet", [#"["music"]"#]).stdout == "(['app/com.example.music'],)\n")
        let metas = try f.gnome("GetResultMetas", ["['app/com.example.music']"]).stdout
        #expect(metas.contains("'name': <'Music'>"), "\(metas)")
        #expect(try f.gnome("GetInitialResultSet", [#"["lantern"]"#]).stdout == "(@as [],)\n")
    }

    /// An icon given as a file:// URI is the file it names, percent-decoded,
    /// as an absolute path is: GNOME got it as a theme icon name (and drew a
    /// broken one), KRunner as an icon name (a black-box audit).
    @Test func aFileURIIconIsTheFileItNames() throws {
        let records = """
            {"kind":"app","app":"com.example.uri","name":"Uri Wibble","exec":"true","icon":"file:///usr/share/icons/My%20Icons/uri.png"}
            {"kind":"app","app":"com.example.host","name":"Host Wibble","exec":"true","icon":"file://localhost/opt/host.png"}

            """
        let f = try Fixture(records: records)
        try f.serve()
        let metas = try f.gnome("GetResultMetas", ["['app/com.example.uri', 'app/com.example.host']"]).stdout
        #expect(metas.contains("'icon': <('file', <'/usr/share/icons/My Icons/uri.png'>)>, 'gicon': <'/usr/share/icons/My Icons/uri.png'>"), "\(metas)")
        #expect(metas.contains("'icon': <('file', <'/opt/host.png'>)>, 'gicon': <'/opt/host.png'>"), "\(metas)")
        let match = try f.krunner("Match", ["uri wibble"]).stdout
        #expect(match.hasPrefix("([('app/com.example.uri', 'Uri Wibble', '/usr/share/icons/My Icons/uri.png',"), "\(match)")
    }

    /// An app of a desktop file with no Icon is shown with the generic
    /// application icon, as GNOME Shell shows it (its id named no icon a
    /// theme has, and the shell drew a broken one); an app of records keeps
    /// its id, a Flatpak's icon name, where an icon of that name is installed
    /// (the fixture's trails app), else it has the generic icon too (a real
    /// GNOME Shell 43 drew a broken image for an id no theme had).
    @Test func aDesktopAppWithNoIconHasTheGenericApplicationIcon() throws {
        let records = """
            {"kind":"app","app":"noicon","name":"Noicon Wibble","exec":"true","desktopFile":"noicon.desktop"}
            {"kind":"app","app":"org.example.Wibble","name":"Wibble Records","exec":"true"}
            {"kind":"app","app":"com.example.trails","name":"Trails","exec":"true"}

            """
        let f = try Fixture(records: records)
        try f.serve()
        let metas = try f.gnome("GetResultMetas", ["['app/noicon', 'app/org.example.Wibble']"]).stdout
        #expect(metas.contains("'name': <'Noicon Wibble'>, 'icon': <('themed', <['application-x-executable']>)>"), "\(metas)")
        #expect(metas.contains("'name': <'Wibble Records'>, 'icon': <('themed', <['application-x-executable']>)>"), "\(metas)")
        #expect(try f.gnome("GetResultMetas", ["['app/com.example.trails']"]).stdout.contains("'icon': <('themed', <['com.example.trails']>)>"))
        let match = try f.krunner("Match", ["noicon"]).stdout
        #expect(match.hasPrefix("([('app/noicon', 'Noicon Wibble', 'application-x-executable',"), "\(match)")
    }

    /// An app's row says what it is, as KRunner shows applications: its
    /// generic name, else its description (GNOME Shell showed bare names).
    @Test func anAppsRowSaysWhatKindOfAppItIs() throws {
        let records = """
            {"kind":"app","app":"org.example.Quill","name":"Quill","genericName":"Text Editor","description":"Edit text files","exec":"true"}
            {"kind":"app","app":"org.example.Quire","name":"Quire","description":"Bind pages into books","exec":"true"}
            {"kind":"app","app":"org.example.Quiet","name":"Quiet","exec":"true"}

            """
        let f = try Fixture(records: records)
        try f.serve()
        let ids = try f.gnome("GetInitialResultSet", [#"["qui"]"#]).stdout
        #expect(ids.contains("app/org.example.Quill") && ids.contains("app/org.example.Quire"), "\(ids)")
        let asked = "['app/org.example.Quill', 'app/org.example.Quire', 'app/org.example.Quiet']"
        let answered = try f.gnome("GetResultMetas", [asked]).stdout
        // A new version of the index: the ids are read from it, not from the last answer.
        try #"{"kind":"app","app":"org.example.Other","name":"Other","exec":"true"}"#.write(toFile: f.dir + "/more.jsonl", atomically: true, encoding: .utf8)
        #expect(try f.cli(["index", f.dir + "/more.jsonl"]).status == 0)
        for metas in [answered, try f.gnome("GetResultMetas", [asked]).stdout] {
            #expect(metas.contains("'name': <'Quill'>, 'description': <'Text Editor'>"), "\(metas)")
            #expect(metas.contains("'name': <'Quire'>, 'description': <'Bind pages into books'>"), "\(metas)")
            #expect(metas.contains("'name': <'Quiet'>, 'icon'"), "\(metas)")
        }
        let match = try f.krunner("Match", ["quill"]).stdout
        #expect(match.contains("{'subtext': <'Text Editor'>"), "\(match)")
    }

    @Test func searchProvider2AnswersEveryMethodFromTheIndex() throws {
        let f = try Fixture()
        try f.serve()
        // Spotlight's order: the shorter title is the Top Hit.
        let ids = "(['\(Self.gone)', '\(Self.keep)'],)\n"
        #expect(try f.gnome("GetInitialResultSet", [#"["lantern"]"#]).stdout == ids)
        #expect(try f.gnome("GetInitialResultSet", [#"["lantern", "rid"]"#]).stdout == "(['\(Self.keep)'],)\n")
        #expect(try f.gnome("GetInitialResultSet", ["@as []"]).stdout == "(@as [],)\n")
        #expect(try f.gnome("GetSubsearchResultSet", ["['\(Self.keep)', '\(Self.gone)']", #"["lantern", "co"]"#]).stdout
                == "(['\(Self.gone)'],)\n")
        // One meta per id, in order; a placeholder for an unknown or malformed id.
        let metas = try f.gnome("GetResultMetas", ["['\(Self.gone)', 'entity/com.example.trails/TrailEntity/nope', '\(Self.app)', 'junk', '\(Self.keep)', '\(Self.shortcut)']"])
        #expect(metas.stdout == "([{'id': <'\(Self.gone)'>, 'name': <'Lantern Cove'>, 'icon': <('themed', <['com.example.trails']>)>, 'gicon': <'com.example.trails'>}, "
                + "{'id': <'entity/com.example.trails/TrailEntity/nope'>, 'name': <'entity/com.example.trails/TrailEntity/nope'>}, "
                + "{'id': <'\(Self.app)'>, 'name': <'Trails'>, 'icon': <('themed', <['com.example.trails']>)>, 'gicon': <'com.example.trails'>}, "
                + "{'id': <'junk'>, 'name': <'junk'>}, "
                + "{'id': <'\(Self.keep)'>, 'name': <'Lantern Ridge'>, 'description': <'Big Sur, CA'>, 'icon': <('file', <'/usr/share/icons/trails.png'>)>, 'gicon': <'/usr/share/icons/trails.png'>}, "
                + "{'id': <'\(Self.shortcut)'>, 'name': <'Start a Hike'>, 'icon': <('themed', <['com.example.trails']>)>, 'gicon': <'com.example.trails'>}],)\n")
        #expect(try f.gnome("LaunchSearch", [#"["lantern"]"#, "0"]).stdout == "()\n")

        // Activation records a donation (the use feeds ranking).
        #expect(try f.interactions().isEmpty)
        #expect(try f.gnome("ActivateResult", [Self.keep, #"["lantern"]"#, "0"]).stdout == "()\n")
        #expect(f.appears("opened-keep"), "the entity's Exec line did not run")
        let donated = try f.interactions()
        #expect(donated.count == 1)
        #expect(donated.first?.contains(#""app":"com.example.trails","entities":[{"type":"TrailEntity","id":"lantern-keep"}]"#) == true, "\(donated)")
        let unknown = try f.gnome("ActivateResult", ["entity/com.example.trails/TrailEntity/nope", "@as []", "0"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("org.limelight.Limelight.Error.NotFound"), "\(unknown)")
        #expect(try f.interactions().count == 1)
    }

    /// GNOME Shell shows five rows of a provider's list: given ten, it showed
    /// five and "5 more", whose click sends LaunchSearch, for which Limelight
    /// has no window (a real GNOME Shell 43: the overview closed, the rest out
    /// of reach). So its result sets hold five; KRunner's hold `--limit`.
    @Test func gnomeIsGivenTheFiveRowsItShowsAndKRunnerTheLimit() throws {
        let beacons = (1...8).map { #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"beacon-\#($0)","title":"Beacon Point \#($0)","exec":"true"}"# }
        let f = try Fixture(records: Self.records + beacons.joined(separator: "\n") + "\n")
        try f.serve()
        let gnome = try f.gnome("GetInitialResultSet", [#"["beacon"]"#]).stdout
        #expect(gnome.components(separatedBy: "TrailEntity/beacon-").count - 1 == 5, "\(gnome)")
        let refined = try f.gnome("GetSubsearchResultSet", [#"["entity/com.example.trails/TrailEntity/beacon-1"]"#, #"["beacon", "poi"]"#]).stdout
        #expect(refined.components(separatedBy: "TrailEntity/beacon-").count - 1 == 5, "\(refined)")
        let krunner = try f.krunner("Match", ["beacon"]).stdout
        #expect(krunner.components(separatedBy: "TrailEntity/beacon-").count - 1 == 8, "\(krunner)")
    }

    @Test func krunnerMatchActionsRunTeardownAndConfig() throws {
        let f = try Fixture()
        try f.serve()
        #expect(try f.krunner("Match", ["lantern"]).stdout == "([('\(Self.gone)', 'Lantern Cove', 'com.example.trails', 100, 1.0, {'category': <'Top Hit'>, 'actions': <@as []>}), "
                + "('\(Self.keep)', 'Lantern Ridge', '/usr/share/icons/trails.png', 30, 0.90000000000000002, {'subtext': <'Big Sur, CA'>, 'urls': <['https://example.com/lantern']>, 'category': <'Results'>, 'actions': <@as []>})],)\n")
        // Three words, one trail with them all: the other has some, below, as KRunner's lowest match type.
        let some = try f.krunner("Match", ["lantern ridge big"]).stdout
        #expect(some.hasPrefix("([('\(Self.keep)', 'Lantern Ridge', "), "\(some)")
        #expect(some.contains("('\(Self.gone)', 'Lantern Cove', 'com.example.trails', 10, 0.90000000000000002, {'category': <'Matching Some Words'>"), "\(some)")
        #expect(try f.krunner("Match", ["trails"]).stdout.hasPrefix("([('\(Self.app)', 'Trails', 'com.example.trails', 100, 1.0, {'category': <'Top Hit'>, 'actions': <['\(Self.shortcut)']>})"))
        #expect(try f.krunner("Match", [""]).stdout == "(@a(sssida{sv}) [],)\n")
        #expect(try f.krunner("Actions").stdout == "([('\(Self.shortcut)', 'Start a Hike', 'com.example.trails')],)\n")
        // Read once per version of the index (KRunner asks every session), so
        // a shortcut indexed since is among them at once.
        try #"{"kind":"shortcut","app":"com.example.trails","id":"log-hike","intent":"StartHike","title":"Log a Hike","phrases":["Log a hike in ${applicationName}"],"exec":"true"}"#
            .write(toFile: f.dir + "/more.jsonl", atomically: true, encoding: .utf8)
        #expect(try f.cli(["index", f.dir + "/more.jsonl"]).status == 0)
        let actions = try f.krunner("Actions").stdout
        #expect(actions.contains("'Start a Hike'") && actions.contains("('shortcut/com.example.trails/log-hike', 'Log a Hike', 'com.example.trails')"), "\(actions)")
        // Relevances 0.1 apart: KRunner adds 0.13 for a match launched once
        // (0.01 apart, that moved it 13 places).
        let spaced = try f.krunner("Match", ["trails"]).stdout
        #expect(spaced.contains(", 1.0, ") && spaced.contains(", 0.90000000000000002, ") && spaced.contains(", 0.80000000000000004, "), "\(spaced)")
        #expect(try f.krunner("Config").stdout == "({'MinLetterCount': <1>},)\n")
        #expect(try f.krunner("Teardown").stdout == "()\n")

        #expect(try f.krunner("Run", [Self.app, Self.shortcut]).stdout == "()\n")
        #expect(try f.krunner("Run", [Self.gone, ""]).stdout == "()\n")
        #expect(f.appears("opened-start-hike"), "the App Shortcut's Exec line did not run")
        let donated = try f.interactions()
        #expect(donated.count == 2, "\(donated)")
        #expect(donated.contains { $0.contains(#""app":"com.example.trails","shortcut":"start-hike""#) }, "\(donated)")
        #expect(donated.contains { $0.contains(#""entities":[{"type":"TrailEntity","id":"lantern-gone"}]"#) }, "\(donated)")
        let unknown = try f.krunner("Run", ["app/com.example.none", ""])
        #expect(unknown.stderr.contains("org.limelight.Limelight.Error.NotFound"), "\(unknown)")
        // An action with a match that does not offer it (an entity, another
        // app) is refused, and runs nothing: it ran the action.
        for match in [Self.gone, "app/com.example.other"] {
            let mismatched = try f.krunner("Run", [match, Self.shortcut])
            #expect(mismatched.status != 0 && mismatched.stderr.contains("org.freedesktop.DBus.Error.InvalidArgs"), "\(mismatched)")
        }
        #expect(try f.interactions().count == 2)
        // A Run that opened nothing is said on the service's stderr too:
        // KRunner sends Run without reading the reply.
        let service = try #require(f.service)
        service.stop()
        let said = try service.finish()
        #expect(said.stderr.contains("could not open app/com.example.none"), "\(said.stderr)")
    }

    /// Two trails with "bay" in their titles (and thirty others, so that a
    /// complete word weighs as in a real index): "bay" puts Monterey first by
    /// its prior; once "bay" is complete, BM25 puts Lighthouse Bay first.
    static let bays = """
        {"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"monterey-bay","title":"Monterey Bay Coastal Trail","rankingHint":60}
        {"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"lighthouse-bay","title":"Lighthouse Bay Cliffs","description":"The bay, the bay and the bay again.","rankingHint":40}

        """ + (1...30).map { #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"walk-\#($0)","title":"Walk \#($0)"}"# + "\n" }.joined()

    @Test func aKeystrokeThatExtendsTheQueryKeepsTheTopHit() throws {
        let f = try Fixture(records: Self.bays)
        try f.serve()
        let monterey = "entity/com.example.trails/TrailEntity/monterey-bay"
        let lighthouse = "entity/com.example.trails/TrailEntity/lighthouse-bay"
        func krunnerTop(_ q: String) throws -> Bool { try f.krunner("Match", [q]).stdout.hasPrefix("([('\(monterey)', 'Monterey Bay Coastal Trail', 'com.example.trails', 100, 1.0,") }
        // KRunner: "bay c" still starts "Bay Coastal Trail", Monterey's title from its second word.
        #expect(try krunnerTop("bay"))
        #expect(try krunnerTop("bay "))
        #expect(try krunnerTop("bay c"))
        #expect(try !krunnerTop("bay cl"))
        // A new match session, or text cleared, answers the query on its own.
        #expect(try krunnerTop("bay"))
        #expect(try f.krunner("Teardown").stdout == "()\n")
        #expect(try !krunnerTop("bay c"))
        #expect(try krunnerTop("bay"))
        #expect(try f.krunner("Match", [""]).stdout == "(@a(sssida{sv}) [],)\n")
        #expect(try !krunnerTop("bay c"))
        // GNOME Shell: a fresh search on its own; a subsearch (the shell's
        // new terms extend the old) keeps the top hit of the previous results.
        #expect(try f.gnome("GetInitialResultSet", [#"["bay", "c"]"#]).stdout == "(['\(lighthouse)', '\(monterey)'],)\n")
        #expect(try f.gnome("GetInitialResultSet", [#"["bay"]"#]).stdout == "(['\(monterey)', '\(lighthouse)'],)\n")
        #expect(try f.gnome("GetSubsearchResultSet", ["['\(monterey)', '\(lighthouse)']", #"["bay", "c"]"#]).stdout
                == "(['\(monterey)', '\(lighthouse)'],)\n")
        #expect(try f.gnome("GetSubsearchResultSet", ["['\(monterey)', '\(lighthouse)']", #"["bay", "cl"]"#]).stdout
                == "(['\(lighthouse)'],)\n")
    }

    @Test func aRebuildADeleteAndNewRecordsAreSeenByTheNextCall() throws {
        let f = try Fixture()
        try f.serve()
        let both = "(['\(Self.gone)', '\(Self.keep)'],)\n"
        #expect(try f.gnome("GetInitialResultSet", [#"["lantern"]"#]).stdout == both)
        #expect(try f.cli(["rebuild"]).status == 0)
        #expect(try f.cli(["delete", "--app", "com.example.trails", "--type", "TrailEntity", "--id", "lantern-gone"]).status == 0)
        let start = Date()
        #expect(try f.gnome("GetInitialResultSet", [#"["lantern"]"#]).stdout == "(['\(Self.keep)'],)\n")
        #expect(try f.gnome("GetResultMetas", ["['\(Self.gone)']"]).stdout == "([{'id': <'\(Self.gone)'>, 'name': <'\(Self.gone)'>}],)\n")
        #expect(Date().timeIntervalSince(start) < 1)
        let more = #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"lantern-new","title":"Lantern Point"}"# + "\n"
        try more.write(toFile: f.dir + "/more.jsonl", atomically: true, encoding: .utf8)
        #expect(try f.cli(["index", f.dir + "/more.jsonl"]).status == 0)
        #expect(try f.krunner("Match", ["lantern point"]).stdout.hasPrefix("([('entity/com.example.trails/TrailEntity/lantern-new', 'Lantern Point'"))
        // The service lets go of a generation it has moved off: the next
        // rebuild removes it (only the generation it reads now is kept).
        let before = try FileManager.default.contentsOfDirectory(atPath: f.index).filter { $0.hasPrefix("gen-") && !$0.hasSuffix(".readers") }
        #expect(try f.cli(["compact"]).status == 0)
        #expect(try f.gnome("GetInitialResultSet", [#"["lantern", "ridge"]"#]).stdout == "(['\(Self.keep)'],)\n")
        #expect(try f.cli(["rebuild"]).status == 0)
        let after = try FileManager.default.contentsOfDirectory(atPath: f.index).filter { $0.hasPrefix("gen-") && !$0.hasSuffix(".readers") }
        #expect(Set(before).isDisjoint(with: after), "before \(before), after \(after)")
        #expect(after.count == 2, "\(after)")
    }

    /// What the service opens stays its own to run: a launch holds no reader
    /// lock on the generation it recorded into (a kept lock held every
    /// generation, and what `forget` forgot in it, on disk for as long as the
    /// service ran, and a descriptor each), and what it started is reaped.
    @Test func aLaunchThroughTheServiceHoldsNoGenerationAndLeavesNoZombie() throws {
        let f = try Fixture()
        try f.serve()
        let pid = try #require(f.service?.pid)
        func readerLocks() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").filter {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)"))?.hasSuffix(".readers") == true
            }.count
        }
        #expect(try f.gnome("GetInitialResultSet", [#"["lantern"]"#]).status == 0)
        let held = try readerLocks()
        for _ in 0..<3 { #expect(try f.gnome("ActivateResult", [Self.keep, #"["lantern"]"#, "0"]).status == 0) }
        #expect(try readerLocks() == held)
        let before = try FileManager.default.contentsOfDirectory(atPath: f.index).filter { $0.hasPrefix("gen-") && !$0.hasSuffix(".readers") }
        #expect(try f.cli(["rebuild"]).status == 0)
        #expect(try f.gnome("GetInitialResultSet", [#"["lantern"]"#]).status == 0)  // the service moves to the new generation
        #expect(try f.cli(["rebuild"]).status == 0)
        let after = try FileManager.default.contentsOfDirectory(atPath: f.index).filter { $0.hasPrefix("gen-") && !$0.hasSuffix(".readers") }
        #expect(Set(before).isDisjoint(with: after), "before \(before), after \(after)")
        // The programs it started and that exited are reaped, not left zombies.
        var zombies: [String] = []
        for _ in 0..<100 {
            zombies = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
                guard Int32(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { return nil }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                return fields.count > 1 && fields[0] == "Z" && fields[1] == "\(pid)" ? entry : nil
            }
            if zombies.isEmpty { break }
            usleep(50_000)
        }
        #expect(zombies.isEmpty, "zombie children of serve: \(zombies)")
    }

    /// KRunner (KF6) hands a token before Run, for the app it starts to take
    /// the focus on Wayland: the app gets it as XDG_ACTIVATION_TOKEN (and
    /// DESKTOP_STARTUP_ID), for that one Run.
    @Test func krunnersActivationTokenReachesTheAppItRuns() throws {
        let records = """
            {"kind":"app","app":"com.example.env","name":"Env","exec":"sh -c \\"printenv XDG_ACTIVATION_TOKEN DESKTOP_STARTUP_ID > MARK/part-$$; mv MARK/part-$$ MARK/token-$$\\""}

            """
        let f = try Fixture(records: records)
        try f.serve()
        #expect(try f.krunner("SetActivationToken", ["tok-krunner-1"]).stdout == "()\n")
        #expect(try f.krunner("Run", ["app/com.example.env", ""]).stdout == "()\n")
        #expect(try f.krunner("Run", ["app/com.example.env", ""]).stdout == "()\n")
        var written: [String] = []
        for _ in 0..<100 where written.count < 2 {
            let names = try FileManager.default.contentsOfDirectory(atPath: f.dir).filter { $0.hasPrefix("token-") }
            written = names.compactMap { try? String(contentsOfFile: f.dir + "/" + $0, encoding: .utf8) }
            usleep(50_000)
        }
        #expect(written.sorted() == ["", "tok-krunner-1\ntok-krunner-1\n"], "\(written)")
    }

    /// A title is one line in a shell, as in rofi and dmenu: a newline, a tab
    /// or a bidirectional override from a record went out as it was.
    @Test func titlesGoToTheShellsOnOneLine() throws {
        let records = #"""
            {"kind":"app","app":"com.example.notes","name":"Notes","exec":"true"}
            {"kind":"entity","app":"com.example.notes","type":"Note","id":"n1","title":"Split\nnote\u202Eevil","subtitle":"tab\there"}

            """#
        let f = try Fixture(records: records)
        try f.serve()
        let metas = try f.gnome("GetResultMetas", ["['entity/com.example.notes/Note/n1']"]).stdout
        #expect(metas.contains("'name': <'Split note evil'>, 'description': <'tab here'>"), "\(metas)")
        let match = try f.krunner("Match", ["split note"]).stdout
        #expect(match.contains("'Split note evil'") && match.contains("'subtext': <'tab here'>"), "\(match)")
    }

    /// D-Bus starts the service on the first keystroke, which may come before
    /// the first `limelight index` (just after `desktop install`): it answers
    /// with nothing until the index is there, then from it. (It exited 1, and
    /// every keystroke failed to start it.)
    @Test func aServiceStartedBeforeAnyIndexAnswersOnceThereIsOne() throws {
        let f = try Fixture()
        try FileManager.default.removeItem(atPath: f.index)
        try f.serve()
        #expect(try f.gnome("GetInitialResultSet", [#"["lantern"]"#]).stdout == "(@as [],)\n")
        #expect(try f.krunner("Match", ["lantern"]).stdout == "(@a(sssida{sv}) [],)\n")
        #expect(try f.krunner("Actions").stdout == "(@a(sss) [],)\n")
        let open = try f.gnome("ActivateResult", [Self.keep, #"["lantern"]"#, "0"])
        #expect(open.status != 0 && open.stderr.contains("org.limelight.Limelight.Error.NotFound"), "\(open)")
        #expect(try f.cli(["index", f.dir + "/r.jsonl"]).status == 0)
        #expect(try f.gnome("GetInitialResultSet", [#"["lantern"]"#]).stdout == "(['\(Self.gone)', '\(Self.keep)'],)\n")
        // Removed while it serves, the index is as before the first: nothing, not
        // an error on every call (GNOME Shell logs each), until it is back.
        try FileManager.default.removeItem(atPath: f.index)
        let removed = try f.gnome("GetInitialResultSet", [#"["lantern"]"#])
        #expect(removed.stdout == "(@as [],)\n" && removed.status == 0, "\(removed)")
        #expect(try f.krunner("Match", ["lantern"]).stdout == "(@a(sssida{sv}) [],)\n")
        #expect(try f.cli(["index", f.dir + "/r.jsonl"]).status == 0)
        #expect(try f.gnome("GetInitialResultSet", [#"["lantern"]"#]).stdout == "(['\(Self.gone)', '\(Self.keep)'],)\n")
    }

    /// A service D-Bus starts through systemd (dbus-broker) is a unit whose
    /// processes stop with it: it does not idle out while an app it opened
    /// runs, and does once that app has exited.
    @Test func idleExitWaitsForTheAppsItOpened() throws {
        let records = """
            {"kind":"app","app":"com.example.slow","name":"Slow","exec":"sleep 2.5"}

            """
        let f = try Fixture(records: records)
        try f.serve(["--idle-exit", "1"])
        let start = Date()
        #expect(try f.krunner("Run", ["app/com.example.slow", ""]).stdout == "()\n")
        usleep(2_000_000)
        #expect(try f.bus.nameHasOwner(Self.name) == "(true,)\n", "it idled out with the app running")
        let ended = try f.service!.finish(timeout: 10)
        #expect(ended.status == 0, "\(ended)")
        #expect(Date().timeIntervalSince(start) >= 2.5)
    }

    @Test func idleExitReleasesTheNameAndASecondServeIsRefused() throws {
        let f = try Fixture()
        try f.serve(["--idle-exit", "1"])
        let second = try f.cli(["serve"])
        #expect(second.status == 69)
        #expect(second.stderr.contains("already owned"), "\(second)")
        let ended = try f.service!.finish(timeout: 10)
        #expect(ended.status == 0, "\(ended)")
        #expect(try f.bus.nameHasOwner(Self.name) == "(false,)\n")
    }

    @Test func desktopInstallMakesDBusStartTheServiceAndUninstallRemovesIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("desktop-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // dbus-daemon looks for activatable services under $XDG_DATA_HOME/dbus-1/services.
        let f = try Fixture(busEnvironment: ["XDG_DATA_HOME": dir])
        // The index named by $LIMELIGHT_INDEX, which the bus's environment does not
        // have: the service file names it (the service read the default, and answered nothing).
        let installed = try Child.run([LimelightBinary.path, "desktop", "install"],
                                      environment: Child.environment(adding: ["XDG_DATA_HOME": dir, "LIMELIGHT_INDEX": f.index]))
        #expect(installed.status == 0, "\(installed)")
        let files = ["dbus-1/services/org.limelight.Limelight.service", "krunner/dbusplugins/limelight.desktop",
                     "gnome-shell/search-providers/limelight-search-provider.ini", "applications/org.limelight.Limelight.desktop"]
        #expect(installed.stdout.hasPrefix(files.map { "wrote \(dir)/\($0)\n" }.joined()), "\(installed)")
        #expect(installed.stdout.contains("GNOME Shell reads search providers only from system data directories"))
        let krunner = try String(contentsOfFile: dir + "/" + files[1], encoding: .utf8)
        #expect(krunner.contains("X-Plasma-DBusRunner-Service=org.limelight.Limelight\nX-Plasma-DBusRunner-Path=/runner\n"))
        // KRunner asks for the actions each match session: they are the apps' App
        // Shortcuts, which change with every sync (asked once, a new app had none).
        #expect(!krunner.contains("X-Plasma-Request-Actions-Once"))
        let ini = try String(contentsOfFile: dir + "/" + files[2], encoding: .utf8)
        #expect(ini.contains("[Shell Search Provider]\nDesktopId=org.limelight.Limelight.desktop\nBusName=org.limelight.Limelight\nObjectPath=/org/limelight/Limelight/SearchProvider\nVersion=2\n"))

        // Nothing is running: the first call starts it.
        #expect(try f.bus.nameHasOwner(Self.name) == "(false,)\n")
        #expect(try f.gnome("GetInitialResultSet", [#"["lantern", "ridge"]"#]).stdout == "(['\(Self.keep)'],)\n")
        #expect(try f.bus.nameHasOwner(Self.name) == "(true,)\n")

        let removed = try Child.run([LimelightBinary.path, "desktop", "uninstall"],
                                    environment: Child.environment(adding: ["XDG_DATA_HOME": dir]))
        #expect(removed.stdout == files.map { "removed \(dir)/\($0)\n" }.joined(), "\(removed)")
        #expect(files.allSatisfy { !FileManager.default.fileExists(atPath: dir + "/" + $0) })

        // The visible entry's Exec reads back, by the spec's two passes, as the
        // argv it was written for, whatever the index path holds ($, %, \, ");
        // it is listed in GNOME alone, the one desktop that reads the provider;
        // and sync apps leaves the entry out (it starts a service with no window).
        let odd = dir + "/odd 100%$x\\y \"q\" `b` it's"
        #expect(try Child.run([LimelightBinary.path, "--index", odd, "desktop", "install"],
                              environment: Child.environment(adding: ["XDG_DATA_HOME": dir])).status == 0)
        let entry = try #require(try KeyFile.load(dir + "/" + files[3]).group("Desktop Entry"))
        let argv = try ExecLine.parse(#require(entry.string("Exec"))).argvs(for: .nothing, context: .init(name: "Limelight"))
        #expect(argv == [[LimelightBinary.path, "--index", odd, "serve", "--idle-exit", "300"]], "\(argv)")
        #expect(entry.string("OnlyShowIn") == "GNOME;")
        let environment = DesktopEnvironment(home: dir, dataHome: dir, dataDirectories: [],
                                             executablePath: [String(LimelightBinary.path[..<LimelightBinary.path.lastIndex(of: "/")!])])
        #expect(ApplicationDiscovery.discover(in: environment).skipped.map(\.reason) == [.limelightService])
        // And D-Bus starts it from the service file, whatever the path holds: a bus
        // dropped the file whose Exec escaped ", $ and a backquote (the shell's double quotes).
        let other = try Fixture(busEnvironment: ["XDG_DATA_HOME": dir])
        #expect(try other.gnome("GetInitialResultSet", [#"["lantern"]"#]).stdout == "(@as [],)\n")
        #expect(try other.bus.nameHasOwner(Self.name) == "(true,)\n")
        _ = try Child.run([LimelightBinary.path, "desktop", "uninstall"], environment: Child.environment(adding: ["XDG_DATA_HOME": dir]))

        // For every user (--system), no one user's index: named, or from the
        // environment (an audit found one user's path in the shared files).
        let system = try Child.run([LimelightBinary.path, "--index", odd, "desktop", "install", "--system", "--prefix", dir + "/usr"],
                                   environment: Child.environment(adding: ["LIMELIGHT_INDEX": f.index]))
        #expect(system.stdout.hasPrefix(files.map { "wrote \(dir)/usr/share/\($0)\n" }.joined()), "\(system)")
        #expect(system.stderr.contains("note: \(odd), this command's index, is not written into files for every user"), "\(system)")
        for file in [files[0], files[3]] {
            let text = try String(contentsOfFile: dir + "/usr/share/" + file, encoding: .utf8)
            #expect(!text.contains("--index") && text.contains("serve --idle-exit 300"), "\(file): \(text)")
        }
        let unnamed = try Child.run([LimelightBinary.path, "desktop", "install", "--system", "--prefix", dir + "/usr"],
                                    environment: Child.environment(adding: ["LIMELIGHT_INDEX": f.index]))
        #expect(unnamed.stderr.contains("note: \(f.index), this command's index"), "\(unnamed)")
        #expect(!(try String(contentsOfFile: dir + "/usr/share/" + files[0], encoding: .utf8)).contains("--index"))
        // Every user's shell and bus reads them: the directories made for them are not owner-only.
        for file in files {
            var path = dir + "/usr/share/" + file
            while path != dir + "/usr" {
                let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
                #expect(mode & 0o005 == (path.hasSuffix(file) ? 0o004 : 0o005), "\(path): \(String(mode, radix: 8))")
                path = String(path[..<path.lastIndex(of: "/")!])
            }
        }
        // The activated service is ours to stop: it exits when the bus goes away.
    }
}

/// The built `limelight`.
enum LimelightBinary {
    static let path = BuiltProduct.path("limelight")
}
