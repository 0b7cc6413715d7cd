import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

extension Searcher {
    // MARK: Text

    /// Complete words must all match (or any, when relaxed); the last word,
    /// still being typed, matches as a prefix through indexed edge prefixes.
    func textQuery(_ text: QueryText) throws(XapianError) -> Query {
        let op: Query.Operator = text.relaxed ? .or : .and
        var parts: [Query] = []
        for (i, word) in text.completeWords.enumerated() {
            // (CJK runs come last: the last one ends the query when it is composed.)
            if let c = text.composing, i == text.completeWords.count - 1, let composed = try composingQuery(word, c) {
                // As typed it weighs as before; what it may become, not.
                let typed = try parser.parse(word, flags: [.cjkNgram], defaultPrefix: "Z")
                parts.append(typed.isEmpty ? composed : try .or([typed, composed]))
                continue
            }
            // The term generator gives CJK n-grams the stemmed-term prefix
            // too; the query parser does not, unless told. A word with
            // diacritics is matched without them only: every text that has
            // it has that form too (`DocumentBuilder.indexText`), and
            // matching both weighed it twice, so "sacré cœur" ranked
            // otherwise than "sacre coeur" (its text score swamped the
            // title bonuses: a later word above the title it starts).
            let matched = QueryText.folded(word) ?? word
            var q = try parser.parse(matched, flags: [.cjkNgram], defaultPrefix: Tokenizer.containsCJK(matched) ? "Z" : "")
            if let other = text.apostropheForms[word] {
                let asIndexed = try parser.parse(QueryText.folded(other) ?? other, flags: [.cjkNgram])
                if !asIndexed.isEmpty { q = q.isEmpty ? asIndexed : try .or([q, asIndexed]) }
            }
            if word == text.trailingWord || (text.wordsAsPrefixes && QueryText.abbreviable(word)) {
                // "term ", "libre ": the space completes the word (it weighs
                // in full), yet a launcher user still means the name it
                // starts, as GNOME Shell and KRunner, which trim the space,
                // find it: it also matches as a prefix (no weight, like a
                // word being typed), so it is not "corrected" either. So
                // does every word once no item has them all (`wordsAsPrefixes`).
                let prefix = try prefixQuery(word)
                q = q.isEmpty ? prefix : try .or([q, prefix])
            }
            if !q.isEmpty { parts.append(q) }
        }
        if let last = text.partialWord {
            // A short fragment is only a prefix: "m" should not match the unit in "2,000 m".
            // A longer one also matches by its stem, without weight until it
            // is complete (see `RankingWeights.partialWordStemScale`).
            // When relaxed, it weighs in full: an item that has only it must
            // not rank at nothing below items that have only an earlier word.
            var stemmed = last.count >= 3 ? try parser.parse(last, flags: [.cjkNgram]) : Query.matchNothing
            if last.count >= 3, let f = QueryText.folded(last), case let alt = try parser.parse(f, flags: [.cjkNgram]), !alt.isEmpty {
                stemmed = stemmed.isEmpty ? alt : try .or([stemmed, alt])
            }
            let scale = text.relaxed ? 1 : RankingWeights.partialWordStemScale
            let whole = stemmed.isEmpty ? stemmed : try stemmed.scaled(by: scale)
            let prefix = try prefixQuery(last)
            parts.append(whole.isEmpty ? prefix : try .or([whole, prefix]))
        }
        if parts.isEmpty { return .matchNothing }
        return parts.count == 1 ? parts[0] : try .combine(op, parts)
    }

    /// The last CJK run while an input method composes its last syllable
    /// ("북한사", "북한ㅅ" on the way to "북한산"): the run up to it, then a
    /// syllable it can still become (`Hangul.Composing`) that the index has
    /// after the one before it (or alone), as the last Latin word matches
    /// the words it starts. Candidates (at most 588 + 588: a lone consonant,
    /// or a final that may move on) are kept only where indexed, found in
    /// one lookup (one round trip per remote shard: `termFrequencies`).
    /// Like the Latin word being typed, the syllable being composed weighs
    /// nothing (`RankingWeights.partialWordStemScale`), nor the run up to
    /// it: the run as typed weighs as it did (`textQuery`), so an item it
    /// matched ranks as before (weighed, "경" lost 경복궁 to titles that
    /// only go on as 겨… might), and the title match tells the rest. (Weighed, as a
    /// synonym, a frequency estimated per shard, or an OR, summed in an
    /// order that follows each shard's frequencies, a sharded index scored
    /// otherwise than one index; Xapian's OP_MAX crashed on local shards.)
    /// Nil when none is indexed: the run is matched as typed.
    private func composingQuery(_ run: String, _ c: Hangul.Composing) throws(XapianError) -> Query? {
        var head = Array(run.unicodeScalars)
        head.removeLast()
        // The term generator gives CJK n-grams the stemmed-term prefix (see above).
        func ngram(_ s: [Unicode.Scalar]) -> String { "Z" + String(String.UnicodeScalarView(s)) }
        let before = head.last.map { [$0] } ?? []
        let inPlace = c.syllables.map { ngram(before + [$0]) }
        let moved = c.split.map { s in c.nextSyllables.map { ngram([s.syllable, $0]) } } ?? []
        let frequencies = try termFrequencies(inPlace + moved)
        func alternative(_ start: [Unicode.Scalar], _ terms: some Sequence<(String, Int)>) throws(XapianError) -> Query? {
            let found = terms.filter { $0.1 > 0 }.map { Query(term: $0.0) }
            guard !found.isEmpty else { return nil }
            let tail = try (found.count == 1 ? found[0] : try Query.or(found)).scaled(by: RankingWeights.partialWordStemScale)
            let text = String(String.UnicodeScalarView(start))
            let head = text.isEmpty ? Query.matchNothing : try parser.parse(text, flags: [.cjkNgram], defaultPrefix: "Z")
            return head.isEmpty ? tail : try Query.and([head, tail]).scaled(by: RankingWeights.partialWordStemScale)
        }
        var alternatives: [Query] = []
        if let q = try alternative(head, zip(inPlace, frequencies)) { alternatives.append(q) }
        if let s = c.split, let q = try alternative(head + [s.syllable], zip(moved, frequencies.dropFirst(inPlace.count))) {
            alternatives.append(q)
        }
        if alternatives.isEmpty { return nil }
        return alternatives.count == 1 ? alternatives[0] : try .or(alternatives)
    }

    /// The items with a word that starts with `word`, or with it without
    /// its diacritics. Past 10 letters, the indexed prefix of its first 10 (a
    /// title or keyword word that starts so); the title match tells them apart.
    private func prefixQuery(_ word: String) throws(XapianError) -> Query {
        let queries = QueryText.forms(word).map { Query(term: Schema.wordPrefixTerm($0)) }
        return queries.count == 1 ? queries[0] : try .or(queries)
    }
}

extension QueryText {
    /// Whether every match of `textQuery(self)` weighs exactly 0 under BM25:
    /// a word being typed alone matches by its boolean prefix term and by its
    /// stem scaled by `partialWordStemScale`. Such a query needs no BM25 at
    /// all (see `Searcher.windowed`); keep this in step with `textQuery`.
    var weighsNothing: Bool { completeWords.isEmpty && RankingWeights.partialWordStemScale == 0 }
}

/// The query as typed, split into complete words and the word being typed.
package struct QueryText {
    let raw: String
    /// Words followed by a separator (and CJK runs, matched by n-grams).
    let completeWords: [String]
    /// The trailing word still being typed (lower-cased), if any.
    let partialWord: String?
    /// All non-CJK words, lower-cased, for title-match checks.
    let words: [String]
    /// Runs of CJK characters.
    let cjkRuns: [String]
    /// What the query's last character, a Hangul syllable or consonant an
    /// input method may still be composing, can become (nil once a space
    /// follows it): it matches those, as the word being typed matches the
    /// words it starts (`Searcher.textQuery`, `TitleMatch`).
    let composing: Hangul.Composing?
    /// The query's Hangul, its spaces left out, when it is typed by its
    /// initial consonants ("ㄱㅅㄱ" for 계산기, `Hangul.isTypedAsInitials`)
    /// and nothing else: titles whose words' initials it spells match.
    let hangulInitials: [Unicode.Scalar]?
    /// A complete word typed with an apostrophe ("dont" → "don't"): the
    /// index holds it as Xapian spells it, with the apostrophe, so it is
    /// looked up that way too.
    let apostropheForms: [String: String]
    /// Matched by any word, since no item matched them all (`Searcher.run`):
    /// the word being typed then weighs as a complete word does, and a title
    /// earns a bonus for the words it has (`TitleMatch.coverageBonus`).
    var relaxed = false
    /// Every complete word also matches as the start of a word, as the word
    /// being typed does: "sys set" is System Settings, "pass man" Password
    /// Manager, as GNOME Shell and KRunner match each word of a query. Only
    /// once no item has every word as typed (`Searcher.run`): a word found
    /// whole keeps its meaning, and its matches cost no more.
    var wordsAsPrefixes = false
    /// The one word typed starts a word of the descriptions of a few apps
    /// (`RankingWeights.maxAppsDescribed`), which it so singles out
    /// (`TitleMatch.describes`). Set by `Searcher.run` from the apps it scans.
    var fewAppsDescribed = false
    /// The words a title must have (as word prefixes) to match by title; none
    /// for CJK text, which titles match by n-grams.
    var titleWords: [String] { cjkRuns.isEmpty ? words : [] }
    /// Letters and digits only, folded (for "the title starts with this").
    /// Computed once here: every name of every candidate is compared with it.
    let compact: String
    /// The words, then the CJK runs, joined by single spaces (for "the
    /// title's words start with these"), also once per query.
    let joined: String

    /// Longer queries keep their first words: nobody types more into a
    /// search box, and a pasted megabyte should not become a huge AND.
    static let maxWords = 32
    static let maxCharacters = 1_000

    /// The word being typed whole when it ends in `+` or `#`, which the
    /// reading above leaves undecided ("c++", read "c"); nil otherwise.
    let undecidedWhole: String?

    /// - keepingUndecidedSuffix: the word being typed keeps its `+` or `#`
    ///   (`undecidedWhole`): an indexed word ends so ("c++" of "C++ Primer").
    init(_ typed: String, keepingUndecidedSuffix: Bool = false) {
        // In the form titles are indexed in (decomposed or full-width letters
        // typed are the same letters).
        var raw = Tokenizer.normalized(typed.count > Self.maxCharacters ? String(typed.prefix(Self.maxCharacters)) : typed)
        // One letter and a space ("a "): launchers trim the space (GNOME
        // Shell, KRunner). Taken as a complete word, it matched the article
        // in every title ("Open a New Window"), not the names it starts.
        if raw.last?.isWhitespace == true, case let letter = raw.filter({ !$0.isWhitespace }), letter.count == 1,
           let c = letter.first, c.isLetter || c.isNumber {
            raw = letter
        }
        self.raw = raw
        var words = Array(Tokenizer.words(raw).prefix(Self.maxWords))
        // A second split only when there is an apostrophe to keep (every keystroke is a query).
        let typed = raw.contains(where: { $0 == "'" || $0 == "’" })
            ? Array(Tokenizer.words(raw, keepingApostrophes: true).prefix(Self.maxWords)) : words
        var forms: [String: String] = [:]
        if typed.count == words.count {
            for (w, t) in zip(words, typed) where w != t { forms[w] = t }
        }
        apostropheForms = forms
        // Titles are compared without diacritics (see TitleMatch).
        let foldedWords = Tokenizer.words(Tokenizer.fold(raw))
        // Typed up to what Xapian keeps inside a word ("libatk1." of
        // "libatk1.0", "don'" of "don't"), the word is still being typed:
        // taken as complete, it found nothing and was "corrected".
        var allWords = foldedWords.count == words.count ? foldedWords : words
        if Tokenizer.endsInsideWord(raw), let last = words.popLast() {
            let dropped = Tokenizer.undecidedSuffixDropped(last)
            undecidedWhole = dropped == last ? nil : last
            partialWord = keepingUndecidedSuffix ? last : dropped
            if !keepingUndecidedSuffix, let t = allWords.popLast() { allWords.append(Tokenizer.undecidedSuffixDropped(t)) }
        } else {
            undecidedWhole = nil
            partialWord = nil
        }
        self.words = allWords
        // CJK text is not split into words by Tokenizer; keep its runs whole.
        cjkRuns = Array(Tokenizer.cjkRuns(raw).prefix(Self.maxWords))
        completeWords = words + cjkRuns
        let last = raw.unicodeScalars.last
        composing = last != nil && cjkRuns.last?.unicodeScalars.last == last ? last.flatMap(Hangul.composing) : nil
        hangulInitials = Self.typedAsInitials(words: allWords, cjkRuns: cjkRuns)
        compact = Tokenizer.normalizedForPrefix(Tokenizer.fold(raw))
        joined = (self.words + cjkRuns).joined(separator: " ")
    }

    private init(raw: String, complete: [String], partial: String?, cjk: [String], composing: Hangul.Composing?) {
        self.raw = raw
        self.composing = composing
        undecidedWhole = nil
        apostropheForms = [:]  // corrected words are index terms already
        completeWords = complete
        partialWord = partial
        cjkRuns = cjk
        words = complete.filter { !Tokenizer.containsCJK($0) } + (partial.map { [$0] } ?? [])
        hangulInitials = Self.typedAsInitials(words: words, cjkRuns: cjk)
        compact = Tokenizer.normalizedForPrefix(Tokenizer.fold(raw))
        joined = (words + cjk).joined(separator: " ")
    }

    /// `hangulInitials` of a query of these words and runs.
    private static func typedAsInitials(words: [String], cjkRuns: [String]) -> [Unicode.Scalar]? {
        guard words.isEmpty, !cjkRuns.isEmpty else { return nil }
        let typed = cjkRuns.flatMap(\.unicodeScalars)
        return Hangul.isTypedAsInitials(typed) ? typed : nil
    }

    /// The word without its diacritics when it has any ("résumé" → "resume",
    /// `Tokenizer.fold`): it matches too. A title's words with diacritics are
    /// indexed both ways, and one written without them has only this.
    static func folded(_ word: String) -> String? {
        let f = Tokenizer.fold(word)
        return f == word ? nil : f
    }

    /// The word as typed and, when it has diacritics, without them: both match.
    static func forms(_ word: String) -> [String] { [word] + (folded(word).map { [$0] } ?? []) }

    /// The same query with other words (a correction), read the same way.
    func replacingWords(complete: [String], partial: String?) -> QueryText {
        let display = (complete + (partial.map { [$0] } ?? [])).joined(separator: " ")
        var out = QueryText(raw: display, complete: complete, partial: partial, cjk: cjkRuns,
                            composing: complete.last == cjkRuns.last ? composing : nil)
        out.wordsAsPrefixes = wordsAsPrefixes
        return out
    }

    /// The last word when the query ends in a space after it ("term "),
    /// with nothing being typed: still matched as a prefix too (see
    /// `textQuery`). Two letters or more (a single letter's prefix list is
    /// most of an index), never CJK (matched by n-grams); not after other
    /// separators ("python3-" goes on as a package name does).
    var trailingWord: String? {
        guard partialWord == nil, cjkRuns.isEmpty, raw.last?.isWhitespace == true,
              let last = completeWords.last, Self.abbreviable(last) else { return nil }
        return last
    }

    /// Whether `word` (complete) can also be read as the start of a word:
    /// two letters or more (a single letter's prefix list is most of an
    /// index), never CJK (matched by n-grams).
    static func abbreviable(_ word: String) -> Bool { word.count >= 2 && !Tokenizer.containsCJK(word) }

    /// Whether `wordsAsPrefixes` would match anything more: a complete word
    /// it can read as a prefix, other than a trailing one (already one).
    var hasAbbreviableWords: Bool {
        completeWords.dropLast(trailingWord == nil ? 0 : 1).contains(where: Self.abbreviable)
    }

    var display: String { raw }
    var isEmpty: Bool { completeWords.isEmpty && partialWord == nil }
    var wordCount: Int { completeWords.count + (partialWord == nil ? 0 : 1) }
    /// The words and CJK runs, less words of one letter ("record a memo" is
    /// two words that say what is wanted).
    var wordsOfTwoLettersOrMore: Int { words.count { $0.count >= 2 } + cjkRuns.count }
}
