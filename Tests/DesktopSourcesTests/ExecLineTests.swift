import LimelightModel
import Testing
@testable import DesktopSources

/// The Exec line as argv: the spec's quoting rules and every field code. The
/// inputs are values after the key file's own escapes (see `keyFileEscapesComeFirst`).
@Suite struct ExecLineTests {
    let context = ExecLine.Context(icon: "org.gnome.gedit", name: "Text Editor", desktopFilePath: "/usr/share/applications/gedit.desktop")

    func argvs(_ exec: String, _ target: ExecLine.Target = .nothing) throws -> [[String]] {
        try ExecLine.parse(exec).argvs(for: target, context: context)
    }

    func problem(_ exec: String) -> String? {
        do { _ = try ExecLine.parse(exec); return nil } catch { return error.problem }
    }

    /// Names a shell would act on; each must arrive as one literal argument.
    static let hostileNames = [
        "/home/me/My Documents/a b.txt", #"/tmp/"quoted" 'single'.txt"#, "/tmp/semi;colon.txt",
        "/tmp/$(rm -rf ~).txt", "/tmp/`reboot`.txt", "/tmp/new\nline.txt", "/tmp/100% %f %U.txt",
        "/tmp/back\\slash $HOME *?.txt", "/tmp/-rf", "/tmp/tab\there|pipe&amp>out<in#hash",
    ]

    @Test func argumentsSplitOnWhitespaceAndQuotesGroup() throws {
        #expect(try argvs("vim") == [["vim"]])
        #expect(try argvs("  a\tb\n c  ") == [["a", "b", "c"]])
        #expect(try argvs(#""/opt/My App/run" --flag "two words" """#) == [["/opt/My App/run", "--flag", "two words", ""]])
        #expect(try argvs(#"a"b c"d"#) == [["ab cd"]])
        #expect(try ExecLine.parse(#""/opt/My App/run" %U"#).program == "/opt/My App/run")
    }

    @Test func escapesInsideQuotesGiveTheCharacter() throws {
        #expect(try argvs(#"sh -c "echo \"hi\" \`x\` \$HOME \\ \n""#) == [["sh", "-c", #"echo "hi" `x` $HOME \ \n"#]])
    }

    @Test func keyFileEscapesComeFirst() throws {
        // In the file, a literal \ in a quoted argument is four backslashes and $ is \\$.
        let file = try KeyFile.parse(Array(#"""
            [Desktop Entry]
            Exec=sh -c "printf '%%s\\\\n' \\$HOME" "a\sb"
            """#.utf8), path: "t")
        let exec = try #require(file.group("Desktop Entry")?.string("Exec"))
        #expect(try argvs(exec) == [["sh", "-c", #"printf '%s\n' $HOME"#, "a b"]])
    }

    /// Reserved characters left unquoted are read as GLib reads them (checked
    /// against `gio launch` on the same lines): they were refused, and the
    /// app left out of the index (every Wine shortcut; found by a helper's audit).
    @Test func reservedCharactersOutsideQuotesAreReadAsGLibReadsThem() throws {
        for c in [">", "<", "~", "|", "&", ";", "$", "*", "?", "#", "(", ")", "`"] {
            #expect(try argvs("app x\(c)y") == [["app", "x\(c)y"]])
            #expect(try argvs("app \"x\(c)y\"") == [["app", "x\(c)y"]])
        }
        // Wine's menu entries, as the file's value reads once its \\ are one \.
        #expect(try argvs(#"env WINEPREFIX="/home/user/.wine" wine C:\\ProgramData\\Start\ Menu\\Foo.lnk"#)
                == [["env", "WINEPREFIX=/home/user/.wine", "wine", #"C:\ProgramData\Start Menu\Foo.lnk"#]])
        #expect(try argvs("sh -c 'echo hi; ls \"$HOME\"'") == [["sh", "-c", #"echo hi; ls "$HOME""#]])
        #expect(try argvs("app it\\'s") == [["app", "it's"]])
        // A # that starts an argument comments out the rest, as in a shell.
        #expect(try argvs("app --flag #not an argument") == [["app", "--flag"]])
        #expect(problem("app 'open") == "a single quote is not closed")
        #expect(problem("app x\\") == "a \\ ends the line")
    }

    @Test func malformedLinesAreRejected() {
        #expect(problem(#"app "open"#) == "a quote is not closed")
        #expect(problem(#"app "x\"#) == "a \\ ends the line inside quotes")
        #expect(problem("app %") == "a % ends the line (write %% for a literal %)")
        #expect(problem("app %x") == "%x is not a field code of the Desktop Entry spec")
        #expect(problem(#"app "%x""#) == "%x is not a field code of the Desktop Entry spec")
        #expect(problem(#"app "%"#) == "a % ends the line (write %% for a literal %)")
        #expect(problem(#"app "%f" %U"#) == "at most one of %f %F %u %U may appear")
        #expect(problem("app %f %U") == "at most one of %f %F %u %U may appear")
        #expect(problem("app --files=%F") == "%F must be an argument of its own")
        #expect(problem("app x%U") == "%U must be an argument of its own")
        #expect(problem("app a%i") == "%i must be an argument of its own")
        #expect(problem("") == "there is no program")
        #expect(problem("   ") == "there is no program")
        #expect(problem("%f app") == "the program must be named before any field code")
        #expect(problem(#""""#) == "the program must be named before any field code")
        #expect(throws: ExecLineError("%x is not a field code of the Desktop Entry spec", "app %x")) { try ExecLine.parse("app %x") }
        #expect(ExecLineError("a quote is not closed", "a \"b").description == #"Exec=a "b: a quote is not closed"#)
    }

    @Test func launchingWithoutFilesRemovesTheFileCodes() throws {
        #expect(try argvs("gedit %U") == [["gedit"]])
        #expect(try argvs("gedit %F --x") == [["gedit", "--x"]])
        #expect(try argvs("app %f") == [["app"]])
        #expect(try argvs("app %u") == [["app"]])
        #expect(try argvs("app --open=%f") == [["app", "--open="]])
    }

    @Test func percentPercentIsALiteralPercent() throws {
        #expect(try argvs("app 100%% \"50%%\" %%f") == [["app", "100%", "50%", "%f"]])
        // In single quotes too, as GLib has it (it expands the codes before it
        // splits the line): `date +%%H` was run as `date +%%H` (an audit, with
        // gio launch beside it). Other codes there are kept as written.
        #expect(try argvs("sh -c 'kate \"$(date +%%H:%%M)\" 100%%' x") == [["sh", "-c", #"kate "$(date +%H:%M)" 100%"#, "x"]])
        #expect(try argvs("sh -c 'echo %c 5%'") == [["sh", "-c", "echo %c 5%"]])
    }

    /// A code in double quotes is undefined by the spec; GLib expands it,
    /// quoted for the shell such a line runs, and GNOME lists and runs the
    /// app. It was refused, the app left out of the index (an audit on real
    /// desktop files).
    @Test func aCodeInDoubleQuotesIsExpandedAsGLibExpandsIt() throws {
        #expect(try argvs(#"sh -c "kate --open %f""#) == [["sh", "-c", "kate --open "]])
        #expect(try argvs(#"sh -c "kate --open %f""#, .files(["/tmp/it's a b"])) == [["sh", "-c", #"kate --open '/tmp/it'\''s a b'"#]])
        #expect(try argvs(#"sh -c "kate %F" x"#, .files(["/a", "/b c"])) == [["sh", "-c", "kate '/a' '/b c'", "x"]])
        #expect(try argvs(#"sh -c "feh %u""#, .files(["/a", "/b"])) == [["sh", "-c", "feh 'file:///a'"], ["sh", "-c", "feh 'file:///b'"]])
        #expect(try argvs(#"app "--title=%c" "%i" "%k" "%m""#) == [["app", "--title='Text Editor'", "--icon 'org.gnome.gedit'", "'/usr/share/applications/gedit.desktop'", ""]])
        #expect(try ExecLine.parse(#"sh -c "kate %U""#).fileCode == "U")
    }

    /// By Unicode scalar: a space or quote followed by a combining mark is
    /// still one (Swift reads the pair as one Character).
    @Test func separatorsBeforeACombiningMarkStillSeparate() throws {
        #expect(try argvs("app \u{0301}x \"\u{0301}y\"") == [["app", "\u{0301}x", "\u{0301}y"]])
    }

    @Test func deprecatedCodesAreRemoved() throws {
        #expect(try argvs("app %d %D %n %N %v %m -x%m") == [["app", "-x"]])
    }

    @Test func iconNameAndLocationCodes() throws {
        #expect(try argvs("app %i --title=%c %k") == [["app", "--icon", "org.gnome.gedit", "--title=Text Editor", "/usr/share/applications/gedit.desktop"]])
        let bare = ExecLine.Context(name: "Bare")
        #expect(try ExecLine.parse("app %i %c %k").argvs(for: .nothing, context: bare) == [["app", "Bare"]])
        #expect(try ExecLine.parse("app %i").argvs(for: .nothing, context: .init(icon: "", name: "x")) == [["app"]])
        // Expanded once: a name holding a field code is not expanded again.
        #expect(try ExecLine.parse("app %c %f").argvs(for: .files(["/a"]), context: .init(name: "%f %U")) == [["app", "%f %U", "/a"]])
    }

    @Test func listCodesTakeEveryFileInOneLaunch() throws {
        #expect(try argvs("vim -p %F", .files(Self.hostileNames)) == [["vim", "-p"] + Self.hostileNames])
        #expect(try argvs("gedit %U", .files(["/tmp/a b", "/tmp/c;d"])) == [["gedit", "file:///tmp/a%20b", "file:///tmp/c%3Bd"]])
        #expect(try argvs("gedit %U", .urls(["https://example.com/?q=$(x)", "file:///tmp/x"])) == [["gedit", "https://example.com/?q=$(x)", "file:///tmp/x"]])
    }

    @Test func singleCodesLaunchOncePerFile() throws {
        #expect(try argvs("feh --title=%c %f", .files(Self.hostileNames)) == Self.hostileNames.map { ["feh", "--title=Text Editor", $0] })
        #expect(try argvs("app --open=%f", .files(["/a", "/b c"])) == [["app", "--open=/a"], ["app", "--open=/b c"]])
        #expect(try argvs("app %u", .urls(["https://a", "https://b"])) == [["app", "https://a"], ["app", "https://b"]])
        #expect(try argvs("app %f", .files(["/only"])) == [["app", "/only"]])
    }

    @Test func fileOnlyAppsGetPathsForFileURLsAndRefuseOthers() throws {
        #expect(try argvs("app %F", .urls(["file:///tmp/a%20b", "/tmp/plain"])) == [["app", "/tmp/a b", "/tmp/plain"]])
        #expect(throws: ExecLineError("app opens only local files, not https://example.com/x", "")) {
            try argvs("app %f", .urls(["https://example.com/x"]))
        }
    }

    @Test func anAppWithoutFileCodesOpensAlone() throws {
        #expect(try argvs("xterm -e top", .files(["/tmp/x"])) == [["xterm", "-e", "top"]])
    }

    @Test func hostileNamesNeverTurnIntoMoreOrFewerArguments() throws {
        for name in Self.hostileNames {
            let result = try argvs(#""/opt/My App/bin" --open %f"#, .files([name]))
            #expect(result == [["/opt/My App/bin", "--open", name]])
        }
    }
}

@Suite struct ApplicationLaunchTests {
    @Test func applicationsAndActionsExpandTheirOwnExecLines() throws {
        var app = DesktopApplication(id: "org.gnome.gedit", path: "/usr/share/applications/org.gnome.gedit.desktop", name: "Text Editor")
        app.icon = "org.gnome.gedit"
        app.exec = "gedit %i --name=%c %U"
        app.actions = [DesktopAction(id: "new-window", name: "New Window", exec: "gedit --new-window %k"),
                       DesktopAction(id: "dbus-only", name: "D-Bus")]
        #expect(try app.commandLines() == [["gedit", "--icon", "org.gnome.gedit", "--name=Text Editor"]])
        #expect(try app.commandLines(for: .files(["/tmp/a b"])) == [["gedit", "--icon", "org.gnome.gedit", "--name=Text Editor", "file:///tmp/a%20b"]])
        #expect(try app.commandLines(forAction: "new-window") == [["gedit", "--new-window", "/usr/share/applications/org.gnome.gedit.desktop"]])
        #expect(throws: DesktopSourceError(file: app.path, line: 0, problem: "org.gnome.gedit has no action nope")) {
            try app.commandLines(forAction: "nope")
        }
        #expect(throws: DesktopSourceError(file: app.path, line: 0, problem: "org.gnome.gedit has no Exec for action dbus-only; it is started over D-Bus (DBusActivatable)")) {
            try app.commandLines(forAction: "dbus-only")
        }
        app.exec = "gedit \"%x\""
        #expect(throws: DesktopSourceError(file: app.path, line: 0, problem: "Exec=gedit \"%x\": %x is not a field code of the Desktop Entry spec")) {
            try app.commandLines()
        }
    }
}
