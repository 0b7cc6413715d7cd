import LimelightModel
import Glibc
import Testing
@testable import DesktopSources

/// XDG trees shaped like a real machine: a user dir, a /usr/local and a /usr.
@Suite struct ApplicationDiscoveryTests {
    let tree = FixtureTree()

    var environment: DesktopEnvironment {
        DesktopEnvironment(home: tree.path("home"), dataHome: tree.path("home/.local/share"),
                           dataDirectories: [tree.path("usr/local/share"), tree.path("usr/share")],
                           currentDesktops: ["ubuntu", "GNOME"],
                           locale: DesktopLocale("de_DE.UTF-8"),
                           executablePath: [tree.path("bin"), tree.path("nonexistent")])
    }

    func entry(_ name: String, _ extra: String = "", exec: String = "app") -> String {
        "[Desktop Entry]\nType=Application\nName=\(name)\nExec=\(exec)\n\(extra)"
    }

    /// An app's icon is installed where the Icon Theme spec has apps put
    /// theirs: `hicolor`, any size or `scalable`, or `pixmaps`, under any
    /// data directory (the user's too); a themed name elsewhere, or a path, is not one.
    @Test func anAppIconIsInstalledInHicolorOrPixmaps() {
        tree.write("usr/share/icons/hicolor/scalable/apps/org.example.Scalable.svg", "<svg/>")
        tree.write("home/.local/share/icons/hicolor/256x256/apps/org.example.Mine.png", "")
        tree.write("usr/local/share/pixmaps/oldapp.xpm", "")
        tree.write("usr/share/icons/Adwaita/48x48/apps/org.example.ThemeOnly.png", "")
        tree.write("usr/share/icons/hicolor/48x48/mimetypes/org.example.Mime.png", "")
        for name in ["org.example.Scalable", "org.example.Mine", "oldapp"] { #expect(AppIconFiles.isInstalled(name, in: environment), "\(name)") }
        for name in ["org.example.ThemeOnly", "org.example.Mime", "org.example.None", "", "48x48/apps/org.example.Mine"] {
            #expect(!AppIconFiles.isInstalled(name, in: environment), "\(name)")
        }
    }

    init() {
        tree.write("bin/present", "#!/bin/sh\n", mode: 0o755)
        tree.write("bin/not-executable", "#!/bin/sh\n", mode: 0o644)
        // The programs the entries' Exec lines run: an entry whose program is
        // not found is hidden (GLib's rule), as on a desktop.
        for program in ["app", "gedit", "konsole", "many", "x", "env", "flatpak"] {
            tree.write("bin/\(program)", "#!/bin/sh\n", mode: 0o755)
        }
        tree.write("usr/share/applications/org.gnome.gedit.desktop", """
            [Desktop Entry]
            Name=gedit
            Name[de]=Texteditor gedit
            GenericName=Text Editor
            Comment=Edit text files
            Exec=gedit %U
            Icon=org.gnome.gedit
            Categories=GNOME;GTK;Utility;TextEditor;
            Actions=new-window;new-document;
            Keywords=Text;Editor;Plaintext;Write;gedit;
            Keywords[de]=Text;Editor;Klartext;Schreiben;gedit;
            DBusActivatable=true
            Type=Application
            MimeType=text/plain;

            [Desktop Action new-window]
            Name=New Window
            Name[de]=Neues Fenster
            Exec=gedit --new-window

            [Desktop Action new-document]
            Name=New Document
            Icon=document-new
            Exec=gedit --new-document
            """)
        tree.write("usr/share/applications/kde/konsole.desktop",
                   entry("Konsole", "Terminal=false\nPath=/tmp\n", exec: "konsole"))
        tree.write("usr/share/applications/kde/sub/deep.desktop", entry("Deep"))
        // Shadowed: the /usr/local copy wins over /usr's.
        tree.write("usr/share/applications/shadowed.desktop", entry("System Copy"))
        tree.write("usr/local/share/applications/shadowed.desktop", entry("Local Copy"))
        // Hidden in the user's dir masks the system file.
        tree.write("usr/share/applications/masked.desktop", entry("Masked"))
        tree.write("home/.local/share/applications/masked.desktop", entry("Masked", "Hidden=true\n"))
        tree.write("usr/share/applications/nodisplay.desktop", entry("Helper", "NoDisplay=true\n"))
        tree.write("usr/share/applications/tryexec-ok.desktop", entry("Try OK", "TryExec=present\n"))
        tree.write("usr/share/applications/tryexec-abs.desktop", entry("Try Abs", "TryExec=\(tree.path("bin/present"))\n"))
        tree.write("usr/share/applications/tryexec-missing.desktop", entry("Try Missing", "TryExec=absent-program\n"))
        tree.write("usr/share/applications/tryexec-noexec.desktop", entry("Try NoExec", "TryExec=not-executable\n"))
        tree.write("usr/share/applications/only-kde.desktop", entry("KDE Only", "OnlyShowIn=KDE;\n"))
        tree.write("usr/share/applications/only-gnome.desktop", entry("GNOME Only", "OnlyShowIn=KDE;GNOME;\n"))
        tree.write("usr/share/applications/not-gnome.desktop", entry("Not GNOME", "NotShowIn=GNOME;\n"))
        tree.write("usr/share/applications/not-xfce.desktop", entry("Not XFCE", "NotShowIn=XFCE;\n"))
        tree.write("usr/share/applications/link.desktop", "[Desktop Entry]\nType=Link\nName=Site\nURL=https://example.com\n")
        tree.write("usr/share/applications/broken.desktop", "[Desktop Entry]\nType=Application\nName=Broken\nthis line is junk\n")
        tree.write("usr/share/applications/no-name.desktop", "[Desktop Entry]\nType=Application\nExec=x\n")
        tree.write("usr/share/applications/no-exec.desktop", "[Desktop Entry]\nType=Application\nName=No Exec\n")
        tree.write("usr/share/applications/not-first.desktop", "[Other]\nA=b\n[Desktop Entry]\nType=Application\nName=X\nExec=x\n")
        tree.write("usr/share/applications/bad-bool.desktop", entry("Bad", "Terminal=yes\n"))
        tree.write("usr/share/applications/README", "not a desktop file")
        tree.write("usr/share/applications/.desktop", entry("Nameless file"))
    }

    @Test func findsEachVisibleApplicationByDesktopFileId() {
        let found = ApplicationDiscovery.discover(in: environment)
        #expect(found.applications.map(\.id) == [
            "bad-bool", "kde-konsole", "kde-sub-deep", "nodisplay", "not-xfce", "only-gnome", "org.gnome.gedit",
            "shadowed", "tryexec-abs", "tryexec-ok",
        ])
    }

    @Test func readsEveryFieldOfARealShapedEntryInTheLocale() throws {
        let found = ApplicationDiscovery.discover(in: environment)
        let gedit = try #require(found.applications.first { $0.id == "org.gnome.gedit" })
        #expect(gedit.path == tree.path("usr/share/applications/org.gnome.gedit.desktop"))
        #expect(gedit.name == "Texteditor gedit")
        #expect(gedit.genericName == "Text Editor")
        #expect(gedit.comment == "Edit text files")
        #expect(gedit.keywords == ["Text", "Editor", "Klartext", "Schreiben", "gedit"])
        #expect(gedit.categories == ["GNOME", "GTK", "Utility", "TextEditor"])
        #expect(gedit.icon == "org.gnome.gedit")
        #expect(gedit.exec == "gedit %U")
        #expect(gedit.dbusActivatable && !gedit.terminal && !gedit.noDisplay)
        #expect(gedit.mimeTypes == ["text/plain"])
        #expect(gedit.actions == [
            DesktopAction(id: "new-window", name: "Neues Fenster", icon: nil, exec: "gedit --new-window"),
            DesktopAction(id: "new-document", name: "New Document", icon: "document-new", exec: "gedit --new-document"),
        ])
        let konsole = try #require(found.applications.first { $0.id == "kde-konsole" })
        #expect(konsole.workingDirectory == "/tmp")
        #expect(konsole.exec == "konsole")
        #expect(found.applications.first { $0.id == "nodisplay" }?.noDisplay == true)
    }

    @Test func earlierDirectoriesShadowLaterOnesAndHiddenMasks() throws {
        let found = ApplicationDiscovery.discover(in: environment)
        #expect(found.applications.first { $0.id == "shadowed" }?.name == "Local Copy")
        #expect(!found.applications.contains { $0.id == "masked" })
        let reasons = Dictionary(found.skipped.map { ($0.path, $0.reason) }, uniquingKeysWith: { a, _ in a })
        #expect(reasons[tree.path("usr/share/applications/shadowed.desktop")]
                == .shadowed(by: tree.path("usr/local/share/applications/shadowed.desktop")))
        #expect(reasons[tree.path("home/.local/share/applications/masked.desktop")] == .hidden)
        #expect(reasons[tree.path("usr/share/applications/masked.desktop")]
                == .shadowed(by: tree.path("home/.local/share/applications/masked.desktop")))
    }

    /// GLib hides an entry whose Exec program is not found, by TryExec's
    /// test: a bare name not in $PATH, an absolute path not executable (what
    /// an uninstalled package leaves behind). The program is argv[0] as
    /// written (`env` for `env VAR=1 prog`), found or not.
    @Test func anEntryWhoseExecProgramIsNotFoundIsHidden() {
        tree.write("usr/share/applications/exec-missing.desktop", entry("Exec Missing", exec: "absent-program --x %U"))
        tree.write("usr/share/applications/exec-noexec.desktop", entry("Exec NoExec", exec: tree.path("bin/not-executable")))
        tree.write("usr/share/applications/exec-abs.desktop", entry("Exec Abs", exec: "\"\(tree.path("bin/present"))\" %f"))
        tree.write("usr/share/applications/exec-quoted.desktop", entry("Exec Quoted", exec: "\"present\" --y"))
        let found = ApplicationDiscovery.discover(in: environment)
        let reasons = Dictionary(found.skipped.map { ($0.id, $0.reason) }, uniquingKeysWith: { a, _ in a })
        #expect(reasons["exec-missing"] == .execNotFound("absent-program"))
        #expect(reasons["exec-noexec"] == .execNotFound(tree.path("bin/not-executable")))
        let ids = found.applications.map(\.id)
        #expect(ids.contains("exec-abs") && ids.contains("exec-quoted"), "\(ids)")
        #expect(!ids.contains("exec-missing") && !ids.contains("exec-noexec"))
    }

    /// What GLib reads and GNOME shows is not a broken file: keys with `_`,
    /// `.` or a space, booleans GLib takes as false (`False`) or with
    /// trailing whitespace, an empty translation (the plain Name is used).
    @Test func entriesGLibAcceptsAreApplications() throws {
        tree.write("usr/share/applications/lenient.desktop",
                   "[Desktop Entry]\nType=Application\nName=Lenient\nName[de]=\nExec=app\nX-Foo_Bar=1\n"
                   + "X-Ubuntu-Gettext.Domain=lenient\nX-With Space=yes\nNoDisplay=False\nTerminal=true  \n")
        let found = ApplicationDiscovery.discover(in: environment)
        #expect(found.problems.allSatisfy { !$0.file.hasSuffix("lenient.desktop") }, "\(found.problems)")
        let app = try #require(found.applications.first { $0.id == "lenient" })
        #expect(app.name == "Lenient")  // Name[de]= is empty: the plain Name, as GLib
        #expect(!app.noDisplay && app.terminal)
        #expect(found.warnings.contains { $0.file.hasSuffix("lenient.desktop") && $0.problem.contains("NoDisplay") })
    }

    @Test func tryExecShowInAndTypeDecideVisibility() {
        let found = ApplicationDiscovery.discover(in: environment)
        let reasons = Dictionary(found.skipped.map { ($0.id, $0.reason) }, uniquingKeysWith: { a, _ in a })
        #expect(reasons["tryexec-missing"] == .tryExecNotFound("absent-program"))
        #expect(reasons["tryexec-noexec"] == .tryExecNotFound("not-executable"))
        #expect(reasons["only-kde"] == .onlyShownIn(["KDE"]))
        #expect(reasons["not-gnome"] == .notShownIn("GNOME"))
        #expect(reasons["link"] == .notAnApplication(type: "Link"))
    }

    @Test func withNoCurrentDesktopOnlyShowInHidesAndNotShowInShows() {
        var env = environment
        env.currentDesktops = []
        let ids = ApplicationDiscovery.discover(in: env).applications.map(\.id)
        #expect(!ids.contains("only-gnome") && !ids.contains("only-kde"))
        #expect(ids.contains("not-gnome") && ids.contains("not-xfce"))
    }

    @Test func brokenFilesAreReportedAndTheOthersStillRead() {
        let found = ApplicationDiscovery.discover(in: environment)
        let dir = tree.path("usr/share/applications")
        #expect(found.problems.map(\.description).sorted() == [
            "\(dir)/broken.desktop:4: expected a [Group] header, a Key=Value entry or a # comment, found \"this line is junk\"",
            "\(dir)/no-exec.desktop:1: [Desktop Entry] has no Exec; it is required unless DBusActivatable=true",
            "\(dir)/no-name.desktop:1: [Desktop Entry] has no Name; it is required",
            "\(dir)/not-first.desktop:1: the first group must be [Desktop Entry]",
        ])
        #expect(found.applications.count == 10)  // bad-bool among them: Terminal=yes is false, as in GLib
        #expect(found.warnings.map(\.description).contains("\(dir)/bad-bool.desktop:5: Terminal must be true or false, found \"yes\"; read as false, as GLib does"))
    }

    @Test func aBrokenUserFileStillShadowsTheSystemOne() {
        tree.write("home/.local/share/applications/kde-konsole.desktop", "[Desktop Entry\n")
        let found = ApplicationDiscovery.discover(in: environment)
        #expect(!found.applications.contains { $0.id == "kde-konsole" })
        #expect(found.problems.contains { $0.file.hasSuffix("home/.local/share/applications/kde-konsole.desktop") && $0.line == 1 })
    }

    @Test func actionsPastTenAreDroppedWithAWarning() throws {
        let ids = (1...12).map { "a\($0)" }
        var text = entry("Many", "Actions=\(ids.joined(separator: ";"));missing;nameless;noexec;\n")
        for id in ids { text += "[Desktop Action \(id)]\nName=Action \(id)\nExec=many --\(id)\n" }
        text += "[Desktop Action nameless]\nExec=x\n"
        // No Exec, and the app is not DBusActivatable: nothing could start it (it was dropped without a word).
        text += "[Desktop Action noexec]\nName=No Exec\n"
        let path = tree.write("home/.local/share/applications/many.desktop", text)
        let found = ApplicationDiscovery.discover(in: environment)
        let many = try #require(found.applications.first { $0.id == "many" })
        #expect(many.actions.map(\.id) == Array(ids.prefix(10)))
        #expect(many.droppedActionIds == ["a11", "a12"])
        #expect(found.warnings.filter { $0.file == path }.map(\.description) == [
            "\(path):5: action missing has no [Desktop Action missing] group; it is skipped",
            "\(path):5: [Desktop Action nameless] has no Name; it is skipped",
            "\(path):5: [Desktop Action noexec] has no Exec, and the app is not DBusActivatable; the action is skipped",
            "\(path):5: 12 actions; an app has at most 10 App Shortcuts, so the first 10 are kept and a11, a12 dropped",
        ])
        // Many more: the message names ten and says how many (40,000 made it 300 KB).
        let more = (1...25).map { "b\($0)" }
        var long = entry("More", "Actions=\(more.joined(separator: ";"));\n")
        for id in more { long += "[Desktop Action \(id)]\nName=Action \(id)\nExec=many --\(id)\n" }
        let longPath = tree.write("home/.local/share/applications/more.desktop", long)
        let warned = ApplicationDiscovery.discover(in: environment).warnings.filter { $0.file == longPath }.map(\.description)
        #expect(warned == ["\(longPath):5: 25 actions; an app has at most 10 App Shortcuts, so the first 10 are kept and b11, b12, b13, b14, b15, b16, b17, b18, b19, b20 … (15 in all) dropped"])
    }

    /// An icon name is read as GLib reads it: a `.png`, `.svg` or `.xpm`
    /// ending is dropped from a theme name (not from a path), so the theme is
    /// asked for the icon it has.
    @Test func anIconNameLosesTheImageEndingDesktopFilesOftenGiveIt() throws {
        tree.write("home/.local/share/applications/png.desktop", entry("Png", "Icon=utilities-terminal.png\n"))
        tree.write("home/.local/share/applications/path.desktop", entry("Path", "Icon=/opt/app/icon.svg\n"))
        tree.write("home/.local/share/applications/plain.desktop", entry("Plain", "Icon=org.gnome.Maps\nActions=a;\n[Desktop Action a]\nName=A\nExec=app -a\nIcon=go-next.xpm\n"))
        let apps = ApplicationDiscovery.discover(in: environment).applications
        #expect(apps.first { $0.id == "png" }?.icon == "utilities-terminal")
        #expect(apps.first { $0.id == "path" }?.icon == "/opt/app/icon.svg")
        #expect(apps.first { $0.id == "plain" }?.icon == "org.gnome.Maps")
        #expect(apps.first { $0.id == "plain" }?.actions.first?.icon == "go-next")
    }

    /// GLib does not load an entry whose Exec it cannot split; an action's is
    /// the action's alone to lose (the app and its other actions still run).
    @Test func anExecThatCannotBeSplitIsToldAtItsLine() throws {
        let bad = tree.write("home/.local/share/applications/bad-quote.desktop",
                             "[Desktop Entry]\nType=Application\nName=Bad Quote\nExec=app \"unclosed\n")
        let acts = tree.write("home/.local/share/applications/acts.desktop", entry("Acts", """
            Actions=broken;fine;

            [Desktop Action broken]
            Name=Broken
            Exec=app "unclosed

            [Desktop Action fine]
            Name=Fine
            Exec=app --fine
            """))
        let found = ApplicationDiscovery.discover(in: environment)
        #expect(found.problems.filter { $0.file == bad }.map(\.description)
                == ["\(bad):4: Exec is not a valid Exec line: a quote is not closed"])
        #expect(!found.applications.contains { $0.id == "bad-quote" })
        let app = try #require(found.applications.first { $0.id == "acts" })
        #expect(app.actions.map(\.id) == ["fine"])
        #expect(found.warnings.filter { $0.file == acts }.map(\.description)
                == ["\(acts):9: [Desktop Action broken] Exec is not a valid Exec line: a quote is not closed; the action is skipped"])
    }

    /// A DBusActivatable entry is started by its file's own name, as GLib
    /// does: in a subdirectory its desktop file id (kde-org.kde.Sub) is no
    /// bus name; a name D-Bus would refuse means the Exec line.
    @Test func theBusNameIsTheFilesOwnNameIfDBusTakesIt() {
        func app(_ path: String) -> DesktopApplication {
            var a = DesktopApplication(id: "x", path: path, name: "X")
            a.dbusActivatable = true
            return a
        }
        #expect(app("/usr/share/applications/kde/org.kde.Sub.desktop").busName == "org.kde.Sub")
        #expect(app("/usr/share/applications/org.gnome.gedit.desktop").busName == "org.gnome.gedit")
        #expect(app("/a/org.example.my-app_2.desktop").busName == "org.example.my-app_2")
        for refused in ["/a/7zip.desktop", "/a/my-app.desktop", "/a/org.7zip.desktop", "/a/org..double.desktop",
                        "/a/.org.lead.desktop", "/a/café.Foo.Bar.desktop"] {
            #expect(app(refused).busName == nil, "\(refused)")
        }
    }

    @Test func environmentFollowsTheBaseDirectorySpec() {
        let env = DesktopEnvironment.current { [
            "HOME": "/home/me", "XDG_DATA_HOME": "relative/share",
            "XDG_DATA_DIRS": "/opt/share/:relative:/usr/share", "XDG_CURRENT_DESKTOP": "ubuntu:GNOME",
            "LANG": "ko_KR.UTF-8", "PATH": "/usr/bin:/bin", "QT_PLUGIN_PATH": "/opt/qt/plugins:relative",
        ][$0] }
        #expect(env.dataHome == "/home/me/.local/share")     // a relative XDG path is ignored
        #expect(env.applicationDirectories == ["/home/me/.local/share/applications", "/opt/share/applications", "/usr/share/applications"])
        #expect(env.currentDesktops == ["ubuntu", "GNOME"])
        #expect(env.locale == DesktopLocale("ko_KR"))
        // Qt's plugin path first (Plasma's settings modules), then the distributions' own.
        #expect(env.pluginDirectories == ["/opt/qt/plugins"] + SettingsModuleMetadata.systemPluginDirectories)
        let defaults = DesktopEnvironment.current { ["HOME": "/h", "XDG_DATA_DIRS": ""][$0] }
        #expect(defaults.applicationDirectories == ["/h/.local/share/applications", "/usr/local/share/applications", "/usr/share/applications"])
        #expect(DesktopEnvironment.current { ["HOME": "/h", "XDG_DATA_HOME": "/x/"][$0] }.applicationDirectories.first == "/x/applications")
    }

    @Test func aSymlinkLoopIsReadOnce() {
        symlink(tree.path("usr/share/applications/kde"), tree.path("usr/share/applications/kde/sub/loop"))
        let found = ApplicationDiscovery.discover(in: environment)
        #expect(found.applications.filter { $0.id == "kde-konsole" }.count == 1)
        #expect(found.applications.count == 10)
    }
}

/// Issue 12's real-machine check: this machine's own /usr/share/applications.
@Suite struct ThisMachinesApplicationsTests {
    @Test func everyVisibleEntryOfUsrShareParses() throws {
        let directory = "/usr/share/applications"
        let files = FileSystem.names(in: directory).filter { $0.hasSuffix(".desktop") }
        guard !files.isEmpty else { return }  // an image with no desktop files: nothing to check
        let env = DesktopEnvironment(home: "/nonexistent-limelight-home", dataHome: "/nonexistent-limelight-home", dataDirectories: ["/usr/share"],
                                     currentDesktops: ["GNOME"], locale: DesktopLocale.fromEnvironment(),
                                     executablePath: DesktopEnvironment.current().executablePath)
        let found = ApplicationDiscovery.discover(in: env)
        #expect(found.problems.map(\.description) == [])
        #expect(found.applications.count + found.skipped.count >= 1)
        for app in found.applications {
            #expect(!app.name.isEmpty, "\(app.path)")
            if let exec = app.exec {
                #expect(throws: Never.self, "\(app.path)") { try ExecLine.parse(exec) }
            }
            for action in app.actions {
                if let exec = action.exec { #expect(throws: Never.self, "\(app.path)") { try ExecLine.parse(exec) } }
            }
        }
    }
}
