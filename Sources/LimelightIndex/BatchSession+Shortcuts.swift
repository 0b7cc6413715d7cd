import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

extension BatchSession {
    // MARK: App Shortcuts bound to parameter values

    /// Regenerates an app's App Shortcut hits: one per shortcut, plus one per
    /// parameter value (enum case, or entity of the parameter's type, best
    /// ranked first, up to `maxBoundValues`). Returns the app's shortcuts.
    mutating func deriveShortcuts(app: String) throws -> [Record] {
        let appRecord = try db.storedRecord(ItemKey.app(app))
        let appNames = appRecord.map { [$0.name] + $0.otherNames } ?? [app]
        let appIDs = Set(try db.postings(Schema.term(Schema.app, app)))
        let oldDerived = Set(try db.postings(Schema.derived).filter { appIDs.contains($0) })
        var keptDerived = Set<UInt32>()
        let shortcuts = try db.storedRecords(kind: .shortcut, app: app)
        if appsWithNewShortcuts.remove(app) != nil { try creditEarlierUses(of: app, shortcuts: shortcuts.map(\.1)) }
        for (order, (_, s)) in shortcuts.enumerated() {
            let summary = try db.storedRecord(ItemKey.intent(app: app, id: s.intent ?? ""))?.summary
            let hit = ShortcutHit(record: s, binding: nil, appNames: appNames, order: order, title: s.title)
            try put(try builder.shortcut(hit), key: hit.key, hit: true)
            guard let param = s.parameter, let pname = param["name"]?.string, let ptype = param["type"]?.string else { continue }
            var values: [ShortcutHit.Binding] = []
            if let cases = param["cases"]?.array {
                values = cases.compactMap { c in
                    guard let o = c.object, let id = o["id"]?.string, let t = o["title"]?.string else { return nil }
                    return ShortcutHit.Binding(type: ptype, id: id, title: t)
                }
            } else {
                values = try topEntities(app: app, type: ptype).map {
                    ShortcutHit.Binding(type: ptype, id: $0.id, title: $0.title,
                                        expires: $0.fields["expires"]?.string.flatMap { Timestamp(iso8601: $0) }?.seconds,
                                        prior: DocumentBuilder.prior(rankingHint: $0.rankingHint))
                }
            }
            for v in values {
                let title: String
                if let summary, summary.contains("${\(pname)}") {
                    title = Placeholders.fill(summary, [pname: v.title])
                } else {
                    title = "\(s.title): \(v.title)"
                }
                let bound = ShortcutHit(record: s, binding: v, appNames: appNames, order: order, title: title)
                try put(try builder.shortcut(bound), key: bound.key, hit: true)
                if let id = try db.documentID(of: bound.key) { keptDerived.insert(id) }
            }
        }
        for id in oldDerived.subtracting(keptDerived) {
            if let card = HitCard(encoded: try db.document(id).value(Schema.cardSlot)) { try hot.withdraw(db, card: card) }
            try db.delete(id)
        }
        return shortcuts.map(\.1)
    }

    /// The app's best-ranked entities of a type, at most `maxBoundValues`.
    /// Entities of equal prior are taken in the order of their cards (which
    /// start with the item's identity), not of their document ids: ids differ
    /// between an ordinary index and its shards, and the same entities must
    /// get bound App Shortcuts in both.
    func topEntities(app: String, type: String) throws -> [Record] {
        let enquire = try Enquire(try db.combined)
        enquire.query = try Query.valueWeight(slot: Schema.priorSlot)
            .filter(try Query.and([Query(term: Schema.term(Schema.app, app)),
                                   Query(term: Schema.term(Schema.type, type)),
                                   Query(term: Schema.kind + RecordKind.entity.rawValue)]))
        enquire.setSort(.relevanceThenValue(slot: Schema.cardSlot, descending: false))
        return try enquire.matches(count: Schema.maxBoundValues).matches.compactMap {
            StoredRecord.decode($0.data)
        }
    }
}
