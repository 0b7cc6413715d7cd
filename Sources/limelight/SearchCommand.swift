#if canImport(Glibc)
import Glibc
#endif
import LimelightKit

struct SearchCommand: Command {
    static let name = "search"
    static let abstract = "Search entities, App Shortcuts and apps as you type."
    static let usage = """
        search <query> [--limit <n>] [--app <app>] [--type <type>] [--context <name>]... [--at <time>] [--where <predicate>]... [--json] [--explain]
               limelight search --stdin [options]
        """
    static let details = """
        ARGUMENTS:
          <query>                 What was typed so far; the last word matches as a prefix.
                                  An empty query ("") ranks by usage, context and priors.

        OPTIONS:
          --limit <n>             At most n results (default 10).
          --app <app>             Only this app's items.
          --type <type>           Only entities of this type.
          --context <name>        A current context, e.g. audio.workout.running (repeatable).
          --where <predicate>     Only entities whose property matches, e.g. lengthKm>20,
                                  start>=2026-12-01, difficulty=hard, attendees~ana
                                  (repeatable; see 'limelight help resolve').
          --at <time>             The moment of the search, ISO 8601 (default now).
          --stdin                 Read one query per line from standard input.
          --json                  JSON Lines: one hit per line, or with --stdin one
                                  {"query":…,"results":[…]} line per query.
          --explain               Show each component of each score.
        """
    static let spec = ArgumentSpec(options: globalOptions.union(["limit", "app", "type", "context", "at", "where"]),
                                   repeatable: ["context", "where"], flags: ["json", "explain", "stdin"])

    static func run(_ args: ParsedArguments) throws(LimelightError) {
        let fromStdin = args.has("stdin")
        if fromStdin, !args.positionals.isEmpty { throw LimelightError(.usage, "give a query or --stdin, not both") }
        if !fromStdin, args.positionals.count != 1 {
            throw LimelightError(.usage, args.positionals.isEmpty ? "missing the query (use \"\" for none)" : "give the query as one argument (quote it)")
        }
        var template = SearchRequest(query: "")
        template.limit = try args.int("limit", min: 1, max: 10_000) ?? 10
        template.app = args.value("app")
        template.type = args.value("type")
        template.contexts = try validateContexts(args.all("context"))
        template.at = try parseTime(args.value("at"))
        let json = args.has("json"), explain = args.has("explain")
        let live = try LiveSearcher(location: location(args))
        let searcher = live.searcher
        if !args.all("where").isEmpty {
            let schema = try searcher.propertySchema()
            for w in args.all("where") { try template.addPredicate(w, schema: schema) }
        }

        func answer(_ query: String) throws(LimelightError) {
            var request = template
            request.query = query
            let response = try (fromStdin ? live.current() : searcher).search(request)
            if fromStdin, json {
                var o = JSONObject([("query", .string(query))])
                if let c = response.correctedQuery { o["correctedQuery"] = .string(c) }
                o["results"] = .array(response.hits.map { Output.hitJSON($0, explain: explain) })
                print(JSON.object(o).serialized)
            } else if json {
                if let c = response.correctedQuery { Output.err("Showing results for \"\(c)\".") }
                for h in response.hits { print(Output.hitJSON(h, explain: explain).serialized) }
            } else {
                if fromStdin { print("query: \(query)") }
                Output.table(response, explain: explain)
            }
        }

        if fromStdin {
            while let line = readLine(strippingNewline: true) {
                try answer(line)
                fflush(nil)  // each answer as soon as it is asked for (stdout is block-buffered on a pipe)
            }
        } else {
            try answer(args.positionals[0])
        }
    }
}
