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
        var changed = false
        var complete: [String] = []
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
        for w in typed {
            let known = try frequency(w, partial: false) > 0
            if Tokenizer.containsCJK(w) || w.count < 3 || !Typos.isCorrectable(w) || known { complete.append(w); continue }
            if let fix = try bestNeighbour(w, partial: false) { complete.append(fix); changed = true } else { complete.append(w) }
        }
        // A word being typed that starts an indexed word is no typo: it matched.
        if let p = partial, p.count >= 3, Typos.isCorrectable(p), !Tokenizer.containsCJK(p), try frequency(p, partial: true) == 0,
           try db.termFrequency(Schema.term(Schema.wordPrefix, String(p.prefix(Schema.maxIndexedPrefix)))) == 0,
           let fix = try bestNeighbour(p, partial: true) {
            partial = fix
            changed = true
        }
        return changed ? text.replacingWords(complete: complete, partial: partial) : nil
    }

    func frequency(_ word: String, partial: Bool) throws(XapianError) -> Int {
        if partial, word.count <= Schema.maxIndexedPrefix {
            return try db.termFrequency(Schema.term(Schema.wordPrefix, word))
        }
        let stem = (try? stemmer.stem(word)) ?? word
        return max(try db.termFrequency(word), try db.termFrequency("Z" + stem))
    }

    /// The most frequent neighbour that matches. For a word still being typed,
    /// a neighbour at least as long comes first: "montery" is "monterey"
    /// mistyped, not "monter" with an extra letter.
    func bestNeighbour(_ word: String, partial: Bool) throws(XapianError) -> String? {
        var best: (word: String, rank: (Int, Int, Int))? = nil
        for candidate in Typos.neighbours(of: word) {
            let f = try frequency(candidate, partial: partial)
            guard f > 0 else { continue }
            let rank = (partial && candidate.count < word.count ? 0 : 1, f, candidate.count)
            if best == nil || rank > best!.rank { best = (candidate, rank) }
        }
        return best?.word
    }
}

/// One-edit neighbours of a word, for typo tolerance.
package enum Typos {
    static let alphabet: [Character] = Array("abcdefghijklmnopqrstuvwxyz0123456789")

    static func neighbours(of word: String) -> [String] {
        let w = Array(word)
        let letters = Array(Set(alphabet + w))
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
