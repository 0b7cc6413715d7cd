import Foundation
import Testing

/// A desktop made of files: XDG directories, recently-used.xbel, a Firefox
/// profile and a Chromium profile, under one temporary directory.
final class DesktopFixture: Sendable {
    let dir = TempDir()
    var root: String { dir.path }

    /// What `limelight` is run with so it reads this desktop and nothing else.
    var env: [String: String] {
        ["HOME": root + "/home", "XDG_DATA_HOME": root + "/home/.local/share", "XDG_DATA_DIRS": root + "/usr/local/share:" + root + "/usr/share",
         "XDG_CONFIG_HOME": root + "/home/.config", "XDG_CURRENT_DESKTOP": "GNOME", "LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": "",
         "QT_PLUGIN_PATH": "",
         "PATH": root + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
    }

    /// An executable named `name` in the fixture's bin directory, first in
    /// `$PATH`: an entry whose Exec program is not found is hidden.
    func installProgram(_ name: String) {
        let path = write("bin/" + name, "#!/bin/sh\n")
        chmod(path, 0o755)
    }

    @discardableResult
    func write(_ relative: String, _ text: String) -> String {
        let path = root + "/" + relative
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    func remove(_ relative: String) { try? FileManager.default.removeItem(atPath: root + "/" + relative) }

    static let gedit = """
        [Desktop Entry]
        Name=gedit
        Name[de]=Texteditor
        GenericName=Text Editor
        Exec=gedit %U
        Icon=org.gnome.gedit
        Categories=GNOME;GTK;Utility;TextEditor;
        Keywords=Text;Editor;Plaintext;
        Actions=new-window;new-document;
        Type=Application

        [Desktop Action new-window]
        Name=New Window
        Name[de]=Neues Fenster
        Exec=gedit --new-window

        [Desktop Action new-document]
        Name=New Document
        Name[de]=Neues Dokument
        Exec=gedit --new-document
        """

    static func entry(_ name: String, _ extra: String = "", exec: String = "true") -> String {
        "[Desktop Entry]\nType=Application\nName=\(name)\nExec=\(exec)\n\(extra)"
    }

    func writeApps() {
        for program in ["gedit", "konsole"] { installProgram(program) }
        write("usr/share/applications/org.gnome.gedit.desktop", Self.gedit)
        write("usr/share/applications/kde/konsole.desktop", Self.entry("Konsole", "Terminal=false\n", exec: "konsole"))
        write("usr/share/applications/shadowed.desktop", Self.entry("System Copy"))
        write("usr/local/share/applications/shadowed.desktop", Self.entry("Local Copy"))
        write("usr/share/applications/masked.desktop", Self.entry("Masked App"))
        write("home/.local/share/applications/masked.desktop", Self.entry("Masked App", "Hidden=true\n"))
        write("usr/share/applications/helper.desktop", Self.entry("Helper Thing", "NoDisplay=true\n"))
        write("usr/share/applications/missing.desktop", Self.entry("Missing Program", "TryExec=no-such-program-here\n"))
        write("usr/share/applications/kde-only.desktop", Self.entry("Kde Only", "OnlyShowIn=KDE;\n"))
    }
}

@Suite struct SyncTests {
    func hits(_ cli: CLI, _ query: String, env: [String: String], extra: [String] = []) throws -> [[String: Any]] {
        try cli.run(["search", query, "--json", "--limit", "20"] + extra, env: env).json
    }

    @Test func appsSyncThenReSyncRemovesWhatVanishedAndKeepsUsageOfWhatStayed() throws {
        let desktop = DesktopFixture()
        desktop.writeApps()
        let cli = CLI(index: desktop.root + "/index")
        let env = desktop.env
        // A record of `index`, which no sync may touch.
        let own = desktop.write("own.jsonl", #"{"kind":"app","app":"com.example.trails","name":"Trails"}"# + "\n")
        #expect(try cli.run(["index", own]).status == 0)

        let first = try cli.run(["sync", "apps", "--json"], env: env)
        #expect(first.status == 0, "\(first.stderr)")
        let summary = try #require(first.json.first)
        // 3 apps (gedit, kde-konsole, shadowed), gedit's intent and 2 shortcuts.
        #expect(summary["added"] as? Int == 6 && summary["removed"] as? Int == 0, "\(summary)")

        let gedit = try #require(try hits(cli, "tex", env: env).first)
        #expect(gedit["id"] as? String == "org.gnome.gedit" && gedit["title"] as? String == "Texteditor")
        #expect(gedit["exec"] as? String == "gedit %U" && gedit["icon"] as? String == "org.gnome.gedit"
                && gedit["desktopFile"] as? String == "org.gnome.gedit.desktop")
        #expect(try hits(cli, "kon", env: env).first?["app"] as? String == "kde-konsole")
        #expect(try hits(cli, "local c", env: env).first?["app"] as? String == "shadowed")
        for hidden in ["masked", "helper thing", "missing program", "kde only", "system copy"] {
            #expect(try hits(cli, hidden, env: env).allSatisfy { ($0["title"] as? String)?.lowercased() != hidden }, "\(hidden)")
        }
        let shortcut = try hits(cli, "neues dok", env: env).first { $0["kind"] as? String == "shortcut" }
        #expect(shortcut?["id"] as? String == "new-document" && shortcut?["exec"] as? String == "gedit --new-document")

        // Two launches of gedit, then the same sync again: nothing changes.
        for _ in 0..<2 { #expect(try cli.run(["donate", "--app", "org.gnome.gedit"]).status == 0) }
        let usageBefore = try usage(cli, "org.gnome.gedit", env: env)
        #expect(usageBefore > 0)
        let again = try #require(try cli.run(["sync", "apps", "--json"], env: env).json.first)
        #expect(again["added"] as? Int == 0 && again["updated"] as? Int == 0 && again["removed"] as? Int == 0, "\(again)")

        // Konsole is uninstalled, gedit loses an action and is renamed; a broken file appears.
        desktop.remove("usr/share/applications/kde")
        desktop.write("usr/share/applications/org.gnome.gedit.desktop",
                      DesktopFixture.gedit.replacingOccurrences(of: "Actions=new-window;new-document;", with: "Actions=new-window;")
                        .replacingOccurrences(of: "Name[de]=Texteditor", with: "Name[de]=Texteditor Neu"))
        let broken = desktop.write("usr/share/applications/broken.desktop", "[Desktop Entry]\nType=Application\nName=Broken\nthis line is junk\n")
        let third = try cli.run(["sync", "apps", "--json"], env: env)
        #expect(third.status == 0)
        #expect(third.stderr.contains(broken + ":4:"), "\(third.stderr)")
        let changed = try #require(third.json.first)
        #expect(changed["removed"] as? Int == 2 && changed["updated"] as? Int == 1 && changed["added"] as? Int == 0, "\(changed)")
        #expect(try hits(cli, "kon", env: env).allSatisfy { $0["app"] as? String != "kde-konsole" })
        #expect(try hits(cli, "neues dok", env: env).allSatisfy { $0["id"] as? String != "new-document" })
        #expect(try hits(cli, "neues fen", env: env).contains { $0["id"] as? String == "new-window" })
        #expect(try hits(cli, "texteditor neu", env: env).first?["app"] as? String == "org.gnome.gedit")
        #expect(try usage(cli, "org.gnome.gedit", env: env) == usageBefore)
        #expect(try hits(cli, "trails", env: env).first?["app"] as? String == "com.example.trails")
    }

    /// A file or store that cannot be read (being rewritten, corrupted) is
    /// no reason to forget what was imported of it, nor the uses recorded
    /// on it: a broken user copy of gedit's desktop file, then a truncated
    /// recently-used.xbel, keep what the last sync imported and its usage,
    /// and a sync once they are mended changes nothing.
    /// A desktop file's control characters (a `\r` escape, as files
    /// written on Windows have) and a Comment past the records' limit left
    /// the app out, with a message in Limelight's field names and no line;
    /// GLib shows such an app, and so does Limelight now.
    @Test func controlCharactersAndALongCommentDoNotLeaveAnAppOut() throws {
        let desktop = DesktopFixture()
        let cli = CLI(index: desktop.root + "/index")
        let long = String(repeating: "word ", count: 6_000)
        _ = desktop.write("usr/share/applications/crlf.desktop",
                          DesktopFixture.entry(#"Carriage\rReturn"#, #"Comment=Windows\r\nstyle"# + "\n" + #"Keywords=a\rb;"# + "\n"))
        _ = desktop.write("usr/share/applications/long.desktop", DesktopFixture.entry("Long Comment", "Comment=\(long)\n"))
        let r = try cli.run(["sync", "apps", "--json"], env: desktop.env)
        #expect(r.status == 0 && r.json.first?["added"] as? Int == 2, "\(r.stdout) \(r.stderr)")
        let crlf = try #require(try hits(cli, "carriage", env: desktop.env).first)
        #expect(crlf["title"] as? String == "Carriage Return")
        #expect(try hits(cli, "style", env: desktop.env).first?["app"] as? String == "crlf")
        let record = try cli.run(["get", "--app", "long", "--json"], env: desktop.env).json.first
        #expect((record?["description"] as? String)?.count == 20_000, "\((record?["description"] as? String)?.count ?? -1)")
    }

    @Test func whatCannotBeReadKeepsWhatWasImportedAndItsUses() throws {
        let (desktop, cli, env, usage) = try appsSyncedAndGeditUsedTwice()
        let broken = desktop.write("home/.local/share/applications/org.gnome.gedit.desktop",
                                   "[Desktop Entry]\nType=Application\nName=gedit\nthis line is junk\n")
        let r = try cli.run(["sync", "apps", "--json"], env: env)
        #expect(r.status == 0 && r.stderr.contains(broken + ":"), "\(r.stderr)")
        #expect(r.json.first?["removed"] as? Int == 0, "\(r.stdout)")
        #expect(try self.usage(cli, "org.gnome.gedit", env: env) == usage)
        desktop.remove("home/.local/share/applications/org.gnome.gedit.desktop")
        let mended = try #require(try cli.run(["sync", "apps", "--json"], env: env).json.first)
        #expect(mended["removed"] as? Int == 0 && mended["added"] as? Int == 0, "\(mended)")
        #expect(try self.usage(cli, "org.gnome.gedit", env: env) == usage)

        let notes = desktop.write("home/Documents/notes.txt", "x")
        let xbel = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xbel version="1.0" xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks">
              <bookmark href="file://\(notes)" added="2026-11-30T06:35:03Z" modified="2026-11-30T06:40:00Z" visited="2026-11-30T06:35:03Z">
                <info><metadata owner="http://freedesktop.org"><bookmark:applications>
                  <bookmark:application name="gedit" exec="&apos;gedit %u&apos;" modified="2026-11-30T06:35:03Z" count="1"/>
                </bookmark:applications></metadata></info>
              </bookmark>
            </xbel>
            """
        let xbelPath = desktop.write("home/.local/share/recently-used.xbel", xbel)
        #expect(try cli.run(["sync", "recent"], env: env).status == 0)
        func interactions() throws -> Int { try cli.run(["export"]).lines.filter { $0.contains(#""app":"limelight.recent""#) && $0.contains(#""kind":"interaction""#) }.count }
        #expect(try interactions() == 1)
        desktop.write("home/.local/share/recently-used.xbel", String(xbel.prefix(200)))
        let truncated = try cli.run(["sync", "recent", "--json"], env: env)
        #expect(truncated.status == 0 && truncated.stderr.contains(xbelPath), "\(truncated.stderr)")
        #expect(truncated.json.first?["removed"] as? Int == 0, "\(truncated.stdout)")
        #expect(try hits(cli, "notes", env: env).contains { $0["app"] as? String == "limelight.recent" })
        #expect(try interactions() == 1)
    }

    /// A recently-used.xbel with one file and a Chromium profile with one
    /// bookmark, both "Zeppelin".
    static func writeZeppelinStores(_ desktop: DesktopFixture) {
        let notes = desktop.write("home/Documents/Zeppelin notes.txt", "x")
        desktop.write("home/.local/share/recently-used.xbel", """
            <?xml version="1.0" encoding="UTF-8"?>
            <xbel version="1.0" xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks">
              <bookmark href="file://\(notes.replacingOccurrences(of: " ", with: "%20"))" added="2026-11-30T06:35:03Z" modified="2026-11-30T06:40:00Z" visited="2026-11-30T06:35:03Z">
                <info><metadata owner="http://freedesktop.org"><bookmark:applications>
                  <bookmark:application name="gedit" exec="&apos;gedit %u&apos;" modified="2026-11-30T06:35:03Z" count="1"/>
                </bookmark:applications></metadata></info>
              </bookmark>
            </xbel>
            """)
        desktop.write("home/.config/chromium/Default/Bookmarks", """
            {"roots": {"bookmark_bar": {"children": [{"id": "5", "name": "Zeppelin Museum", "type": "url", "url": "https://zeppelin.example/"}],
              "name": "Bookmarks bar", "type": "folder"}, "other": {"children": [], "type": "folder"}, "synced": {"children": [], "type": "folder"}}, "version": 1}
            """)
    }

    /// A store that was synced and is gone (recently-used.xbel deleted, the
    /// Firefox profile removed, Chromium's Bookmarks deleted) is synced as
    /// empty: its items stop being found. One never here is only skipped.
    @Test func aStoreThatIsGoneTakesWhatItMadeWithIt() throws {
        let desktop = DesktopFixture()
        let cli = CLI(index: desktop.root + "/index")
        let env = desktop.env
        // Never here, and no index yet: a note, and no index is made for it.
        let never = try cli.run(["sync", "recent"], env: env)
        #expect(never.status == 0 && never.stdout.contains("recent: skipped: no recently-used.xbel"), "\(never.stdout)")
        #expect(!FileManager.default.fileExists(atPath: desktop.root + "/index"))

        Self.writeZeppelinStores(desktop)
        #expect(try cli.run(["sync", "recent", "chromium"], env: env).status == 0)
        #expect(try hits(cli, "zeppelin", env: env).count == 2)
        // Firefox never synced: still only a note, though the index exists now.
        let firefox = try cli.run(["sync", "firefox", "--json"], env: env)
        #expect(firefox.json.first?["skipped"] != nil, "\(firefox.stdout)")

        desktop.remove("home/.local/share/recently-used.xbel")
        desktop.remove("home/.config/chromium/Default/Bookmarks")
        let gone = try cli.run(["sync", "recent", "chromium", "--json"], env: env)
        #expect(gone.status == 0, "\(gone.stderr)")
        let bySource = Dictionary(uniqueKeysWithValues: gone.json.map { ($0["source"] as? String ?? "", $0) })
        // The file and its owner app; the bookmark and its owner app.
        #expect(bySource["recent"]?["removed"] as? Int == 2 && bySource["recent"]?["gone"] != nil, "\(gone.stdout)")
        #expect(bySource["chromium"]?["removed"] as? Int == 2, "\(gone.stdout)")
        #expect(try hits(cli, "zeppelin", env: env).isEmpty)
        #expect(!(try cli.run(["export"]).stdout.contains("limelight.recent")))
        // Gone already: nothing is left of it, so it is a note again.
        let again = try cli.run(["sync", "recent"], env: env)
        #expect(again.stdout.contains("recent: skipped:"), "\(again.stdout)")
    }

    /// A store that is there but cannot be reached (a directory on its path
    /// that cannot be searched: here a symbolic link loop, which root meets
    /// too) or is not a regular file is kept, with the problem named: it was
    /// taken for gone, and its items deleted with the uses recorded on them
    /// (an audit, with a Chromium profile directory this user could not read).
    @Test func aStoreThatCannotBeReachedIsKeptNotTakenForGone() throws {
        let desktop = DesktopFixture()
        let cli = CLI(index: desktop.root + "/index")
        let env = desktop.env
        Self.writeZeppelinStores(desktop)
        #expect(try cli.run(["sync", "recent", "chromium"], env: env).status == 0)
        #expect(try cli.run(["open", "--query", "zeppelin museum", "--dry-run"], env: env).status == 0)
        let before = try cli.run(["export"]).lines.filter { $0.contains(#""kind":"interaction""#) }.count
        // Chromium's directory a link to itself; the xbel a directory.
        let chromium = desktop.root + "/home/.config/chromium"
        #expect(rename(chromium, chromium + ".away") == 0 && symlink(chromium, chromium) == 0)
        desktop.remove("home/.local/share/recently-used.xbel")
        try FileManager.default.createDirectory(atPath: desktop.root + "/home/.local/share/recently-used.xbel", withIntermediateDirectories: true)
        let r = try cli.run(["sync", "recent", "chromium", "--json"], env: env)
        #expect(r.stderr.contains("Bookmarks: cannot reach it") && r.stderr.contains("recently-used.xbel: is not a regular file"), "\(r.stderr)")
        #expect(r.json.allSatisfy { $0["removed"] as? Int == 0 }, "\(r.stdout)")
        #expect(try hits(cli, "zeppelin", env: env).count == 2)
        #expect(try cli.run(["export"]).lines.filter { $0.contains(#""kind":"interaction""#) }.count == before)
    }

    /// A desktop file gone for one sync (a package upgrade replacing it, a
    /// run with a poorer XDG_DATA_DIRS) takes the app and its App Shortcuts
    /// out of search, not its launches: back, it has its usage back. The
    /// kept launches survive a rebuild; `forget --app` and `delete --app`
    /// still delete them.
    @Test func anAppMissingFromOneSyncKeepsItsLaunches() throws {
        let (desktop, cli, env, usage) = try appsSyncedAndGeditUsedTwice()
        func launches() throws -> Int {
            try cli.run(["export"]).lines.filter { $0.contains(#""app":"org.gnome.gedit""#) && $0.contains(#""kind":"interaction""#) }.count
        }

        desktop.remove("usr/share/applications/org.gnome.gedit.desktop")
        let gone = try #require(try cli.run(["sync", "apps", "--json"], env: env).json.first)
        #expect(gone["removed"] as? Int == 4, "\(gone)")  // the app, its intent, its 2 App Shortcuts
        #expect(try hits(cli, "tex", env: env).allSatisfy { $0["app"] as? String != "org.gnome.gedit" })
        #expect(try launches() == 2)
        let rebuilt = try cli.run(["rebuild"])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(try launches() == 2)

        desktop.write("usr/share/applications/org.gnome.gedit.desktop", DesktopFixture.gedit)
        let back = try #require(try cli.run(["sync", "apps", "--json"], env: env).json.first)
        #expect(back["added"] as? Int == 4, "\(back)")
        #expect(try self.usage(cli, "org.gnome.gedit", env: env) == usage)

        // Gone again, then forgotten: its launches go.
        desktop.remove("usr/share/applications/org.gnome.gedit.desktop")
        #expect(try cli.run(["sync", "apps"], env: env).status == 0)
        let forgot = try cli.run(["forget", "--app", "org.gnome.gedit"])
        #expect(forgot.status == 0, "\(forgot.stderr)")
        #expect(try launches() == 0)
        // delete --app takes an app's launches with it, as it always did.
        desktop.write("usr/share/applications/org.gnome.gedit.desktop", DesktopFixture.gedit)
        #expect(try cli.run(["sync", "apps"], env: env).status == 0)
        #expect(try cli.run(["donate", "--app", "org.gnome.gedit"]).status == 0)
        #expect(try launches() == 1)
        let deleted = try cli.run(["delete", "--app", "org.gnome.gedit"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try launches() == 0)
    }

    /// A settings panel is a part of its app: missing from one sync (a login
    /// to Plasma, where GNOME's panels are not shown) it keeps its uses, as
    /// an app does, and has them back when it is back; its file broken, it
    /// is kept whole. Only a panel: a recent file gone goes with its uses.
    @Test func aSettingsPanelMissingFromOneSyncKeepsItsUses() throws {
        let desktop = DesktopFixture()
        desktop.installProgram("gnome-control-center")
        desktop.write("usr/share/applications/org.gnome.Settings.desktop", DesktopFixture.entry("Settings", exec: "gnome-control-center"))
        let panel = DesktopFixture.entry("Bluetooth", "NoDisplay=true\nCategories=GNOME;Settings;\n", exec: "gnome-control-center bluetooth")
        desktop.write("usr/share/applications/gnome-bluetooth-panel.desktop", panel)
        let cli = CLI(index: desktop.root + "/index")
        let env = desktop.env
        #expect(try cli.run(["sync", "apps"], env: env).status == 0)
        let donated = try cli.run(["donate", "--app", "org.gnome.Settings", "--entity", "SettingsPanel/gnome-bluetooth-panel"])
        #expect(donated.status == 0, "\(donated.stderr)")
        func uses() throws -> Int {
            try cli.run(["export"]).lines.filter { $0.contains("gnome-bluetooth-panel") && $0.contains(#""kind":"interaction""#) }.count
        }
        func usage() throws -> Double {
            let hit = try cli.run(["search", "bluetooth", "--json", "--explain"], env: env).json.first { $0["id"] as? String == "gnome-bluetooth-panel" }
            return ((hit?["explain"] as? [String: Any])?["usage"] as? Double) ?? -1
        }
        let used = try usage()
        #expect(used > 0)

        desktop.write("usr/share/applications/gnome-bluetooth-panel.desktop", panel + "this line is junk\n")
        let broken = try cli.run(["sync", "apps"], env: env)
        #expect(broken.stderr.contains("gnome-bluetooth-panel.desktop"), "\(broken.stderr)")
        #expect(try usage() == used)

        desktop.remove("usr/share/applications/gnome-bluetooth-panel.desktop")
        let gone = try #require(try cli.run(["sync", "apps", "--json"], env: env).json.first)
        #expect(gone["removed"] as? Int == 1, "\(gone)")
        #expect(try usage() == -1)
        #expect(try uses() == 1)

        desktop.write("usr/share/applications/gnome-bluetooth-panel.desktop", panel)
        #expect(try cli.run(["sync", "apps"], env: env).status == 0)
        #expect(try usage() == used)
    }

    /// A Plasma settings module's desktop file has a name and a command line
    /// only; `sync apps` reads its description and search keywords from the
    /// module's Qt plugin, found through `QT_PLUGIN_PATH`: "wifi" is
    /// Connections, as in KRunner. It found nothing. (An id that no
    /// distribution ships: the system's plugin directories are searched too.)
    @Test func aPlasmaModuleIsFoundByTheKeywordsInItsPlugin() throws {
        let desktop = DesktopFixture()
        desktop.installProgram("systemsettings")
        desktop.write("usr/share/applications/systemsettings.desktop", DesktopFixture.entry("System Settings", exec: "systemsettings"))
        desktop.write("usr/share/applications/kcm_limelight_connections.desktop", DesktopFixture.entry(
            "Connections", "NoDisplay=true\nX-KDE-AliasFor=systemsettings\n", exec: "systemsettings kcm_limelight_connections"))
        // What Qt 5 writes into the library: "QTMETADATA !", a header, then
        // CBOR: {2: "org.kde.KPluginFactory", 3: "kcm_factory", 4: {"KPlugin":
        // {"Description": "Edit your Network Connections", "Name":
        // "Connections"}, "X-KDE-Keywords": "networks,wifi,wi-fi"}}.
        let metadata = "51544d45544144415441202100050f00bf02766f72672e6b64652e4b506c7567696e466163746f7279036b6b636d5f666163746f727904"
            + "bf674b506c7567696ebf6b4465736372697074696f6e781d4564697420796f7572204e6574776f726b20436f6e6e656374696f6e73644e616d65"
            + "6b436f6e6e656374696f6e73ff6e582d4b44452d4b6579776f726473736e6574776f726b732c776966692c77692d6669ffff"
        let bytes = stride(from: 0, to: metadata.count, by: 2).map { i -> UInt8 in
            let from = metadata.index(metadata.startIndex, offsetBy: i)
            return UInt8(metadata[from..<metadata.index(from, offsetBy: 2)], radix: 16)!
        }
        let library = desktop.root + "/qt/plugins/plasma/kcms/systemsettings_qwidgets/kcm_limelight_connections.so"
        try FileManager.default.createDirectory(atPath: (library as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: library, contents: Data([0x7f, 0x45, 0x4c, 0x46] + bytes)))
        let cli = CLI(index: desktop.root + "/index")
        var env = desktop.env
        #expect(try cli.run(["sync", "apps"], env: env).status == 0)
        #expect(try hits(cli, "wifi", env: env).isEmpty)
        env["QT_PLUGIN_PATH"] = desktop.root + "/qt/plugins"
        #expect(try cli.run(["sync", "apps"], env: env).status == 0)
        let found = try hits(cli, "wifi", env: env)
        #expect(found.first?["id"] as? String == "kcm_limelight_connections", "\(found)")
    }

    /// An app that indexes its own items under its desktop id keeps them
    /// when its desktop file is gone for a sync (a package upgrade, a
    /// poorer XDG_DATA_DIRS): the sync deletes what it made, its app record
    /// and desktop actions, not the app's entities and their uses. And an
    /// app record `index` made is not taken over by a desktop file of that id.
    @Test func aSyncDeletesAndWritesOnlyWhatItMade() throws {
        let (desktop, cli, env, _) = try appsSyncedAndGeditUsedTwice()
        let note = """
            {"kind":"entity","app":"org.gnome.gedit","type":"Document","id":"d1","title":"Zeppelin notes"}
            {"kind":"interaction","app":"org.gnome.gedit","entities":[{"type":"Document","id":"d1"}],"at":"2026-11-30T10:00:00Z"}
            """
        #expect(try cli.run(["index", "-"], stdin: note).status == 0)
        func noteUses() throws -> Int {
            try cli.run(["export"]).lines.filter { $0.contains(#""kind":"interaction""#) && $0.contains(#""id":"d1""#) }.count
        }
        #expect(try noteUses() == 1)

        desktop.remove("usr/share/applications/org.gnome.gedit.desktop")
        let gone = try #require(try cli.run(["sync", "apps", "--json"], env: env).json.first)
        #expect(gone["removed"] as? Int == 4, "\(gone)")  // the app, its intent, its 2 App Shortcuts
        #expect(try hits(cli, "zeppelin", env: env).map { $0["id"] as? String } == ["d1"])
        #expect(try noteUses() == 1)
        #expect(try cli.run(["get", "--app", "org.gnome.gedit"]).status != 0)  // the app record went

        desktop.write("usr/share/applications/org.gnome.gedit.desktop", DesktopFixture.gedit)
        let back = try #require(try cli.run(["sync", "apps", "--json"], env: env).json.first)
        #expect(back["added"] as? Int == 4, "\(back)")
        #expect(try noteUses() == 1)

        // Konsole's record made by `index` stays as it was: the desktop
        // file of that id is not synced over it, and the person is told.
        let konsole = #"{"kind":"app","app":"kde-konsole","name":"Konsole of records"}"#
        let fresh = CLI(index: desktop.root + "/index2")
        #expect(try fresh.run(["index", "-"], stdin: konsole).status == 0)
        let synced = try fresh.run(["sync", "apps", "--json"], env: env)
        #expect(synced.status == 0, "\(synced.stderr)")
        let line = try #require(synced.json.first)
        #expect(line["heldByOthers"] as? [String] == ["app/kde-konsole"], "\(line)")
        #expect(synced.stderr.contains("app/kde-konsole is held by limelight index"), "\(synced.stderr)")
        #expect(try hits(fresh, "konsole", env: env).first?["title"] as? String == "Konsole of records")
        // Nothing of it is removed when its desktop file goes.
        desktop.remove("usr/share/applications/kde/konsole.desktop")
        #expect(try fresh.run(["sync", "apps"], env: env).status == 0)
        #expect(try hits(fresh, "konsole", env: env).first?["title"] as? String == "Konsole of records")
    }

    /// A desktop file named as the app of Limelight's that holds a source's
    /// items (limelight.recent, Recent Files) is left out: it took Recent
    /// Files over, and removing it deleted every recent file and its uses.
    @Test func aDesktopFileNamedAsLimelightsOwnAppIsLeftOut() throws {
        let desktop = DesktopFixture()
        desktop.writeApps()
        desktop.write("home/.local/share/applications/limelight.recent.desktop", DesktopFixture.entry("Impostor Recent"))
        let cli = CLI(index: desktop.root + "/index")
        let run = try cli.run(["sync", "apps", "--json"], env: desktop.env)
        #expect(run.status == 0, "\(run.stderr)")
        let warnings = try #require(run.json.first?["warnings"] as? [String])
        #expect(warnings.contains { $0.contains("limelight.recent.desktop") && $0.contains("Limelight's own") }, "\(warnings)")
        #expect(try hits(cli, "impostor", env: desktop.env).isEmpty)
    }

    /// The usage component of an app's score in a text search for it.
    /// The fixture's apps synced, and gedit launched twice: its usage.
    func appsSyncedAndGeditUsedTwice() throws -> (DesktopFixture, CLI, [String: String], Double) {
        let desktop = DesktopFixture()
        desktop.writeApps()
        let cli = CLI(index: desktop.root + "/index")
        let env = desktop.env
        #expect(try cli.run(["sync", "apps"], env: env).status == 0)
        for _ in 0..<2 { #expect(try cli.run(["donate", "--app", "org.gnome.gedit"]).status == 0) }
        let usage = try self.usage(cli, "org.gnome.gedit", env: env)
        #expect(usage > 0)
        return (desktop, cli, env, usage)
    }

    func usage(_ cli: CLI, _ app: String, env: [String: String]) throws -> Double {
        // A text search: its score keeps usage as one bounded component (a
        // zero-query suggestion's terms are probabilities, shares of all use).
        let hit = try cli.run(["search", "texteditor", "--json", "--explain", "--limit", "50", "--at", "2026-12-01T12:00:00Z"], env: env).json
            .first { $0["kind"] as? String == "app" && $0["app"] as? String == app }
        return ((hit?["explain"] as? [String: Any])?["usage"] as? Double) ?? 0
    }

    @Test func recentFilesSyncAndReSyncAfterAFileIsDeleted() throws {
        let desktop = DesktopFixture()
        let cli = CLI(index: desktop.root + "/index")
        let env = desktop.env
        let notes = desktop.write("home/Documents/Meeting notes.txt", "x")
        let plan = desktop.write("home/Documents/Budget plan.ods", "x")
        func bookmark(_ path: String, mime: String, apps: [(String, String)]) -> String {
            let href = "file://" + path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!
            let applications = apps.map { #"<bookmark:application name="\#($0.0)" exec="&apos;\#($0.0.lowercased()) %u&apos;" modified="\#($0.1)" count="1"/>"# }
            return """
                  <bookmark href="\(href)" added="2026-11-30T06:35:03.325186Z" modified="2026-11-30T06:40:00Z" visited="2026-11-30T06:35:03Z">
                    <info>
                      <metadata owner="http://freedesktop.org">
                        <mime:mime-type type="\(mime)"/>
                        <bookmark:applications>
                          \(applications.joined(separator: "\n"))
                        </bookmark:applications>
                      </metadata>
                    </info>
                  </bookmark>
                """
        }
        func xbel(_ bookmarks: [String]) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xbel version="1.0"
                  xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks"
                  xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info"
            >
            \(bookmarks.joined(separator: "\n"))
            </xbel>
            """
        }
        let notesMark = bookmark(notes, mime: "text/plain", apps: [("gedit", "2026-11-30T06:35:03.325186Z"), ("Vim", "2026-11-29T21:00:00Z")])
        desktop.write("home/.local/share/recently-used.xbel", xbel([notesMark, bookmark(plan, mime: "application/vnd.oasis.opendocument.spreadsheet", apps: [("LibreOffice", "2026-11-28T10:00:00Z")]),
                                                                    bookmark(desktop.root + "/home/gone.txt", mime: "text/plain", apps: [("gedit", "2026-11-28T10:00:00Z")])]))
        let first = try #require(try cli.run(["sync", "recent", "--json"], env: env).json.first)
        #expect(first["added"] as? Int == 3 && first["interactions"] as? Int == 3, "\(first)")  // app + 2 files
        let hit = try #require(try hits(cli, "meet", env: env).first)
        #expect(hit["app"] as? String == "limelight.recent" && hit["type"] as? String == "File")
        #expect(hit["title"] as? String == "Meeting notes.txt" && hit["subtitle"] as? String == desktop.root + "/home/Documents")
        #expect((hit["url"] as? String)?.hasPrefix("file://") == true)
        #expect(try hits(cli, "spreadsheet", env: env).first?["title"] as? String == "Budget plan.ods")
        // The store's app holds the files and is no hit of its own: nothing opens "Recent Files".
        let recentFiles = try hits(cli, "recent files", env: env)
        #expect(!recentFiles.contains { $0["kind"] as? String == "app" }, "\(recentFiles)")
        let suggested = try cli.run(["suggest", "--json", "--limit", "0", "--at", "2026-11-30T07:00:00Z"], env: env).json
        #expect(suggested.count == 2 && suggested.allSatisfy { $0["kind"] as? String == "entity" }, "\(suggested)")
        let used = try hits(cli, "meet", env: env, extra: ["--explain"]).first?["explain"] as? [String: Any]
        let usageBefore = used?["usage"] as? Double ?? 0
        #expect(usageBefore > 0)

        try FileManager.default.removeItem(atPath: plan)
        let second = try #require(try cli.run(["sync", "recent", "--json"], env: env).json.first)
        #expect(second["removed"] as? Int == 1 && second["added"] as? Int == 0 && second["interactions"] as? Int == 0, "\(second)")
        #expect(try hits(cli, "budget", env: env).isEmpty)
        let after = try hits(cli, "meet", env: env, extra: ["--explain"]).first?["explain"] as? [String: Any]
        #expect(after?["usage"] as? Double == usageBefore)

        // Opened again in gedit: one new use, the old ones not recounted.
        desktop.write("home/.local/share/recently-used.xbel", xbel([notesMark.replacingOccurrences(of: "modified=\"2026-11-30T06:35:03.325186Z\"", with: "modified=\"2026-11-30T09:00:00Z\"")]))
        let third = try #require(try cli.run(["sync", "recent", "--json"], env: env).json.first)
        #expect(third["interactions"] as? Int == 1, "\(third)")
        // Forgotten, a file's uses stay so: the xbel still lists them (they came back at the next sync).
        let notesID = try #require(hit["id"] as? String)
        #expect(try cli.run(["forget", "--app", "limelight.recent", "--type", "File", "--id", notesID], env: env).status == 0)
        let afterForget = try #require(try cli.run(["sync", "recent", "--json"], env: env).json.first)
        #expect(afterForget["interactions"] as? Int == 0, "\(afterForget)")
        #expect(try !cli.run(["export"], env: env).lines.contains { $0.contains(#""kind":"interaction""#) && $0.contains(notesID) })
        // Paused, a new opening is not recorded, and the count says so (it said 1).
        #expect(try cli.run(["history", "pause"], env: env).status == 0)
        desktop.write("home/.local/share/recently-used.xbel", xbel([notesMark.replacingOccurrences(of: "modified=\"2026-11-30T06:35:03.325186Z\"", with: "modified=\"2026-11-30T10:00:00Z\"")]))
        let paused = try #require(try cli.run(["sync", "recent", "--json"], env: env).json.first)
        #expect(paused["interactions"] as? Int == 0, "\(paused)")
    }

    @Test func browserBookmarksAndFirefoxHistory() throws {
        let desktop = DesktopFixture()
        let cli = CLI(index: desktop.root + "/index")
        let env = desktop.env
        desktop.write("home/.mozilla/firefox/profiles.ini", "[Profile0]\nName=default\nIsRelative=1\nPath=p.default\nDefault=1\n")
        let places = desktop.root + "/home/.mozilla/firefox/p.default/places.sqlite"
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        // A places.sqlite in Firefox's schema, made with SQLite (Python's sqlite3 module).
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript('''
            CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url LONGVARCHAR, title LONGVARCHAR, rev_host LONGVARCHAR,
              visit_count INTEGER DEFAULT 0, hidden INTEGER DEFAULT 0 NOT NULL, typed INTEGER DEFAULT 0 NOT NULL,
              frecency INTEGER DEFAULT -1 NOT NULL, last_visit_date INTEGER, guid TEXT, foreign_count INTEGER DEFAULT 0 NOT NULL,
              url_hash INTEGER DEFAULT 0 NOT NULL, description TEXT);
            CREATE TABLE moz_historyvisits (id INTEGER PRIMARY KEY, from_visit INTEGER, place_id INTEGER, visit_date INTEGER,
              visit_type INTEGER, session INTEGER, source INTEGER DEFAULT 0 NOT NULL, triggeringPlaceId INTEGER);
            CREATE TABLE moz_bookmarks (id INTEGER PRIMARY KEY, type INTEGER, fk INTEGER DEFAULT NULL, parent INTEGER,
              position INTEGER, title LONGVARCHAR, keyword_id INTEGER, folder_type TEXT, dateAdded INTEGER, lastModified INTEGER,
              guid TEXT, syncStatus INTEGER NOT NULL DEFAULT 0, syncChangeCounter INTEGER NOT NULL DEFAULT 1);
            INSERT INTO moz_bookmarks (id, type, parent, position, title, guid) VALUES
              (1, 2, 0, 0, '', 'root________'), (2, 2, 1, 0, 'menu', 'menu________'), (3, 2, 1, 1, 'toolbar', 'toolbar_____'),
              (4, 2, 1, 2, 'tags', 'tags________'), (5, 2, 1, 3, 'unfiled', 'unfiled_____'), (6, 2, 1, 4, 'mobile', 'mobile______');
            INSERT INTO moz_places (id, url, title, visit_count, last_visit_date, guid) VALUES
              (10, 'https://forums.swift.org/', 'Swift Forums', 2, \(now - 3_600_000_000), 'p10'),
              (11, 'https://xapian.org/docs/', 'Xapian documentation', 1, \(now - 7_200_000_000), 'p11');
            INSERT INTO moz_bookmarks (id, type, fk, parent, position, title, dateAdded, lastModified, guid) VALUES
              (21, 1, 10, 3, 0, 'Swift Forums', \(now), \(now), 'bmSwift00001');
            INSERT INTO moz_historyvisits (place_id, visit_date, visit_type) VALUES
              (10, \(now - 3_600_000_000), 1), (10, \(now - 86_400_000_000), 1), (11, \(now - 7_200_000_000), 1);
            ''')
            db.commit()
            """
        try FileManager.default.createDirectory(atPath: (places as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", script, places]
        try python.run()
        python.waitUntilExit()
        try #require(python.terminationStatus == 0)
        desktop.write("home/.config/chromium/Default/Bookmarks", """
            {"roots": {"bookmark_bar": {"children": [{"id": "5", "name": "Rust Book", "type": "url", "url": "https://doc.rust-lang.org/book/", "date_added": "13439640600000000"}],
              "name": "Bookmarks bar", "type": "folder"}, "other": {"children": [], "type": "folder"}, "synced": {"children": [], "type": "folder"}}, "version": 1}
            """)
        let r = try cli.run(["sync", "firefox", "chromium", "--json"], env: env)
        #expect(r.status == 0, "\(r.stderr)")
        let bySource = Dictionary(uniqueKeysWithValues: r.json.map { ($0["source"] as? String ?? "", $0) })
        #expect(bySource["firefox"]?["added"] as? Int == 3 && bySource["firefox"]?["interactions"] as? Int == 3, "\(r.stdout)")
        #expect(bySource["chromium"]?["added"] as? Int == 2, "\(r.stdout)")
        let swift = try #require(try hits(cli, "swift fo", env: env).first)
        #expect(swift["app"] as? String == "limelight.firefox" && swift["url"] as? String == "https://forums.swift.org/")
        #expect(try hits(cli, "xapian", env: env).first?["type"] as? String == "Page")
        #expect(try hits(cli, "rust", env: env).first?["url"] as? String == "https://doc.rust-lang.org/book/")
        // A bookmark is found by its address too, as a page of the history is.
        // ("org" is in no title: only in addresses.)
        let byAddress = try hits(cli, "org", env: env).compactMap { $0["url"] as? String }
        #expect(Set(byAddress) == ["https://forums.swift.org/", "https://xapian.org/docs/", "https://doc.rust-lang.org/book/"], "\(byAddress)")
        // The bookmark's visits forgotten stay forgotten when the bookmark is
        // deleted and the same visits are listed again under the page.
        let bookmark = try #require(swift["id"] as? String)
        let forgot = try cli.run(["forget", "--app", "limelight.firefox", "--type", "Bookmark", "--id", bookmark])
        #expect(forgot.status == 0 && forgot.stdout.contains("Forgot 2 donations"), "\(forgot.stdout) \(forgot.stderr)")
        let unbookmark = Process()
        unbookmark.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        unbookmark.arguments = ["python3", "-c", "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.execute('DELETE FROM moz_bookmarks WHERE id = 21'); db.commit()", places]
        try unbookmark.run()
        unbookmark.waitUntilExit()
        let again = try #require(try cli.run(["sync", "firefox", "--json"], env: env).json.first)
        #expect(again["interactions"] as? Int == 0, "\(again)")
        #expect(try cli.run(["export"]).lines.filter { $0.contains(#""kind":"interaction""#) && $0.contains("forums.swift.org") }.isEmpty)
        // Nothing on this desktop for recent: a note, exit 0.
        let skipped = try cli.run(["sync", "recent"], env: env)
        #expect(skipped.status == 0 && skipped.stdout.contains("recent: skipped: no recently-used.xbel"))
        #expect(try cli.run(["sync", "nosuch"], env: env).status == 64)
    }

    /// `sync SOURCE --watch --json` on the fixture, its stdout's lines as they come.
    func startWatch(_ desktop: DesktopFixture, _ source: String, env extra: [String: String] = [:],
                    stderr: Pipe? = nil) throws -> (Process, LineCollector) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["--index", desktop.root + "/index", "sync", source, "--watch", "--json"]
        var environment = ProcessInfo.processInfo.environment
        for (k, v) in desktop.env.merging(extra, uniquingKeysWith: { $1 }) { environment[k] = v }
        p.environment = environment
        let out = Pipe()
        p.standardOutput = out
        p.standardError = stderr ?? FileHandle.nullDevice
        try p.run()
        return (p, LineCollector(out.fileHandleForReading))
    }

    func json(_ line: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    }

    @Test func watchReSyncsWhenADesktopFileAppearsAndStopsOnSIGTERM() throws {
        let desktop = DesktopFixture()
        desktop.writeApps()
        let (p, lines) = try startWatch(desktop, "apps")
        #expect(lines.wait(count: 1, timeout: 30), "no first sync")
        usleep(300_000)  // the watches are set up after the first sync
        desktop.write("usr/share/applications/newly-installed.desktop", DesktopFixture.entry("Newly Installed"))
        #expect(lines.wait(count: 2, timeout: 30), "no re-sync after a desktop file appeared")
        kill(p.processIdentifier, SIGTERM)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let second = json(lines.lines[1])
        #expect(second?["added"] as? Int == 1 && second?["removed"] as? Int == 0, "\(lines.lines)")
        let cli = CLI(index: desktop.root + "/index")
        #expect(try hits(cli, "newly", env: desktop.env).first?["app"] as? String == "newly-installed")
    }

    /// Desktop file ids come from subdirectories: one that was there at the
    /// start and one made while watching are both watched.
    /// Another writer holding the index past the lock timeout is told on
    /// stderr, and the watch goes on: the sync is tried again a few seconds
    /// later, with no further change needed (it died, exit 75).
    @Test func watchOutlivesABusyIndexAndSyncsWhenItIsFree() throws {
        let desktop = DesktopFixture()
        desktop.writeApps()
        let errors = Pipe()
        let (p, lines) = try startWatch(desktop, "apps", env: ["LIMELIGHT_LOCK_TIMEOUT": "0.3"], stderr: errors)
        let stderr = LineCollector(errors.fileHandleForReading)
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
        #expect(lines.wait(count: 1, timeout: 30), "no first sync")
        usleep(300_000)
        // The index's write lock, taken as a second writer would (fcntl on flintlock).
        let current = try String(contentsOfFile: desktop.root + "/index/current", encoding: .utf8).split(separator: " ").last!
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", "import fcntl, os, sys, time\nfd = os.open(sys.argv[1], os.O_RDWR)\nfcntl.lockf(fd, fcntl.LOCK_EX)\nprint('locked', flush=True)\ntime.sleep(60)",
                            "\(desktop.root)/index/\(current.trimmingCharacters(in: .whitespacesAndNewlines))/flintlock"]
        let held = Pipe()
        holder.standardOutput = held
        try holder.run()
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        #expect(LineCollector(held.fileHandleForReading).wait(count: 1, timeout: 10), "the lock was not taken")

        desktop.write("usr/share/applications/new-app.desktop", DesktopFixture.entry("Newcomer"))
        let deadline = Date().addingTimeInterval(10)
        while !stderr.lines.contains(where: { $0.contains("busy") }), Date() < deadline { usleep(50_000) }
        #expect(stderr.lines.contains { $0.contains("busy") && $0.contains("still watching") }, "\(stderr.lines)")
        #expect(p.isRunning)
        #expect(lines.lines.count == 1)

        kill(holder.processIdentifier, SIGKILL)  // (SIGTERM may be blocked in what the test runner starts)
        holder.waitUntilExit()
        // No change since: the retry alone syncs it.
        #expect(lines.wait(count: 2, timeout: 15), "no sync after the index was free; stderr: \(stderr.lines)")
        #expect(lines.lines.count >= 2 && json(lines.lines[1])?["added"] as? Int == 1, "\(lines.lines)")
        kill(p.processIdentifier, SIGTERM)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
    }

    @Test func watchSeesDesktopFilesInSubdirectoriesIncludingNewOnes() throws {
        let desktop = DesktopFixture()
        desktop.writeApps()
        let (p, lines) = try startWatch(desktop, "apps")
        defer { kill(p.processIdentifier, SIGTERM); p.waitUntilExit() }
        #expect(lines.wait(count: 1, timeout: 30), "no first sync")
        usleep(300_000)
        desktop.write("usr/share/applications/kde/dolphin.desktop", DesktopFixture.entry("Dolphin"))
        #expect(lines.wait(count: 2, timeout: 30), "no re-sync after a file appeared in kde/")
        #expect(json(lines.lines[1])?["added"] as? Int == 1, "\(lines.lines)")
        // A new subdirectory: its making is a (no-op) re-sync; then a file in it.
        try FileManager.default.createDirectory(atPath: desktop.root + "/usr/share/applications/games", withIntermediateDirectories: true)
        #expect(lines.wait(count: 3, timeout: 30), "no re-sync after a subdirectory appeared")
        desktop.write("usr/share/applications/games/chess.desktop", DesktopFixture.entry("Chess Game"))
        #expect(lines.wait(count: 4, timeout: 30), "no re-sync after a file appeared in a new subdirectory")
        #expect(json(lines.lines[3])?["added"] as? Int == 1, "\(lines.lines)")
        let cli = CLI(index: desktop.root + "/index")
        #expect(try hits(cli, "chess", env: desktop.env).first?["app"] as? String == "games-chess")
    }

    /// An applications directory made after the watch began, with a file
    /// already in it (no event tells of it): synced once it is watched.
    @Test func watchSyncsADirectoryMadeAfterItBeganWithWhatItHolds() throws {
        let desktop = DesktopFixture()
        desktop.writeApps()
        desktop.remove("home/.local/share/applications")
        let (p, lines) = try startWatch(desktop, "apps")
        defer { kill(p.processIdentifier, SIGTERM); p.waitUntilExit() }
        #expect(lines.wait(count: 1, timeout: 30), "no first sync")
        desktop.write("home/.local/share/applications/late.desktop", DesktopFixture.entry("Late Home App"))
        #expect(lines.wait(count: 2, timeout: 30), "no re-sync after the directory appeared")
        #expect(json(lines.lines[1])?["added"] as? Int == 1, "\(lines.lines)")
    }

    /// Chromium writes Bookmarks to a temporary file and renames it over the
    /// old one; other files of the profile (History, …) change all the time
    /// and are not a reason to sync.
    @Test func watchReSyncsChromiumBookmarksReplacedByRename() throws {
        let desktop = DesktopFixture()
        func bookmarks(_ names: [String]) -> String {
            let children = names.enumerated().map { #"{"id": "\#($0.offset + 5)", "name": "\#($0.element)", "type": "url", "url": "https://example.org/\#($0.offset)"}"# }
            return #"{"roots": {"bookmark_bar": {"children": [\#(children.joined(separator: ", "))], "name": "Bookmarks bar", "type": "folder"}, "other": {"children": [], "type": "folder"}, "synced": {"children": [], "type": "folder"}}, "version": 1}"#
        }
        desktop.write("home/.config/chromium/Default/Bookmarks", bookmarks(["Rust Book"]))
        let (p, lines) = try startWatch(desktop, "chromium")
        defer { kill(p.processIdentifier, SIGTERM); p.waitUntilExit() }
        #expect(lines.wait(count: 1, timeout: 30), "no first sync")
        usleep(300_000)
        desktop.write("home/.config/chromium/Default/History", "not bookmarks")
        usleep(1_000_000)
        #expect(lines.lines.count == 1, "re-synced for a file that is not Bookmarks: \(lines.lines)")
        let temporary = desktop.write("home/.config/chromium/Default/Bookmarks.tmp", bookmarks(["Rust Book", "Swift Book"]))
        #expect(rename(temporary, desktop.root + "/home/.config/chromium/Default/Bookmarks") == 0)
        #expect(lines.wait(count: 2, timeout: 30), "no re-sync after Bookmarks was replaced")
        #expect(json(lines.lines[1])?["added"] as? Int == 1, "\(lines.lines)")
    }

    /// Runs SQL on a SQLite database (made if missing), with Python's sqlite3.
    func sqlite(_ path: String, _ sql: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", "import sqlite3, sys\ndb = sqlite3.connect(sys.argv[1])\ndb.executescript(sys.argv[2])\ndb.commit()", path, sql]
        try python.run()
        python.waitUntilExit()
        try #require(python.terminationStatus == 0)
    }

    /// A Firefox run for the first time (or a "Refresh Firefox") after the
    /// watch began names its default profile in a new profiles.ini: that
    /// profile is watched from then on. Only the profile of the start was,
    /// and the new one's bookmarks were never synced.
    @Test func watchFollowsAFirefoxProfileMadeAfterItBegan() throws {
        let desktop = DesktopFixture()
        let (p, lines) = try startWatch(desktop, "firefox")
        defer { kill(p.processIdentifier, SIGTERM); p.waitUntilExit() }
        #expect(lines.wait(count: 1, timeout: 30), "no first sync")
        let places = desktop.root + "/home/.mozilla/firefox/p1.default-release/places.sqlite"
        try emptyFirefoxPlaces(places)
        desktop.write("home/.mozilla/firefox/profiles.ini", "[Profile0]\nName=new\nIsRelative=1\nPath=p1.default-release\nDefault=1\n")
        #expect(lines.wait(count: 2, timeout: 30), "no sync for the new profiles.ini: \(lines.lines)")
        usleep(500_000)
        try sqlite(places, """
            INSERT INTO moz_places (id, url, title, guid) VALUES (10, 'https://kestrel.example/', 'Kestrel', 'p10');
            INSERT INTO moz_bookmarks (id, type, fk, parent, position, title, guid) VALUES (20, 1, 10, 3, 0, 'Kestrel', 'bmKestrel001');
            """)
        // (Watching it begins with a sync of its own: what it held came with no event.)
        let deadline = Date().addingTimeInterval(30)
        while !lines.lines.dropFirst(2).contains(where: { json($0)?["added"] as? Int == 1 }), Date() < deadline { usleep(100_000) }
        #expect(lines.lines.dropFirst(2).contains { json($0)?["added"] as? Int == 1 }, "the new profile's places.sqlite is not watched: \(lines.lines)")
    }

    /// A places.sqlite with Firefox's tables and no page: the bookmarks'
    /// root and toolbar only.
    func emptyFirefoxPlaces(_ places: String) throws {
        try sqlite(places, """
            CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT, title TEXT, visit_count INTEGER DEFAULT 0,
              hidden INTEGER DEFAULT 0, last_visit_date INTEGER, guid TEXT);
            CREATE TABLE moz_historyvisits (id INTEGER PRIMARY KEY, from_visit INTEGER, place_id INTEGER, visit_date INTEGER, visit_type INTEGER);
            CREATE TABLE moz_bookmarks (id INTEGER PRIMARY KEY, type INTEGER, fk INTEGER, parent INTEGER, position INTEGER,
              title TEXT, dateAdded INTEGER, lastModified INTEGER, guid TEXT);
            INSERT INTO moz_bookmarks (id, type, parent, position, title, guid) VALUES (1, 2, 0, 0, '', 'root________'), (3, 2, 1, 1, 'toolbar', 'toolbar_____');
            """)
    }

    /// Firefox writes places.sqlite at every page load (and its title, and
    /// the visit count, moments later): writes within `minimumSyncInterval`
    /// of the last sync are one sync, at its end, with all of them. Each
    /// write was a sync of its own, which on a big history kept a core busy
    /// while a person browsed.
    @Test func watchMakesOneFirefoxSyncOfABurstOfWrites() throws {
        let desktop = DesktopFixture()
        let places = desktop.root + "/home/.mozilla/firefox/p1.default-release/places.sqlite"
        try emptyFirefoxPlaces(places)
        desktop.write("home/.mozilla/firefox/profiles.ini", "[Profile0]\nName=p1\nIsRelative=1\nPath=p1.default-release\nDefault=1\n")
        let (p, lines) = try startWatch(desktop, "firefox")
        defer { kill(p.processIdentifier, SIGTERM); p.waitUntilExit() }
        #expect(lines.wait(count: 1, timeout: 30), "no first sync")
        usleep(300_000)  // the watches are set up after the first sync
        // Four writes, each well past the 300 ms that settles one.
        for i in 1...4 {
            try sqlite(places, """
                INSERT INTO moz_places (id, url, title, guid) VALUES (\(10 + i), 'https://kestrel\(i).example/', 'Kestrel \(i)', 'p\(i)');
                INSERT INTO moz_bookmarks (id, type, fk, parent, position, title, guid) VALUES (\(20 + i), 1, \(10 + i), 3, \(i), 'Kestrel \(i)', 'bmKestrel00\(i)');
                """)
            usleep(700_000)
        }
        #expect(lines.wait(count: 2, timeout: 30), "no sync after the writes: \(lines.lines)")
        usleep(1_500_000)
        #expect(lines.lines.count == 2, "more than one sync for one burst of writes: \(lines.lines)")
        #expect(json(lines.lines[1])?["added"] as? Int == 4, "\(lines.lines)")
    }

    /// The progress line is for a person at a terminal: never in a pipe, never
    /// with --json; on a terminal it is redrawn in place and cleared at the end.
    @Test func progressLineOnlyOnATerminal() throws {
        let desktop = DesktopFixture()
        desktop.writeApps()
        let cli = CLI(index: desktop.root + "/index")
        for extra in [[], ["--json"]] {
            let piped = try cli.run(["sync", "apps"] + extra, env: desktop.env)
            #expect(piped.status == 0 && !piped.stderr.contains("\r") && !piped.stderr.contains("records made"), "\(piped.stderr.debugDescription)")
        }

        // stderr on a pseudo-terminal (its other end read here), stdout a pipe.
        // Glibc's module leaves out the XSI pty functions: look them up in libc.
        typealias FDCall = @convention(c) (Int32) -> Int32
        typealias NameCall = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        func libc<T>(_ name: String, _: T.Type) throws -> T { unsafeBitCast(try #require(dlsym(nil, name)), to: T.self) }
        let master = try libc("posix_openpt", FDCall.self)(O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        try #require(try libc("grantpt", FDCall.self)(master) == 0 && libc("unlockpt", FDCall.self)(master) == 0)
        let name = try #require(try libc("ptsname", NameCall.self)(master))
        let slave = open(String(cString: name), O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        func run(_ extra: [String]) throws -> (stdout: String, terminal: String) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CLI.binary)
            p.arguments = ["--index", desktop.root + "/index", "sync", "apps"] + extra
            var environment = ProcessInfo.processInfo.environment
            for (k, v) in desktop.env { environment[k] = v }
            p.environment = environment
            let out = Pipe()
            p.standardOutput = out
            p.standardError = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
            try p.run()
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            var terminal = [UInt8]()
            _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                terminal += buffer[..<n]
            }
            return (String(decoding: stdout, as: UTF8.self), String(decoding: terminal, as: UTF8.self))
        }
        let shown = try run([])
        #expect(shown.stdout.hasPrefix("apps: 0 added, 0 updated, 0 removed"), "\(shown.stdout)")
        #expect(shown.terminal.contains("\rsync apps: ") && shown.terminal.contains("records made"), "\(shown.terminal.debugDescription)")
        #expect(shown.terminal.hasSuffix("\r\u{1B}[K"), "not cleared at the end: \(shown.terminal.debugDescription)")
        let json = try run(["--json"])
        #expect(json.terminal.isEmpty, "\(json.terminal.debugDescription)")
        close(slave)
    }

    /// This machine's own applications: after `sync apps`, each visible one is
    /// found by the first letters of its name.
    @Test func thisMachinesApplicationsAreFoundByTheirFirstLetters() throws {
        let dir = "/usr/share/applications"
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".desktop") }
        guard !files.isEmpty else { return }  // nothing installed: nothing to find
        let tmp = TempDir()
        let cli = CLI(index: tmp.path + "/index")
        let env = ["XDG_DATA_HOME": tmp.path + "/share", "XDG_DATA_DIRS": "/usr/share", "LANG": "C", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": "", "XDG_CURRENT_DESKTOP": ""]
        #expect(try cli.run(["sync", "apps"], env: env).status == 0)
        var expected = 0
        for file in files {
            let text = (try? String(contentsOfFile: dir + "/" + file, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n").map(String.init)
            let entry = lines.prefix { !$0.hasPrefix("[Desktop Action") }
            func value(_ key: String) -> String? { entry.first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) } }
            if value("NoDisplay") == "true" || value("Hidden") == "true" || value("Type") != "Application" { continue }
            func found(_ program: String) -> Bool {
                program.hasPrefix("/") ? FileManager.default.isExecutableFile(atPath: program)
                    : (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") })
            }
            if let tryExec = value("TryExec"), !found(tryExec) { continue }
            if let program = value("Exec")?.split(separator: " ").first, !found(String(program)) { continue }
            guard let name = value("Name") else { continue }
            expected += 1
            let id = String(file.dropLast(".desktop".count))
            let prefix = String(name.prefix(3))
            let found = try hits(cli, prefix, env: env)
            #expect(found.contains { $0["kind"] as? String == "app" && $0["app"] as? String == id }, "\(name) by '\(prefix)'")
        }
        let apps = try cli.run(["export"]).lines.filter { $0.contains(#""kind":"app""#) }
        #expect(apps.count == expected)
    }
}

/// Collects a pipe's lines as they come.
final class LineCollector: @unchecked Sendable {
    // `lines` is read and written under `lock` only.
    private let lock = NSLock()
    private var buffer = ""
    private var collected: [String] = []

    init(_ handle: FileHandle) {
        handle.readabilityHandler = { [weak self] h in
            let data = h.availableData
            guard let self, !data.isEmpty else { h.readabilityHandler = nil; return }
            self.lock.lock()
            self.buffer += String(decoding: data, as: UTF8.self)
            while let nl = self.buffer.firstIndex(of: "\n") {
                self.collected.append(String(self.buffer[..<nl]))
                self.buffer = String(self.buffer[self.buffer.index(after: nl)...])
            }
            self.lock.unlock()
        }
    }

    var lines: [String] { lock.lock(); defer { lock.unlock() }; return collected }

    func wait(count: Int, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while lines.count < count, Date() < deadline { usleep(20_000) }
        return lines.count >= count
    }
}
