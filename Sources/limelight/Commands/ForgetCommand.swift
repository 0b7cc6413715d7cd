import LimelightKit

struct ForgetCommand: Command {
    static let name = "forget"
    static let abstract = "Delete donations, and their effect on ranking: by id, intent (+ entity), app, time range, or all."
    static let usage = ["forget (--id <donation> | --app <app> [--intent <id> [--entity <type/id>]] | --from <time> [--to <time>] | --all)"]
    static let options: [Option] = [
        .donation,
        .app.explained("Every donation of the app (with --intent: of that intent; with --entity too: only those that used the entity)."),
        .intent.explained("With --app: the intent."),
        .entity.once().explained("With --intent: only donations that used this entity."),
        .fromTime, .toTime, .all,
    ]

    static func validate(_ args: ParsedArguments) throws(LimelightError) {
        try checkOneForgetSelector(args)
        if args.value(.donation) == nil, !args.has(.all), args.value(.fromTime) == nil, args.value(.toTime) == nil {
            guard args.value(.app) != nil else { throw LimelightError(.usage, "say what to forget: --id, --app, --from/--to or --all") }
            if args.value(.intent) == nil, args.value(.entity) != nil { throw LimelightError(.usage, "--entity goes with --intent") }
        }
    }

    static func run(_ args: ParsedArguments) throws(LimelightError) {
        let what: Forgetting
        if let id = args.value(.donation) {
            what = .donation(id: id)
        } else if args.has(.all) {
            what = .everything
        } else if args.value(.fromTime) != nil || args.value(.toTime) != nil {
            what = .timeRange(from: try args.value(.fromTime).map { (t) throws(LimelightError) in try parseTime(t, option: .fromTime) },
                              to: try args.value(.toTime).map { (t) throws(LimelightError) in try parseTime(t, option: .toTime) })
        } else {
            let app = try require(args, .app)
            if let intent = args.value(.intent) {
                what = .intent(app: app, intent: intent, entity: try args.value(.entity).map { (e) throws(LimelightError) in try parseEntityRef(e) })
            } else {
                what = .app(app)
            }
        }
        let writer = try openWriter(args, self)
        defer { writer.close() }
        let n = try writer.forget(what)
        if n > 0 { try Maintenance.scrub(writer) }
        print("Forgot \(n) donation\(n == 1 ? "" : "s").")
    }
}
