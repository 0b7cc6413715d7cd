#if canImport(Glibc)
import Glibc
#endif
import LimelightKit

struct DesktopCommand: Command {
    static let name = "desktop"
    static let abstract = "Register 'limelight serve' with D-Bus, KRunner and GNOME Shell, or remove it."
    static let discussion = """
        install writes the D-Bus service file (so the first call starts 'limelight
        serve'), KRunner's plugin krunner/dbusplugins/limelight.desktop, GNOME Shell's
        search-providers/limelight-search-provider.ini and the visible
        org.limelight.Limelight.desktop the .ini names; uninstall removes them.
        Without --system they go under $XDG_DATA_HOME (~/.local/share): enough for
        KRunner, but GNOME Shell reads search providers only from system data
        directories, so for GNOME run 'sudo limelight desktop install --system'.
        That one serves every user their own index: no --index or $LIMELIGHT_INDEX
        is written into it (a session's $LIMELIGHT_INDEX reaches the service
        through the bus's environment).
        """
    static let usage = ["desktop install|uninstall [--system [--prefix <dir>]]"]
    static let positionals = [Positional("action", .one, choices: ["install", "uninstall"], help: "install or uninstall.")]
    static let options: [Option] = [.system, .prefix]

    static func validate(_ args: ParsedArguments) throws(CLIError) {
        guard let action = args.positionals.first else { throw CLIError.usage("missing the action: install or uninstall") }
        guard ["install", "uninstall"].contains(action) else {
            throw CLIError.usage("desktop takes install or uninstall, not '\(action)'")
        }
        if args.value(.prefix) != nil, !args.has(.system) { throw CLIError.usage("--prefix goes with --system") }
    }

    /// The files, relative to the data directory, and what each holds.
    static func files(executable: String, index: String?) -> [(path: String, text: String)] {
        let argv = [executable] + (index.map { ["--index", $0] } ?? []) + ["serve", "--idle-exit", "300"]
        let exec = argv.map(serviceFileQuote).joined(separator: " ")
        let desktopExec = argv.map(desktopEntryQuote).joined(separator: " ")
        let bus = ServeCommand.busName
        return [
            ("dbus-1/services/\(bus).service", """
                \(writtenBy).
                [D-BUS Service]
                Name=\(bus)
                Exec=\(exec)

                """),
            ("krunner/dbusplugins/limelight.desktop", """
                \(writtenBy).
                [Desktop Entry]
                Name=Limelight
                Comment=Search apps, App Shortcuts and app content with Limelight
                Type=Service
                Icon=system-search
                X-KDE-PluginInfo-Name=limelight
                X-KDE-PluginInfo-EnabledByDefault=true
                X-Plasma-API=DBus
                X-Plasma-DBusRunner-Service=\(bus)
                X-Plasma-DBusRunner-Path=/runner

                """),
            ("gnome-shell/search-providers/limelight-search-provider.ini", """
                \(writtenBy).
                [Shell Search Provider]
                DesktopId=\(bus).desktop
                BusName=\(bus)
                ObjectPath=\(ServeCommand.searchProviderPath)
                Version=2

                """),
            ("applications/\(bus).desktop", """
                \(writtenBy). GNOME Shell shows a search
                # provider only when this entry is installed and visible; no other
                # desktop reads the provider, so no other lists the entry.
                [Desktop Entry]
                Type=Application
                Name=Limelight
                Comment=Spotlight-style search of apps, App Shortcuts and app content
                Icon=system-search
                Exec=\(desktopExec)
                Terminal=false
                Categories=Utility;
                OnlyShowIn=GNOME;
                X-Limelight-Service=true

                """),
        ]
    }

    /// A desktop entry's Exec argument: in double quotes if it is not plain
    /// (`"`, a backquote, `$` and `\` escaped), then `%` doubled (else a field
    /// code) and every backslash doubled, as the value's string escapes are
    /// undone before the Exec quoting (the spec: a literal `$` in a quoted
    /// argument is `\\$`, a backslash `\\\\`).
    static func desktopEntryQuote(_ s: String) -> String {
        if isPlain(s) { return s }
        var out = "\""
        for c in s { if "\"`$\\".contains(c) { out += "\\" }; out.append(c) }
        out += "\""
        return out.reduce(into: "") { $0 += $1 == "%" ? "%%" : $1 == "\\" ? "\\\\" : String($1) }
    }

    /// A D-Bus service file's Exec argument. dbus-daemon splits the line as
    /// a shell would, but first undoes the key file's escapes, and it drops a
    /// file with one it does not know without a word (the shell's `\"`, `\$`
    /// and a backslash before a backquote, which double quotes need), leaving
    /// nothing to start. So anything unusual goes in single quotes (a `'` as
    /// `'\''`), then every backslash is doubled and a newline is `\n` for
    /// the key file.
    static func serviceFileQuote(_ s: String) -> String {
        if isPlain(s) { return s }
        let quoted = "'" + s.replacingAll("'", with: "'\\''") + "'"
        return quoted.replacingAll("\\", with: "\\\\").replacingAll("\n", with: "\\n")
    }

    /// Needs no quoting in either kind of Exec line.
    static func isPlain(_ s: String) -> Bool {
        !s.isEmpty && s.unicodeScalars.allSatisfy { c in
            (c.value >= 0x21 && c.value < 0x7F) && !"\"'\\`$;&|<>()*?#~=%".unicodeScalars.contains(c)
        }
    }

    /// The first line of every file install writes: uninstall removes only these.
    static let writtenBy = "# Written by 'limelight desktop install'"

    static func run(_ args: ParsedArguments) throws {
        let system = args.has(.system)
        let base: String
        if system {
            base = (args.value(.prefix) ?? "/usr/local") + "/share"
        } else if let xdg = Files.environment("XDG_DATA_HOME"), xdg.hasPrefix("/") {
            base = xdg
        } else if let home = Files.environment("HOME"), home.hasPrefix("/") {
            base = home + "/.local/share"
        } else {
            throw CLIError.failed("no HOME or XDG_DATA_HOME to install under; use --system")
        }
        let install = args.positionals[0] == "install"
        // The index this command would use, --index or $LIMELIGHT_INDEX: a
        // service D-Bus starts has the bus's environment, not this shell's.
        // Not in files every user's bus reads (--system): one user's index
        // path was every user's (an audit with a real GNOME Shell).
        var index = (args.value(.index) ?? Files.environment("LIMELIGHT_INDEX")).map { absolute($0) }
        if system, install, let named = index {
            Output.err("note: \(named), this command's index, is not written into files for every user: each user's service opens their own (set LIMELIGHT_INDEX in the session's bus environment, dbus-update-activation-environment LIMELIGHT_INDEX, to name another)")
            index = nil
        }
        for file in files(executable: InvokedPath.current(), index: index) {
            let path = base + "/" + file.path
            if install {
                let dir = String(path[..<path.lastIndex(of: "/")!])
                do {
                    try Files.makeDirectories(dir, mode: 0o755)
                    try Files.writeAtomically(path, Array(file.text.utf8))
                } catch { throw CLIError.failed("cannot write \(path): \(error.description)") }
                chmod(path, 0o644)  // the shells and dbus-daemon read it (and other users, with --system)
                print("wrote \(path)")
            } else if Files.exists(path) {
                // Only what install wrote: a file of another's at one of
                // these names (a KRunner plugin of the same name) was removed.
                let text = (try? Files.read(path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
                guard text.hasPrefix(Self.writtenBy) else {
                    Output.err("warning: left \(path): limelight desktop install did not write it")
                    continue
                }
                guard unlink(path) == 0 else {
                    throw CLIError.failed("cannot remove \(path): \(String(cString: strerror(errno)))")
                }
                print("removed \(path)")
            }
        }
        if install, !system {
            print("""
                KRunner finds Limelight now (restart it: kquitapp5 krunner, or kquitapp6 krunner).
                GNOME Shell reads search providers only from system data directories, so it ignores
                the .ini above; for GNOME run: sudo limelight desktop install --system
                """)
        } else if install {
            print("GNOME Shell loads the provider when it sees the new entry, within seconds (if not, log out and in).")
        }
    }

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let cwd = Files.workingDirectory() else { return path }
        return cwd + "/" + path
    }
}
