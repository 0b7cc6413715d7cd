#if canImport(Glibc)
import Glibc
#endif
import LimelightKit

struct SearchCommand: Command {
    static let name = "search"
    static let readsRemote = true
    static let abstract = "Search entities, App Shortcuts and apps as you type."
    static let usage = [
        "search <query> [--limit <n>] [--app <app>] [--type <type>] [--context <name>]... [--at <time>] [--where <predicate>]... [--json | --format table|json|tsv|lines] [--explain]",
        "search --stdin [options]",
    ]
    static let positionals = [Positional("query", .optional, help: "What was typed so far; the last word matches as a prefix. An empty query (\"\") ranks by usage, context and priors.")]
    static let options: [Option] = [
        .limit.range(0...1_000_000).explained("At most n results (default 10; 0: every match, and with \"\" every item, in order)."),
        .app.explained("Only this app's items."), .type.explained("Only entities of this type."), .context, .where,
        .at.explained("The moment of the search, ISO 8601 (default now)."),
        .stdin.explained("Read one query per line from standard input. A query that extends the one before keeps its top hit while it still starts that hit's title (or a word of it) and no better match comes up: an exact title, or a title it starts where it matched the kept hit only from a later word."),
        .json.explained("JSON Lines: one hit per line, or with --stdin one {\"query\":…,\"results\":[…]} line per query."),
        .format.explained("table (default); json: as --json; tsv: one hit per line, its id, title, subtitle, kind and app tab-separated, no headings (for fzf --with-nth); lines: one hit per line, its title, then ' — ' and its subtitle if it has one (as dmenu shows it). With --stdin each answer ends with an empty line."),
        .explain,
    ]

    static func validate(_ args: ParsedArguments) throws(CLIError) {
        try HitFormat.validate(args)
        let fromStdin = args.has(.stdin)
        if fromStdin, !args.positionals.isEmpty { throw CLIError.usage("give a query or --stdin, not both") }
        if !fromStdin, args.positionals.isEmpty { throw CLIError.usage("missing the query (use \"\" for none)") }
    }

    static func run(_ args: ParsedArguments) throws {
        let fromStdin = args.has(.stdin)
        let (live, template) = try SearchArguments.request(args, self)
        let searcher = live.searcher
        let format = HitFormat(args)
        let json = format == .json, explain = args.has(.explain)
        // A query read after another that it extends keeps the top hit the
        // other showed (see TypingMemory); a one-shot search has no memory.
        var typing = TypingMemory()

        func answer(_ query: String) throws {
            var request = template
            request.query = query
            let response = try fromStdin ? typing.search(request, on: live.current()) : searcher.search(request)
            if format == .tsv || format == .lines {
                format.print(response.hits)
                if fromStdin { print("") }
            } else if fromStdin, json {
                var o = JSONObject([("query", .string(query))])
                if let c = response.correctedQuery { o["correctedQuery"] = .string(c) }
                if response.relaxed { o["relaxed"] = .bool(true) }
                o["results"] = .array(response.hits.map { Output.hitJSON($0, explain: explain) })
                print(JSON.object(o).serialized)
            } else if json {
                if let c = response.correctedQuery { Output.err("Showing results for \"\(c)\".") }
                if response.relaxed { Output.err(Output.relaxedNote(response)) }
                for h in response.hits { print(Output.hitJSON(h, explain: explain).serialized) }
            } else {
                if fromStdin { print("query: \(TerminalText.escape(query))") }
                Output.table(response, explain: explain, filtered: request.isFiltered)
            }
        }

        /// The answer to a query that failed, in the format's shape, so that a
        /// reader pairing answers with queries stays in step.
        func emptyAnswer(_ query: String) {
            switch format {
            case .tsv, .lines: print("")
            case .json: print(JSON.object(JSONObject([("query", .string(query)), ("error", .bool(true)), ("results", .array([]))])).serialized)
            default: print("query: \(TerminalText.escape(query))\n")
            }
        }

        if fromStdin {
            // A query that cannot be answered (a remote shard's server down, an
            // index being replaced by hand) is told on stderr and answered
            // empty, and the next is tried afresh: a long-lived reader exited
            // at the first failed query, and its launcher with it.
            var failed = 0
            while let line = readLine(strippingNewline: true) {
                do { try answer(line) } catch {
                    failed += 1
                    Output.err("Error: \"\(line)\": \(error)")
                    emptyAnswer(line)
                }
                fflush(nil)  // each answer as soon as it is asked for (stdout is block-buffered on a pipe)
            }
            if failed > 0 {
                Output.err("\(failed) quer\(failed == 1 ? "y" : "ies") could not be answered")
                fflush(nil)
                exit(1)
            }
        } else {
            try answer(args.positionals[0])
        }
    }
}

/// What `search` and `suggest` share: a request built from the same options.
enum SearchArguments {
    static func request(_ args: ParsedArguments, _ command: any Command.Type) throws -> (LiveSearcher, SearchRequest) {
        var request = SearchRequest(query: "")
        request.limit = args.int(.limit) ?? 10
        request.app = args.value(.app)
        request.type = args.value(.type)
        request.contexts = try validateContexts(args.all(.context))
        request.at = try parseTime(args.value(.at))
        request.explained = args.has(.explain)
        let live = try command.liveSearcher(args)
        let searcher = live.searcher
        let wheres = args.all(.where)
        if !wheres.isEmpty {
            let schema = try searcher.propertySchema()
            for w in wheres { try request.addPredicate(w, schema: schema) }
        }
        // Said, not refused: a script may ask before the app has indexed anything.
        if let app = request.app, try !searcher.holds(app: app) {
            Output.err("warning: no record of app \(app) in the index: nothing can match --app \(app)")
        }
        if let type = request.type, try !searcher.holds(entityType: type) {
            Output.err("warning: no entity of type \(type) in the index: nothing can match --type \(type)")
        }
        return (live, request)
    }
}
