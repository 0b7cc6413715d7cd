import LimelightRanking
import Xapian

extension Searcher {
    /// Up to `count` items that match some of the query's words and are
    /// neither among `matches` (those of every word) nor `shown` (which
    /// also holds the Top Hit app's App Shortcuts), best first, in their own
    /// section below the rest. They are ranked as an answer that no item
    /// matches whole is (`QueryText.relaxed`): BM25 over any word, and a
    /// title's bonus for the words it starts, times their share.
    func someWordsHits(_ text: QueryText, _ restriction: Restriction,
                       _ situation: Scorer.Situation, besides matches: [Match], shown: [SearchHit], count: Int) throws(XapianError) -> [SearchHit] {
        var anyWord = text
        anyWord.relaxed = true
        anyWord.wordsAsPrefixes = false
        let have = Set(matches.map(\.documentID))
        var found: [Scored] = []
        let matching = try restriction.apply(to: try textQuery(anyWord))
        // Some of those fetched may be the matches of every word: at most
        // `have.count`, so at least `someWordsDepth` are not.
        for m in try scored(matching, count: RankingWeights.someWordsDepth + have.count) where !have.contains(m.documentID) {
            if let s = try score(m, text: anyWord, situation) { found.append(s) }
        }
        let listed = Set(shown.map(\.identity))
        var out: [SearchHit] = []
        for i in found.rankOrder() where out.count < count {
            var h = hit(found[i], situation)
            guard !listed.contains(h.identity) else { continue }
            h.section = .someWords
            out.append(h)
        }
        return out
    }
}
