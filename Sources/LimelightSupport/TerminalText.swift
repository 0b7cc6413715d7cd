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
    /// How many terminal columns a character takes, as wcwidth(3) counts
    /// them: 0 for combining marks and format characters (a zero-width
    /// space, a joiner, a byte-order mark), 2 for East Asian wide and
    /// fullwidth characters and emoji shown as emoji, else 1. (An emoji
    /// counted as one column pushed the rest of its table row right.)
    package static func columns(_ ch: Character) -> Int {
        var widest = 0
        for u in ch.unicodeScalars {
            if u == "\u{FE0F}" { return 2 }  // emoji presentation asked for (itself a mark)
            let p = u.properties
            switch p.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: continue
            default: break
            }
            widest = max(widest, isWide(u) || p.isEmojiPresentation ? 2 : 1)
        }
        return widest
    }

    /// East Asian Wide and Fullwidth blocks (Hangul Jamo, CJK, Hangul
    /// syllables, compatibility ideographs, fullwidth forms, the
    /// supplementary ideographic planes).
    static func isWide(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD: return true
        default: return false
        }
    }
}
