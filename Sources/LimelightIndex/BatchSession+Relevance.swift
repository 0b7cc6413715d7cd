import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

extension BatchSession {
    // MARK: Relevant entities

    /// The entities relevance updates named by reference are in the index,
    /// now that the whole batch is read ("files can come in any order": a
    /// registration before the entity's own record was refused).
    mutating func checkReferences() throws {
        for (app, ref, location) in referencesToCheck
        where try db.documentID(of: ItemKey.entity(app: app, type: ref.type, id: ref.id)) == nil {
            throw IndexError.rejected(["\(location): relevance update names entity \(ref.type)/\(ref.id), which is not in the index: index it first, or check its type and id (a relevance record in a file may carry the full entity instead)"])
        }
        referencesToCheck = []
    }

    mutating func loadRegistrations(_ app: String) throws -> [String: [EntityRef]] {
        if let r = registrations[app] { return r }
        var sets: [String: [EntityRef]] = [:]
        for (_, rec) in try db.storedRecords(kind: .relevance, app: app) {
            if let c = rec.context { sets[c] = rec.entityRefs }
        }
        registrations[app] = sets
        return sets
    }

    mutating func contextsFor(app: String, ref: EntityRef) throws -> [String] {
        try loadRegistrations(app).filter { $0.value.contains(ref) }.map(\.key).sorted()
    }

    /// - location: where the record was read, for the entities it names by
    ///   reference: each must be in the index once the batch is read (it may
    ///   come later in the run: `checkReferences`).
    mutating func applyRelevance(_ r: Record, at location: String = "") throws {
        let app = r.app
        var sets = try loadRegistrations(app)
        let before = sets
        let refs = r.entityRefs
        switch r.op ?? "" {
        case "update":
            let embedded = r.embeddedEntities
            // Register first, so the upserted entities carry the new context.
            var unique: [EntityRef] = []
            for ref in refs where !unique.contains(ref) { unique.append(ref) }
            sets[r.context!] = unique
            registrations[app] = sets
            for e in embedded { try upsertEntity(e, at: location) }
            for ref in refs where !embedded.contains(where: { EntityRef(type: $0.type, id: $0.id) == ref }) {
                referencesToCheck.append((app, ref, location))
            }
        case "remove":
            sets[r.context!]?.removeAll { refs.contains($0) }
        case "remove-everywhere":
            for c in sets.keys { sets[c]?.removeAll { refs.contains($0) } }
        case "clear":
            sets[r.context!] = nil
        case "clear-all":
            sets = [:]
        default:
            break
        }
        for (c, set) in sets where set.isEmpty { sets[c] = nil }
        registrations[app] = sets
        // Store each changed context's set; re-put the entities whose contexts changed.
        for c in Set(before.keys).union(sets.keys) where before[c] != sets[c] {
            let key = ItemKey.relevance(app: app, context: c)
            if let set = sets[c] {
                let rec = Record(kind: .relevance, fields: JSONObject([
                    ("kind", "relevance"), ("app", .string(app)), ("context", .string(c)), ("op", "update"),
                    ("entities", .array(set.map { ["type": .string($0.type), "id": .string($0.id)] })),
                ]))
                try put(try builder.plain(rec), key: key, hit: false)
            } else {
                try db.delete(key: key)
            }
            for ref in Set(before[c] ?? []).symmetricDifference(sets[c] ?? []) {
                touchedEntities.insert(AppEntity(app: app, ref: ref))
            }
        }
    }
}
