/// What application discovery reads from the environment, gathered in one value
/// so that a test (or `sync --watch`) can state it instead of mutating the process.
///
/// Spec: https://specifications.freedesktop.org/basedir-spec/latest/
public struct DesktopEnvironment: Sendable, Equatable {
    /// `$HOME`: browsers keep their profiles under it (`~/.mozilla/firefox`).
    public var home: String
    /// `$XDG_CONFIG_HOME`, default `~/.config` (Chromium's profiles).
    public var configHome: String
    /// `$XDG_DATA_HOME`, default `~/.local/share`.
    public var dataHome: String
    /// `$XDG_DATA_DIRS`, default `/usr/local/share:/usr/share`.
    public var dataDirectories: [String]
    /// `$XDG_CURRENT_DESKTOP` split at `:` (`ubuntu:GNOME` → two names).
    public var currentDesktops: [String]
    /// For localestrings: `LC_ALL`, `LC_MESSAGES`, `LANG`.
    public var locale: DesktopLocale?
    /// `$PATH`, where `TryExec` looks for a bare program name.
    public var executablePath: [String]
    /// Qt's plugin directories, where Plasma's settings modules keep their
    /// descriptions and search keywords (`SettingsModuleMetadata`):
    /// `$QT_PLUGIN_PATH`'s, then where distributions install Qt 6's and
    /// Qt 5's.
    public var pluginDirectories: [String]

    public init(home: String, configHome: String? = nil,
                dataHome: String, dataDirectories: [String], currentDesktops: [String] = [],
                locale: DesktopLocale? = nil, executablePath: [String] = [], pluginDirectories: [String] = []) {
        self.home = home
        self.configHome = configHome ?? home + "/.config"
        self.dataHome = dataHome
        self.dataDirectories = dataDirectories
        self.currentDesktops = currentDesktops
        self.locale = locale
        self.executablePath = executablePath
        self.pluginDirectories = pluginDirectories
    }

    /// Reads the variables through `lookup` (the process environment by default).
    /// A relative path in an XDG variable is ignored, as the Base Directory spec
    /// requires ("the path is relative and thus invalid").
    public static func current() -> DesktopEnvironment { current(FileSystem.environment) }

    public static func current(_ lookup: (String) -> String?) -> DesktopEnvironment {
        let home = lookup("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? FileSystem.home()
        func absolute(_ variable: String) -> String? { lookup(variable).flatMap { $0.hasPrefix("/") ? $0 : nil } }
        let dataHome = absolute("XDG_DATA_HOME") ?? home + "/.local/share"
        var dataDirectories = ["/usr/local/share", "/usr/share"]
        if let value = lookup("XDG_DATA_DIRS"), !value.isEmpty {
            dataDirectories = value.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        }
        let desktops = (lookup("XDG_CURRENT_DESKTOP") ?? "").split(separator: ":").map(String.init)
        let path = (lookup("PATH") ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        let plugins = (lookup("QT_PLUGIN_PATH") ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return DesktopEnvironment(home: home, configHome: absolute("XDG_CONFIG_HOME") ?? home + "/.config",
                                  dataHome: dataHome, dataDirectories: dataDirectories,
                                  currentDesktops: desktops, locale: DesktopLocale.fromEnvironment(lookup),
                                  executablePath: path, pluginDirectories: plugins + SettingsModuleMetadata.systemPluginDirectories)
    }

    /// The `applications` directories in precedence order (earlier shadows later),
    /// each once.
    public var applicationDirectories: [String] {
        var seen = Set<String>()
        var out: [String] = []
        for base in [dataHome] + dataDirectories {
            var dir = base
            while dir.count > 1 && dir.hasSuffix("/") { dir.removeLast() }
            let applications = dir + "/applications"
            if seen.insert(applications).inserted { out.append(applications) }
        }
        return out
    }

    /// `TryExec`'s test: an absolute path that is executable, or a bare name
    /// found executable in `$PATH`. A relative path with a `/` is looked up from
    /// nowhere and fails.
    public func findsExecutable(_ program: String) -> Bool {
        if program.hasPrefix("/") { return FileSystem.isExecutableFile(program) }
        if program.contains("/") { return false }
        return executablePath.contains { !$0.isEmpty && FileSystem.isExecutableFile($0 + "/" + program) }
    }
}
