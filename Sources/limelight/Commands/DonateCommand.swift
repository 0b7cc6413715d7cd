import LimelightKit

struct DonateCommand: Command {
    static let name = "donate"
    static let abstract = "Record an interaction (IntentDonationManager.donate) and print its donation id."
    static let usage = [
        "donate --app <app> [--intent <id>] [--shortcut <id>] [--entity <type/id>]... [--at <time>] [--context <name>]...",
        "donate <file>...   (JSON Lines interaction records; '-' = stdin)",
    ]
    static let positionals = [Positional("file", .many, help: "JSON Lines files of interaction records, instead of the options; '-' reads standard input.")]
    static let options: [Option] = [
        .app.explained("The app. With neither --intent nor --shortcut, a launch."),
        .intent.explained("The intent performed."),
        .shortcut.explained("The App Shortcut used."),
        .entity.explained("An entity the interaction used (repeatable)."),
        .at.explained("When, ISO 8601 with offset (default now; a date alone is the start of that local day)."),
        .context.explained("A context it happened in (repeatable)."),
        .id.explained("Your own donation id (default: a new one, so two launches are two uses)."),
        .json.explained("Print {\"id\":…,\"recorded\":true} for each donation ({\"recorded\":false} when history is paused or was then, the app is excluded, the use was forgotten, or it is older than history keeps)."),
    ]

    static func validate(_ args: ParsedArguments) throws(CLIError) {
        // A file's records say everything: a flag beside them would be ignored.
        let flags: [Option] = [.app, .intent, .shortcut, .entity, .at, .context, .id]
        if !args.positionals.isEmpty, flags.contains(where: { args.value($0) != nil }) { throw CLIError.usage("give files or flags, not both") }
    }

    static func run(_ args: ParsedArguments) throws {
        var batch: [LocatedRecord]
        if !args.positionals.isEmpty {
            batch = try RecordReader.read(args.positionals)
            if let bad = batch.first(where: { $0.record.kind != .interaction }) {
                throw CLIError.rejected(["\(bad.location): donate takes interaction records; use 'limelight index' for \(bad.record.kind.rawValue) records"])
            }
        } else {
            var o = JSONObject([("kind", "interaction"), ("app", .string(try require(args, .app)))])
            if let id = args.value(.id) { o["id"] = .string(id) }
            if let i = args.value(.intent) { o["intent"] = .string(i) }
            if let s = args.value(.shortcut) { o["shortcut"] = .string(s) }
            let refs = try args.all(.entity).map { (e) throws(CLIError) -> EntityRef in try parseEntityRef(e) }
            if !refs.isEmpty { o["entities"] = refsJSON(refs) }
            // To the microsecond, as a pause's ends are kept (see `open`).
            o["at"] = .string(try parseTime(args.value(.at)).preciseDescription)
            let contexts = try validateContexts(args.all(.context))
            if !contexts.isEmpty { o["context"] = .array(contexts.map(JSON.string)) }
            batch = [LocatedRecord(try record(o, what: "donate"), at: "donate")]
        }
        // Journalled: returns at once whatever else holds the index.
        let ids = try Donations.record(batch.map(\.record), location: location(args), locations: batch.map(\.location))
        for id in ids {
            if id == nil {
                Output.err("not recorded: history is paused, or was then, the app is excluded, the use was forgotten, or it is older than history keeps (limelight history status)")
            }
            if args.has(.json) {
                print(JSON.object(JSONObject(id.map { [("id", JSON.string($0)), ("recorded", .bool(true))] } ?? [("recorded", .bool(false))])).serialized)
            } else if let id {
                print(id)
            }
        }
    }
}
