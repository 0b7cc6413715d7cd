#if canImport(Glibc)
import Glibc
#endif
import LimelightKit

/// Writing to the terminal: stdout for results, stderr for messages.
enum Output {
    /// Unbuffered write to fd 2 (avoids the non-Sendable global `stderr`).
    static func err(_ line: String) { errRaw(TerminalText.escape(line) + "\n") }

    /// What `index` and `rebuild --from` say of the interactions the
    /// history settings left out (read and checked, counted, not recorded).
    static func notRecorded(_ n: Int) {
        guard n > 0 else { return }
        err("not recorded: \(n) interaction\(n == 1 ? "" : "s"): history is paused, or was then, the app is excluded, "
            + "forgotten, or older than the retention limit (limelight history status)")
    }

    static func errRaw(_ text: String) {
        var bytes = Array(text.utf8)
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + off, $0.count - off) }
            if n <= 0 { break }
            off += n
        }
    }

    static var stderrIsTerminal: Bool { isatty(2) == 1 }

    static func score(_ d: Double) -> String {
        let r = (d * 10_000).rounded() / 10_000
        return JSON.number(r).serialized
    }

    static func hitJSON(_ h: SearchHit, explain: Bool) -> JSON {
        var o = JSONObject()
        o["rank"] = .number(Double(h.rank))
        o["section"] = .string(h.section.rawValue)
        o["kind"] = .string(h.kind.rawValue)
        o["app"] = .string(h.app)
        if let t = h.type { o["type"] = .string(t) }
        o["id"] = .string(h.id)
        o["title"] = .string(h.title)
        if let s = h.subtitle { o["subtitle"] = .string(s) }
        o["score"] = .number((h.score * 10_000).rounded() / 10_000)
        if let p = h.parameter { o["parameter"] = ["type": .string(p.type), "id": .string(p.id)] }
        if let u = h.url { o["url"] = .string(u) }
        if let e = h.exec { o["exec"] = .string(e) }
        if let i = h.icon { o["icon"] = .string(i) }
        if let d = h.desktopFile { o["desktopFile"] = .string(d) }
        if h.keptOnTop { o["keptOnTop"] = .bool(true) }
        if explain {
            o["explain"] = .object(JSONObject(h.components.map { ($0.name, .number(($0.value * 10_000).rounded() / 10_000)) }))
        }
        return .object(o)
    }

    /// Pads to a display width in terminal columns (`TerminalText.columns`),
    /// or cuts to it with "…" inside the width (a cut title took one column
    /// more than the others, and its row sat one column right).
    static func pad(_ s: String, _ width: Int) -> String {
        let columns = s.map(TerminalText.columns)
        let total = columns.reduce(0, +)
        if total <= width { return s + String(repeating: " ", count: width - total) }
        var out = "", w = 0
        for (ch, cw) in zip(s, columns) {
            if w + cw > width - 1 { break }
            out.append(ch)
            w += cw
        }
        return out + "…" + String(repeating: " ", count: max(0, width - 1 - w))
    }

    static func relaxedNote(_ response: SearchResponse) -> String {
        "No item matches every word of \"\(TerminalText.escape(response.query))\"; showing items that match some."
    }

    static func table(_ response: SearchResponse, explain: Bool, filtered: Bool = false) {
        if response.hits.isEmpty {
            print(!response.query.isEmpty ? "No results for \"\(TerminalText.escape(response.query))\"."
                  : filtered ? "No suggestions match the --app, --type or --where given."
                  : "No suggestions yet: index some records and interactions first.")
            return
        }
        if let c = response.correctedQuery { print("Showing results for \"\(TerminalText.escape(c))\" (no match for \"\(TerminalText.escape(response.query))\").") }
        if response.relaxed { print(relaxedNote(response)) }
        var section: SearchHit.Section? = nil
        for h in response.hits {
            if h.section != section {
                section = h.section
                print(h.section.heading)
            }
            var title = h.title
            if let s = h.subtitle, !s.isEmpty { title += " — " + s }
            print("  " + pad(String(h.rank), 3) + pad(h.kind.rawValue, 9) + pad(TerminalText.escape(title), 46) + " " + pad(TerminalText.escape(h.app), 24) + " " + score(h.score))
            if explain {
                let parts = h.components.map { "\($0.name) \(score($0.value))" }.joined(separator: " + ")
                print("       = " + parts + (h.keptOnTop ? "  (kept on top: it was the top hit for the query this one extends)" : ""))
            }
        }
    }
}

extension SearchHit.Section {
    /// The section's heading in the table and as a KRunner match's category.
    var heading: String {
        switch self {
        case .topHit: return "Top Hit"
        case .shortcuts: return "App Shortcuts"
        case .results: return "Results"
        case .suggestions: return "Suggestions"
        case .someWords: return "Matching Some Words"
        }
    }
}
