import LimelightKit

/// `TYPE/ID` → an entity reference (the id may itself contain slashes).
func parseEntityRef(_ text: String, option: String = "--entity") throws(LimelightError) -> EntityRef {
    guard let slash = text.firstIndex(of: "/"), slash != text.startIndex, text.index(after: slash) != text.endIndex else {
        throw LimelightError(.usage, "\(option) takes TYPE/ID (e.g. TrailEntity/monterey-bay), got '\(text)'")
    }
    return EntityRef(type: String(text[..<slash]), id: String(text[text.index(after: slash)...]))
}

func refsJSON(_ refs: [EntityRef]) -> JSON {
    .array(refs.map { ["type": .string($0.type), "id": .string($0.id)] })
}

func require(_ args: ParsedArguments, _ name: String) throws(LimelightError) -> String {
    guard let v = args.value(name), !v.isEmpty else { throw LimelightError(.usage, "missing --\(name)") }
    return v
}

/// Validates a record built from flags, so flags get the same rules as files.
func record(_ o: JSONObject, what: String) throws(LimelightError) -> Record {
    do { return try Record(json: .object(o)) } catch { throw LimelightError(.usage, "\(what): \(error.message)") }
}

func openWriter(_ args: ParsedArguments, _ command: any Command.Type) throws(LimelightError) -> IndexWriter {
    try IndexWriter.open(command.location(args)) { Output.err($0) }
}

struct GetCommand: Command {
    static let name = "get"
    static let abstract = "Show a stored record: an entity (by id or stable id), app, intent or App Shortcut."
    static let usage = "get --app <app> [--type <type> --id <id> | --kind intent|shortcut --id <id>]"
    static let details = """
        OPTIONS:
          --app <app>             The app.
          --type <type>           An entity type (with --id: the entity's id or stable id).
          --kind <kind>           app (default without --type), intent or shortcut.
          --id <id>               The id.
        """
    static let spec = ArgumentSpec(options: globalOptions.union(["app", "type", "id", "kind"]))

    static func run(_ args: ParsedArguments) throws(LimelightError) {
        let app = try require(args, "app")
        let lookup = try Lookup(location: location(args))
        let found: Record?
        if let type = args.value("type") {
            found = try lookup.entity(app: app, type: type, id: try require(args, "id"))
        } else {
            guard let kind = RecordKind(rawValue: args.value("kind") ?? "app"), [.app, .intent, .shortcut].contains(kind) else {
                throw LimelightError(.usage, "--kind takes app, intent or shortcut")
            }
            if kind == .app, args.value("id") != nil { throw LimelightError(.usage, "--id needs --type (an entity) or --kind intent|shortcut") }
            found = try lookup.record(kind: kind, app: app, id: kind == .app ? nil : try require(args, "id"))
        }
        guard let found else { throw LimelightError(.failure, "not found in the index") }
        print(found.json.serialized)
    }
}

struct ResolveCommand: Command {
    static let name = "resolve"
    static let abstract = "Return the records for many entity ids at once (no scoring), or every entity matching --where."
    static let usage = "resolve --app <app> --type <type> [<id>...] [--stdin] [--where <predicate>]... [--limit <n>]"
    static let details = """
        ARGUMENTS:
          <id>                    Entity ids or stable ids.

        OPTIONS:
          --app <app>             The app (optional with --where).
          --type <type>           The entity type.
          --stdin                 Read ids, one per line, from standard input.
          --where <predicate>     Without ids: every entity of the type matching all
                                  predicates, e.g. lengthKm>20, start>=2026-12-01,
                                  difficulty=hard, attendees~ana (repeatable).
          --limit <n>             With --where: at most n records (default 1000).
        Prints one JSON record per line; an id not in the index prints
        {"id":…,"missing":true}.
        """
    static let spec = ArgumentSpec(options: globalOptions.union(["app", "type", "where", "limit"]), repeatable: ["where"], flags: ["stdin"])

    static func run(_ args: ParsedArguments) throws(LimelightError) {
        let type = try require(args, "type")
        var ids = args.positionals
        for id in ids { try checkIdentifierArgument(id, "the id") }
        if args.has("stdin") { ids += try readIdentifierLines() }
        let lookup = try Lookup(location: location(args))
        if ids.isEmpty {
            let wheres = args.all("where")
            if wheres.isEmpty { throw LimelightError(.usage, "give ids, --stdin, or --where predicates") }
            for r in try lookup.entities(app: args.value("app"), type: type, predicates: wheres,
                                          limit: try args.int("limit", min: 1) ?? 1000) {
                print(r.json.serialized)
            }
            return
        }
        if !args.all("where").isEmpty { throw LimelightError(.usage, "give ids or --where, not both") }
        for (id, r) in try lookup.resolve(app: try require(args, "app"), type: type, ids: ids) {
            print(r?.json.serialized ?? JSON.object(JSONObject([("id", .string(id)), ("missing", true)])).serialized)
        }
    }
}

struct DeleteCommand: Command {
    static let name = "delete"
    static let abstract = "Delete an entity (by id or stable id), every entity of a type, or everything of an app."
    static let usage = "delete --app <app> [--type <type> [--id <id>]]"
    static let details = """
        OPTIONS:
          --app <app>             The app (alone: everything it indexed or donated).
          --type <type>           Every entity of this type (with --id: just that one).
          --id <id>               An entity id or stable id.
        Deleting an entity also deletes the donations that used it and its
        relevant-context registrations.
        """
    static let spec = ArgumentSpec(options: globalOptions.union(["app", "type", "id"]), flags: ["json"])

    static func run(_ args: ParsedArguments) throws(LimelightError) {
        let app = try require(args, "app")
        let what: Deletion
        switch (args.value("type"), args.value("id")) {
        case let (type?, id?): what = .entity(app: app, type: type, id: id)
        case let (type?, nil): what = .type(app: app, type: type)
        case (nil, nil): what = .app(app)
        case (nil, _?): throw LimelightError(.usage, "--id needs --type")
        }
        let writer = try openWriter(args, self)
        defer { writer.close() }
        let n = try writer.delete(what)
        if n > 0 { try Maintenance.scrub(writer) }
        print("Deleted \(n) record\(n == 1 ? "" : "s").")
    }
}

struct DonateCommand: Command {
    static let name = "donate"
    static let abstract = "Record an interaction (IntentDonationManager.donate) and print its donation id."
    static let usage = "donate --app <app> [--intent <id>] [--shortcut <id>] [--entity <type/id>]... [--at <time>] [--context <name>]...\n       limelight donate <file>...   (JSON Lines interaction records; '-' = stdin)"
    static let details = """
        OPTIONS:
          --app <app>             The app. With neither --intent nor --shortcut, a launch.
          --intent <id>           The intent performed.
          --shortcut <id>         The App Shortcut used.
          --entity <type/id>      An entity the interaction used (repeatable).
          --at <time>             When, ISO 8601 with offset (default now).
          --context <name>        A context it happened in (repeatable).
          --id <id>               Your own donation id (default: derived from the content).
        """
    static let spec = ArgumentSpec(options: globalOptions.union(["app", "intent", "shortcut", "entity", "at", "context", "id"]),
                                   repeatable: ["entity", "context"])

    static func run(_ args: ParsedArguments) throws(LimelightError) {
        var batch: [LocatedRecord]
        if !args.positionals.isEmpty {
            if args.value("app") != nil { throw LimelightError(.usage, "give files or flags, not both") }
            batch = try RecordReader.read(args.positionals)
            if let bad = batch.first(where: { $0.record.kind != .interaction }) {
                throw LimelightError(.badInput, "\(bad.location): donate takes interaction records; use 'limelight index' for \(bad.record.kind.rawValue) records")
            }
        } else {
            var o = JSONObject([("kind", "interaction"), ("app", .string(try require(args, "app")))])
            if let id = args.value("id") { o["id"] = .string(id) }
            if let i = args.value("intent") { o["intent"] = .string(i) }
            if let s = args.value("shortcut") { o["shortcut"] = .string(s) }
            let refs = try args.all("entity").map { (e) throws(LimelightError) -> EntityRef in try parseEntityRef(e) }
            if !refs.isEmpty { o["entities"] = refsJSON(refs) }
            o["at"] = .string(try parseTime(args.value("at")).description)
            let contexts = try validateContexts(args.all("context"))
            if !contexts.isEmpty { o["context"] = .array(contexts.map(JSON.string)) }
            batch = [LocatedRecord(try record(o, what: "donate"), at: "donate")]
        }
        let writer = try openWriter(args, self)
        defer { writer.close() }
        for id in try writer.apply(batch).donationIDs { print(id) }
    }
}

struct ForgetCommand: Command {
    static let name = "forget"
    static let abstract = "Delete donations, and their effect on ranking: by id, intent (+ entity), app, time range, or all."
    static let usage = "forget (--id <donation> | --app <app> [--intent <id> [--entity <type/id>]] | --from <time> [--to <time>] | --all)"
    static let details = """
        OPTIONS:
          --id <donation>         One donation, by the id 'donate' printed.
          --app <app>             Every donation of the app (with --intent: of that intent;
                                  with --entity too: only those that used the entity).
          --from <time>           Donations at or after this time …
          --to <time>             … and before this one (either bound may be alone).
          --all                   Every donation.
        """
    static let spec = ArgumentSpec(options: globalOptions.union(["id", "app", "intent", "entity", "from", "to"]), flags: ["all"])

    static func run(_ args: ParsedArguments) throws(LimelightError) {
        try checkOneForgetSelector(args)
        let what: Forgetting
        if let id = args.value("id") {
            what = .donation(id: id)
        } else if args.has("all") {
            what = .everything
        } else if args.value("from") != nil || args.value("to") != nil {
            what = .timeRange(from: try args.value("from").map { (t) throws(LimelightError) in try parseTime(t) },
                              to: try args.value("to").map { (t) throws(LimelightError) in try parseTime(t) })
        } else if let app = args.value("app") {
            if let intent = args.value("intent") {
                what = .intent(app: app, intent: intent, entity: try args.value("entity").map { (e) throws(LimelightError) in try parseEntityRef(e) })
            } else {
                if args.value("entity") != nil { throw LimelightError(.usage, "--entity goes with --intent") }
                what = .app(app)
            }
        } else {
            throw LimelightError(.usage, "say what to forget: --id, --app, --from/--to or --all")
        }
        let writer = try openWriter(args, self)
        defer { writer.close() }
        let n = try writer.forget(what)
        if n > 0 { try Maintenance.scrub(writer) }
        print("Forgot \(n) donation\(n == 1 ? "" : "s").")
    }
}

struct RelevantCommand: Command {
    static let name = "relevant"
    static let abstract = "Register or remove entities relevant in a context (RelevantEntities), or list them."
    static let usage = """
        relevant update --app <app> --context <name> --entity <type/id>...
               limelight relevant remove --app <app> --context <name> --entity <type/id>...
               limelight relevant remove-everywhere --app <app> --entity <type/id>...
               limelight relevant clear --app <app> --context <name>
               limelight relevant clear-all --app <app>
               limelight relevant list [--app <app>] [--context <name>] [--json]
        """
    static let details = """
        ARGUMENTS:
          update                  Replace the set for the context (entities must be indexed;
                                  'relevance' records via 'limelight index' may carry full ones).
          remove                  Remove these entities from the context.
          remove-everywhere       Remove these entities from every context.
          clear                   Remove everything for the context.
          clear-all               Remove every context of the app.
          list                    Show registrations.

        OPTIONS:
          --app <app>             The app.
          --context <name>        A context, e.g. audio.workout.running.
          --entity <type/id>      An entity (repeatable).
          --json                  With list: one JSON object per registration.
        """
    static let spec = ArgumentSpec(options: globalOptions.union(["app", "context", "entity"]), repeatable: ["entity"], flags: ["json"])

    static func run(_ args: ParsedArguments) throws(LimelightError) {
        guard args.positionals.count == 1, let op = args.positionals.first else {
            throw LimelightError(.usage, "say one of update, remove, remove-everywhere, clear, clear-all, list")
        }
        if op == "list" {
            let context = try args.value("context").map { (c) throws(LimelightError) -> String in try validateContexts([c])[0] }
            let regs = try Lookup(location: location(args)).registrations(app: args.value("app"), context: context)
            for r in regs {
                if args.has("json") {
                    print(JSON.object(JSONObject([("app", .string(r.app)), ("context", .string(r.context)), ("entities", refsJSON(r.entities))])).serialized)
                } else {
                    print(TerminalText.escape("\(r.app)  \(r.context): " + r.entities.map { "\($0.type)/\($0.id)" }.joined(separator: ", ")))
                }
            }
            if regs.isEmpty, !args.has("json") { print("No relevant entities registered.") }
            return
        }
        guard ["update", "remove", "remove-everywhere", "clear", "clear-all"].contains(op) else {
            throw LimelightError(.usage, "unknown operation '\(op)'")
        }
        var o = JSONObject([("kind", "relevance"), ("app", .string(try require(args, "app"))), ("op", .string(op))])
        if let c = args.value("context") { o["context"] = .string(c) }
        let refs = try args.all("entity").map { (e) throws(LimelightError) -> EntityRef in try parseEntityRef(e) }
        if ["update", "remove", "remove-everywhere"].contains(op) {
            if refs.isEmpty, op != "update" { throw LimelightError(.usage, "\(op) needs --entity") }
            o["entities"] = refsJSON(refs)
        } else if !refs.isEmpty {
            throw LimelightError(.usage, "\(op) takes no --entity")
        }
        let rec = try record(o, what: "relevant \(op)")
        let writer = try openWriter(args, self)
        defer { writer.close() }
        try writer.apply([LocatedRecord(rec, at: "relevant \(op)")])
        print("Done: \(op)\(args.value("context").map { " \($0)" } ?? "") for \(rec.app).")
    }
}

struct ShortcutsCommand: Command {
    static let name = "shortcuts"
    static let abstract = "List an app's App Shortcuts: declared order until usage reorders them."
    static let usage = "shortcuts --app <app> [--at <time>] [--json]"
    static let details = """
        OPTIONS:
          --app <app>             The app.
          --at <time>             The moment usage is decayed to (default now).
          --json                  One JSON object per shortcut.
        """
    static let spec = ArgumentSpec(options: globalOptions.union(["app", "at"]), flags: ["json"])

    static func run(_ args: ParsedArguments) throws(LimelightError) {
        let list = try Lookup(location: location(args)).appShortcuts(app: try require(args, "app"), at: try parseTime(args.value("at")))
        for (n, (r, usage)) in list.enumerated() {
            if args.has("json") {
                print(JSON.object(JSONObject([("rank", .number(Double(n + 1))), ("id", .string(r.id)), ("title", .string(r.title)),
                                              ("usage", .number((usage * 1000).rounded() / 1000))])).serialized)
            } else {
                print(Output.pad(String(n + 1), 3) + Output.pad(TerminalText.escape(r.title), 40) + (usage > 0 ? "used \(Output.score(usage))" : "not used yet"))
            }
        }
    }
}
