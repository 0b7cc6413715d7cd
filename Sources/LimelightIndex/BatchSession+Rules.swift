import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

extension BatchSession {
    // MARK: Cross-record rules, checked once the batch is read

    func exists(_ key: ItemKey) throws -> Bool { try db.contains(key) }

    mutating func check(_ item: LocatedRecord) throws {
        let r = item.record
        do {
            switch r.kind {
            case .shortcut where restoring:
                break
            case .shortcut:
                guard try exists(ItemKey.intent(app: r.app, id: r.intent ?? "")) else {
                    throw RecordError("App Shortcut rule: shortcut '\(r.id)' uses intent '\(r.intent ?? "")', which \(r.app) does not declare (add its intent record)")
                }
                try checkParameter(of: r)
            case .interaction where restoring:
                break
            case .interaction:
                // History is kept, not refused: a sync keeps the launches of
                // an app that vanished for when it is back, and an action's
                // uses after the action is gone, so an export holds such
                // uses and must read back; a log may also come before the
                // apps it names are synced. Each counts once what it names
                // is indexed; `index` tells which (a typo shows there).
                var missing: String? = nil
                if !(try exists(ItemKey.app(r.app))) {
                    missing = "app '\(r.app)', which is not in the index"
                } else if let i = r.intent, !(try exists(ItemKey.intent(app: r.app, id: i))) {
                    missing = "intent '\(i)', which \(r.app) does not declare"
                } else if let s = r.shortcut, !(try exists(ItemKey.shortcut(app: r.app, id: s))) {
                    missing = "App Shortcut '\(s)', which \(r.app) does not declare"
                }
                if let missing { summary.namingUnknown.append("\(item.location): interaction names \(missing)") }
            default:
                break
            }
        } catch let e as RecordError {
            throw IndexError.rejected(["\(item.location): \(e.message)"])
        }
    }

    /// The App Shortcut rules for the batch's shortcuts: every problem (up
    /// to 20) told, where the first alone was; an app over ten App
    /// Shortcuts told once, at its last shortcut's line (it was told at its
    /// first's).
    mutating func checkShortcuts() throws {
        var problems: [String] = []
        for item in toCheck {
            do { try check(item) } catch IndexError.rejected(let lines) { problems += lines }
        }
        if !restoring {
            var lastOfApp: [String: String] = [:]
            for item in toCheck where item.record.kind == .shortcut { lastOfApp[item.record.app] = item.location }
            for (app, location) in lastOfApp.sorted(by: { $0.key < $1.key }) {
                let count = try db.storedRecords(kind: .shortcut, app: app).count
                if count > RecordLimits.maxShortcutsPerApp {
                    problems.append("\(location): App Shortcut rule: an app has at most \(RecordLimits.maxShortcutsPerApp) App Shortcuts; \(app) would have \(count)")
                }
            }
        }
        if !problems.isEmpty { throw IndexError.rejected(Array(problems.prefix(20))) }
    }

    /// An intent declared again must still fit the App Shortcuts already
    /// stored for it (those of the batch were checked with it): one that
    /// drops or retypes their parameter would leave an index whose export
    /// cannot be read back. Told at the intent's line.
    mutating func checkShortcutsOfIntents() throws {
        defer { intentsToCheck = [] }
        guard !restoring else { return }
        let inBatch = Set(toCheck.map { ItemKey($0.record) })
        for item in intentsToCheck {
            let intent = item.record
            for (_, s) in try db.storedRecords(kind: .shortcut, app: intent.app)
            where s.intent == intent.id && !inBatch.contains(ItemKey(s)) {
                do { try checkParameter(of: s) } catch let e as RecordError {
                    throw IndexError.rejected(["\(item.location): intent '\(intent.id)' no longer fits App Shortcut '\(s.id)': \(e.message)"])
                }
            }
        }
    }

    /// A stable id (a SyncableEntity's id on every device) names one entity
    /// of its app and type: `get`, `delete` and interactions accept it in
    /// place of the id, so a second entity claiming it would be shadowed by
    /// the first, and deleted with it. A restore keeps what an older index has.
    mutating func checkStableIDs() throws {
        defer { stableIDsToCheck = [] }
        guard !restoring else { return }
        var problems: [String] = []
        var told = Set<String>()
        // From the last: two records of one run claiming a stable id are told once, at the later.
        for (entity, stable, location) in stableIDsToCheck.reversed()
        where told.insert("\(entity.app)\u{0}\(entity.ref.type)\u{0}\(stable)").inserted {
            for d in try db.postings(Schema.term(Schema.stableID, Schema.stableKey(app: entity.app, stableID: stable))) {
                guard let other = StoredRecord.decode(try db.document(d).data()),
                      other.type == entity.ref.type, other.id != entity.ref.id,
                      other.fields["stableId"]?.string == stable else { continue }
                problems.append("\(location): stableId '\(stable)' of \(entity.ref.type)/\(entity.ref.id) is already the stable id of \(other.type)/\(other.id) (a stable id names one entity of its type: delete that one, or give this one another)")
                break
            }
        }
        if !problems.isEmpty { throw IndexError.rejected(Array(problems.reversed().prefix(20))) }
    }

    /// An App Shortcut's one parameter takes its values from a finite list: its
    /// enum `cases`, or the indexed entities of its type. If the intent lists
    /// its parameters, the shortcut's must be one of them, with the same type.
    func checkParameter(of r: Record) throws {
        guard let p = r.parameter, let name = p["name"]?.string, let type = p["type"]?.string else { return }
        var declaredByIntent = false
        if let intent = try db.storedRecord(ItemKey.intent(app: r.app, id: r.intent ?? "")),
           let declared = intent.fields["parameters"]?.array {
            let match = declared.compactMap(\.object).first { $0["name"]?.string == name }
            guard let match else {
                throw RecordError("App Shortcut rule: shortcut '\(r.id)' parameter '\(name)' is not a parameter of intent '\(intent.id)'")
            }
            if let t = match["type"]?.string, t != type {
                throw RecordError("App Shortcut rule: shortcut '\(r.id)' parameter '\(name)' has type \(type), but intent '\(intent.id)' declares \(t)")
            }
            declaredByIntent = match["type"]?.string == type
        }
        // An entity type the intent declares is the app's own, as Apple's
        // AppEntity is: its values are the entities indexed, none for now
        // after the last is deleted (an index in that state exports, and
        // must import again). Named by the shortcut alone, a type with no
        // entity is likely a typo.
        if p["cases"] == nil, !declaredByIntent {
            let ofApp = Set(try db.postings(Schema.term(Schema.app, r.app)))
            let entities = Set(try db.postings(Schema.kind + RecordKind.entity.rawValue))
            let hasValues = try db.postings(Schema.term(Schema.type, type)).contains { ofApp.contains($0) && entities.contains($0) }
            if !hasValues {
                throw RecordError("App Shortcut rule: shortcut '\(r.id)' parameter '\(name)' must take its values from a finite list: give its enum 'cases', or index \(r.app) entities of type \(type) (none are indexed)")
            }
        }
    }
}
