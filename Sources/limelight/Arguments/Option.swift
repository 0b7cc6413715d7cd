/// One command-line option, declared once: its name, the name of its value
/// (none for a flag), its help, whether it may be repeated, and the range of a
/// whole-number value. Parsing, help, validation (and later completions and
/// the man page) all read these declarations; commands read values by them.
///
///     static let options: [Option] = [.app, .limit, .json]
///     let n = try args.int(.limit) ?? 10
struct Option: Sendable {
    /// Without the leading dashes: `limit` for `--limit`.
    let name: String
    /// A one-letter alias (`-V`), if any.
    var short: Character? = nil
    /// What the help calls the value (`<n>`); nil for a flag.
    var valueName: String? = nil
    var repeatable: Bool = false
    /// For whole-number values: the accepted range, checked before the command runs.
    var range: ClosedRange<Int>? = nil
    /// Takes every argument after it as its values (a program and its argv).
    var takesRest: Bool = false
    var help: String

    var isFlag: Bool { valueName == nil }

    /// The same option, explained as one command uses it.
    func explained(_ text: String) -> Option {
        var o = self
        o.help = text
        return o
    }

    /// The same option with another accepted range.
    func range(_ r: ClosedRange<Int>) -> Option {
        var o = self
        o.range = r
        return o
    }

    /// The same option, taken at most once by one command.
    func once() -> Option {
        var o = self
        o.repeatable = false
        return o
    }

    /// `--limit <n>` / `-V, --version`, as help and usage errors spell it.
    var label: String {
        (short.map { "-\($0), " } ?? "") + "--" + name + (valueName.map { " <\($0)>" } ?? "") + (takesRest ? " …" : "")
    }
}

/// A positional argument: its name in help, what it is, and how many it takes.
struct Positional: Sendable {
    enum Count: Sendable {
        /// Exactly one.
        case one
        /// None or one.
        case optional
        /// Any number, none included.
        case many
        /// At least one.
        case oneOrMore
    }

    let name: String
    let help: String
    var count: Count
    /// The only values it takes, if they are few (completed by the shells).
    var choices: [String]

    init(_ name: String, _ count: Count, choices: [String] = [], help: String) {
        self.name = name
        self.help = help
        self.count = count
        self.choices = choices
    }
}

// MARK: - Every option, declared once

extension Option {
    // Taken by every command (and before the subcommand).
    static let index = Option(name: "index", valueName: "dir", help: "The index directory (default: $LIMELIGHT_INDEX, else $XDG_DATA_HOME/limelight/index, else ~/.local/share/limelight/index).")
    static let remote = Option(name: "remote", valueName: "host:port", repeatable: true,
                               help: "Search the shards that xapian-tcpsrv serves at host:port instead of a local index (one per shard, repeatable; search and suggest only).")
    /// Taken by every command, before or after the subcommand.
    static let globals: [Option] = [.index, .remote]
    static let helpFlag = Option(name: "help", short: "h", help: "Show help information.")
    // Only before a subcommand.
    static let version = Option(name: "version", short: "V", help: "Show the version.")

    static let app = Option(name: "app", valueName: "app", help: "The app.")
    static let type = Option(name: "type", valueName: "type", help: "The entity type.")
    static let id = Option(name: "id", valueName: "id", help: "The id.")
    static let kind = Option(name: "kind", valueName: "kind", help: "app (default without --type), intent or shortcut.")
    static let context = Option(name: "context", valueName: "name", repeatable: true,
                                help: "A current context, e.g. audio.workout.running or location.home (repeatable).")
    static let at = Option(name: "at", valueName: "time", help: "The moment, ISO 8601 with offset, or a date for the start of that local day (default now).")
    static let limit = Option(name: "limit", valueName: "n", range: 1...10_000, help: "At most n results (default 10).")
    static let `where` = Option(name: "where", valueName: "predicate", repeatable: true,
                                help: "Only entities whose property matches, e.g. lengthKm>20, start>=2026-12-01, difficulty=hard, attendees~ana (repeatable; see 'limelight help resolve').")
    static let intent = Option(name: "intent", valueName: "id", help: "The intent.")
    static let shortcut = Option(name: "shortcut", valueName: "id", help: "The App Shortcut.")
    static let entity = Option(name: "entity", valueName: "type/id", repeatable: true, help: "An entity (repeatable).")
    static let donation = Option(name: "id", valueName: "donation", help: "One donation, by the id 'donate' printed.")
    /// `delete --donation D`: DESIGN's "delete … by donation" (`forget --id D`).
    static let deletedDonation = Option(name: "donation", valueName: "donation", help: "One donation, by the id 'donate' printed.")
    static let fromTime = Option(name: "from", valueName: "time", help: "Donations at or after this time (ISO 8601 with offset, or a date for the start of that local day) …")
    static let toTime = Option(name: "to", valueName: "time", help: "… and before this one (either bound may be alone).")
    static let fromFiles = Option(name: "from", valueName: "file", repeatable: true,
                                  help: "Rebuild from these JSON Lines files instead of the stored records (repeatable; '-' = stdin).")
    static let shards = Option(name: "shards", valueName: "n", range: 1...256,
                               help: "Write a sharded index: n ordinary indexes DIR/shard-0 … built in parallel, every record in one of them by a stable hash of its key (1: an ordinary index). An index that is sharded already keeps its count; to change it, 'rebuild --shards' ('rebuild --shards 1' un-shards it).")
    static let allowEmpty = Option(name: "allow-empty", help: "With --from: accept input with no records (an empty index); without it, empty input is refused (exit 65).")
    static let clientState = Option(name: "client-state", valueName: "state",
                                    help: "Commit this opaque state (at most 250 bytes) with the records, atomically; read it back with 'limelight client-state' to resume an interrupted job.")

    static let idleExit = Option(name: "idle-exit", valueName: "seconds", range: 0...86_400,
                                 help: "Exit after this many seconds without a call (default 0: never). D-Bus starts it again on the next call.")
    static let system = Option(name: "system", help: "For every user: under /usr/local/share (or --prefix), where GNOME Shell looks.")
    static let prefix = Option(name: "prefix", valueName: "dir", help: "With --system: install under DIR/share instead of /usr/local/share.")

    static let json = Option(name: "json", help: "Print JSON.")
    static let explain = Option(name: "explain", help: "Show each component of each score.")
    static let stdin = Option(name: "stdin", help: "Read from standard input, one per line.")
    static let all = Option(name: "all", help: "Every donation.")
    static let format = Option(name: "format", valueName: "format",
                               help: "table (default); json: as --json; tsv: one hit per line, its id, title, subtitle, kind and app tab-separated, no headings (for fzf); lines: one hit per line, its title, then ' — ' and its subtitle if it has one (as dmenu shows it).")
    static let menu = Option(name: "menu", valueName: "program", takesRest: true,
                             help: "The dmenu-like program to run and its arguments: everything after --menu is its argv (default: dmenu).")
    static let list = Option(name: "list", valueName: "what", help: "Print the index's app ids (apps) or entity types (types), one per line, for the completion scripts.")
    static let query = Option(name: "query", valueName: "text", help: "Open the top hit of this search.")
    static let dryRun = Option(name: "dry-run", help: "Print the argv that would run (one JSON array per line); start nothing, record nothing.")
    static let watch = Option(name: "watch", help: "Keep running: sync a source again when its files change (inotify, debounced), until SIGTERM or SIGINT.")
}
