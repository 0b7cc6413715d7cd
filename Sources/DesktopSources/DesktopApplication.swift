import LimelightModel

/// An installed application, read from its Desktop Entry file.
///
/// Strings are already unescaped and localized for the locale of discovery.
/// `exec` is the Exec line as the file gives it (after the value escapes);
/// `ExecLine.parse` turns it into argv at launch time.
/// Spec: https://specifications.freedesktop.org/desktop-entry-spec/1.5/recognized-keys.html
public struct DesktopApplication: Sendable, Equatable {
    /// The desktop file id without `.desktop` (`org.gnome.gedit`, `kde-konsole`).
    public var id: String
    /// The file it was read from (what `%k` expands to).
    public var path: String
    public var name: String
    public var genericName: String?
    public var comment: String?
    public var keywords: [String] = []
    public var categories: [String] = []
    public var icon: String?
    /// Absent only for `DBusActivatable=true` applications.
    public var exec: String?
    public var tryExec: String?
    public var terminal = false
    /// The working directory to launch in (`Path`).
    public var workingDirectory: String?
    public var dbusActivatable = false
    /// "Exists, but don't display it in the menus": still an application that
    /// can open files, so it is returned; a search should not offer it by name.
    public var noDisplay = false
    public var mimeTypes: [String] = []
    public var startupWMClass: String?
    /// The desktop file id of the app this entry is a part of
    /// (`X-KDE-AliasFor`, which may end in `.desktop`: Plasma's settings
    /// modules name System Settings, Okular's file handlers Okular).
    public var aliasFor: String?
    /// `[Desktop Action …]` groups in `Actions=` order, at most
    /// `RecordLimits.maxShortcutsPerApp` (App Intents' limit of App Shortcuts).
    public var actions: [DesktopAction] = []
    /// Ids of the actions past that limit, which were not read.
    public var droppedActionIds: [String] = []

    public init(id: String, path: String, name: String) {
        self.id = id
        self.path = path
        self.name = name
    }
}

/// One `[Desktop Action id]` group: an App Shortcut of its application.
public struct DesktopAction: Sendable, Equatable {
    public var id: String
    public var name: String
    public var icon: String?
    /// May be absent for D-Bus activatable applications (activated by action name).
    public var exec: String?

    public init(id: String, name: String, icon: String? = nil, exec: String? = nil) {
        self.id = id
        self.name = name
        self.icon = icon
        self.exec = exec
    }
}

/// Why a desktop file that was read yields no application.
public enum SkipReason: Sendable, Equatable, CustomStringConvertible {
    /// `Hidden=true`: the entry is deleted, and masks files of the same id below it.
    case hidden
    /// `Type` is `Link` or `Directory` (or an unknown type).
    case notAnApplication(type: String)
    /// `TryExec` names no executable file here.
    case tryExecNotFound(String)
    /// The program `Exec` runs is no executable here (GLib's rule too).
    case execNotFound(String)
    /// `OnlyShowIn` does not name a desktop of `$XDG_CURRENT_DESKTOP`.
    case onlyShownIn([String])
    /// `NotShowIn` names a desktop of `$XDG_CURRENT_DESKTOP`.
    case notShownIn(String)
    /// A file of the same id earlier in the search path wins.
    case shadowed(by: String)
    /// `X-Limelight-Service=true`: the entry `limelight desktop install`
    /// writes for GNOME Shell to show its search provider; it starts the
    /// service, which has no window, so it is nothing to open from a search.
    case limelightService

    public var description: String {
        switch self {
        case .hidden: "Hidden=true"
        case let .notAnApplication(type): "Type=\(type), not Application"
        case let .tryExecNotFound(program): "TryExec \(program) is not an executable here"
        case let .execNotFound(program): "Exec runs \(program), which is not an executable here"
        case let .onlyShownIn(desktops): "OnlyShowIn=\(desktops.joined(separator: ";")) excludes this desktop"
        case let .notShownIn(desktop): "NotShowIn names \(desktop)"
        case let .shadowed(path): "shadowed by \(path)"
        case .limelightService: "Limelight's own search-provider entry"
        }
    }
}
