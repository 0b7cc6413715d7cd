import LimelightModel
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
        // (An address escaped in another encoding than UTF-8 is split as written.)
        let decoded = FileURI.percentDecoded(url) ?? url
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
}
