import LimelightModel

/// The argv vectors that launch an application or one of its actions, by the
/// spec's Exec rules (see `ExecLine`). Never a shell.
///
/// ```swift
/// try gedit.commandLines(for: .files(["/tmp/notes.txt"]))   // [["gedit", "file:///tmp/notes.txt"]]
/// try gedit.commandLines(forAction: "new-window")           // [["gedit", "--new-window"]]
/// ```
extension DesktopApplication {
    public func commandLines(for target: ExecLine.Target = .nothing) throws(DesktopSourceError) -> [[String]] {
        try expand(exec, what: "Exec", target: target)
    }

    public func commandLines(forAction actionId: String, target: ExecLine.Target = .nothing) throws(DesktopSourceError) -> [[String]] {
        guard let action = actions.first(where: { $0.id == actionId }) else {
            throw DesktopSourceError(file: path, line: 0, problem: "\(id) has no action \(actionId)")
        }
        return try expand(action.exec, what: "Exec for action \(actionId)", target: target)
    }

    /// The bus name a `DBusActivatable=true` entry is started by, as GLib
    /// takes it (gdesktopappinfo.c): the file's own name without `.desktop`
    /// — not the desktop file id, which names a file in a subdirectory
    /// `kde-org.kde.App` — and only if it is a well-known bus name; else nil,
    /// and the entry is started by its Exec line.
    public var busName: String? {
        let file = path.split(separator: "/").last.map(String.init) ?? id
        let name = file.hasSuffix(".desktop") ? String(file.dropLast(".desktop".count)) : file
        return Self.isWellKnownBusName(name) ? name : nil
    }

    /// The D-Bus specification's rule for a well-known name: at most 255
    /// bytes, two or more non-empty elements of [A-Za-z0-9_-] joined by
    /// dots, none starting with a digit.
    static func isWellKnownBusName(_ name: String) -> Bool {
        let elements = name.split(separator: ".", omittingEmptySubsequences: false)
        guard name.utf8.count <= 255, elements.count >= 2 else { return false }
        return elements.allSatisfy { e in
            guard let first = e.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
            return e.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
        }
    }

    private func expand(_ exec: String?, what: String, target: ExecLine.Target) throws(DesktopSourceError) -> [[String]] {
        guard let exec else {
            throw DesktopSourceError(file: path, line: 0, problem: "\(id) has no \(what); it is started over D-Bus (DBusActivatable)")
        }
        do {
            return try ExecLine.parse(exec).argvs(for: target, context: ExecLine.Context(self))
        } catch {
            throw DesktopSourceError(file: path, line: 0, problem: error.description)
        }
    }
}

extension ExecLine.Context {
    /// What `%i`, `%c` and `%k` expand to for this application.
    public init(_ app: DesktopApplication) {
        self.init(icon: app.icon, name: app.name, desktopFilePath: app.path)
    }
}
