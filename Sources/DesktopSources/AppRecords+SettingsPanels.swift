import LimelightModel

extension AppRecords {
    /// Settings panels, each an entity of the app it opens ("Bluetooth —
    /// Settings", type `SettingsPanel.entityType`), found by its name,
    /// keywords and comment: GNOME Shell finds them through Settings' search
    /// provider and KRunner through its settings modules, where "bluetooth"
    /// or "wallpaper" found nothing here.
    ///
    /// A panel is an entry hidden from menus (`NoDisplay`) that opens no
    /// file (no `MimeType`, no `%f %F %u %U`) and either names the visible
    /// app it is a part of (`X-KDE-AliasFor`, as Plasma's modules name
    /// System Settings) or is of the category Settings and runs the program
    /// of one visible app, and of no other (as GNOME's run
    /// `gnome-control-center bluetooth`). Other hidden entries open files
    /// with an app (Okular's handlers name Okular in `X-KDE-AliasFor` too),
    /// and an interpreter such as `sh` or `pkexec` runs many apps.
    ///
    /// A Plasma module's desktop file holds a name and a command line only:
    /// its description and keywords are read from its Qt plugin
    /// (`SettingsModuleMetadata`).
    static func addSettingsPanels(_ applications: [DesktopApplication], in environment: DesktopEnvironment,
                                  to out: inout SourceRecords) {
        let imported = Set(out.records.filter { $0.kind == .app }.map(\.app))
        let shown = applications.filter { !$0.noDisplay && imported.contains($0.id) }
        let byID = Dictionary(shown.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var byProgram: [String: [DesktopApplication]] = [:]
        for app in shown { if let p = program(app) { byProgram[p, default: []].append(app) } }
        for var panel in applications where panel.noDisplay && panel.mimeTypes.isEmpty {
            guard let exec = panel.exec, let line = try? ExecLine.parse(exec), line.fileCode == nil else { continue }
            let named = panel.aliasFor.flatMap { byID[$0] }
            let running = panel.categories.contains("Settings") ? line.launchedProgram.flatMap { byProgram[$0] } : nil
            guard let owner = named ?? running.flatMap({ $0.count == 1 ? $0[0] : nil }) else { continue }
            if named != nil, panel.comment == nil || panel.keywords.isEmpty {
                switch SettingsModuleMetadata.find(module: panel.id, in: environment.pluginDirectories, locale: environment.locale) {
                case let .found(module):
                    panel.comment = panel.comment ?? module.description
                    if panel.keywords.isEmpty { panel.keywords = module.keywords }
                case let .unreadable(path, problem):
                    // Found by its name, and said: its keywords ("wifi") are lost until the plugin reads.
                    out.warnings.append(DesktopSourceError(file: path, line: 0, problem:
                        "\(problem): the settings module \(panel.id) is found by its name only, without its description and keywords"))
                case .absent:
                    break
                }
            }
            var o: JSONObject = [
                "kind": "entity", "app": .string(owner.id), "type": .string(SettingsPanel.entityType), "id": .string(panel.id),
                "title": .string(SourceText.fitted(panel.name)), "subtitle": .string(SourceText.fitted(owner.name)),
                // Below an app that matches as well, as GNOME Shell lists
                // Settings' results after the apps: at the default hint,
                // the Appearance panel (keyword "Background") came first for
                // "remove background noise" and File History & Trash for
                // "empty trash" (`make eval-desktop`'s tasks, 82.3 → 79.7%
                // first). A panel's whole name still ranks it above another
                // app's keyword (`Searcher.candidate`): "network" is the
                // Network panel, then System Monitor and Thunar.
                "exec": .string(exec), "rankingHint": .number(0),
            ]
            if let comment = panel.comment, !comment.isEmpty {
                o["description"] = .string(SourceText.fitted(comment, max: RecordLimits.maxTextCharacters))
            }
            let keywords = panel.keywords.map { SourceText.fitted($0) }.filter { !$0.isEmpty }
            if !keywords.isEmpty { o["keywords"] = .array(keywords.map(JSON.string)) }
            if let icon = panel.icon ?? owner.icon { o["icon"] = .string(icon) }
            out.add(o, file: panel.path)
        }
    }

    /// The program an entry's Exec line runs in the end (`ExecLine.launchedProgram`).
    static func program(_ app: DesktopApplication) -> String? {
        app.exec.flatMap { try? ExecLine.parse($0) }?.launchedProgram
    }
}
