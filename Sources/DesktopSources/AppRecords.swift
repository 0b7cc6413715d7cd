import LimelightModel

/// Installed applications as records: each visible application an `app`
/// (id = desktop file id without `.desktop`), each `[Desktop Action]` an App
/// Shortcut of it, each settings panel an entity of it (`addSettingsPanels`).
/// Other applications with `NoDisplay=true` are left out: they exist to open
/// files, and a launcher should not offer them by name.
enum AppRecords {
    /// The intent every Desktop Action shortcut performs.
    static let actionIntent = "desktop-action"

    static func make(in environment: DesktopEnvironment, progress: (Int) -> Void = { _ in }) -> SourceRecords {
        var out = SourceRecords(source: .apps)
        let found = ApplicationDiscovery.discover(in: environment)
        out.problems = found.problems
        out.warnings = found.warnings
        out.unreadable = Set(found.brokenIDs)
        // The ids of the apps that hold other sources' items are Limelight's
        // own: a desktop file named limelight.recent.desktop took Recent
        // Files, and removing it deleted every recent file.
        let reserved = Set(DesktopSource.allCases.compactMap { $0.ownerApp?.id })
        for app in found.applications where !app.noDisplay {
            if reserved.contains(app.id) {
                out.warnings.append(DesktopSourceError(file: app.path, line: 0, problem:
                    "desktop file id \(app.id) is the name of Limelight's own app of a source: left out"))
                continue
            }
            add(app, to: &out)
            progress(out.records.count)
        }
        addSettingsPanels(found.applications, in: environment, to: &out)
        progress(out.records.count)
        return out
    }

    static func add(_ app: DesktopApplication, to out: inout SourceRecords) {
        let before = out.records.count
        let problemsBefore = out.problems.count
        out.add(appFields(app), file: app.path)
        guard out.problems.count == problemsBefore else {
            out.unreadable.insert(app.id)
            return
        }
        // (An action without Exec is there only for a DBusActivatable app:
        // `ApplicationDiscovery.readActions` skips the others, saying so.)
        if !app.actions.isEmpty {
            out.add(["kind": "intent", "app": .string(app.id), "id": .string(actionIntent),
                     "title": "Run a desktop action"], file: app.path)
        }
        for action in app.actions {
            var o: JSONObject = [
                "kind": "shortcut", "app": .string(app.id), "id": .string(action.id),
                "intent": .string(actionIntent), "title": .string(SourceText.fitted(action.name)),
                "phrases": .array([.string("\(SourceText.fitted(action.name)) in ${applicationName}"),
                                   .string("${applicationName}: \(SourceText.fitted(action.name))")]),
            ]
            if let exec = action.exec { o["exec"] = .string(exec) }
            if let icon = action.icon ?? app.icon { o["icon"] = .string(icon) }
            out.add(o, file: app.path)
        }
        // One broken part rejects the application whole: nothing half-made
        // (and what was imported of it before is kept).
        if out.problems.count > problemsBefore {
            out.records.removeSubrange(before...)
            out.unreadable.insert(app.id)
        }
    }

    static func appFields(_ app: DesktopApplication) -> JSONObject {
        var app = app
        app.name = SourceText.fitted(app.name)
        app.genericName = app.genericName.map { SourceText.fitted($0) }
        app.comment = app.comment.map { SourceText.fitted($0, max: RecordLimits.maxTextCharacters) }
        app.keywords = app.keywords.map { SourceText.fitted($0) }
        app.categories = app.categories.map { SourceText.fitted($0) }
        var synonyms: [String] = []
        func synonym(_ s: String?) {
            guard let s, !s.isEmpty, s != app.name, !synonyms.contains(s) else { return }
            synonyms.append(s)
        }
        // The GenericName is a synonym, as it always was (a record reader
        // finds every other name there), and `genericName` too, which
        // ranks it as what kind of app this is.
        let genericName = app.genericName.flatMap { $0.isEmpty || $0 == app.name ? nil : $0 }
        synonym(genericName)
        app.keywords.forEach(synonym)
        if let exec = app.exec, let line = try? ExecLine.parse(exec) { synonym(line.launchedProgram) }
        var o: JSONObject = ["kind": "app", "app": .string(app.id), "name": .string(app.name),
                             "desktopFile": .string(app.id + ".desktop")]
        if let genericName { o["genericName"] = .string(genericName) }
        if !synonyms.isEmpty { o["synonyms"] = .array(synonyms.map(JSON.string)) }
        if let comment = app.comment, !comment.isEmpty { o["description"] = .string(comment) }
        if let exec = app.exec { o["exec"] = .string(exec) }
        if let icon = app.icon { o["icon"] = .string(icon) }
        if !app.categories.isEmpty { o["keywords"] = .array(app.categories.map(JSON.string)) }
        return o
    }
}
