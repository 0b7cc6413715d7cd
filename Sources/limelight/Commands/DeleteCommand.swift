import LimelightKit

struct DeleteCommand: Command {
    static let name = "delete"
    static let abstract = "Delete an entity (by id or stable id), every entity of a type, or everything of an app."
    static let discussion = "Deleting an entity also deletes the donations that used it and its relevant-context registrations. --donation deletes one donation, as 'forget --id' does."
    static let usage = ["delete --app <app> [--type <type> [--id <id>]] [--json]", "delete --donation <donation> [--json]"]
    static let options: [Option] = [
        .app.explained("The app (alone: everything it indexed or donated)."),
        .type.explained("Every entity of this type (with --id: just that one)."),
        .id.explained("An entity id or stable id."),
        .deletedDonation.explained("One donation, by the id 'donate' printed (as 'forget --id')."),
        .json.explained("Print {\"deleted\":n}."),
    ]

    static func validate(_ args: ParsedArguments) throws(CLIError) {
        if args.value(.deletedDonation) != nil, args.value(.app) != nil || args.value(.type) != nil || args.value(.id) != nil {
            throw CLIError.usage("--donation goes alone: one donation, not an app's records")
        }
        if args.value(.type) == nil, args.value(.id) != nil { throw CLIError.usage("--id needs --type") }
    }

    static func run(_ args: ParsedArguments) throws {
        if let donation = args.value(.deletedDonation) {
            try requireIndex(args, self)
            let n = try removeThenRebuild(try openWriter(args, self), { try $0.forget(.donation(id: donation)) }) {
                "deleted \($0) donation\($0 == 1 ? "" : "s") (it no longer counts)"
            }
            return printRemoved(n, args, json: "deleted", "Deleted \(n) donation\(n == 1 ? "" : "s").")
        }
        let app = try require(args, .app)
        let what: Deletion
        switch (args.value(.type), args.value(.id)) {
        case let (type?, id?): what = .entity(app: app, type: type, id: id)
        case let (type?, nil): what = .type(app: app, type: type)
        case (nil, _): what = .app(app)
        }
        try requireIndex(args, self)
        let n = try removeThenRebuild(try openWriter(args, self), { try $0.delete(what) }) {
            "deleted \($0) record\($0 == 1 ? "" : "s") (they are gone from answers)"
        }
        // Nothing deleted is no error (a delete is idempotent), but a typo
        // in the app, type or id should not read as done.
        let none: String
        switch what {
        case let .entity(app, type, id): none = " (no entity \(type)/\(id) of \(app) in the index)"
        case let .type(app, type): none = " (no entity of type \(type) of \(app) in the index)"
        case let .app(app): none = " (no app \(app) in the index)"
        }
        printRemoved(n, args, json: "deleted", "Deleted \(n) record\(n == 1 ? "" : "s")\(n == 0 ? none : "").")
    }
}
