import Xapian
import LimelightText
import LimelightRanking

/// How an entity is found by a piece inside a word of its title ("fox" in
/// "firefox-esr", "magick" in "imagemagick") or by its initials ("mbct" for
/// Monterey Bay Coastal Trail), as launchers match (issue 15).
///
/// Indexed: every trigram that starts inside a title word (not at its first
/// letter: word starts have edge prefixes already) and the edge prefixes of
/// the title's initials. Trigrams rather than every inner substring: a word
/// of n letters gives n − 3 terms instead of (n − 3)(n − 2)/2, and a piece
/// of k letters is the AND of its k − 2 trigrams, which may also match a
/// title holding them apart — the searcher checks each candidate's title.
///
/// Korean titles also get the edge prefixes of their initial consonants
/// from each word's start (`Hangul.initialsKey`: 북한산 둘레길 is found by
/// ㅂㅎ, ㅂㅎㅅㄷ and ㄷㄹㄱ), so that what is typed by its initials (초성)
/// finds them; the searcher checks the syllables typed whole.
package enum InnerWordTerms {
    static let gram = 3
    /// The words of a Korean title its initials are indexed from: a title
    /// is typed from its first words.
    static let maxInitialsStarts = 8

    /// The terms an entity titled `title` gets (folded words, as `TitleKey`
    /// compares them).
    package static func terms(title: String) -> Set<String> {
        let words = Tokenizer.words(Tokenizer.fold(title))
        var out = Set<String>()
        for word in words {
            let chars = Array(word)
            guard chars.count > gram else { continue }
            for start in 1...(chars.count - gram) { out.insert(Schema.innerGram + String(chars[start..<start + gram])) }
        }
        if words.count >= 2 {
            let initials = String(words.compactMap(\.first))
            for p in Tokenizer.edgePrefixes(initials, maxLength: Schema.maxIndexedPrefix)
            where p.count >= RankingWeights.minInitials {
                out.insert(Schema.initials + p)
            }
        }
        let runs = Tokenizer.cjkRuns(Tokenizer.normalized(title))
        for start in runs.indices.prefix(maxInitialsStarts) {
            // Scalars, not characters: leading jamo in a row are one
            // grapheme cluster.
            let key = Array(Hangul.initialsKey(runs[start...].lazy.flatMap(\.unicodeScalars)).unicodeScalars)
            for n in stride(from: 2, through: min(key.count, Schema.maxIndexedPrefix), by: 1) {
                out.insert(Schema.initials + String(String.UnicodeScalarView(key[..<n])))
            }
        }
        return out
    }

    /// What finds the titles whose words' initials start as `typed` does
    /// (`Hangul.isTypedAsInitials`).
    package static func initialsQuery(_ typed: [Unicode.Scalar]) -> Query {
        let key = Hangul.initialsKey(typed).unicodeScalars.prefix(Schema.maxIndexedPrefix)
        return Query(term: Schema.initials + String(String.UnicodeScalarView(key)))
    }

    /// What finds the titles that may hold `needle` (one word being typed,
    /// folded letters and digits) inside a word or as their initials; nil
    /// if it is too short for either.
    package static func query(_ needle: String) throws(XapianError) -> Query? {
        let chars = Array(needle)
        var parts: [Query] = []
        if chars.count >= RankingWeights.minInitials {
            parts.append(Query(term: Schema.initials + String(chars.prefix(Schema.maxIndexedPrefix))))
        }
        if chars.count >= max(gram, RankingWeights.minInnerWord) {
            let grams = (0...(chars.count - gram)).map { Query(term: Schema.innerGram + String(chars[$0..<$0 + gram])) }
            parts.append(grams.count == 1 ? grams[0] : try .and(grams))
        }
        if parts.isEmpty { return nil }
        return parts.count == 1 ? parts[0] : try .or(parts)
    }
}
