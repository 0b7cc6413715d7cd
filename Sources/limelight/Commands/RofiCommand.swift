#if canImport(Glibc)
import Glibc
#endif
import LimelightKit

struct RofiCommand: Command {
    static let name = "rofi"
    static let abstract = "A rofi script mode: every item in Limelight's order; the chosen one is opened."
    static let discussion = """
        Run it as rofi's script: rofi -modi 'limelight:limelight rofi' -show limelight
        (rofi 1.7.4 and later also take -modes). The first call lists every item,
        best first, with its icon, its subtitle, kind and app as hidden search
        terms and its id as the row's info; when a row is chosen, rofi calls again
        with ROFI_RETV=1 and the id in ROFI_INFO, and the item is opened as 'limelight
        open' opens it (detached, in a session of its own) and the use recorded.
        Text that matches no row (ROFI_RETV=2) opens Limelight's top hit for it;
        spaces alone open nothing. What rofi passes back is never read as an option.
        """
    static let usage = ["rofi [<selection>] [--limit <n>] [--context <name>]..."]
    static let positionals = [Positional("selection", .optional, help: "What rofi passes back: the chosen row, or the text typed.")]
    static let options: [Option] = [
        .limit.range(0...1_000_000).explained("At most n rows (default 0: every item)."),
        .context,
    ]

    /// rofi appends the chosen row's text, or the text typed, as the last
    /// argument (rofi-script(5); script.c's execute_executor) of every call
    /// but the first (ROFI_RETV 0): it is data, never an option. A row titled
    /// `--index=/elsewhere` or text typed `--help` was read as one.
    static func markingData(_ args: [String]) -> [String] {
        guard let retv = Files.environment("ROFI_RETV"), retv != "0", let selection = args.last else { return args }
        return args.dropLast() + ["--", selection]
    }

    static func run(_ args: ParsedArguments) throws {
        let location = try location(args)
        let retv = Files.environment("ROFI_RETV").flatMap { Int($0) } ?? 0
        switch retv {
        case 1:
            // A row was chosen: its id is in ROFI_INFO.
            let info = Files.environment("ROFI_INFO") ?? ""
            guard let hit = HitID(text: info) else { throw CLIError.failed("rofi passed no Limelight id (ROFI_INFO='\(info)')") }
            let live = try LiveSearcher(location: location)
            try Activation.open(hit, lookup: live.lookup, location: location)
        case 2:
            // Blank text opens nothing (GNOME and KRunner answer it with no results).
            let typed = args.positionals.first ?? ""
            guard !typed.isBlank else { return }
            try Launcher.openTopHit(typed, like: try rows(args), location: location)
        default:
            let request = try rows(args)
            let live = try LiveSearcher(location: location)
            let hits = try live.searcher.search(request).hits
            var out = "\0prompt\u{1f}Limelight\n"
            var looks = AppLooks()
            // rofi loads a file only by its absolute path, as the shells do (`BusIcon`).
            for h in hits { out += row(h, icon: BusIcon.name(try h.icon ?? looks.icon(of: h.app, live.lookup))) }
            try Launcher.write(out)
        }
    }

    /// The search the rows are listed by; typed text's top hit is searched
    /// like it (in the same contexts).
    static func rows(_ args: ParsedArguments) throws -> SearchRequest {
        var request = SearchRequest(query: "")
        request.explained = false
        request.limit = args.int(.limit) ?? 0
        request.contexts = try validateContexts(args.all(.context))
        return request
    }

    /// `text \0icon\x1f… \x1fmeta\x1f… \x1finfo\x1f<id>\n` (rofi-script(5)).
    static func row(_ h: SearchHit, icon: String) -> String {
        let meta = [h.subtitle ?? "", h.kind.rawValue, h.app].filter { !$0.isEmpty }.joined(separator: " ")
        return HitFormat.line(h) + "\0icon\u{1f}" + HitFormat.field(icon)
            + "\u{1f}meta\u{1f}" + HitFormat.field(meta) + "\u{1f}info\u{1f}" + HitID(h).text + "\n"
    }
}

/// What the launcher front ends share.
enum Launcher {
    /// Every byte of `text` to stdout (rofi rows carry NULs, which print would
    /// keep too, but this is one write). A write that fails is an error: past
    /// stdio, the exit's check of stdout does not see it (rofi > /dev/full exited 0).
    static func write(_ text: String) throws(CLIError) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress!, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { throw CLIError.failed("cannot write the output: \(String(cString: strerror(errno)))") }
            bytes = bytes.dropFirst(n)
        }
    }

    /// Typed text that is not a row: open Limelight's top hit for it, searched
    /// as the rows were (`rows`: their contexts; it searched in none, and
    /// opened another item than the one listed first for the same text).
    static func openTopHit(_ text: String, like rows: SearchRequest, location: IndexLocation) throws {
        let live = try LiveSearcher(location: location)
        var request = rows
        request.query = text
        request.limit = 1
        guard let top = try live.searcher.search(request).hits.first else {
            throw CLIError.failed("nothing matches \"\(text)\"")
        }
        try Activation.open(HitID(top), lookup: live.lookup, location: location)
    }
}
