import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

extension Searcher {
    // MARK: A stable top hit while typing (issue 15)

    /// Puts the hit `kept` first in `order` (positions in `scored`, in
    /// result order), if the person's last keystroke should not have moved
    /// it: it is among this query's hits (so it matches the query and the
    /// request's filters), the query still starts one of its names, or a
    /// name from one of its words on ("bay coa" for "Monterey Bay Coastal
    /// Trail"; never a piece inside a word, initials, or words in another
    /// order), and no hit ranked above it is a strictly better match: an
    /// exact title (unless it is one too), a title the query starts when
    /// it goes on in this one only from a later word, or a title the query
    /// goes on in when it goes on only in this one's synonyms. Otherwise leaves
    /// `order` as it is. The caller has checked that the query extends the
    /// one `kept` was on top for, and was neither corrected nor relaxed.
    ///
    /// Scores are left as they are: the kept hit is marked `keptOnTop`.
    /// Without this, completing a word ("Your" → "Your "), which brings in
    /// its BM25 weight, or a title bonus that comes and goes ("Tra" completes
    /// the one-word "Trails") reorders titles that all still match.
    func keep(_ kept: SearchHit.Identity, onTopOf order: inout [Int], _ scored: inout [Scored], text: QueryText) {
        // Compared field by field, id first, without copying a card: most
        // keystrokes find it first, or not at all, and stop here.
        guard let at = order.firstIndex(where: {
            let e = scored[$0].entry
            return kept.isItem(e.card.kind, e.card.app, e.card.type, e.card.id, e.card.binding)
        }), at > 0 else { return }
        if !scored[order[at]].isExactTitle, order[..<at].contains(where: { scored[$0].isExactTitle }) { return }
        // Typed by its initials, a title goes on only in the names scored
        // so (not an app's keywords).
        func namesOf(_ i: Int) -> [TitleKey] {
            text.hangulInitials == nil ? scored[i].entry.card.names : Array(TitleMatch.namesSpelled(scored[i].entry.card))
        }
        let names = namesOf(order[at])
        guard let continuation = TitleMatch.continuation(of: names, text: text) else { return }
        // A name is a better match than a synonym (a keyword, a generic
        // name), as the scores rank them: a hit the query goes on in only by
        // a synonym yields to one it goes on in by its title. Inkscape
        // (keyword "image") stayed on top through "image", above Image Viewer.
        if TitleMatch.continuation(of: Array(names.prefix(1)), text: text) == nil,
           order[..<at].contains(where: { TitleMatch.continuation(of: Array(scored[$0].entry.card.names.prefix(1)), text: text) != nil }) { return }
        // A hit the query starts from its first word ("tow" for "Tower
        // Bridge") is a strictly better match than one it starts only from
        // a later word ("Tokyo Tower"): the person may well have been typing
        // the second all along.
        if continuation == .fromLaterWord,
           order[..<at].contains(where: { TitleMatch.continuation(of: namesOf($0), text: text) == .fromStart }) { return }
        let top = order.remove(at: at)
        scored[top].keptOnTop = true
        order.insert(top, at: 0)
    }
}

extension SearchHit.Identity {
    /// Whether this is the item with these parts.
    func isItem(_ kind: HitKind, _ app: String, _ type: String?, _ id: String, _ parameter: EntityRef?) -> Bool {
        self.id == id && self.app == app && self.kind == kind && self.type == type && self.parameter == parameter
    }
}

extension TitleMatch {
    /// How the query, as typed so far, goes on in a title: what a person
    /// typing that title, or a later word of it, could still be typing.
    enum Continuation: Comparable {
        /// It starts the title.
        case fromStart
        /// It starts the title's words from a later one on ("bay coa" for
        /// "Monterey Bay Coastal Trail").
        case fromLaterWord
    }

    /// The best way the query goes on in one of `names`, nil if in none.
    static func continuation(of names: [TitleKey], text: QueryText) -> Continuation? {
        names.lazy.compactMap { continuation($0, text: text) }.min()
    }

    /// How the query goes on in `title`, nil if it does not (never a piece
    /// inside a word, initials, or words in another order). Compared as
    /// `bonus` compares (folded, words joined by single spaces; CJK runs
    /// after the words).
    static func continuation(_ title: TitleKey, text: QueryText) -> Continuation? {
        guard !text.joined.isEmpty else { return nil }
        if !text.compact.isEmpty, title.compact.hasPrefix(text.compact) { return .fromStart }
        // Korean typed by its initial consonants is the syllables typed
        // (ㄱ, ㄱㅅ, ㄱㅅㄱ on the way to 계산기), not Latin initials.
        if let typed = text.hangulInitials, let bonus = initialsBonus(title, typed) {
            return bonus >= RankingWeights.titlePrefix ? .fromStart : .fromLaterWord
        }
        // From each word on (past the last: the CJK runs alone, which have
        // no word boundaries of their own).
        for start in 0...title.words.count where joined(Array(title.words[start...]), title.cjk, startsWith: text.joined) {
            return start == 0 ? .fromStart : .fromLaterWord
        }
        return nil
    }
}
