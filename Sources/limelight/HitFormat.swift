import LimelightKit

/// How `search` and `suggest` print hits (`--format`, and `--json`).
enum HitFormat: String {
    case table, json, tsv, lines

    init(_ args: ParsedArguments) {
        self = args.value(.format).flatMap(HitFormat.init(rawValue:)) ?? (args.has(.json) ? .json : .table)
    }

    static func validate(_ args: ParsedArguments) throws(CLIError) {
        guard let v = args.value(.format) else { return }
        guard HitFormat(rawValue: v) != nil else {
            throw CLIError.usage("--format takes table, json, tsv or lines, got '\(v)'")
        }
        if args.has(.json), v != "json" { throw CLIError.usage("give --json or --format \(v), not both") }
        // One line a hit has no room for a score's components (it was ignored).
        if args.has(.explain), v == "tsv" || v == "lines" {
            throw CLIError.usage("--explain shows with the table or JSON, not --format \(v)")
        }
    }

    /// tsv or lines, one hit per line: no headings, no message when empty, so
    /// every line a menu shows is a hit.
    func print(_ hits: [SearchHit]) {
        for h in hits { Swift.print(self == .tsv ? Self.tsvRow(h) : Self.line(h)) }
    }

    /// `id <TAB> title <TAB> subtitle <TAB> kind <TAB> app`.
    static func tsvRow(_ h: SearchHit) -> String {
        [HitID(h).text, h.title, h.subtitle ?? "", h.kind.rawValue, h.app].map(field).joined(separator: "\t")
    }

    /// `title — subtitle`, as a menu shows it.
    static func line(_ h: SearchHit) -> String {
        field(h.title) + (h.subtitle.map { $0.isEmpty ? "" : " — " + field($0) } ?? "")
    }

    /// One field: tabs, newlines, other control characters, line separators
    /// and bidirectional overrides (`TerminalText.needsEscape`) become spaces.
    static func field(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { TerminalText.needsEscape($0) ? " " : $0 }))
    }
}
