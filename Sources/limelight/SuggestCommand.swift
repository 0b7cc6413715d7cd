import LimelightKit

struct SuggestCommand: Command {
    static let name = "suggest"
    static let abstract = "Zero-query suggestions: what you will likely want now, from context and usage."
    static let usage = "suggest [--context <name>]... [--at <time>] [--limit <n>] [--app <app>] [--json] [--explain]"
    static let details = """
        OPTIONS:
          --context <name>        A current context, e.g. audio.workout.running or
                                  location.home (repeatable).
          --at <time>             The moment, ISO 8601 with offset (default now); its hour,
                                  weekday and offset matter.
          --limit <n>             At most n suggestions (default 10).
          --app <app>             Only this app's items.
          --json                  One JSON hit per line.
          --explain               Show each component of each score.
        """
    static let spec = ArgumentSpec(options: globalOptions.union(["limit", "app", "context", "at"]),
                                   repeatable: ["context"], flags: ["json", "explain"])

    static func run(_ args: ParsedArguments) throws(LimelightError) {
        if !args.positionals.isEmpty { throw LimelightError(.usage, "suggest takes no query (use 'limelight search')") }
        var request = SearchRequest(query: "")
        request.limit = try args.int("limit", min: 1, max: 10_000) ?? 10
        request.app = args.value("app")
        request.contexts = try validateContexts(args.all("context"))
        request.at = try parseTime(args.value("at"))
        let response = try Searcher(location: location(args)).search(request)
        if args.has("json") {
            for h in response.hits { print(Output.hitJSON(h, explain: args.has("explain")).serialized) }
        } else {
            Output.table(response, explain: args.has("explain"))
        }
    }
}
