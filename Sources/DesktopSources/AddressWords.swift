import LimelightText

/// The words of a web address that its text as written hides from the
/// index, as Firefox's address bar finds a page by them: words escaped
/// with `%` (`dir%20with%20space`, `%E6%9D%B1%E4%BA%AC` for 東京) and words a
/// query string or a path joins with `+`, `&`, `=` or `_`
/// (`q=hello+world&lang=de`, `wiki/Golden_Gate_Bridge`), which Xapian's
/// word rule keeps as one word (`world&lang`, as `AT&T`). The address
/// itself is still indexed as written, so only the words its own words
/// do not already have are added (not counted twice).
enum AddressWords {
    static func of(_ url: String) -> [String] {
        let decoded = percentDecoded(url) ?? url
        var seen = Set(Tokenizer.words(url))
        var out: [String] = []
        var word = String.UnicodeScalarView()
        func endWord() {
            guard !word.isEmpty else { return }
            let w = String(word).lowercased()
            if seen.insert(w).inserted { out.append(w) }
            word = String.UnicodeScalarView()
        }
        for u in decoded.unicodeScalars {
            if Tokenizer.isWordScalar(u), u != "_" { word.append(u) } else { endWord() }
        }
        endWord()
        return out
    }

    /// `%XX` escapes as the UTF-8 bytes they stand for; nil when they spell
    /// no UTF-8 text (an address escaped in another encoding is left as it
    /// is written).
    static func percentDecoded(_ s: String) -> String? {
        let bytes = Array(s.utf8)
        guard bytes.contains(UInt8(ascii: "%")) else { return s }
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let high = hex(bytes[i + 1]), let low = hex(bytes[i + 2]) {
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }
}
