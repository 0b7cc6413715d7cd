// The two as-you-type measures, shared by the bundled corpus and the Debian
// catalog: keystrokes to the top hit (with the stability share) and one-edit
// typo recall@5.
import LimelightKit

/// A title typed one character at a time until its target is the top hit.
struct TypedTitle {
    var title: String
    var target: Target
    var script: String
}

/// A query with one edit in one word, and what it should still find.
struct TypoQuery {
    var query: String
    var target: Target
    var edit: String
}

struct KeystrokeMeasure {
    var toTop: [Double] = [], toTop3: [Double] = [], ratio: [Double] = []
    var neverTop = 0, neverTop3 = 0
    var sequences = 0, unstable = 0
    /// Prefixes of a title (each a prefix of indexed words) that the engine
    /// "corrected" into something else: issue 15 wants none.
    var prefixes = 0, corrected = 0
    /// The first few of them, to show what went wrong.
    var correctedExamples: [String] = []
    var byScript: [String: (n: Int, sum: Double)] = [:]

    /// Types every title to the end (the top hits of the whole sequence are
    /// needed for stability), `search` answering each prefix with the top 3.
    /// With `memory`, as a long-lived reader answers (`search --stdin`,
    /// `limelight serve`): a keystroke that extends the query before keeps
    /// its top hit (`TypingMemory`); without, as a one-shot `limelight search`.
    static func measure(_ titles: [TypedTitle], memory: Bool, request: (String) -> SearchRequest,
                        on searcher: Searcher) throws -> KeystrokeMeasure {
        var typing = TypingMemory()
        return try measure(titles) { q in
            memory ? try typing.search(request(q), on: searcher) : try searcher.search(request(q))
        }
    }

    static func measure(_ titles: [TypedTitle], search: (String) throws -> SearchResponse) rethrows -> KeystrokeMeasure {
        var m = KeystrokeMeasure()
        for t in titles {
            let chars = Array(t.title)
            var first1: Int? = nil, first3: Int? = nil
            var tops: [Target?] = []
            for k in 1...chars.count {
                let response = try search(String(chars[0..<k]))
                m.prefixes += 1
                if let c = response.correctedQuery {
                    m.corrected += 1
                    if m.correctedExamples.count < 3 { m.correctedExamples.append("`\(response.query)` → `\(c)`") }
                }
                let hits = response.hits
                // A bound shortcut on top counts as the entity it shows.
                tops.append(hits.first.map { let t = Target.of($0); return t.count > 1 ? t[1] : t[0] })
                if let r = rank(of: t.target, in: hits) {
                    if first3 == nil { first3 = k }
                    if r == 1, first1 == nil { first1 = k }
                }
            }
            m.sequences += 1
            if leavesAndComesBack(tops) { m.unstable += 1 }
            if let f = first1 {
                m.toTop.append(Double(f))
                m.ratio.append(Double(f) / Double(chars.count))
                m.byScript[t.script, default: (0, 0)].n += 1
                m.byScript[t.script, default: (0, 0)].sum += Double(f)
            } else { m.neverTop += 1 }
            if let f = first3 { m.toTop3.append(Double(f)) } else { m.neverTop3 += 1 }
        }
        return m
    }

    /// A top hit that leaves and later comes back made the list jump under
    /// the person's eyes.
    static func leavesAndComesBack(_ tops: [Target?]) -> Bool {
        var left = Set<Target>()
        for (i, t) in tops.enumerated() {
            guard let t else { continue }
            if left.contains(t) { return true }
            if i > 0, let prev = tops[i - 1], prev != t { left.insert(prev) }
        }
        return false
    }

    /// The measure's rows: (what is measured, its value); `alone`, the same
    /// titles answered with no memory, adds its own two rows.
    func rows(perScript: Bool, alone: KeystrokeMeasure? = nil) -> [(String, String)] {
        var out = [
            ("characters until rank 1 (mean / median)", "\(fmt(mean(toTop), 2)) / \(fmt(median(toTop), 0))"),
            ("… as a fraction of the title's length (mean)", fmt(mean(ratio))),
            ("characters until rank ≤ 3 (mean / median)", "\(fmt(mean(toTop3), 2)) / \(fmt(median(toTop3), 0))"),
            ("never rank 1 / never in the top 3, even fully typed", "\(neverTop) / \(neverTop3)"),
            ("sequences whose top hit leaves and comes back", "\(unstable) of \(sequences) (\(fmt(Double(unstable) / Double(max(sequences, 1)))))"),
            ("prefixes shown as a correction (\"showing results for …\")", "\(corrected) of \(prefixes)" + (correctedExamples.isEmpty ? "" : " (\(correctedExamples.joined(separator: ", ")))")),
        ]
        if let alone {
            out.insert(contentsOf: [
                ("… with no memory (a one-shot `limelight search` per keystroke): characters until rank 1 (mean / median)",
                 "\(fmt(mean(alone.toTop), 2)) / \(fmt(median(alone.toTop), 0))"),
                ("… with no memory: sequences whose top hit leaves and comes back",
                 "\(alone.unstable) of \(alone.sequences) (\(fmt(Double(alone.unstable) / Double(max(alone.sequences, 1)))))"),
            ], at: 5)
        }
        if perScript {
            for (script, v) in byScript.sorted(by: { $0.key < $1.key }) {
                out.append(("characters until rank 1, \(script) titles (mean)", fmt(v.sum / Double(v.n), 2)))
            }
        }
        return out
    }
}

struct TypoMeasure {
    var byEdit: [String: (n: Int, hit: Int)] = [:]
    var total: (n: Int, hit: Int) { byEdit.values.reduce((0, 0)) { ($0.0 + $1.n, $0.1 + $1.hit) } }

    static func measure(_ typos: [TypoQuery], search: (String) throws -> [SearchHit]) rethrows -> TypoMeasure {
        var m = TypoMeasure()
        for t in typos {
            let ok = rank(of: t.target, in: try search(t.query)) != nil
            m.byEdit[t.edit, default: (0, 0)].n += 1
            if ok { m.byEdit[t.edit, default: (0, 0)].hit += 1 }
        }
        return m
    }

    /// (edit, queries, recall@5) rows, all edits last (in bold).
    var rows: [(String, String, String)] {
        var out = byEdit.sorted { $0.key < $1.key }.map { ($0.key, "\($0.value.n)", fmt(Double($0.value.hit) / Double($0.value.n))) }
        out.append(("**all**", "\(total.n)", "**\(fmt(Double(total.hit) / Double(max(total.n, 1))))**"))
        return out
    }
}

/// Titles of several words typed as launchers read them, each word cut to
/// its first few letters ("gol gat bri" for Golden Gate Bridge): where its
/// target ranks, and whether the answer was a correction or matched only
/// some words.
struct AbbreviationMeasure {
    var titles = 0, first = 0, topThree = 0, corrected = 0, relaxed = 0

    /// The title with every word cut to `letters`, or nil where that is not
    /// an abbreviation of several latin words (one word, CJK, or no word
    /// longer than `letters`). An apostrophe stays inside its word: "Don't
    /// Drive" is "don dri", as it is typed, not "don t dri"; an elided
    /// article is no word ("Calanque d'En-Vau" is "cal en vau", as Lucene's
    /// French analyzer reads it; `Tokenizer.isElision`).
    static func abbreviation(of t: TypedTitle, letters: Int) -> String? {
        guard t.script != "cjk" else { return nil }
        let words = t.title.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "’" }
            .map(withoutElidedArticle).map { $0.filter { $0 != "'" && $0 != "’" } }.filter { !$0.isEmpty }
        guard words.count >= 2, words.contains(where: { $0.count > letters }) else { return nil }
        return words.map { String($0.prefix(letters)) }.joined(separator: " ")
    }

    /// "en" of "d'en": the word after an elided article.
    static func withoutElidedArticle(_ word: Substring) -> Substring {
        guard let mark = word.firstIndex(where: { $0 == "'" || $0 == "’" }), case let next = word.index(after: mark),
              next < word.endIndex, let first = word[next].unicodeScalars.first,
              Tokenizer.isElision(String(word[..<mark]), before: first) else { return word }
        return word[next...]
    }

    static func measure(_ titles: [TypedTitle], letters: Int,
                        search: (String) throws -> SearchResponse) rethrows -> AbbreviationMeasure {
        var m = AbbreviationMeasure()
        for t in titles {
            guard let q = abbreviation(of: t, letters: letters) else { continue }
            let r = try search(q)
            let rank = rank(of: t.target, in: r.hits)
            m.titles += 1
            if rank == 1 { m.first += 1 }
            if let k = rank, k <= 3 { m.topThree += 1 }
            if r.correctedQuery != nil { m.corrected += 1 }
            if r.relaxed { m.relaxed += 1 }
        }
        return m
    }

    /// Titles, first, in the top 3, corrected, only some words: a table's cells.
    var cells: [String] {
        func share(_ k: Int) -> String { fmt(Double(k) / Double(max(titles, 1))) }
        return ["\(titles)", share(first), share(topThree), "\(corrected)", "\(relaxed)"]
    }
}

func mean(_ xs: [Double]) -> Double { xs.isEmpty ? 0 : xs.reduce(0, +) / Double(xs.count) }
func median(_ xs: [Double]) -> Double { xs.isEmpty ? 0 : xs.sorted()[xs.count / 2] }
