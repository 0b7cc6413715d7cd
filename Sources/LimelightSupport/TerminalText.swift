/// Text from records (and anything echoed from input) made safe for a
/// terminal: a newline would print a fake result line, and ESC, CSI or OSC
/// sequences would be obeyed by the terminal. C0 controls, DEL and C1
/// controls are shown as visible escapes (`\n`, `\t`, `\r`, else `\u{1B}`),
/// and so are the line and paragraph separators (a line break to some
/// terminals) and the bidirectional overrides and isolates, which reorder
/// what follows them: "invoice \u{202E}fdp.exe" showed as "invoice exe.pdf",
/// the rest of its row drawn backwards (Unicode's Trojan Source report).
/// Everything else is kept. JSON output is not passed through this: it is
/// escaped by JSON's own rules.
package enum TerminalText {
    package static func escape(_ s: String) -> String {
        if !s.unicodeScalars.contains(where: needsEscape) { return s }
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where needsEscape(u): out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    package static func needsEscape(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

extension TerminalText {
    /// How many terminal columns a character takes, as glibc's wcwidth(3)
    /// counts its code points, added up: 0 for combining marks, format
    /// characters (a zero-width space, a joiner, a byte-order mark; not the
    /// soft hyphen) and a Hangul syllable's vowel and final jamo; 2 for East
    /// Asian wide and fullwidth characters and emoji shown as emoji; else 1
    /// (a spacing mark too: Devanagari's vowel signs take a column). An
    /// emoji sequence (joined, a flag, one asked to show as emoji) is one
    /// picture, 2. (An emoji counted as one column pushed the rest of its
    /// table row right; Hindi and Tamil titles, whose spacing marks were
    /// counted none, pulled it left.)
    package static func columns(_ ch: Character) -> Int {
        let scalars = ch.unicodeScalars
        if scalars.count > 1, scalars.contains(where: { $0 == "\u{200D}" || $0 == "\u{FE0F}" || (0x1F1E6...0x1F1FF).contains($0.value) }) {
            return 2
        }
        return scalars.reduce(0) { $0 + columns($1) }
    }

    static func columns(_ u: Unicode.Scalar) -> Int {
        if u == "\u{00AD}" { return 1 }
        switch u.value {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF: return 0  // jamo a syllable's vowel and final take no column of their own
        default: break
        }
        switch u.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return isWide(u) || u.properties.isEmojiPresentation ? 2 : 1
        }
    }

    /// East Asian Wide and Fullwidth (Unicode's EastAsianWidth W and F):
    /// Hangul leading jamo, CJK and its punctuation, kana, Hangul
    /// syllables and Jamo Extended-A, compatibility ideographs, vertical,
    /// small and fullwidth forms, Tangut, kana supplements, and the
    /// supplementary ideographic planes.
    static func isWide(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x18CFF, 0x18D00...0x18D08,
             0x1AFF0...0x1B2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD: return true
        default: return false
        }
    }
}
