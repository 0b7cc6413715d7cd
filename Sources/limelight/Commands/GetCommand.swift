import LimelightKit

struct GetCommand: Command {
    static let name = "get"
    static let abstract = "Show a stored record: an entity (by id or stable id), app, intent or App Shortcut."
    static let usage = ["get --app <app> [--type <type> --id <id> | --kind intent|shortcut --id <id>]"]
    static let options: [Option] = [
        .app, .type.explained("An entity type (with --id: the entity's id or stable id)."), .kind, .id,
        .json.explained("Accepted for symmetry: the record is printed as JSON anyway."),
    ]

    static func validate(_ args: ParsedArguments) throws(CLIError) {
        // (--kind beside --type was dropped: an entity is what --type names.)
        if args.value(.type) != nil, let kind = args.value(.kind) { throw CLIError.usage("give --type (an entity) or --kind \(kind), not both") }
    }

    static func run(_ args: ParsedArguments) throws {
        let app = try require(args, .app)
        let lookup = try Lookup(location: location(args))
        let found: Record?
        if let type = args.value(.type) {
            // As resolve answers it: an expired entity appears nowhere.
            found = try lookup.resolve(app: app, type: type, ids: [try require(args, .id)]).first?.record
        } else {
            guard let kind = RecordKind(rawValue: args.value(.kind) ?? "app"), [.app, .intent, .shortcut].contains(kind) else {
                throw CLIError.usage("--kind takes app, intent or shortcut")
            }
            if kind == .app, args.value(.id) != nil { throw CLIError.usage("--id needs --type (an entity) or --kind intent|shortcut") }
            found = try lookup.record(kind: kind, app: app, id: kind == .app ? nil : try require(args, .id))
        }
        guard let found else {
            let what = args.value(.type).map { "entity \($0)/\(args.value(.id) ?? "")" }
                ?? (args.value(.kind) ?? "app") + (args.value(.id).map { " " + $0 } ?? "")
            throw CLIError.failed("no \(what) of \(app) in the index")
        }
        print(found.json.serialized)
    }
}
