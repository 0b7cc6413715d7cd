#if canImport(Glibc)
import Glibc
import LimelightModel
#endif

/// Finds the applications installed for this user, by the Desktop Entry spec's
/// rules for where `.desktop` files live and which of them are shown.
///
/// ```swift
/// let found = ApplicationDiscovery.discover(in: .current())
/// for problem in found.problems { print(problem) }   // file:line: problem
/// found.applications.map(\.id)                       // ["org.gnome.gedit", "vim", …]
/// ```
/// Spec: https://specifications.freedesktop.org/desktop-entry-spec/1.5/file-naming.html
public enum ApplicationDiscovery {
    public struct Result: Sendable {
        /// Sorted by id.
        public var applications: [DesktopApplication] = []
        /// Files that were read but yield no application, and why.
        public var skipped: [SkippedFile] = []
        /// Broken files: each was reported and skipped; the others were read.
        public var problems: [DesktopSourceError] = []
        /// The desktop file ids of the broken files.
        public var brokenIDs: [String] = []
        /// Defects that cost only a part of an application (an action with no group).
        public var warnings: [DesktopSourceError] = []
    }

    /// A desktop file that yields no application.
    public struct SkippedFile: Sendable, Equatable {
        public var id: String
        public var path: String
        public var reason: SkipReason
    }

    /// Every `.desktop` file of `environment.applicationDirectories`, by desktop
    /// file id; the first directory holding an id decides it, so a broken or
    /// `Hidden` file in `~/.local/share/applications` hides the system's file.
    public static func discover(in environment: DesktopEnvironment) -> Result {
        var result = Result()
        var claimed: [String: String] = [:]
        for directory in environment.applicationDirectories {
            var visited = Set<DirectoryIdentity>()
            let files = desktopFiles(in: directory, prefix: "", visited: &visited)
            // foo-bar.desktop and foo/bar.desktop are one id (the spec leaves
            // which is meant undefined): the file a launch finds
            // (`path(ofID:)`) is the one listed, or search showed one file
            // and `open` ran the other's Exec.
            var inThisDirectory: [String: Int] = [:]
            for (fileId, _) in files { inThisDirectory[String(fileId.dropLast(".desktop".count)), default: 0] += 1 }
            for (fileId, path) in files {
                let id = String(fileId.dropLast(".desktop".count))
                if inThisDirectory[id]! > 1, let found = Self.path(ofID: id, in: directory), found != path {
                    result.skipped.append(SkippedFile(id: id, path: path, reason: .shadowed(by: found)))
                    continue
                }
                if let winner = claimed[id] {
                    result.skipped.append(SkippedFile(id: id, path: path, reason: .shadowed(by: winner)))
                    continue
                }
                claimed[id] = path
                read(path, id: id, environment: environment, into: &result)
            }
        }
        result.applications.sort { $0.id < $1.id }
        return result
    }

    /// The application whose desktop file id is `id`, as a launch reads it:
    /// the one file the directories' order finds first for that id (as
    /// `discover`: an earlier directory's shadows a later one's), read alone,
    /// whatever desktop this is — OnlyShowIn and NotShowIn say where an app
    /// is listed, not whether it starts (GLib's g_desktop_app_info_new loads
    /// it too). `open` read every desktop file to find one: a launcher with
    /// another XDG_CURRENT_DESKTOP than `sync` had (a D-Bus-started `serve`)
    /// lost Terminal=, Path= and DBusActivatable= and ran the bare Exec line,
    /// and one 5 MB file delayed every launch by 2.5 s. `.notHere` when
    /// there is no such file; `.notLaunchable` when the file found is hidden
    /// (Hidden=true: "strictly equivalent to the .desktop file not existing
    /// at all"), broken, or its program is not installed.
    public static func launchable(id: String, in environment: DesktopEnvironment) -> Launchable {
        for directory in environment.applicationDirectories {
            guard let path = path(ofID: id, in: directory) else { continue }
            var warnings: [DesktopSourceError] = []
            do {
                switch try application(at: path, id: id, environment: environment, listing: false, warnings: &warnings) {
                case let .app(app): return .app(app)
                case let .skip(reason): return .notLaunchable(path: path, why: reason.description)
                }
            } catch {
                return .notLaunchable(path: path, why: error.problem)
            }
        }
        return .notHere
    }

    /// What a launch finds of a desktop file id (`launchable`).
    public enum Launchable: Sendable {
        case app(DesktopApplication)
        case notHere
        case notLaunchable(path: String, why: String)
    }

    /// The file of desktop file id `id` under `directory`: `id.desktop`, or
    /// in a subdirectory, each "-" of the id standing for a "/" of its path
    /// (`kde-konsole` is kde/konsole.desktop), as `desktopFiles` names them.
    static func path(ofID id: String, in directory: String) -> String? {
        let whole = directory + "/" + id + ".desktop"
        if FileSystem.isRegularFile(whole) { return whole }
        var from = id.startIndex
        while let dash = id[from...].firstIndex(of: "-") {
            let sub = directory + "/" + id[..<dash]
            if FileSystem.isDirectory(sub), let path = path(ofID: String(id[id.index(after: dash)...]), in: sub) { return path }
            from = id.index(after: dash)
        }
        return nil
    }

    /// Reads one desktop file as application `id`, adding it (or why not) to `result`.
    public static func read(_ path: String, id: String, environment: DesktopEnvironment, into result: inout Result) {
        do {
            switch try application(at: path, id: id, environment: environment, warnings: &result.warnings) {
            case let .app(app): result.applications.append(app)
            case let .skip(reason): result.skipped.append(SkippedFile(id: id, path: path, reason: reason))
            }
        } catch {
            result.problems.append(error)
            result.brokenIDs.append(id)
        }
    }

    private enum Outcome {
        case app(DesktopApplication)
        case skip(SkipReason)
    }

    private struct DirectoryIdentity: Hashable {
        let device: UInt
        let inode: UInt
    }

    /// `(desktop file id, path)` under one `applications` directory, where a file
    /// in a subdirectory gets the subdirectory as a `-` prefix (`kde/a.desktop` →
    /// `kde-a.desktop`). A directory reached twice (a symlink loop) is read once.
    private static func desktopFiles(in directory: String, prefix: String,
                                     visited: inout Set<DirectoryIdentity>) -> [(String, String)] {
        guard let st = FileSystem.status(directory), (st.st_mode & S_IFMT) == S_IFDIR,
              visited.insert(DirectoryIdentity(device: UInt(st.st_dev), inode: UInt(st.st_ino))).inserted
        else { return [] }
        var out: [(String, String)] = []
        for name in FileSystem.names(in: directory) {
            let path = directory + "/" + name
            if FileSystem.isDirectory(path) {
                out += desktopFiles(in: path, prefix: prefix + name + "-", visited: &visited)
            } else if name.hasSuffix(".desktop"), name.count > ".desktop".count, FileSystem.isRegularFile(path) {
                out.append((prefix + name, path))
            }
        }
        return out
    }

    /// - listing: whether the app is read to be listed here, so that
    ///   OnlyShowIn and NotShowIn apply (not to launch it: `launchable`).
    private static func application(at path: String, id: String, environment: DesktopEnvironment, listing: Bool = true,
                                    warnings: inout [DesktopSourceError]) throws(DesktopSourceError) -> Outcome {
        let file = try KeyFile.load(path)
        guard let entry = file.groups.first, entry.name == "Desktop Entry" else {
            throw DesktopSourceError(file: path, line: file.groups.first?.line ?? 0,
                                     problem: "the first group must be [Desktop Entry]")
        }
        func required(_ key: String, _ why: String = "is required") throws(DesktopSourceError) -> String {
            guard let value = entry.localeString(key, locale: environment.locale), !value.isEmpty else {
                throw DesktopSourceError(file: path, line: entry.line, problem: "[Desktop Entry] has no \(key); it \(why)")
            }
            return value
        }
        if entry.boolean("Hidden", file: path, warnings: &warnings) == true { return .skip(.hidden) }
        let type = try required("Type")
        guard type == "Application" else { return .skip(.notAnApplication(type: type)) }
        if entry.boolean("X-Limelight-Service", file: path, warnings: &warnings) == true { return .skip(.limelightService) }

        var app = DesktopApplication(id: id, path: path, name: try required("Name"))
        app.dbusActivatable = entry.boolean("DBusActivatable", file: path, warnings: &warnings) ?? false
        app.exec = entry.string("Exec").flatMap { $0.isEmpty ? nil : $0 }
        if app.exec == nil && !app.dbusActivatable {
            _ = try required("Exec", "is required unless DBusActivatable=true")
        }
        if listing, let only = entry.strings("OnlyShowIn"),
           !only.contains(where: environment.currentDesktops.contains) {
            return .skip(.onlyShownIn(only))
        }
        if listing, let excluded = entry.strings("NotShowIn")?.first(where: environment.currentDesktops.contains) {
            return .skip(.notShownIn(excluded))
        }
        app.tryExec = entry.string("TryExec").flatMap { $0.isEmpty ? nil : $0 }
        if let program = app.tryExec, !environment.findsExecutable(program) {
            return .skip(.tryExecNotFound(program))
        }
        // GLib (g_desktop_app_info_load_from_keyfile) hides an entry whose
        // Exec program is not found too, by the same test: what a removed
        // package left behind, which GNOME does not show and nothing could
        // start. An Exec that cannot be split (GLib's g_shell_parse_argv
        // fails) is a broken file, told at its line.
        if let exec = app.exec {
            let program: String
            do { program = try ExecLine.parse(exec).program } catch {
                throw DesktopSourceError(file: path, line: entry["Exec"]?.line ?? entry.line,
                                         problem: "Exec is not a valid Exec line: \(error.problem)")
            }
            if !environment.findsExecutable(program) { return .skip(.execNotFound(program)) }
        }
        app.genericName = entry.localeString("GenericName", locale: environment.locale)
        app.comment = entry.localeString("Comment", locale: environment.locale)
        app.keywords = entry.localeStrings("Keywords", locale: environment.locale) ?? []
        app.categories = entry.strings("Categories") ?? []
        app.icon = entry.localeString("Icon", locale: environment.locale).flatMap(Self.iconName)
        app.terminal = entry.boolean("Terminal", file: path, warnings: &warnings) ?? false
        app.workingDirectory = entry.string("Path").flatMap { $0.isEmpty ? nil : $0 }
        app.noDisplay = entry.boolean("NoDisplay", file: path, warnings: &warnings) ?? false
        app.mimeTypes = entry.strings("MimeType") ?? []
        app.startupWMClass = entry.string("StartupWMClass")
        app.aliasFor = entry.string("X-KDE-AliasFor").flatMap { alias in
            let id = alias.hasSuffix(".desktop") ? String(alias.dropLast(".desktop".count)) : alias
            return id.isEmpty ? nil : id
        }
        readActions(of: entry, in: file, into: &app, locale: environment.locale, warnings: &warnings)
        return .app(app)
    }

    /// Ids for a message: the first ten, then how many in all.
    private static func named(_ ids: [String]) -> String {
        ids.count <= 10 ? ids.joined(separator: ", ") : ids.prefix(10).joined(separator: ", ") + " … (\(ids.count) in all)"
    }

    /// An `Icon` value as GLib reads it: a path, or a theme's icon name, of
    /// which a `.png`, `.svg` or `.xpm` ending is dropped (GLib's work-around
    /// for "a common mistake in desktop files": a theme is asked for
    /// `utilities-terminal`, never `utilities-terminal.png`). Empty is none.
    static func iconName(_ value: String) -> String? {
        if value.isEmpty { return nil }
        guard !value.hasPrefix("/") else { return value }
        for ending in [".png", ".svg", ".xpm"] where value.hasSuffix(ending) && value.count > ending.count {
            return String(value.dropLast(ending.count))
        }
        return value
    }

    /// `Actions=` in its order, each from its `[Desktop Action id]` group. Past
    /// `RecordLimits.maxShortcutsPerApp` (App Intents allows 10 App Shortcuts per
    /// app, and their declared order is their default order) the rest are
    /// dropped, with a warning naming them: the first ten are the ones the
    /// application lists first, which is its own order of importance.
    private static func readActions(of entry: KeyFileGroup, in file: KeyFile, into app: inout DesktopApplication,
                                    locale: DesktopLocale?, warnings: inout [DesktopSourceError]) {
        guard let ids = entry.strings("Actions"), let line = entry["Actions"]?.line else { return }
        var seen = Set<String>()
        for actionId in ids where !actionId.isEmpty && seen.insert(actionId).inserted {
            func warn(_ problem: String) {
                warnings.append(DesktopSourceError(file: file.path, line: line, problem: problem))
            }
            guard let group = file.group("Desktop Action \(actionId)") else {
                warn("action \(actionId) has no [Desktop Action \(actionId)] group; it is skipped")
                continue
            }
            guard let name = group.localeString("Name", locale: locale), !name.isEmpty else {
                warn("[Desktop Action \(actionId)] has no Name; it is skipped")
                continue
            }
            let exec = group.string("Exec").flatMap { $0.isEmpty ? nil : $0 }
            // Without Exec it is started over D-Bus, by a DBusActivatable app only.
            if exec == nil && !app.dbusActivatable {
                warn("[Desktop Action \(actionId)] has no Exec, and the app is not DBusActivatable; the action is skipped")
                continue
            }
            if let exec {
                do { _ = try ExecLine.parse(exec) } catch {
                    warnings.append(DesktopSourceError(file: file.path, line: group["Exec"]?.line ?? group.line,
                                                       problem: "[Desktop Action \(actionId)] Exec is not a valid Exec line: \(error.problem); the action is skipped"))
                    continue
                }
            }
            if app.actions.count == RecordLimits.maxShortcutsPerApp {
                app.droppedActionIds.append(actionId)
                continue
            }
            app.actions.append(DesktopAction(
                id: actionId, name: name,
                icon: group.localeString("Icon", locale: locale).flatMap(iconName),
                exec: exec))
        }
        if !app.droppedActionIds.isEmpty {
            warnings.append(DesktopSourceError(
                file: file.path, line: line,
                problem: "\(app.actions.count + app.droppedActionIds.count) actions; an app has at most \(RecordLimits.maxShortcutsPerApp) App Shortcuts, so the first \(RecordLimits.maxShortcutsPerApp) are kept and \(named(app.droppedActionIds)) dropped"))
        }
    }
}
