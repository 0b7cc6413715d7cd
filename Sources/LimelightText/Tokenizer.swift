import LimelightSupport
import LimelightModel
/// Word splitting for the parts of indexing and querying that Limelight does
/// itself (edge prefixes, the last word typed). Xapian's TermGenerator and
/// QueryParser handle the rest, including CJK n-grams.
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

    package static func isWordScalar(_ u: Unicode.Scalar) -> Bool {
        u.properties.isAlphabetic || u.properties.numericType != nil || u == "_"
    }

    /// Lower-cased words of non-CJK text, split at anything that is not a letter
    /// or digit. An apostrophe inside a word joins it: dropped ("don't" →
    /// "dont", for edge prefixes), or with `keepingApostrophes` kept as `'`,
    /// the way Xapian's term generator and query parser spell the word.
    package static func words(_ text: String) -> [String] { words(text, keepingApostrophes: false) }

    package static func words(_ text: String, keepingApostrophes: Bool) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(text, keepingApostrophes: keepingApostrophes) }
        var out: [String] = []
        var cur = String.UnicodeScalarView()
        let scalars = Array(text.lowercased().unicodeScalars)
        for (n, u) in scalars.enumerated() {
            if isWordScalar(u) && !isCJK(u) {
                cur.append(u)
            } else if (u == "'" || u == "’"), !cur.isEmpty, n + 1 < scalars.count,
                      isWordScalar(scalars[n + 1]), !isCJK(scalars[n + 1]) {
                // "o'neil" → "oneil"-style joining keeps prefixes useful
                if keepingApostrophes { cur.append("'") }
            } else if !cur.isEmpty {
                out.append(String(cur))
                cur = String.UnicodeScalarView()
            }
        }
        if !cur.isEmpty { out.append(String(cur)) }
        return out
    }

    /// `words` for ASCII text, on bytes (most titles; indexing calls this for
    /// every title, keyword and phrase).
    private static func asciiWords(_ text: String, keepingApostrophes: Bool) -> [String] {
        var out: [String] = []
        var cur: [UInt8] = []
        let bytes = Array(text.utf8)
        for (n, b) in bytes.enumerated() {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                cur.append(b)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                cur.append(b + 32)
            case UInt8(ascii: "'") where !cur.isEmpty && n + 1 < bytes.count && isASCIIWordByte(bytes[n + 1]):
                if keepingApostrophes { cur.append(b) }
            default:
                if !cur.isEmpty {
                    out.append(String(decoding: cur, as: UTF8.self))
                    cur.removeAll(keepingCapacity: true)
                }
            }
        }
        if !cur.isEmpty { out.append(String(decoding: cur, as: UTF8.self)) }
        return out
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

    /// Lower-cased letters and digits only, for "the title starts with what
    /// was typed" checks that ignore spacing and punctuation.
    package static func normalizedForPrefix(_ text: String) -> String {
        String(String.UnicodeScalarView(text.lowercased().unicodeScalars.filter(isWordScalar)))
    }

    /// Latin letters with diacritics → their base letters ("Güell" → "Guell",
    /// "Café" → "Cafe"), so people can type without accents. A table rather
    /// than Unicode decomposition, which the standard library does not expose
    /// without Foundation; it covers Latin-1 and Latin Extended-A.
    package static func fold(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0xC0 && $0.value < 0x250 }) else { return text }
        var out = ""
        for u in text.unicodeScalars {
            if let f = foldTable[u] { out += f } else { out.unicodeScalars.append(u) }
        }
        return out
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
        for (u, s) in [("Æ", "AE"), ("æ", "ae"), ("Œ", "OE"), ("œ", "oe"), ("ß", "ss"), ("Þ", "Th"), ("þ", "th"), ("Ð", "D"), ("ð", "d")] {
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
