import LimelightSupport
import LimelightModel
import DesktopSources

/// What opening a hit runs: argv vectors (never a shell command line), the
/// working directory, and whether it runs in a terminal.
///
/// ```swift
/// let plan = try LaunchPlan.uri("https://example.com")   // [["xdg-open", "https://example.com"]]
/// try Spawner.spawn(plan)
/// ```
public struct LaunchPlan: Sendable, Equatable {
    public var argvs: [[String]]
    /// `Path=` of the desktop file, if any.
    public var workingDirectory: String?
    /// `Terminal=true`: each argv is already wrapped in the terminal's.
    public var terminal = false
    /// `DBusActivatable=true`: the app is started over the session bus, as
    /// the spec asks (`argvs`, from its Exec line, only if that fails).
    public var dbus: DBusActivation?
    /// The activation token the launcher was handed for this start
    /// (KRunner's SetActivationToken), so the app may take the focus; nil:
    /// the launcher's own `XDG_ACTIVATION_TOKEN` / `DESKTOP_STARTUP_ID`.
    public var activationToken: String?

    /// A call of `org.freedesktop.Application` that starts an app: Activate,
    /// Open(`uris`), or ActivateAction(`action`).
    public struct DBusActivation: Sendable, Equatable {
        /// The bus name (`DesktopApplication.busName`: the file's name without `.desktop`).
        public var name: String
        public var action: String?
        public var uris: [String] = []

        public init(desktopFileID id: String, action: String? = nil, uris: [String] = []) {
            name = id
            self.action = action
            self.uris = uris
        }

        /// `/` + the name with `.` as `/` and `-` as `_` (the spec's object path).
        public var path: String {
            "/" + String(name.map { $0 == "." ? "/" : $0 == "-" ? "_" : $0 })
        }

        public var method: String { action != nil ? "ActivateAction" : uris.isEmpty ? "Activate" : "Open" }
    }

    public init(argvs: [[String]], workingDirectory: String? = nil, terminal: Bool = false) {
        self.argvs = argvs
        self.workingDirectory = workingDirectory
        self.terminal = terminal
    }

    /// A URI opened by the desktop's handler for its scheme.
    public static func uri(_ uri: String, environment: DesktopEnvironment) -> LaunchPlan {
        // xdg-open (xdg-utils) where installed, else GLib's gio.
        if environment.findsExecutable("xdg-open") || !environment.findsExecutable("gio") {
            return LaunchPlan(argvs: [["xdg-open", uri]])
        }
        return LaunchPlan(argvs: [["gio", "open", uri]])
    }

    /// An Exec line run for `target`, with what the desktop file says about it
    /// (`Terminal`, `Path`, and `%c %i %k`), if the item came from one.
    public static func exec(_ exec: String, target: ExecLine.Target, context: ExecLine.Context,
                            terminal: Bool, workingDirectory: String?, environment: DesktopEnvironment) throws(ExecLineError) -> LaunchPlan {
        var argvs = try ExecLine.parse(exec).argvs(for: target, context: context)
        if terminal {
            let term = Terminal.command(in: environment)
            argvs = argvs.map { term + $0 }
        }
        return LaunchPlan(argvs: argvs, workingDirectory: workingDirectory, terminal: terminal)
    }

    /// Why the plan cannot run, seen before it is tried (so `open --dry-run`
    /// says it too): a `Terminal=true` app with no terminal installed
    /// (`Terminal.command` fell back on the name of Debian's alternative).
    public func problem(in environment: DesktopEnvironment) -> Spawner.Failure? {
        guard terminal, let argv = argvs.first, let term = argv.first, !environment.findsExecutable(term) else { return nil }
        return Spawner.Failure(program: argv.dropFirst(2).first ?? term,
                               problem: "it runs in a terminal, and none is installed (tried $TERMINAL, \(Terminal.fallbacks.joined(separator: ", "))): install one, or set $TERMINAL to one")
    }
}

/// The terminal a `Terminal=true` application runs in: `$TERMINAL` (a program
/// name or path, as i3, sway and many tools read it) when it is installed,
/// else Debian's `x-terminal-emulator` alternative, else the first of a few
/// common terminals that is installed. Each takes the command as GLib hands
/// it over (`invocation`).
public enum Terminal {
    public static let fallbacks = ["x-terminal-emulator", "gnome-terminal", "konsole", "xfce4-terminal", "alacritty", "kitty", "foot", "xterm"]

    public static func command(in environment: DesktopEnvironment) -> [String] {
        command(in: environment, terminalVariable: Files.environment("TERMINAL"))
    }

    public static func command(in environment: DesktopEnvironment, terminalVariable: String?) -> [String] {
        if let t = terminalVariable, !t.isEmpty, environment.findsExecutable(t) { return invocation(t) }
        for t in fallbacks where environment.findsExecutable(t) { return invocation(t) }
        return ["x-terminal-emulator", "-e"]
    }

    /// The terminal and what comes before the command (by its file name, so
    /// `$TERMINAL=/usr/bin/gnome-terminal` counts as gnome-terminal): the
    /// option after which the rest of the line is the command and its
    /// arguments. Mostly `-e`; gnome-terminal's `-e` is deprecated (`--`), and
    /// xfce4-terminal's, mate-terminal's and terminator's `-e` take the
    /// command as one string, so `tail -f log` would run `tail` alone: they
    /// take the rest of the line after `-x`, as GLib passes it to them.
    static func invocation(_ terminal: String) -> [String] {
        switch terminal.split(separator: "/").last {
        case "gnome-terminal": [terminal, "--"]
        case "xfce4-terminal", "mate-terminal", "terminator": [terminal, "-x"]
        default: [terminal, "-e"]
        }
    }
}
