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
