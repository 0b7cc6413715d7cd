import Xapian
import LimelightStore

extension Searcher {
    /// Items used only in donations still in the journal, for suggestions
    /// (`pending` already adds the journal's uses to every candidate's usage).
    func journalCandidates(besides found: [Match], _ request: SearchRequest) throws(XapianError) -> [Match] {
        let seen = Set(found.map(\.documentID))
        let keys = pending.keys.sorted()
        var out: [Match] = []
        for found in try listedCards(keys, at: request.at) {
            guard let m = found, !seen.contains(m.documentID),
                  let entry = try card(of: m), request.app == nil || entry.card.app == request.app,
                  request.type == nil || entry.card.type == request.type, request.predicates.isEmpty else { continue }
            out.append(m)
        }
        return out
    }
}
