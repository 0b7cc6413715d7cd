import LimelightSupport
import LimelightModel
/// Word splitting for the parts of indexing and querying that Limelight does
/// itself (edge prefixes, the last word typed), by the rule of Xapian's
/// TermGenerator and QueryParser, which handle the rest (stemmed terms, CJK
/// n-grams): a word Limelight sees is a term Xapian indexed.
package enum Tokenizer {
    /// Chinese, Japanese and Korean scripts, which have no spaces between words.
    package static func isCJK(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3040...0x30FF, 0x3100...0x31FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF,
             0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x2FFFF:
            return true
        default:
            return false
        }
    }

    /// A letter, mark, number or connector (`_`): Xapian's `Unicode::is_wordchar`.
    package static func isWordScalar(_ u: Unicode.Scalar) -> Bool {
        if u.value < 0x80 { return isASCIIWordByte(UInt8(u.value)) }
        switch u.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation:
            return true
        default:
            return false
        }
    }

    /// Lower-cased words of non-CJK text, split exactly where Xapian's
    /// TermGenerator (and QueryParser) split it, so that a word typed is a
    /// prefix of a word indexed: "libatk1.0", "2,000", "at&t", "c++" and
    /// "u.s.a." (→ "usa") are one word each. An apostrophe inside a word is
    /// dropped ("don't" → "dont", for edge prefixes), or with
    /// `keepingApostrophes` kept as `'`, the way Xapian spells the term. One
    /// split Xapian does not make: an elided article is left out ("d’écran"
    /// → "écran", see `elisions`), and the index holds that word too.
    package static func words(_ text: String) -> [String] { words(text, keepingApostrophes: false) }

    package static func words(_ text: String, keepingApostrophes: Bool) -> [String] {
        var out: [String] = []
        scanWords(Array(text.unicodeScalars), keepingApostrophes: keepingApostrophes) { word, _ in out.append(word) }
        return out
    }

    /// The words of `text` that follow an elided article, pronoun or
    /// preposition ("écran" of "Capture d’écran", "utilisation" of
    /// "l'utilisation"), lower-cased, spelled as Xapian spells terms
    /// ("aujourd'hui" of "qu'aujourd'hui", see `words`). Xapian keeps
    /// such a word whole with its article ("d'écran"), so the index holds
    /// these too (`DocumentBuilder`): a complete word typed is a term.
    package static func elidedWords(_ text: String) -> [String] {
        // Most text has no apostrophe: not tokenized a second time for nothing.
        guard text.unicodeScalars.contains(where: { wordInfix($0) == "'" }) else { return [] }
        var out: [String] = []
        scanWords(Array(text.unicodeScalars), keepingApostrophes: true) { word, afterElision in
            if afterElision { out.append(word) }
        }
        return out
    }

    /// Articles, pronouns and prepositions French, Italian and Catalan write
    /// elided before a vowel or h, joined by an apostrophe to the word that
    /// follows: "d’écran", "l'utilisation", "qu'il", "dell'arte". People
    /// type the word, not the article, and GLib (which splits every word at
    /// an apostrophe) and KRunner find "Capture d’écran" by "écran". Those
    /// of Lucene's elision filters for the three languages, and a few more
    /// Italian ones; only before a vowel or h, so that "Bell's" and "all's"
    /// keep their word, and only these: "don't", "o'clock" and "rock'n'roll"
    /// stay one word each, as Xapian keeps them.
    static let elisions: Set<String> = [
        "c", "d", "j", "l", "m", "n", "s", "t", "v", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu", "presqu", "quelqu",
        "dell", "all", "dall", "nell", "sull", "coll", "pell", "gl", "agl", "dagl", "degl", "negl", "sugl",
        "quell", "quest", "un", "sant", "bell",
    ]

    /// Whether `article` (lower-cased), then an apostrophe, then `next` is
    /// an elided article before the word that starts with `next`.
    package static func isElision(_ article: String, before next: Unicode.Scalar) -> Bool {
        guard elisions.contains(article), next.properties.isAlphabetic,
              let letter = fold(String(next)).lowercased().unicodeScalars.first else { return false }
        return "aeiouyh".unicodeScalars.contains(letter)
    }

    /// Whether the text ends inside its last word, which may still grow:
    /// it ends in a letter or digit, or in what Xapian keeps inside a word
    /// when more follows ("libatk1." → "libatk1.0", "don'" → "don't",
    /// "c+" → "c++"). Asked of the same rule as `words`, by typing one more
    /// character of each kind.
    package static func endsInsideWord(_ text: String) -> Bool {
        guard let last = text.unicodeScalars.last, !isCJK(last) else { return false }
        if isWordScalar(last) { return true }
        let before = Array(text.unicodeScalars)
        var count = 0
        var lastWord = ""
        scanWords(before, keepingApostrophes: true) { word, _ in count += 1; lastWord = word }
        guard count > 0 else { return false }
        for next: Unicode.Scalar in ["a", "0", "+"] {
            var grown = 0
            var grownLast = ""
            scanWords(before + [next], keepingApostrophes: true) { word, _ in grown += 1; grownLast = word }
            if grown == count, grownLast.count > lastWord.count, grownLast.hasPrefix(lastWord) { return true }
        }
        return false
    }

    /// The last word of a text that ends inside it, as far as it is decided.
    /// Xapian keeps a trailing `+` or `#` in a word only if no word character
    /// follows ("c++", but "bindgen" and "default" in "bindgen+default"), so
    /// the last ones typed are not yet part of it: "bindgen+" is typed as
    /// "bindgen", which is a prefix of either ("c+" likewise of "c++").
    package static func undecidedSuffixDropped(_ lastWord: String) -> String {
        // Nearly every keystroke: nothing to drop, and the reversed scalar
        // view below costs ~25,000 instructions even then (callgrind).
        guard let last = lastWord.utf8.last, last == UInt8(ascii: "+") || last == UInt8(ascii: "#") else { return lastWord }
        let kept = lastWord.unicodeScalars.reversed().drop { $0 == "+" || $0 == "#" }
        return kept.isEmpty ? lastWord : String(String.UnicodeScalarView(kept.reversed()))
    }

    /// Xapian 1.4's `parse_terms` (termgenerator_internal.cc), without its
    /// CJK n-grams (see `cjkRuns`): a run of word characters; initials
    /// separated by dots ("P.T.O."); inside a word, `'`, `&`, `·` and the
    /// like between word characters, and `.`, `,`, `;` and the like between
    /// digits; after a word, up to three `+` or `#` ("c++", "c#") unless a
    /// word character follows ("fish+chips"). Unlike Xapian, an elided
    /// article ("d’" of "d’écran", see `elisions`) is no word of its own
    /// nor part of the next: `emit` is told the word followed one.
    private static func scanWords(_ s: [Unicode.Scalar], keepingApostrophes: Bool, _ emit: (String, Bool) -> Void) {
        let n = s.count
        var i = 0
        var term = String.UnicodeScalarView()
        func isWord(_ k: Int) -> Bool { k < n && isWordScalar(s[k]) && !isCJK(s[k]) }
        func append(_ u: Unicode.Scalar) {
            if u.value < 0x80 {
                term.append(u.value >= 0x41 && u.value <= 0x5A ? Unicode.Scalar(u.value + 32)! : u)
            } else if u.properties.changesWhenLowercased {
                term.append(contentsOf: u.properties.lowercaseMapping.unicodeScalars)
            } else {
                term.append(u)
            }
        }
        func isUpper(_ k: Int) -> Bool { k < n && s[k].value >= 0x41 && s[k].value <= 0x5A }
        while true {
            while i < n && !isWord(i) { i += 1 }
            if i == n { return }
            term = String.UnicodeScalarView()
            // Initials: upper-case ASCII letters each followed by a dot.
            if isUpper(i) {
                var p = i
                repeat {
                    append(s[p]); p += 1
                    guard p < n, s[p] == "." else { break }
                    p += 1
                } while isUpper(p)
                if term.count > 1, !(p < n && isWordScalar(s[p])) {
                    i = p
                    emit(String(term), false)
                    continue
                }
                term = String.UnicodeScalarView()
            }
            var ended = false, afterElision = false
            while true {
                var prev: Unicode.Scalar
                repeat {
                    prev = s[i]
                    append(s[i]); i += 1
                    if i == n || isCJK(s[i]) { ended = true; break }
                } while isWordScalar(s[i])
                if ended { break }
                guard isWord(i + 1) else { break }
                let infix = isDigit(prev) && isDigit(s[i + 1]) ? digitInfix(s[i]) : wordInfix(s[i])
                guard let infix else { break }
                if infix == "'", isElision(String(term), before: s[i + 1]) {
                    // "d’écran": the article goes, the word starts after it.
                    term = String.UnicodeScalarView()
                    afterElision = true
                    i += 1
                    continue
                }
                if infix != ignored, infix != "'" || keepingApostrophes { term.append(infix) }
                i += 1
            }
            if !ended {
                let length = term.count
                var suffixes = 0
                while i < n, s[i] == "+" || s[i] == "#" {
                    suffixes += 1
                    if suffixes > 3 { term.removeLast(term.count - length); break }
                    term.append(s[i]); i += 1
                }
                if i < n, isWordScalar(s[i]) { term.removeLast(term.count - length) }
            }
            emit(String(term), afterElision)
        }
    }

    /// Stands for a zero-width character Xapian skips inside a word.
    private static let ignored: Unicode.Scalar = "\u{200B}"

    private static func isZeroWidth(_ u: Unicode.Scalar) -> Bool {
        (0x200B...0x200D).contains(u.value) || u.value == 0x2060 || u.value == 0xFEFF
    }

    /// Xapian's `check_infix`: kept between word characters ("at&t", "don't").
    private static func wordInfix(_ u: Unicode.Scalar) -> Unicode.Scalar? {
        switch u.value {
        case 0x27, 0x26, 0xB7, 0x5F4, 0x2027: return u
        case 0x2019, 0x201B: return "'"
        default: return isZeroWidth(u) ? ignored : nil
        }
    }

    /// Xapian's `check_infix_digit`: kept between digits ("1.0", "2,000").
    private static func digitInfix(_ u: Unicode.Scalar) -> Unicode.Scalar? {
        switch u.value {
        case 0x2C, 0x2E, 0x3B, 0x37E, 0x589, 0x60D, 0x7F8, 0x2044, 0xFE10, 0xFE13, 0xFE14: return u
        default: return isZeroWidth(u) ? ignored : nil
        }
    }

    private static func isDigit(_ u: Unicode.Scalar) -> Bool {
        u.value < 0x80 ? (u.value >= 0x30 && u.value <= 0x39) : u.properties.generalCategory == .decimalNumber
    }

    private static func isASCIIWordByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
    }

    /// The edge prefixes of a word, 1…maxLength characters.
    package static func edgePrefixes(_ word: String, maxLength: Int) -> [String] {
        var out: [String] = []
        var cur = ""
        for ch in word.prefix(maxLength) {
            cur.append(ch)
            out.append(cur)
        }
        return out
    }

    package static func containsCJK(_ text: String) -> Bool { text.unicodeScalars.contains(where: isCJK) }

    /// The words of `text` written with hyphens between their parts, joined
    /// and lower-cased ("Wi-Fi passwords, e-mail" → ["wifi", "email"]):
    /// Xapian indexes the parts, and people type the whole without its
    /// hyphen. Parts are letters and digits (not CJK); "-" and "‐" join them.
    package static func hyphenJoined(_ text: String) -> [String] {
        var out: [String] = []
        for chunk in text.split(whereSeparator: { $0.isWhitespace }) where chunk.contains(where: isHyphen) {
            // "(Wi-Fi)," → "Wi-Fi".
            let scalars = Array(chunk.unicodeScalars)
            guard let first = scalars.firstIndex(where: isWordScalar), let last = scalars.lastIndex(where: isWordScalar) else { continue }
            let parts = String(String.UnicodeScalarView(scalars[first...last])).split(separator: "-", omittingEmptySubsequences: false)
                .flatMap { $0.split(separator: "‐", omittingEmptySubsequences: false) }
            guard parts.count >= 2, parts.allSatisfy({ p in !p.isEmpty && p.unicodeScalars.allSatisfy { isWordScalar($0) && !isCJK($0) } })
            else { continue }
            out.append(parts.joined().lowercased())
        }
        return out
    }

    private static func isHyphen(_ c: Character) -> Bool { c == "-" || c == "‐" }

    /// The parts of words written with underscores, lower-cased
    /// ("quarterly_report_2026.pdf" → ["quarterly", "report", "2026"]):
    /// Xapian keeps `_` inside a word, and people type a file name's parts
    /// as words.
    package static func underscoreParts(_ text: String) -> [String] {
        // Most text has none: not tokenized a second time for nothing.
        guard text.utf8.contains(UInt8(ascii: "_")) else { return [] }
        return words(text).filter { $0.contains("_") }.flatMap { $0.split(separator: "_").map { $0.lowercased() } }
    }

    /// Runs of CJK characters, in order ("북한산 둘레길" → ["북한산", "둘레길"]).
    package static func cjkRuns(_ text: String) -> [String] {
        var out: [String] = []
        var run = String.UnicodeScalarView()
        for u in text.unicodeScalars {
            if isCJK(u) { run.append(u) } else if !run.isEmpty { out.append(String(run)); run = .init() }
        }
        if !run.isEmpty { out.append(String(run)) }
        return out
    }

    /// The bigrams across the spaces between CJK words ("한강 공원 산책로" →
    /// ["강공", "원산"]): Korean is typed without its spaces as often as
    /// with them, and Xapian's n-grams stop at a space.
    package static func cjkSpaceJunctions(_ text: String) -> [String] {
        var out: [String] = []
        var before: Unicode.Scalar? = nil  // the CJK character before the spaces
        var spaced = false
        for u in text.unicodeScalars {
            if u.properties.isWhitespace {
                spaced = before != nil
                continue
            }
            if isCJK(u) {
                if spaced, let b = before { out.append(String(String.UnicodeScalarView([b, u]))) }
                before = u
            } else {
                before = nil
            }
            spaced = false
        }
        return out
    }

    /// The bigrams where `value` meets the text around it in `text`, at
    /// each `placeholder` ("在出行地图中去${place}" with 西湖 → ["去西"]):
    /// only CJK characters on both sides (other scripts have spaces there).
    package static func cjkJunctions(_ text: String, placeholder: String, value: String) -> [String] {
        let text = normalized(text), value = normalized(value)
        guard let first = value.unicodeScalars.first, let last = value.unicodeScalars.last, isCJK(first) || isCJK(last)
        else { return [] }
        var out: [String] = []
        for r in text.ranges(of: placeholder) {
            if let b = text[..<r.lowerBound].unicodeScalars.last, isCJK(b), isCJK(first) {
                out.append(String(String.UnicodeScalarView([b, first])))
            }
            if let a = text[r.upperBound...].unicodeScalars.first, isCJK(a), isCJK(last) {
                out.append(String(String.UnicodeScalarView([last, a])))
            }
        }
        return out
    }

    /// Lower-cased letters and digits only, for "the title starts with what
    /// was typed" checks that ignore spacing and punctuation.
    package static func normalizedForPrefix(_ text: String) -> String {
        String(String.UnicodeScalarView(text.lowercased().unicodeScalars.filter(isWordScalar)))
    }

    /// Text in one Unicode form (NFKC, `UnicodeForms.nfkc`), as Limelight
    /// indexes and asks it: a title written decomposed (as macOS writes file
    /// names), in full-width or half-width letters, is found by what one
    /// types. ASCII is its own form.
    package static func normalized(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy(\.isASCII) else { return text }
        return UnicodeForms.shared?.nfkc(text) ?? text
    }

    /// `normalized`, then without the diacritics of Latin and Greek letters
    /// ("Güell" → "Guell", "Phở" → "Pho", "Timișoara" → "Timisoara",
    /// "Αθήνα" → "Αθηνα"), so that people can type without accents, as
    /// GNOME Shell and Spotlight match: each letter's canonical decomposition
    /// without its combining marks, and a table for the letters that have
    /// none ("ø" → "o", "ß" → "ss"). Also: Greek final sigma is σ (capitals
    /// lower-case to σ), Cyrillic ё is е (as Russian is typed), and soft
    /// hyphens, which only say where a word may break, are gone. Other
    /// scripts' marks are letters of their own (Japanese dakuten, Cyrillic й)
    /// and stay. Without GLib, the table alone.
    package static func fold(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy(\.isASCII) else { return text }
        let forms = UnicodeForms.shared
        var out = String.UnicodeScalarView()
        func append(_ u: Unicode.Scalar) {
            if let f = foldTable[u] { out.append(contentsOf: f.unicodeScalars) } else if !isFoldedAway(u) { out.append(u) }
        }
        for u in (forms?.nfkc(text) ?? text).unicodeScalars {
            if let forms, foldTable[u] == nil, hasDiacriticsToDrop(u) {
                forms.decomposed(u).forEach(append)
            } else {
                append(u)
            }
        }
        return String(out)
    }

    /// Latin and Greek letters, whose combining marks are diacritics.
    private static func hasDiacriticsToDrop(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0xC0...0x24F, 0x1E00...0x1EFF, 0x370...0x3FF, 0x1F00...0x1FFF: return true
        default: return false
        }
    }

    /// Combining diacritical marks (what is left of one is a mark that no
    /// letter composes with: a stress mark on a Cyrillic vowel) and soft hyphens.
    private static func isFoldedAway(_ u: Unicode.Scalar) -> Bool {
        (0x300...0x36F).contains(u.value) || u.value == 0xAD
    }

    private static let foldTable: [Unicode.Scalar: String] = {
        var t: [Unicode.Scalar: String] = [:]
        let groups: [(String, String)] = [
            ("ÀÁÂÃÄÅĀĂĄ", "A"), ("àáâãäåāăą", "a"), ("ÇĆĈĊČ", "C"), ("çćĉċč", "c"), ("ĎĐ", "D"), ("ďđ", "d"),
            ("ÈÉÊËĒĔĖĘĚ", "E"), ("èéêëēĕėęě", "e"), ("ĜĞĠĢ", "G"), ("ĝğġģ", "g"), ("ĤĦ", "H"), ("ĥħ", "h"),
            ("ÌÍÎÏĨĪĬĮİ", "I"), ("ìíîïĩīĭįı", "i"), ("Ĵ", "J"), ("ĵ", "j"), ("Ķ", "K"), ("ķ", "k"),
            ("ĹĻĽĿŁ", "L"), ("ĺļľŀł", "l"), ("ÑŃŅŇ", "N"), ("ñńņňŉ", "n"), ("ÒÓÔÕÖØŌŎŐ", "O"), ("òóôõöøōŏő", "o"),
            ("ŔŖŘ", "R"), ("ŕŗř", "r"), ("ŚŜŞŠ", "S"), ("śŝşš", "s"), ("ŢŤŦ", "T"), ("ţťŧ", "t"),
            ("ÙÚÛÜŨŪŬŮŰŲ", "U"), ("ùúûüũūŭůűų", "u"), ("Ŵ", "W"), ("ŵ", "w"), ("ÝŸŶ", "Y"), ("ýÿŷ", "y"),
            ("ŹŻŽ", "Z"), ("źżž", "z"),
        ]
        for (chars, base) in groups { for u in chars.unicodeScalars { t[u] = base } }
        for (u, s) in [("Æ", "AE"), ("æ", "ae"), ("Œ", "OE"), ("œ", "oe"), ("ß", "ss"), ("Þ", "Th"), ("þ", "th"), ("Ð", "D"), ("ð", "d"),
                       ("ẞ", "SS"), ("ς", "σ"), ("Ё", "Е"), ("ё", "е")] {
            t[u.unicodeScalars.first!] = s
        }
        return t
    }()

    /// A type's name as words: "PlaylistEntity" → "playlist", "CalendarEvent" → "calendar event".
    package static func typeWords(_ type: String) -> String {
        var name = type
        if name.hasSuffix("Entity"), name.count > 6 { name.removeLast(6) }
        var out = ""
        for ch in name {
            if ch.isUppercase, !out.isEmpty, out.last != " " { out += " " }
            out.append(ch)
        }
        return out.lowercased()
    }
}
