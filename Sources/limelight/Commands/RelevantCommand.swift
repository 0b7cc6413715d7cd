import LimelightKit

struct RelevantCommand: Command {
    static let name = "relevant"
    static let abstract = "Register or remove entities relevant in a context (RelevantEntities), or list them."
    static let usage = [
        "relevant update --app <app> --context <name> --entity <type/id>...",
        "relevant remove --app <app> --context <name> --entity <type/id>...",
        "relevant remove-everywhere --app <app> --entity <type/id>...",
        "relevant clear --app <app> --context <name>",
        "relevant clear-all --app <app>",
        "relevant list [--app <app>] [--context <name>] [--json]",
    ]
    static let operations = ["update", "remove", "remove-everywhere", "clear", "clear-all", "list"]
    static let positionals = [Positional("operation", .one, choices: operations, help: """
        update: replace the set for the context (entities must be indexed; 'relevance' records via 'limelight index' may carry full ones).
        remove: remove these entities from the context.
        remove-everywhere: remove these entities from every context.
        clear: remove everything for the context.
        clear-all: remove every context of the app.
        list: show registrations.
        """)]
    static let options: [Option] = [
        .app, .context.once().explained("A context, e.g. audio.workout.running."), .entity,
        .json.explained("With list: one JSON object per registration."),
    ]

    static func validate(_ args: ParsedArguments) throws(CLIError) {
        guard let op = args.positionals.first else {
            throw CLIError.usage("say one of update, remove, remove-everywhere, clear, clear-all, list")
        }
        guard operations.contains(op) else { throw CLIError.usage("unknown operation '\(op)'") }
        if op != "list", args.has(.json) { throw CLIError.usage("--json goes with list") }
        if op == "list", !args.all(.entity).isEmpty { throw CLIError.usage("list takes no --entity (it lists by --app and --context)") }
    }

    static func run(_ args: ParsedArguments) throws {
        let op = args.positionals[0]
        if op == "list" {
            let context = try args.value(.context).map { (c) throws(CLIError) -> String in try validateContexts([c])[0] }
            let regs = try Lookup(location: location(args)).registrations(app: args.value(.app), context: context)
            for r in regs {
                if args.has(.json) {
                    print(JSON.object(JSONObject([("app", .string(r.app)), ("context", .string(r.context)), ("entities", refsJSON(r.entities))])).serialized)
                } else {
                    print(TerminalText.escape("\(r.app)  \(r.context): " + r.entities.map { "\($0.type)/\($0.id)" }.joined(separator: ", ")))
                }
            }
            if regs.isEmpty, !args.has(.json) { print("No relevant entities registered.") }
            return
        }
        var o = JSONObject([("kind", "relevance"), ("app", .string(try require(args, .app))), ("op", .string(op))])
        if let c = args.value(.context) { o["context"] = .string(c) }
        let refs = try args.all(.entity).map { (e) throws(CLIError) -> EntityRef in try parseEntityRef(e) }
        if ["update", "remove", "remove-everywhere"].contains(op) {
            if refs.isEmpty, op != "update" { throw CLIError.usage("\(op) needs --entity") }
            o["entities"] = refsJSON(refs)
        } else if !refs.isEmpty {
            throw CLIError.usage("\(op) takes no --entity")
        }
        let rec = try record(o, what: "relevant \(op)")
        // Registrations are an app's: one the index does not hold is a typo
        // (it was told as its entity missing), and no index is made for it.
        guard try Lookup(location: location(args)).record(kind: .app, app: rec.app, id: nil) != nil else {
            throw CLIError.failed("\(rec.app) is not in the index")
        }
        let writer = try openWriter(args, self)
        defer { writer.close() }
        try writer.apply([LocatedRecord(rec, at: "relevant \(op)")])
        print("Done: \(op)\(args.value(.context).map { " \($0)" } ?? "") for \(rec.app).")
    }
}
