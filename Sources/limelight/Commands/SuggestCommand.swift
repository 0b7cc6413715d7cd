import LimelightKit

struct SuggestCommand: Command {
    static let name = "suggest"
    static let readsRemote = true
    static let abstract = "Zero-query suggestions: what you will likely want now, from context and usage."
    static let discussion = "The same as 'limelight search \"\"', with the same options but --stdin."
    static let usage = ["suggest [--context <name>]... [--at <time>] [--limit <n>] [--app <app>] [--type <type>] [--where <predicate>]... [--json | --format table|json|tsv|lines] [--explain]"]
    static let options: [Option] = [
        .context,
        .at.explained("The moment, ISO 8601 with offset (default now; a date alone is the start of that local day); its hour, weekday and offset matter."),
        .limit.range(0...1_000_000).explained("At most n suggestions (default 10; 0: every item, in order)."),
        .app.explained("Only this app's items."), .type.explained("Only entities of this type."), .where,
        .json.explained("One JSON hit per line."), .format, .explain,
    ]

    static func validate(_ args: ParsedArguments) throws(CLIError) {
        try HitFormat.validate(args)
        if !args.positionals.isEmpty { throw CLIError.usage("suggest takes no query (use 'limelight search')") }
    }

    static func run(_ args: ParsedArguments) throws {
        let (live, request) = try SearchArguments.request(args, self)
        let response = try live.searcher.search(request)
        let format = HitFormat(args)
        if format == .tsv || format == .lines {
            format.print(response.hits)
        } else if format == .json {
            for h in response.hits { print(Output.hitJSON(h, explain: args.has(.explain)).serialized) }
        } else {
            Output.table(response, explain: args.has(.explain), filtered: request.isFiltered)
        }
    }
}
