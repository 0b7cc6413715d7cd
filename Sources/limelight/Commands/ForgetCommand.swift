import LimelightKit

struct ForgetCommand: Command {
    static let name = "forget"
    static let abstract = "Delete donations, and their effect on ranking: by id, intent (+ entity), app, time range, or all."
    static let discussion = """
        Then the index is rebuilt from its stored records into a new generation,
        so that no generation left on disk holds what was forgotten (the old one
        goes as soon as no search still reads it).
        """
    static let usage = [
        "forget (--id <donation> | --app <app> [--intent <id> [--entity <type/id>]] | --from <time> [--to <time>] | --all)",
        "forget --app <app> --type <type> --id <id>   (one entity's history)",
    ]
    static let options: [Option] = [
        .donation.explained("One donation, by the id 'donate' printed; with --app and --type, the entity's id."),
        .type.explained("With --app and --id: forget every use of this entity."),
        .app.explained("Every donation of the app (with --intent: of that intent; with --entity too: only those that used the entity)."),
        .intent.explained("With --app: the intent."),
        .entity.once().explained("With --intent: only donations that used this entity."),
        .fromTime, .toTime, .all,
        .json.explained("Print {\"forgotten\":n}."),
    ]

    static func validate(_ args: ParsedArguments) throws(CLIError) {
        try checkOneForgetSelector(args)
        if args.value(.type) != nil, args.value(.app) == nil || args.value(.donation) == nil {
            throw CLIError.usage("--type goes with --app and --id (the entity whose history to forget)")
        }
        if args.value(.donation) == nil, !args.has(.all), args.value(.fromTime) == nil, args.value(.toTime) == nil {
            guard args.value(.app) != nil else { throw CLIError.usage("say what to forget: --id, --app, --from/--to or --all") }
            if args.value(.intent) == nil, args.value(.entity) != nil { throw CLIError.usage("--entity goes with --intent") }
        }
    }

    static func run(_ args: ParsedArguments) throws {
        let what: Forgetting
        if let type = args.value(.type), let app = args.value(.app), let id = args.value(.donation) {
            what = .entity(app: app, EntityRef(type: type, id: id))
        } else if let id = args.value(.donation) {
            what = .donation(id: id)
        } else if args.has(.all) {
            what = .everything
        } else if args.value(.fromTime) != nil || args.value(.toTime) != nil {
            let from = try args.value(.fromTime).map { (t) throws(CLIError) in try parseTime(t, option: .fromTime) }
            let to = try args.value(.toTime).map { (t) throws(CLIError) in try parseTime(t, option: .toTime) }
            // Reversed bounds select nothing: surely a slip, not a request to forget nothing.
            if let from, let to, from.seconds > to.seconds {
                throw CLIError.usage("--from \(from) is after --to \(to): nothing is between them")
            }
            what = .timeRange(from: from, to: to)
        } else {
            let app = try require(args, .app)
            if let intent = args.value(.intent) {
                what = .intent(app: app, intent: intent, entity: try args.value(.entity).map { (e) throws(CLIError) in try parseEntityRef(e) })
            } else {
                what = .app(app)
            }
        }
        try requireIndex(args, self)
        let n = try removeThenRebuild(try openWriter(args, self), { try $0.forget(what) }) {
            "forgot \($0) donation\($0 == 1 ? "" : "s") (they no longer count)"
        }
        printRemoved(n, args, json: "forgotten", "Forgot \(n) donation\(n == 1 ? "" : "s").")
    }
}
