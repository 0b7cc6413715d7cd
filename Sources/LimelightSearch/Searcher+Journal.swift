import Xapian
import LimelightStore

extension Searcher {
    /// Items used only in donations still in the journal, for suggestions
    /// (`pending` already adds the journal's uses to every candidate's usage).
    func journalCandidates(besides found: [Match], _ request: SearchRequest) throws(XapianError) -> [Match] {
        var seen = Set(found.map(\.documentID))
        var out: [Match] = []
        for key in pending.keys.sorted() {
            guard let id = try db.documentID(of: key), seen.insert(id).inserted else { continue }
            let bytes = try db.document(id).value(Schema.cardSlot)
            guard let card = cards.card(id, bytes), request.app == nil || card.app == request.app,
                  request.type == nil || card.type == request.type, request.predicates.isEmpty else { continue }
            out.append(Match(documentID: id, weight: 0, values: [Schema.cardSlot: bytes]))
        }
        return out
    }
}
