import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

extension Searcher {
    // MARK: Typos

    /// Words with no match get their most frequent one-edit neighbour
    /// (deletion, insertion, substitution or transposition) that does match.
    func correctTypos(_ text: QueryText) throws(XapianError) -> QueryText? {
        try correctTypos(text, keepingWordStarts: false)
    }

    /// With `keepingWordStarts`, a complete word that starts an indexed word
    /// is no typo either, as the word being typed is not (for a query whose
    /// words are read as prefixes, `QueryText.wordsAsPrefixes`). With
    /// `sparingWords`, nor is a word of the language (`WordList`).
    func correctTypos(_ text: QueryText, keepingWordStarts: Bool, sparingWords: Bool = false) throws(XapianError) -> QueryText? {
        try corrections(text, keepingWordStarts: keepingWordStarts, sparingWords: sparingWords, choices: 1).first
    }

    /// The readings of a query's unknown words as their neighbours, the
    /// likeliest first: each word's `choices` best neighbours
    /// (`bestNeighbours`), combined in order of the sum of their places
    /// (at most `limit`). The first is `correctTypos`'s. Empty when no word
    /// is corrected.
    func corrections(_ text: QueryText, keepingWordStarts: Bool, sparingWords: Bool = false,
                     choices: Int, limit: Int = 1) throws(XapianError) -> [QueryText] {
        var changed = false
        var complete: [[String]] = []
        var typed = text.completeWords
        var partial = text.partialWord
        // "fire fox" is Firefox typed in two: a word joined to the next one
        // that is (the start of) an indexed word beats correcting either.
        if let p = partial, let last = typed.last, !Tokenizer.containsCJK(last + p) {
            let unknown = try frequency(last, partial: false) == 0 ? true : try frequency(p, partial: true) == 0
            if unknown, try frequency(last + p, partial: true) > 0 {
                typed.removeLast()
                partial = last + p
                changed = true
            }
        }
        var tried = 0
        for w in typed {
            var known = try frequency(w, partial: false) > 0
            if !known, keepingWordStarts, QueryText.abbreviable(w) { known = try frequency(w, partial: true) > 0 }
            if !known, sparingWords { known = WordList.contains(w) }
            if Tokenizer.containsCJK(w) || w.count < 3 || !Typos.isCorrectable(w) || known || tried == Typos.maxCorrectedWords {
                complete.append([w]); continue
            }
            tried += 1
            let fixes = try bestNeighbours(w, partial: false, count: choices)
            if fixes.isEmpty { complete.append([w]) } else { complete.append(fixes); changed = true }
        }
        var partials: [String?] = [partial]
        // A word being typed that starts an indexed word is no typo: it
        // matched. Nor is one that is an indexed word, or has its stem
        // ("books": "book" in "Open address book"), which it matches by too.
        // Typed alone, it is corrected from 5 letters (Meilisearch's
        // default): as the start of a word, a short one has a one-edit
        // neighbour in nearly any index, and no other word says which.
        // "wine" (no Wine installed) became "wind", the start of six apps'
        // "New Window" actions, and the first of them was the top hit (an
        // audit on real desktop files; GNOME shows nothing). Beside other
        // words, or as a whole word (a space typed after it), from 3.
        let shortest = typed.isEmpty ? 5 : 3
        if let p = partial, p.count >= shortest, Typos.isCorrectable(p), !Tokenizer.containsCJK(p), try frequency(p, partial: true) == 0,
           try !startsAnIndexedWord(p), !sparingWords || !WordList.contains(p),
           try frequency(p, partial: false) == 0 {
            let fixes = try bestNeighbours(p, partial: true, count: choices)
            if !fixes.isEmpty { partials = fixes; changed = true }
        }
        guard changed else { return [] }
        // Each word's place among its choices, the partial word's last; the
        // `limit` likeliest kept after each word (a sum of places is never
        // less for a longer reading, so no later word brings back one left
        // out, and many unknown words do not multiply out).
        let counts = complete.map(\.count) + [partials.count]
        var places: [[Int]] = [[]]
        for n in counts {
            places = places.flatMap { p in (0..<n).map { p + [$0] } }
            places.sort { a, b in
                let (x, y) = (a.reduce(0, +), b.reduce(0, +))
                return x != y ? x < y : a.lexicographicallyPrecedes(b)
            }
            places = Array(places.prefix(limit))
        }
        return places.map { at in
            text.replacingWords(complete: zip(complete, at).map { $0[$1] }, partial: partials[at.last!])
        }
    }

    /// Whether an indexed word starts with the word's first 10 letters (the
    /// prefixes indexed), as typed or without its diacritics.
    func startsAnIndexedWord(_ word: String) throws(XapianError) -> Bool {
        for w in QueryText.forms(word) where try db.termFrequency(Schema.wordPrefixTerm(w)) > 0 { return true }
        return false
    }

    /// How many items have the word (or, `partial`, a word it starts),
    /// as typed or without its diacritics (`QueryText.folded`), as they match.
    func frequency(_ word: String, partial: Bool) throws(XapianError) -> Int {
        let terms = QueryText.forms(word).flatMap { lookupTerms($0, partial: partial) }
        return try termFrequencies(terms).max() ?? 0
    }

    /// Each term's frequency in the whole index. Remote shards answer one
    /// match over all the terms (one round trip per shard, not one per
    /// term); a local index walks its term list once in term order, which
    /// costs a fraction of opening every term's posting list for that match
    /// or of a lookup per term ("libxenmisc4 1", 1,700 neighbour terms:
    /// 280–400 ms for the one match, 7–8 ms a lookup per term, 3.9 ms the
    /// walk, on the Debian catalog).
    func termFrequencies(_ terms: [String]) throws(XapianError) -> [Int] {
        reconnect == nil ? try db.termFrequenciesByScan(terms) : try db.termFrequencies(terms)
    }

    /// The terms a word matches by: its edge-prefix term while it is being
    /// typed (and short enough to have one), else itself and its stem.
    func lookupTerms(_ word: String, partial: Bool) -> [String] {
        if partial, word.count <= Schema.maxIndexedPrefix { return [Schema.term(Schema.wordPrefix, word)] }
        let stem = (try? stemmer.stem(word)) ?? word
        return [word, "Z" + stem]
    }

    /// The most frequent neighbours that match. For a word still being typed,
    /// a neighbour at least as long comes first: "montery" is "monterey"
    /// mistyped, not "monter" with an extra letter. Of a complete word's
    /// neighbours as frequent (most often those matching by one stem, which
    /// find the same items), one that starts an indexed word is named
    /// before one that does not, then the longest: the longest alone named
    /// non-words in "Showing results for": "monterye" became "montereye"
    /// (stemmed as "monterey" is), "coastl" "coastli" ("coast"). (Whether
    /// a neighbour is its own stem says nothing: "libatk" is, and only
    /// the stem of the word indexed, "libatke".)
    /// Every neighbour's frequency comes from one match (one round trip per
    /// remote shard, not ~540 term lookups). The `count` best, best first.
    func bestNeighbours(_ word: String, partial: Bool, count: Int) throws(XapianError) -> [String] {
        let candidates = Array(Set(Typos.neighbours(of: word)))
        let terms = candidates.map { lookupTerms($0, partial: partial) }
        let flat = Array(Set(terms.joined()))
        let frequency = Dictionary(uniqueKeysWithValues: zip(flat, try termFrequencies(flat)))
        var ranked: [(word: String, rank: (Int, Int, Int, Int))] = []
        for (candidate, ts) in zip(candidates, terms) {
            let f = ts.map { frequency[$0] ?? 0 }.max() ?? 0
            guard f > 0 else { continue }
            let readsAsAWord = partial ? true : try startsAnIndexedWord(candidate)
            ranked.append((candidate, (partial && candidate.count < word.count ? 0 : 1, f, readsAsAWord ? 1 : 0, candidate.count)))
        }
        // Equal ranks by the word itself: the neighbours' order varies per process.
        ranked.sort { $0.rank > $1.rank || ($0.rank == $1.rank && $0.word < $1.word) }
        return ranked.prefix(count).map(\.word)
    }
}

/// One-edit neighbours of a word, for typo tolerance.
package enum Typos {
    static let alphabet: [Character] = Array("abcdefghijklmnopqrstuvwxyz0123456789")

    static func neighbours(of word: String) -> [String] {
        let w = Array(word)
        // Edits within the word's script: a word with no ASCII letter
        // (Cyrillic, Greek) gains nothing from a Latin one put in, nor,
        // unless it has one, from a digit (a name of Latin letters may have
        // lost one: "libgtk" for "libgtk3").
        let latin = w.contains { $0.isASCII && $0.isLetter }, digits = latin || w.contains { $0.isASCII && $0.isNumber }
        let letters = Array(Set(alphabet.filter { $0.isLetter ? latin : digits } + w))
        var out: [String] = []
        for i in 0..<w.count {
            var d = w; d.remove(at: i); out.append(String(d))
            if i + 1 < w.count { var t = w; t.swapAt(i, i + 1); out.append(String(t)) }
            for ch in letters where ch != w[i] { var s = w; s[i] = ch; out.append(String(s)) }
        }
        for i in 0...w.count {
            for ch in letters { var s = w; s.insert(ch, at: i); out.append(String(s)) }
        }
        return out
    }
}
