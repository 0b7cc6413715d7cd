import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

extension Searcher {
    // MARK: Scoring

    func hit(from m: Match, text: QueryText, _ situation: Scorer.Situation) throws(XapianError) -> SearchHit? {
        guard let entry = try card(of: m) else { return nil }
        return hit(from: m, card: entry.card, usage: entry.usage, text: text, situation)
    }

    private func hit(from m: Match, card: borrowing HitCard, usage: UsageStats?, text: QueryText,
                     _ situation: Scorer.Situation) -> SearchHit {
        var c = Scorer.Candidate()
        c.prior = card.prior
        c.usage = usage
        if !pending.isEmpty, let events = pending[card.itemKey] {
            var stats = c.usage ?? UsageStats()
            for e in events { stats.add(e) }
            c.usage = stats
        }
        c.relevantContexts = card.relevant
        if situation.hasQuery {
            // Xapian's weight = BM25 + the candidate-selection boosts; keep BM25.
            c.textWeight = CandidateBoost.removing(from: m.weight, card)
            // An app matches by its name or any synonym ("Trail Guide" is Trails).
            c.titleMatch = 0
            for name in card.names { c.titleMatch = max(c.titleMatch, TitleMatch.bonus(title: name, text: text)) }
        }
        let components = Scorer.components(c, situation)
        return SearchHit(rank: 0, section: .results, kind: card.kind, app: card.app, type: card.type, id: card.id,
                         title: card.title, subtitle: card.subtitle,
                         score: components.reduce(0) { $0 + $1.value }, parameter: card.binding,
                         url: card.launch.url, exec: card.launch.exec, icon: card.launch.icon,
                         desktopFile: card.launch.desktopFile,
                         components: components)
    }
}

/// Exact and word-start matches beat mid-word or partial ones. CJK text has no
/// word boundaries, so there a run of the query counts where it starts the
/// title (a prefix) or appears in it (a word start).
package enum TitleMatch {
    static func bonus(title: TitleKey, text: QueryText) -> Double {
        let titleWords = title.words
        let queryWords = text.words
        let titleCJK = title.cjk
        guard !queryWords.isEmpty || !text.cjkRuns.isEmpty else { return 0 }
        if titleWords == queryWords, titleCJK == text.cjkRuns { return RankingWeights.exactTitle }
        // "sagrada fam" completes to "Sagrada Família" exactly: better than
        // a longer title that merely starts that way.
        if text.partialWord != nil, titleWords.count == queryWords.count, titleCJK == text.cjkRuns,
           let last = queryWords.last, titleWords.last?.hasPrefix(last) == true,
           titleWords.dropLast() == queryWords.dropLast() {
            return RankingWeights.titleCompletion
        }
        if joined(titleWords, titleCJK, startsWith: text.joined) || title.compact.hasPrefix(text.compact) {
            return RankingWeights.titlePrefix
        }
        let wordsOK = queryWords.allSatisfy { q in titleWords.contains { $0.hasPrefix(q) } }
        let cjkOK = text.cjkRuns.allSatisfy { run in titleCJK.contains { $0.contains(run) } }
        if wordsOK && cjkOK { return RankingWeights.allWordStarts }
        return queryWords.count == 1 && text.cjkRuns.isEmpty ? inside(title, text.compact) ?? 0 : 0
    }

    /// Whether `words` then `more`, joined by single spaces, start with
    /// `prefix` (bytes; both sides are folded the same way), without building
    /// the joined string: this runs for every name of every candidate.
    static func joined(_ words: [String], _ more: [String], startsWith prefix: String) -> Bool {
        var rest = prefix.utf8[...]
        var first = true
        for part in [words, more] {
            for word in part {
                if rest.isEmpty { return true }
                if !first {
                    guard rest.first == UInt8(ascii: " ") else { return false }
                    rest = rest.dropFirst()
                }
                first = false
                let n = min(word.utf8.count, rest.count)
                guard word.utf8.prefix(n).elementsEqual(rest.prefix(n)) else { return false }
                rest = rest.dropFirst(n)
            }
        }
        return rest.isEmpty
    }
}
