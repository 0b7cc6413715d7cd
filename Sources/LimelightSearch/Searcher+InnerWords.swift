import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

extension Searcher {
    // MARK: Inner words and initials

    /// Apps whose name (or a synonym) holds the one word typed inside a word
    /// ("fox" in Firefox, "magick" in ImageMagick) or as a subsequence that
    /// starts where the name does ("ffx" → Firefox, "fz" → FileZilla), as
    /// launchers match. Apps are few (a desktop has a few hundred), so their
    /// cards are scanned here rather than indexing every substring: no terms,
    /// no ingest cost; one posting list and one value read per app.
    /// `TitleMatch` ranks these below word-start matches. So, and for the
    /// same reason, the apps whose description has a word that the one word
    /// typed (or being typed) starts, when they are few
    /// (`RankingWeights.maxAppsDescribed`: "ide", Geany's): the lists of a
    /// short prefix hold names only. `fewDescribed` says whether they are
    /// (`QueryText.fewAppsDescribed`), counted over every app, whatever app
    /// the request is scoped to: within one, any word would be rare.
    func appNameCandidates(_ text: QueryText, _ request: SearchRequest) throws(XapianError) -> (matches: [Match], fewDescribed: Bool) {
        guard text.cjkRuns.isEmpty, request.type == nil, request.predicates.isEmpty else { return ([], false) }
        let needle = text.completeWords.isEmpty && (text.partialWord?.count ?? 0) >= RankingWeights.minInitials ? text.compact : nil
        let word = text.words.count == 1 && text.compact.count >= RankingWeights.minInnerWord ? text.words[0] : nil
        guard needle != nil || word != nil else { return ([], false) }
        var byName: [Match] = [], byDescription: [Match] = [], described = 0
        // Every app when descriptions are counted, else those in scope.
        try eachApp(word == nil ? request.app : nil) { id, entry, values in
            let describes = word.map { TitleMatch.describes(entry.card, withWordStarting: $0) } ?? false
            if describes { described += 1 }
            guard request.app == nil || entry.card.app == request.app else { return }
            let named = needle.map { TitleMatch.anyName(of: entry.card, holds: $0) } ?? false
            guard named || describes else { return }
            let m = Match(documentID: id, weight: CandidateBoost.of(entry.card), values: values)
            if named { byName.append(m) } else { byDescription.append(m) }
        }
        let few = described > 0 && described <= RankingWeights.maxAppsDescribed
        return (few ? byName + byDescription : byName, few)
    }

    /// Calls `body` with every app (or the one `scope`) and its card.
    /// Over the network every keystroke asks the server; a local snapshot
    /// keeps the apps' ids. A match set of its own at every keystroke
    /// cost the Debian catalog's five-letter-plus keystrokes a sixth of
    /// their time (p50 0.176 → 0.148 ms without it; the catalog has one app).
    private func eachApp(_ scope: String?,
                         _ body: (UInt32, SnapshotCache.Entry, [UInt32: [UInt8]]) -> Void) throws(XapianError) {
        if reconnect != nil {
            for m in try match(try appsQuery(scope), count: RankingWeights.maxScannedApps) {
                if let entry = try card(of: m) { body(m.documentID, entry, m.values) }
            }
        } else {
            let ids = try snapshot.apps(scope ?? "") { () throws(XapianError) -> [UInt32] in
                try match(try appsQuery(scope), count: RankingWeights.maxScannedApps).map(\.documentID)
            }
            for id in ids {
                if let entry = try snapshot.card(id, bytes: nil, in: db) { body(id, entry, [:]) }
            }
        }
    }

    /// Every app, or the one `app`.
    private func appsQuery(_ app: String?) throws(XapianError) -> Query {
        let apps = Query(term: Schema.kind + RecordKind.app.rawValue)
        guard let app else { return apps }
        return try apps.filter(Query(term: Schema.term(Schema.app, app)))
    }
}

extension Searcher {
    /// Entities whose title holds the one word typed inside a word
    /// ("fox" in firefox-esr) or as its initials ("mbct"), from the terms
    /// `InnerWordTerms` indexes, each checked against its title (an AND of
    /// trigrams may match them apart). Asked only to fill what the word-start
    /// matches leave of the page: `TitleMatch` ranks these below them, so
    /// past a full page they would not be shown, and the common keystroke
    /// pays nothing.
    func innerWordCandidates(_ text: QueryText, _ restriction: Restriction, _ request: SearchRequest,
                             besides found: [Match]) throws(XapianError) -> [Match] {
        guard request.limit == 0 || found.count < request.limit,
              text.completeWords.isEmpty, text.partialWord != nil, text.cjkRuns.isEmpty,
              let query = try InnerWordTerms.query(text.compact) else { return [] }
        let have = Set(found.map(\.documentID))
        var out: [Match] = []
        for m in try match(query, restriction, request, broad: nil) where !have.contains(m.documentID) {
            guard let entry = try card(of: m),
                  TitleMatch.anyName(of: entry.card, holds: text.compact) else { continue }
            out.append(m)
        }
        return out
    }
}

extension Searcher {
    /// What the query typed by its initial consonants spells
    /// (`QueryText.hangulInitials`, 초성: "ㄱㅅㄱ" for 계산기): entities by
    /// the initials indexed from their titles' words (`InnerWordTerms`),
    /// each checked against its title (the syllables typed whole too), and
    /// apps by their names and generic names (`TitleMatch.namesSpelled`),
    /// scanned as `appNameCandidates` scans them.
    func hangulInitialsCandidates(_ text: QueryText, _ restriction: Restriction, _ request: SearchRequest,
                                  besides found: [Match]) throws(XapianError) -> [Match] {
        guard let typed = text.hangulInitials else { return [] }
        var have = Set(found.map(\.documentID))
        var out: [Match] = []
        // The syllables typed whole are the title's n-grams too (the last
        // may still be composed): asked with the initials, so that the
        // matches kept are ones the check below passes, however many titles
        // share the initials.
        var query = InnerWordTerms.initialsQuery(typed)
        let whole = Set(typed.dropLast().filter(Hangul.isSyllable))
        if !whole.isEmpty {
            query = try .and([query] + whole.sorted { $0.value < $1.value }.map { Query(term: "Z" + String($0)) })
        }
        for m in try match(query, restriction, request, broad: nil) where !have.contains(m.documentID) {
            guard let entry = try card(of: m), TitleMatch.anyName(of: entry.card, spells: typed) else { continue }
            have.insert(m.documentID)
            out.append(m)
        }
        guard request.type == nil, request.predicates.isEmpty else { return out }
        try eachApp(request.app) { id, entry, values in
            guard !have.contains(id), TitleMatch.anyName(of: entry.card, spells: typed) else { return }
            out.append(Match(documentID: id, weight: CandidateBoost.of(entry.card), values: values))
        }
        return out
    }
}

extension TitleMatch {
    /// Whether the title of a card, or an app's generic name, has words
    /// whose initials `typed` spells (`initialsBonus`).
    static func anyName(of card: HitCard, spells typed: [Unicode.Scalar]) -> Bool {
        namesSpelled(card).contains { initialsBonus($0, typed) != nil }
    }

    /// How a query typed by its initial consonants (`QueryText.hangulInitials`)
    /// meets a title, as the same syllables typed would: from the title's
    /// start, its whole (`titleCompletion`) or a start (`titlePrefix`);
    /// from a later word, a word start (`allWordStarts`). Nil where it
    /// spells none of it.
    static func initialsBonus(_ title: TitleKey, _ typed: [Unicode.Scalar]) -> Double? {
        // Precomposed, as the index read them (a title's CJK runs are kept
        // as written: macOS writes Hangul decomposed).
        let runs = title.cjk.map { Array(Tokenizer.normalized($0).unicodeScalars) }
        for i in runs.indices {
            guard Hangul.initialsStart(Array(runs[i...].joined()), typed: typed) else { continue }
            guard i == 0, title.compact.unicodeScalars.starts(with: runs[0]) else { return RankingWeights.allWordStarts }
            return title.compact.unicodeScalars.count == typed.count ? RankingWeights.titleCompletion : RankingWeights.titlePrefix
        }
        return nil
    }

    /// The names a query typed by its initials is matched against: the
    /// title, and an app's generic name (a keyword's initials would match
    /// most apps at two consonants).
    static func namesSpelled(_ card: borrowing HitCard) -> ArraySlice<TitleKey> {
        card.names.prefix(card.hasGenericName ? 2 : 1)
    }

    /// Whether a card's title, or a synonym of an app, holds `needle` as
    /// `inside` finds it.
    static func anyName(of card: HitCard, holds needle: String) -> Bool {
        card.names.indices.contains { inside(card.names[$0], needle, subsequence: $0 == 0) != nil }
    }

    /// How a one-word query meets a title below its word starts: inside a
    /// word (three letters or more), or, with `subsequence`, as letters in
    /// order from its first: any of them up to
    /// `RankingWeights.maxLettersInOrder` ("ffx"), past that only the starts
    /// of its words in turn ("sysmon", "librewriter"). Only a name's letters
    /// are typed that way: in a synonym they matched nonsense ("chat" the
    /// keyword "Chart", putting LibreOffice Calc above the chat apps).
    static func inside(_ title: TitleKey, _ needle: String, subsequence: Bool = true) -> Double? {
        guard needle.count >= RankingWeights.minInitials, let first = title.compact.first, !title.compact.isEmpty else { return nil }
        if needle.count >= RankingWeights.minInnerWord, bytes(of: title.compact, contain: needle) { return RankingWeights.innerWord }
        guard subsequence, needle.first == first else { return nil }
        var rest = Substring(needle)
        for ch in title.compact where ch == rest.first {
            rest = rest.dropFirst()
            if rest.isEmpty { break }
        }
        // Starts of words are letters in order too: the cheap test first.
        guard rest.isEmpty else { return nil }
        if needle.count > RankingWeights.maxLettersInOrder, !startsOfWords(title.words, spell: needle) { return nil }
        return RankingWeights.initials
    }

    /// Whether `needle` is the starts of some of `words`, in order, joined
    /// ("sys" + "mon" of "system monitor"). Reachable (letters spelled,
    /// next word) pairs, so a title of repeated letters costs no more
    /// than its words times the needle.
    static func startsOfWords(_ words: [String], spell needle: String) -> Bool {
        let n = Array(needle), ws = words.map(Array.init)
        // reached[k][i]: the first k letters are spelled by words before i.
        var reached = Array(repeating: Array(repeating: false, count: ws.count + 1), count: n.count + 1)
        reached[0][0] = true
        for k in 0..<n.count {
            var from = ws.count + 1  // the first word the next piece may start
            for i in 0...ws.count where reached[k][i] { from = i; break }
            guard from < ws.count else { continue }
            for j in from..<ws.count {
                var t = 0
                while t < ws[j].count, k + t < n.count, ws[j][t] == n[k + t] {
                    t += 1
                    reached[k + t][j + 1] = true
                }
            }
        }
        return reached[n.count].contains(true)
    }

    /// Substring search over UTF-8 bytes: both sides are folded letters and
    /// digits (no combining marks), so a byte match is a character match, and
    /// it runs for a candidate per keystroke without building anything.
    static func bytes(of haystack: String, contain needle: String) -> Bool {
        let found = haystack.utf8.withContiguousStorageIfAvailable { h in
            needle.utf8.withContiguousStorageIfAvailable { n -> Bool in
                guard !n.isEmpty, n.count <= h.count else { return false }
                let first = n[0]
                for start in 0...(h.count - n.count) where h[start] == first {
                    var k = 1
                    while k < n.count, h[start + k] == n[k] { k += 1 }
                    if k == n.count { return true }
                }
                return false
            }
        }
        return found.flatMap { $0 } ?? haystack.contains(needle)
    }
}
