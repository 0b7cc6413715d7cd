#if canImport(Glibc)
import Glibc
#endif
import LimelightKit
import DesktopSources
import DesktopLaunch

struct OpenCommand: Command {
    static let name = "open"
    static let abstract = "Open a hit: launch an app, run an App Shortcut, open an entity; and record the use."
    static let discussion = """
        An Exec line (the app's desktop file's, or a record's 'exec') is split into
        argv by the Desktop Entry spec's quoting rules and started with posix_spawn
        in a session of its own, never through a shell; %f %F %u %U get the
        entity's url, %i %c %k the app's icon, name and desktop file. Path= is the
        working directory; Terminal=true runs it in $TERMINAL, else
        x-terminal-emulator, else the first installed of gnome-terminal, konsole,
        xfce4-terminal, alacritty, kitty, foot, xterm. A url with no exec is opened
        with xdg-open (else gio open); a browser's own page bookmarked in it
        (about:config), in that browser. The use is recorded as a donation (a launch
        of the app, a use of the shortcut or of the entity).
        """
    static let usage = [
        "open --app <app> [--type <type> --id <id> | --shortcut <id> [--entity <type/id>]] [--dry-run] [--json]",
        "open --query <text> [--dry-run] [--json]",
        "open <hit-id> [--dry-run] [--json]",
    ]
    static let positionals = [Positional("hit-id", .optional, help: "A hit's id as 'search --format tsv' prints it in its first column (and rofi and D-Bus use), e.g. entity/com.example.trails/TrailEntity/monterey-bay.")]
    static let options: [Option] = [
        .app.explained("The app to launch, or whose entity or App Shortcut to open."),
        .type.explained("With --id: the entity's type."),
        .id.explained("With --type: the entity's id."),
        .shortcut.explained("The App Shortcut to run."),
        .entity.once().explained("With --shortcut: the value of its parameter (its url fills %f/%u)."),
        .query,
        .dryRun,
        .json.explained("Print what is run as one JSON object."),
    ]

    static func validate(_ args: ParsedArguments) throws(CLIError) {
        let query = args.value(.query) != nil
        if let id = args.positionals.first {
            if query || args.value(.app) != nil { throw CLIError.usage("give a hit id, --app or --query, not more than one") }
            guard HitID(text: id) != nil else { throw CLIError.usage("'\(id)' is not a hit id (the first column of 'limelight search --format tsv'); a hit of 'search --json' opens by its fields: --app A --type T --id I, or --app A --shortcut S") }
            return
        }
        if query == (args.value(.app) != nil) { throw CLIError.usage(query ? "give --app or --query, not both" : "give --app or --query") }
        if query, args.value(.type) != nil || args.value(.id) != nil || args.value(.shortcut) != nil || args.value(.entity) != nil {
            throw CLIError.usage("--query takes no --type, --id, --shortcut or --entity")
        }
        if (args.value(.type) == nil) != (args.value(.id) == nil) { throw CLIError.usage("--type and --id go together") }
        if args.value(.type) != nil, args.value(.shortcut) != nil { throw CLIError.usage("open an entity (--type/--id) or a shortcut (--shortcut), not both") }
        if args.value(.entity) != nil, args.value(.shortcut) == nil { throw CLIError.usage("--entity goes with --shortcut") }
    }

    /// What is opened.
    enum Target {
        case app(String)
        case entity(app: String, EntityRef)
        case shortcut(app: String, id: String, value: EntityRef?)
    }

    static func run(_ args: ParsedArguments) throws {
        let target: Target
        if let id = args.positionals.first.flatMap(HitID.init(text:)) {
            target = Activation.target(id)
        } else if let query = args.value(.query) {
            target = try topHit(query, args)
        } else {
            let app = try require(args, .app)
            if let type = args.value(.type) {
                target = .entity(app: app, EntityRef(type: type, id: try require(args, .id)))
            } else if let s = args.value(.shortcut) {
                target = .shortcut(app: app, id: s, value: try args.value(.entity).map { (e) throws(CLIError) in try parseEntityRef(e) })
            } else {
                target = .app(app)
            }
        }
        let environment = DesktopEnvironment.current()
        let lookup = try Lookup(location: location(args))
        let plan = try self.plan(target, lookup: lookup, environment: environment)
        let use = try interaction(for: target)
        var o: JSONObject = ["argv": .array(plan.argvs.map { .array($0.map(JSON.string)) })]
        if let d = plan.dbus {
            var call: JSONObject = ["name": .string(d.name), "path": .string(d.path), "method": .string(d.method)]
            if let a = d.action { call["action"] = .string(a) }
            o["dbus"] = .object(call)
        }
        if let dir = plan.workingDirectory { o["workingDirectory"] = .string(dir) }
        o["terminal"] = .bool(plan.terminal)
        if args.has(.dryRun) {
            if args.has(.json) { print(JSON.object(o).serialized) } else {
                if let d = plan.dbus { print("D-Bus: \(d.name) \(d.path) org.freedesktop.Application.\(d.method)\(d.action.map { " " + $0 } ?? "")") }
                for argv in plan.argvs { print(JSON.array(argv.map(JSON.string)).serialized) }
            }
            return
        }
        let id = try launch(plan, recording: use, location: location(args))
        if args.has(.json) {
            o["donation"] = id.map(JSON.string) ?? .null
            print(JSON.object(o).serialized)
        }
    }

    /// Plans, starts and records one opening: what `open` does, and what every
    /// launcher and shell front end does through `Activation`. Returns the donation id.
    static func open(_ target: Target, lookup: Lookup, location: IndexLocation,
                     activationToken: String? = nil) throws -> String? {
        var plan = try self.plan(target, lookup: lookup, environment: DesktopEnvironment.current())
        plan.activationToken = activationToken
        return try launch(plan, recording: try interaction(for: target), location: location)
    }

    static func launch(_ plan: LaunchPlan, recording use: Record, location: IndexLocation) throws -> String? {
        // A setting that would keep the use from being recorded stops the launch too.
        try IndexWriter.checkLockTimeoutSetting()
        do { try Spawner.spawn(plan) } catch { throw CLIError.failed(error.description) }
        // A read replica is never written: the program runs, and the use is
        // the master's to record (a launcher on a replica machine works).
        do { try location.checkWritable() } catch {
            Output.err("not recorded: \(location.path) is a read replica; usage is recorded on the master")
            return nil
        }
        return try Donations.record(use, location: location)
    }

    static func topHit(_ query: String, _ args: ParsedArguments) throws -> Target {
        // Blank text opens nothing, as a blank line in dmenu or rofi does (a
        // script's empty input would otherwise start whatever is suggested).
        guard !query.isBlank else { throw CLIError.failed("nothing to open: the query is blank") }
        var request = SearchRequest(query: query)
        request.limit = 1
        let searcher = try Searcher(location: location(args))
        guard let hit = try searcher.search(request).hits.first else { throw CLIError.failed("nothing matches \"\(query)\"") }
        switch hit.kind {
        case .app: return .app(hit.app)
        case .entity: return .entity(app: hit.app, EntityRef(type: hit.type ?? "", id: hit.id))
        case .shortcut: return .shortcut(app: hit.app, id: hit.id, value: hit.parameter)
        }
    }

    /// The donation an opening is: a launch of the app, a use of the shortcut
    /// (with its value), or a use of the entity.
    static func interaction(for target: Target) throws(CLIError) -> Record {
        var o: JSONObject = ["kind": "interaction"]
        switch target {
        case let .app(app):
            o["app"] = .string(app)
        case let .entity(app, ref):
            o["app"] = .string(app)
            o["entities"] = refsJSON([ref])
        case let .shortcut(app, id, value):
            o["app"] = .string(app)
            o["shortcut"] = .string(id)
            if let value { o["entities"] = refsJSON([value]) }
        }
        // To the microsecond, as a pause's ends are kept: a use a moment
        // after `history resume`, cut to the whole second, fell in the pause.
        o["at"] = .string(Timestamp.now().preciseDescription)
        return try record(o, what: "open")
    }

    /// Whether `value` is one of the cases of the shortcut's enum parameter.
    static func isCase(_ value: EntityRef, of shortcut: Record) -> Bool {
        guard let parameter = shortcut.parameter, parameter["type"]?.string == value.type,
              let cases = parameter["cases"]?.array else { return false }
        return cases.contains { $0.object?["id"]?.string == value.id }
    }

    static func plan(_ target: Target, lookup: Lookup, environment: DesktopEnvironment) throws -> LaunchPlan {
        func stored(_ kind: RecordKind, _ app: String, _ id: String?) throws -> Record {
            guard let r = try lookup.record(kind: kind, app: app, id: id) else {
                throw CLIError.failed("\(app) has no \(kind.rawValue)\(id.map { " '\($0)'" } ?? "") in the index")
            }
            return r
        }
        let appID: String
        switch target {
        case let .app(a), let .entity(a, _), let .shortcut(a, _, _): appID = a
        }
        let app = try stored(.app, appID, nil)
        // What the app's desktop file says (Terminal, Path, %c %i %k), if it has one here.
        var desktop: DesktopApplication?
        if let file = app.desktopFile, file.hasSuffix(".desktop") {
            // One that is hidden now, broken or whose program went is not
            // launched by the Exec line stored before (which ran without
            // its Terminal= and Path=, and an app just masked still
            // started). One not found runs the stored Exec: an app of
            // records may name a file not installed here, and a launcher's
            // XDG_DATA_DIRS may be poorer than the sync's (a D-Bus-started
            // `serve`); a program removed with its file is not found then.
            switch ApplicationDiscovery.launchable(id: String(file.dropLast(".desktop".count)), in: environment) {
            case let .app(found): desktop = found
            case let .notLaunchable(path, why):
                throw CLIError.failed("\(appID) cannot be launched: \(path): \(why) (limelight sync apps removes it)")
            case .notHere: desktop = nil
            }
        }
        func run(_ exec: String, _ target: ExecLine.Target, what: String, file: DesktopApplication? = desktop) throws -> LaunchPlan {
            let context = file.map(ExecLine.Context.init) ?? ExecLine.Context(icon: app.icon, name: app.name)
            let plan: LaunchPlan
            do {
                plan = try LaunchPlan.exec(exec, target: target, context: context, terminal: file?.terminal ?? false,
                                           workingDirectory: file?.workingDirectory, environment: environment)
            } catch {
                throw CLIError.failed("\(what): \(error.description)")
            }
            if let problem = plan.problem(in: environment) { throw CLIError.failed(problem.description) }
            return plan
        }
        // DBusActivatable=true: started over the session bus, as the spec
        // asks and GLib does (its Exec line, if any, only should that fail).
        let dbusID = desktop.flatMap { $0.dbusActivatable ? $0.busName : nil }
        func overDBus(_ id: String, action: String? = nil, exec: String?, what: String) -> LaunchPlan {
            // (The Exec line only as a fall-back: one that could not run is none.)
            var plan = exec.flatMap { try? run($0, .nothing, what: what) } ?? LaunchPlan(argvs: [])
            plan.dbus = LaunchPlan.DBusActivation(desktopFileID: id, action: action)
            return plan
        }
        func appPlan() throws -> LaunchPlan {
            if let dbusID { return overDBus(dbusID, exec: desktop?.exec, what: appID) }
            if let exec = desktop?.exec ?? app.exec { return try run(exec, .nothing, what: appID) }
            // An app of records may be a web app: its url, as an entity's.
            if let url = app.url { return LaunchPlan.uri(url, environment: environment) }
            throw CLIError.failed("\(appID) has no Exec line to launch")
        }
        /// An item with nothing of its own to open it with opens its app, as
        /// Spotlight opens the app an item belongs to (GNOME Shell and KRunner
        /// offered such items, and choosing one did nothing).
        func appPlan(for item: String) throws -> LaunchPlan {
            do { return try appPlan() } catch {
                throw CLIError.failed("\(item) of \(appID) has neither a url nor an exec to open it with, and its app cannot be launched: \(error)")
            }
        }
        switch target {
        case .app:
            return try appPlan()
        case let .entity(_, ref):
            guard let entity = try lookup.entity(app: appID, type: ref.type, id: ref.id) else {
                throw CLIError.failed("\(appID) has no entity \(ref.type)/\(ref.id) in the index")
            }
            if ref.type == SettingsPanel.entityType {
                // A settings panel runs what its own file says now, as a
                // desktop action does (its id is its desktop file id): an
                // upgrade's new Exec, not the stored one, and a panel gone
                // or hidden is not run.
                switch ApplicationDiscovery.launchable(id: ref.id, in: environment) {
                case let .app(panel):
                    if let exec = panel.exec { return try run(exec, .nothing, what: "\(ref.type)/\(ref.id)", file: panel) }
                case let .notLaunchable(path, why):
                    throw CLIError.failed("\(ref.type)/\(ref.id) of \(appID) cannot be opened: \(path): \(why) (limelight sync apps removes it)")
                case .notHere:
                    break
                }
            }
            if let exec = entity.exec { return try run(exec, entity.url.map { .urls([$0]) } ?? .nothing, what: "\(ref.type)/\(ref.id)") }
            if let url = entity.url, let browsers = BrowserPages.browsers(opening: url, app: appID, id: ref.id) {
                // A page of the browser itself (about:config): no handler of
                // the desktop's has its scheme, the browser it came from does.
                for id in browsers {
                    guard case let .app(browser) = ApplicationDiscovery.launchable(id: id, in: environment), let exec = browser.exec else { continue }
                    var plan = try run(exec, .urls([url]), what: "\(ref.type)/\(ref.id)", file: browser)
                    // (Over the session bus where its file asks, as an app is started.)
                    if browser.dbusActivatable, let name = browser.busName { plan.dbus = .init(desktopFileID: name, uris: [url]) }
                    return plan
                }
                throw CLIError.failed("\(ref.type)/\(ref.id) of \(appID) is \(url), a page of the browser itself, and none of its desktop files is here to open it with (\(browsers.map { $0 + ".desktop" }.joined(separator: ", ")))")
            }
            if let url = entity.url { return LaunchPlan.uri(url, environment: environment) }
            return try appPlan(for: "\(ref.type)/\(ref.id)")
        case let .shortcut(_, id, value):
            let shortcut = try stored(.shortcut, appID, id)
            var url: String?
            // A value of an enum parameter (`cases`) is no entity: it has no url.
            if let value, !Self.isCase(value, of: shortcut) {
                guard let entity = try lookup.entity(app: appID, type: value.type, id: value.id) else {
                    throw CLIError.failed("\(appID) has no entity \(value.type)/\(value.id) in the index")
                }
                url = entity.url
            }
            var exec = shortcut.exec
            if shortcut.intent == DesktopSource.actionIntent, let desktop {
                // A desktop action runs what its file says now, as the app's
                // own Exec does (GLib reads the [Desktop Action] group at
                // launch): after an upgrade the stored Exec was the old one,
                // and an action the file no longer has still ran.
                guard let action = desktop.actions.first(where: { $0.id == id }) else {
                    throw CLIError.failed("\(desktop.path) no longer has the action '\(id)' (limelight sync forgets it)")
                }
                exec = action.exec
            }
            if let dbusID, shortcut.intent == DesktopSource.actionIntent {
                return overDBus(dbusID, action: id, exec: exec, what: "shortcut \(id)")
            }
            if let exec { return try run(exec, url.map { .urls([$0]) } ?? .nothing, what: "shortcut \(id)") }
            if let u = shortcut.url { return LaunchPlan.uri(u, environment: environment) }
            return try appPlan(for: "shortcut \(id)")
        }
    }
}
