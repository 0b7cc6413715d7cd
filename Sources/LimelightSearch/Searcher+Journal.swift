import Xapian
import LimelightStore

extension Searcher {
    /// Items used only in donations still in the journal, for suggestions
    /// (`pending` already adds the journal's uses to every candidate's usage).
    func journalCandidates(besides found: [Match], _ request: SearchRequest) throws(XapianError) -> [Match] {
        let seen = Set(found.map(\.documentID))
        let keys = pending.keys.sorted()
        let found = try listedCards(keys, at: request.at)
        var out: [Match] = []
        for key in keys {
            guard let m = found[key], !seen.contains(m.documentID),
                  let card = m.values[Schema.cardSlot].flatMap({ cards.card(m.documentID, $0) }), request.app == nil || card.app == request.app,
                  request.type == nil || card.type == request.type, request.predicates.isEmpty else { continue }
            out.append(m)
        }
        return out
    }
}
