import LimelightModel
import LimelightSupport
import Testing
@testable import DesktopSources

/// What each source makes of its store: the records `sync` hands the index.
@Suite struct SourceRecordsTests {
    static func find(_ made: SourceRecords, _ kind: RecordKind, app: String? = nil, id: String) -> Record? {
        made.records.first { $0.kind == kind && (app == nil || $0.app == app) && ($0.kind == .app ? $0.app == id : $0.id == id) }
    }

    @Test func eachVisibleApplicationIsAnAppAndEachActionAShortcut() throws {
        let fixture = ApplicationDiscoveryTests()
        let made = DesktopSource.apps.records(in: fixture.environment, now: .now())
        let apps = made.records.filter { $0.kind == .app }.map(\.app).sorted()
        // Hidden, NoDisplay, TryExec missing, OnlyShowIn/NotShowIn against GNOME, links and broken files are not apps
        // (bad-bool is: its Terminal=yes reads as false, as in GLib).
        #expect(apps == ["bad-bool", "kde-konsole", "kde-sub-deep", "not-xfce", "only-gnome", "org.gnome.gedit", "shadowed", "tryexec-abs", "tryexec-ok"])
        #expect(made.records.allSatisfy { $0.kind == .interaction || $0.source == "apps" })
        let gedit = try #require(Self.find(made, .app, id: "org.gnome.gedit"))
        #expect(gedit.name == "Texteditor gedit")  // Name[de] for de_DE.UTF-8
        #expect(gedit.genericName == "Text Editor")
        #expect(gedit.synonyms == ["Text Editor", "Text", "Editor", "Klartext", "Schreiben", "gedit"])
        #expect(gedit.otherNames == gedit.synonyms)
        #expect(gedit.keywords == ["GNOME", "GTK", "Utility", "TextEditor"])
        #expect(gedit.text == "Edit text files")  // Comment: searched as the app's description
        #expect(gedit.icon == "org.gnome.gedit")
        #expect(gedit.exec == "gedit %U")
        #expect(gedit.desktopFile == "org.gnome.gedit.desktop")
        #expect(Self.find(made, .app, id: "shadowed")?.name == "Local Copy")
        let shortcuts = made.records.filter { $0.kind == .shortcut && $0.app == "org.gnome.gedit" }
        #expect(shortcuts.map(\.id) == ["new-window", "new-document"])
        #expect(shortcuts.map(\.title) == ["Neues Fenster", "New Document"])
        #expect(shortcuts.allSatisfy { $0.phrases.allSatisfy { $0.contains("${applicationName}") } })
        #expect(shortcuts.map(\.exec) == ["gedit --new-window", "gedit --new-document"])
        #expect(shortcuts.map(\.icon) == ["org.gnome.gedit", "document-new"])
        #expect(Self.find(made, .intent, app: "org.gnome.gedit", id: AppRecords.actionIntent) != nil)
        #expect(made.problems.map(\.file).contains(fixture.tree.path("usr/share/applications/broken.desktop")))
    }

    @Test func anApplicationWhoseExecIsInvalidIsReportedAndLeftOut() throws {
        let fixture = ApplicationDiscoveryTests()
        fixture.tree.write("usr/share/applications/bad-exec.desktop",
                           "[Desktop Entry]\nType=Application\nName=Bad Exec\nExec=app \"unclosed\n")
        let made = DesktopSource.apps.records(in: fixture.environment, now: .now())
        #expect(Self.find(made, .app, id: "bad-exec") == nil)
        let problem = try #require(made.problems.first { $0.file.hasSuffix("bad-exec.desktop") })
        #expect(problem.problem.contains("Exec"))
        #expect(Self.find(made, .app, id: "org.gnome.gedit") != nil)
    }

    /// The executable's name is a synonym of the program run in the end:
    /// past `env` and its settings (a snap's desktop file), and none for a
    /// flatpak, whose launcher names no program of the app's own (every
    /// flatpak app had the synonym "flatpak").
    @Test func theSynonymFromExecIsTheProgramRunInTheEnd() throws {
        let fixture = ApplicationDiscoveryTests()
        fixture.tree.write("usr/share/applications/firefox_firefox.desktop",
                           "[Desktop Entry]\nType=Application\nName=Firefox Web Browser\nExec=env BAMF_DESKTOP_FILE_HINT=/var/lib/snapd/desktop/applications/firefox_firefox.desktop /snap/bin/firefox %u\n")
        fixture.tree.write("usr/share/applications/org.gnome.Maps.desktop",
                           "[Desktop Entry]\nType=Application\nName=Maps\nExec=\(fixture.tree.path("bin/flatpak")) run --branch=stable --arch=x86_64 --command=gnome-maps org.gnome.Maps %U\n")
        let made = DesktopSource.apps.records(in: fixture.environment, now: .now())
        #expect(Self.find(made, .app, id: "firefox_firefox")?.synonyms == ["firefox"])
        #expect(Self.find(made, .app, id: "org.gnome.Maps")?.synonyms == [])
    }

    /// A settings panel is an entity of the app it opens: GNOME's by the
    /// category Settings and the program it runs, Plasma's by the app it
    /// names (`X-KDE-AliasFor`, with or without `.desktop`). Other hidden
    /// entries are not, though they run a shown app's program or name it:
    /// they open files with it (Okular's handlers name Okular). Nor is one
    /// whose program more than one app runs (`sh`, `pkexec`).
    @Test func settingsPanelsAreEntitiesOfTheAppTheyOpen() throws {
        let fixture = ApplicationDiscoveryTests()
        let apps = "usr/share/applications/"
        for program in ["gnome-control-center", "systemsettings", "tweaks", "lonely", "okular"] {
            fixture.tree.write("bin/\(program)", "#!/bin/sh\n", mode: 0o755)
        }
        func entry(_ id: String, _ lines: String...) {
            fixture.tree.write(apps + id + ".desktop", "[Desktop Entry]\nType=Application\n" + lines.joined(separator: "\n") + "\n")
        }
        entry("org.gnome.Settings", "Name=Settings", "Icon=org.gnome.Settings", "Exec=gnome-control-center", "Categories=GNOME;Settings;")
        entry("gnome-bluetooth-panel", "Name=Bluetooth", "Comment=Turn Bluetooth on and off and connect your devices",
              "Keywords=share;sharing;bluetooth;obex;", "Exec=gnome-control-center bluetooth", "NoDisplay=true",
              "Categories=GTK;GNOME;Settings;X-GNOME-Settings-Panel;")
        // Runs Settings' program, but opens files and is not of the category Settings.
        entry("settings-handler", "Name=Open With Settings", "Exec=gnome-control-center %u", "NoDisplay=true")
        // Of the category Settings, but opens files.
        entry("settings-opener", "Name=Opener", "Exec=gnome-control-center %f", "NoDisplay=true", "Categories=Settings;")
        // Of the category Settings, but no app shown runs its program; or two do.
        entry("lonely-panel", "Name=Orphan", "Exec=lonely --panel", "NoDisplay=true", "Categories=Settings;")
        entry("tweaks-one", "Name=Tweaks One", "Exec=tweaks --one")
        entry("tweaks-two", "Name=Tweaks Two", "Exec=tweaks --two")
        entry("tweaks-panel", "Name=Whose", "Exec=tweaks --panel", "NoDisplay=true", "Categories=Settings;")
        entry("systemsettings", "Name=System Settings", "Exec=systemsettings")
        entry("kcm_mouse", "NoDisplay=true", "X-KDE-AliasFor=systemsettings", "Exec=systemsettings kcm_mouse",
              "Icon=preferences-desktop-mouse", "Name=Mouse")
        entry("kcm_keys", "NoDisplay=true", "X-KDE-AliasFor=systemsettings.desktop", "Exec=systemsettings kcm_keys", "Name=Shortcuts")
        entry("org.kde.okular", "Name=Okular", "Exec=okular %U", "MimeType=application/pdf;")
        entry("okular_chm", "Name=Okular", "NoDisplay=true", "X-KDE-AliasFor=org.kde.okular.desktop", "Exec=okular %U",
              "MimeType=application/x-chm;")
        entry("okular_nofile", "Name=Okular CHM", "NoDisplay=true", "X-KDE-AliasFor=org.kde.okular", "Exec=okular",
              "MimeType=application/x-chm;")
        let made = DesktopSource.apps.records(in: fixture.environment, now: .now())
        let panels = made.records.filter { $0.kind == .entity }
        #expect(panels.map(\.id).sorted() == ["gnome-bluetooth-panel", "kcm_keys", "kcm_mouse"])
        let bluetooth = try #require(Self.find(made, .entity, app: "org.gnome.Settings", id: "gnome-bluetooth-panel"))
        #expect(bluetooth.type == SettingsPanel.entityType)
        #expect(bluetooth.title == "Bluetooth")
        #expect(bluetooth.subtitle == "Settings")
        #expect(bluetooth.text == "Turn Bluetooth on and off and connect your devices")
        #expect(bluetooth.keywords == ["share", "sharing", "bluetooth", "obex"])
        #expect(bluetooth.exec == "gnome-control-center bluetooth")
        #expect(bluetooth.icon == "org.gnome.Settings")  // none of its own: its app's
        let mouse = try #require(Self.find(made, .entity, app: "systemsettings", id: "kcm_mouse"))
        #expect(mouse.exec == "systemsettings kcm_mouse")
        #expect(mouse.icon == "preferences-desktop-mouse")
        #expect(Self.find(made, .entity, app: "systemsettings", id: "kcm_keys")?.title == "Shortcuts")
        #expect(!made.problems.contains { $0.file.contains("panel") || $0.file.contains("kcm_") })
    }

    /// A bookmark whose record is rejected (an href with a space is no URI)
    /// brings no interaction with it: it would name an entity that is not
    /// there. And what costs only a part is a warning, reported.
    @Test func aRejectedRecentFileRecordsNoUseAndPartsLostAreWarnings() throws {
        let tree = FixtureTree()
        tree.write("home/My Docs/Q3 report — final;v2.odt", "x")
        // A literal space in the href, and a bookmark with none.
        let xbel = RecentlyUsedTests.glibFile.replacingAll("file:///home/me/Documents/", with: "file://" + tree.path("home/My Docs/"))
            .replacingAll("</xbel>", with: "  <bookmark added=\"2026-11-30T06:35:03Z\"/>\n</xbel>")
        tree.write("home/.local/share/recently-used.xbel", xbel)
        let environment = DesktopEnvironment(home: tree.path("home"), dataHome: tree.path("home/.local/share"), dataDirectories: [])
        let made = DesktopSource.recent.records(in: environment, now: .now())
        #expect(made.problems.count == 1 && made.records.allSatisfy { $0.kind != .interaction && $0.kind != .entity }, "\(made.records)")
        #expect(made.warnings.contains { $0.problem.contains("no href") }, "\(made.warnings)")
    }

    @Test func recentFilesThatExistAreEntitiesAndEachApplicationsUseAnInteraction() throws {
        let tree = FixtureTree()
        let report = tree.write("home/Documents/Q3 report — final;v2.odt", "x")
        let xbel = RecentlyUsedTests.glibFile.replacingAll("file:///home/me/Documents/", with: "file://" + tree.path("home/Documents/").replacingAll(" ", with: "%20"))
        tree.write("home/.local/share/recently-used.xbel", xbel)
        let environment = DesktopEnvironment(home: tree.path("home"), dataHome: tree.path("home/.local/share"), dataDirectories: [])
        let made = DesktopSource.recent.records(in: environment, now: .now())
        #expect(made.problems.isEmpty)
        let entities = made.records.filter { $0.kind == .entity }
        // Only the local file that exists: not the https bookmark, not a deleted file.
        #expect(entities.count == 1)
        let file = try #require(entities.first)
        #expect(file.app == "limelight.recent" && file.type == "File")
        #expect(file.title == "Q3 report — final;v2.odt")
        #expect(file.subtitle == tree.path("home/Documents"))
        #expect(file.keywords == ["oasis", "opendocument", "text"])
        #expect(file.url.flatMap(FileURI.path(from:)) == report)
        let uses = made.records.filter { $0.kind == .interaction }
        #expect(uses.map { $0.at?.description } == ["2026-11-30T06:35:03.325186Z", "2026-11-29T21:00:00Z"].map { Timestamp(iso8601: $0)?.description })
        #expect(uses.allSatisfy { $0.entityRefs == [EntityRef(type: "File", id: file.id)] })
        #expect(Set(uses.map(\.id)).count == 2)
        // The same file read again makes the same ids: a re-sync recounts nothing.
        #expect(DesktopSource.recent.records(in: environment, now: .now()).records.map(\.id) == made.records.map(\.id))
        #expect(Self.find(made, .app, id: "limelight.recent")?.source == "recent")
    }

    /// `<bookmark:private/>`: only the applications that registered the file
    /// should show it, so a launcher imports neither it nor its uses.
    @Test func aPrivateRecentFileIsLeftOut() throws {
        let tree = FixtureTree()
        tree.write("home/Documents/Q3 report — final;v2.odt", "x")
        let xbel = RecentlyUsedTests.glibFile.replacingAll("file:///home/me/Documents/", with: "file://" + tree.path("home/Documents/").replacingAll(" ", with: "%20"))
        tree.write("home/.local/share/recently-used.xbel", xbel)
        let environment = DesktopEnvironment(home: tree.path("home"), dataHome: tree.path("home/.local/share"), dataDirectories: [])
        #expect(DesktopSource.recent.records(in: environment, now: .now()).records.contains { $0.kind == .entity })
        tree.write("home/.local/share/recently-used.xbel",
                   xbel.replacingAll("<bookmark:group>LibreOffice</bookmark:group>", with: "<bookmark:group>LibreOffice</bookmark:group></bookmark:groups><bookmark:private/><bookmark:groups>"))
        let made = DesktopSource.recent.records(in: environment, now: .now())
        #expect(made.problems.isEmpty)
        #expect(!made.records.contains { $0.kind == .entity || $0.kind == .interaction }, "\(made.records)")
    }

    @Test func firefoxBookmarksAndHistoryPages() throws {
        let firefox = FirefoxTests()
        let db = try firefox.makeProfile()
        _ = db
        let made = DesktopSource.firefox.records(in: firefox.environment, now: FirefoxTests.now)
        #expect(made.problems.isEmpty)
        let bookmarks = made.records.filter { $0.kind == .entity && $0.type == "Bookmark" }
        // Not the place: query, which the reader leaves out.
        #expect(Set(bookmarks.map(\.id)) == ["bmSwift00001", "bmXapian0001", "bmNever00001"])
        let swift = try #require(bookmarks.first { $0.id == "bmSwift00001" })
        #expect(swift.url == "https://forums.swift.org/" && swift.title == "Swift Forums")
        let visits = made.records.filter { $0.kind == .interaction && $0.entityRefs.first?.id == "bmSwift00001" }
        #expect(visits.count == 10)  // the window keeps the last 10 visits of a page
        #expect(made.records.allSatisfy { $0.kind == .interaction || $0.source == "firefox" })
    }

    /// A bookmark is found by its address and by its page's own title, as in
    /// Firefox's address bar (its subtitle is its folder): "grafana" found
    /// only pages in the history. A page whose address or title passes the
    /// records' limit is cut there, not left out with an error at every sync.
    @Test func bookmarksAreSearchedByAddressAndPageTitleAndLongPagesAreKept() throws {
        let firefox = FirefoxTests()
        let db = try firefox.makeProfile()
        let longURL = "https://sso.example.com/login?next=" + String(repeating: "a", count: 1_500)
        let longTitle = String(repeating: "Title ", count: 300)
        try db.execute("""
            INSERT INTO moz_places (id, url, title, visit_count, hidden, last_visit_date, guid) VALUES
              (40, 'https://grafana.example.net/d/abc', 'Grafana – Production Overview', 3, 0, \(FirefoxTests.micros(daysAgo: 1)), 'p40'),
              (41, '\(longURL)', '\(longTitle)', 1, 0, \(FirefoxTests.micros(daysAgo: 1)), 'p41');
            INSERT INTO moz_bookmarks (id, type, fk, parent, position, title, dateAdded, lastModified, guid) VALUES
              (42, 1, 40, 3, 2, 'Dashboard', \(FirefoxTests.micros(daysAgo: 3)), \(FirefoxTests.micros(daysAgo: 3)), 'bmGrafana001');
            INSERT INTO moz_historyvisits (place_id, visit_date, visit_type) VALUES (40, \(FirefoxTests.micros(daysAgo: 1)), 1), (41, \(FirefoxTests.micros(daysAgo: 1)), 1);
            """)
        let made = DesktopSource.firefox.records(in: firefox.environment, now: FirefoxTests.now)
        #expect(made.problems.isEmpty, "\(made.problems)")
        let dashboard = try #require(made.records.first { $0.kind == .entity && $0.id == "bmGrafana001" })
        #expect(dashboard.title == "Dashboard" && dashboard.subtitle == "Bookmarks Toolbar")
        #expect(dashboard.text == "Grafana – Production Overview https://grafana.example.net/d/abc")
        // Not renamed: its address alone.
        #expect(made.records.first { $0.id == "bmSwift00001" }?.text == "https://forums.swift.org/")
        let long = try #require(made.records.first { $0.kind == .entity && $0.url == longURL })
        #expect(long.title.count == RecordLimits.maxTitleCharacters && long.subtitle?.count == RecordLimits.maxTitleCharacters)
        #expect(made.records.contains { $0.kind == .interaction && $0.entityRefs.first?.id == long.id })
    }

    /// The words an address hides from Xapian's word rule are searched too,
    /// as Firefox's address bar finds them: escaped ("with" of
    /// dir%20with%20space, 東京 escaped as UTF-8) or joined by a query
    /// string's `+`, `&` and `=` ("world&lang" is one word to Xapian, as
    /// "AT&T"). An audit with a real Firefox found none of them.
    @Test func theWordsAnAddressHidesAreSearched() throws {
        let spaced = AddressWords.of("http://127.0.0.1:8765/dir%20with%20space/page.html")
        #expect(spaced.contains("with") && spaced.contains("space") && !spaced.contains("dir"), "\(spaced)")
        #expect(AddressWords.of("https://example.org/%E6%9D%B1%E4%BA%AC/").contains("東京"))
        let query = AddressWords.of("https://example.org/find?q=hello+world&lang=de&path=docs%2Fmanual")
        #expect(["world", "lang", "manual"].allSatisfy(query.contains), "\(query)")
        #expect(Set(query).count == query.count)
        #expect(AddressWords.of("https://forums.swift.org/").isEmpty)
        // Escapes that spell no UTF-8 (Latin-1 "café") are left as written.
        #expect(FileURI.percentDecoded("caf%E9") == nil && FileURI.percentDecoded("100%") == "100%")

        let firefox = FirefoxTests()
        let db = try firefox.makeProfile()
        try db.execute("""
            INSERT INTO moz_places (id, url, title, visit_count, hidden, last_visit_date, guid) VALUES
              (40, 'https://example.org/find?q=sea+otter&lang=de', 'Results', 1, 0, \(FirefoxTests.micros(daysAgo: 1)), 'p40'),
              (41, 'https://example.org/dir%20with%20space/', 'Spaced', 1, 0, \(FirefoxTests.micros(daysAgo: 1)), 'p41');
            INSERT INTO moz_bookmarks (id, type, fk, parent, position, title, dateAdded, lastModified, guid) VALUES
              (42, 1, 41, 3, 2, 'Spaced', \(FirefoxTests.micros(daysAgo: 3)), \(FirefoxTests.micros(daysAgo: 3)), 'bmSpaced0001');
            INSERT INTO moz_historyvisits (place_id, visit_date, visit_type) VALUES
              (40, \(FirefoxTests.micros(daysAgo: 1)), 1), (41, \(FirefoxTests.micros(daysAgo: 1)), 1);
            """)
        let made = DesktopSource.firefox.records(in: firefox.environment, now: FirefoxTests.now)
        #expect(made.problems.isEmpty, "\(made.problems)")
        let page = try #require(made.records.first { $0.kind == .entity && $0.type == "Page" && $0.title == "Results" })
        #expect(page.subtitle == "https://example.org/find?q=sea+otter&lang=de" && page.text?.contains("otter") == true, "\(page.text ?? "")")
        let bookmark = try #require(made.records.first { $0.id == "bmSpaced0001" })
        #expect(bookmark.text == "https://example.org/dir%20with%20space/ with space", "\(bookmark.text ?? "")")
    }

    @Test func chromiumBookmarksAreEntitiesWithURLs() throws {
        let tree = FixtureTree()
        tree.write("home/.config/chromium/Default/Bookmarks", ChromiumBookmarksTests.bookmarks)
        let environment = DesktopEnvironment(home: tree.path("home"), dataHome: tree.path("home/.local/share"), dataDirectories: [])
        let made = DesktopSource.chromium.records(in: environment, now: .now())
        #expect(made.skippedNote == nil && made.problems.isEmpty)
        let swift = try #require(made.records.first { $0.kind == .entity && $0.title == "Swift Forums" })
        #expect(swift.id == "chromium-0b1c2d3e-0000-4000-8000-000000000001" && swift.url == "https://forums.swift.org/" && swift.subtitle == "Bookmarks bar")
        #expect(swift.text == "https://forums.swift.org/")  // searched: found by its address
        #expect(made.records.filter { $0.kind == .entity }.allSatisfy { $0.url != nil && $0.app == "limelight.chromium" })
    }

    /// A page bookmarked in both Chromium and Chrome is one row, the first
    /// browser's (two rows looked the same and opened the same page); a page
    /// bookmarked twice in one browser stays two bookmarks, as it shows them.
    @Test func aPageBookmarkedInChromiumAndChromeIsOneBookmark() throws {
        let tree = FixtureTree()
        tree.write("home/.config/chromium/Default/Bookmarks", ChromiumBookmarksTests.bookmarks)
        tree.write("home/.config/google-chrome/Default/Bookmarks", #"{"roots":{"bookmark_bar":{"type":"folder","children":["#
            + #"{"type":"url","id":"1","name":"Swift Forums (Chrome)","url":"https://forums.swift.org/"},"#
            + #"{"type":"url","id":"2","name":"Only in Chrome","url":"https://only.example/"}]}},"version":1}"#)
        let environment = DesktopEnvironment(home: tree.path("home"), dataHome: tree.path("home/.local/share"), dataDirectories: [])
        let made = DesktopSource.chromium.records(in: environment, now: .now())
        let titles = made.records.filter { $0.kind == .entity }.map(\.title)
        #expect(titles.filter { $0.hasPrefix("Swift Forums") } == ["Swift Forums"], "\(titles)")
        #expect(titles.contains("Only in Chrome") && titles.count == 4, "\(titles)")
    }

    @Test func aMissingStoreIsSkippedWithANote() {
        let tree = FixtureTree()
        let environment = DesktopEnvironment(home: tree.path("home"), dataHome: tree.path("home/.local/share"), dataDirectories: [])
        for source in [DesktopSource.recent, .firefox, .chromium] {
            let made = source.records(in: environment, now: .now())
            #expect(made.skippedNote != nil && made.records.isEmpty && made.problems.isEmpty, "\(source)")
            #expect(made.unreadable.isEmpty, "\(source)")  // gone: a sync may empty it
        }
        // Firefox is here, but which profile it opens cannot be told: what was imported stays.
        tree.write("home/.mozilla/firefox/profiles.ini", "[Profile0]\nName=a\nPath=a\n[Profile1]\nName=b\nPath=b\n")
        let made = DesktopSource.firefox.records(in: environment, now: .now())
        #expect(made.skippedNote != nil && made.unreadable == ["limelight.firefox"])
    }
}
