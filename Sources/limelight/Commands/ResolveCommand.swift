import LimelightKit

struct ResolveCommand: Command {
    static let name = "resolve"
    static let abstract = "Return the records for many entity ids at once (no scoring), or every entity matching --where."
    static let discussion = "Prints one JSON record per line; an id not in the index prints {\"id\":…,\"missing\":true}."
    static let usage = ["resolve --app <app> --type <type> [<id>...] [--stdin] [--where <predicate>]... [--limit <n>]"]
    static let positionals = [Positional("id", .many, help: "Entity ids or stable ids.")]
    static let options: [Option] = [
        .app.explained("The app (optional with --where)."), .type,
        .stdin.explained("Read ids, one per line, from standard input."),
        .where.explained("Without ids: every entity of the type matching all predicates, e.g. lengthKm>20, start>=2026-12-01, difficulty=hard, attendees~ana (repeatable)."),
        .limit.range(0...Int.max).explained("With --where: at most n records (default 1000; 0: every one)."),
    ]

    static func validate(_ args: ParsedArguments) throws(CLIError) {
        // Every id given is answered (a limit was ignored).
        if args.value(.limit) != nil, !args.positionals.isEmpty || args.has(.stdin) {
            throw CLIError.usage("--limit is for --where: every id given is answered")
        }
    }

    static func run(_ args: ParsedArguments) throws {
        let type = try require(args, .type)
        var ids = args.positionals
        for id in ids { try checkIdentifierArgument(id, "the id") }
        if args.has(.stdin) { ids += try readIdentifierLines() }
        let lookup = try Lookup(location: location(args))
        if ids.isEmpty {
            let wheres = args.all(.where)
            if wheres.isEmpty { throw CLIError.usage("give ids, --stdin, or --where predicates") }
            for r in try lookup.entities(app: args.value(.app), type: type, predicates: wheres, limit: args.int(.limit).map { $0 == 0 ? Int.max : $0 } ?? 1000) {
                print(r.json.serialized)
            }
            return
        }
        if !args.all(.where).isEmpty { throw CLIError.usage("give ids or --where, not both") }
        for (id, r) in try lookup.resolve(app: try require(args, .app), type: type, ids: ids) {
            print(r?.json.serialized ?? JSON.object(JSONObject([("id", .string(id)), ("missing", true)])).serialized)
        }
    }
}
