import Xapian
import LimelightSupport
import LimelightModel
import LimelightStore

/// What a re-sync of one source changed.
public struct SyncChanges: Sendable, Equatable {
    public var added = 0
    public var updated = 0
    public var removed = 0
    /// Interactions not seen before (those of an earlier sync are not recounted).
    public var interactions = 0
    /// Records the source made that `index` or another source holds
    /// under the same key (an app's own record of its desktop id, a
    /// desktop file named as Limelight's `limelight.recent`): not written,
    /// as a sync never takes another's records. By key (`app/<id>`,
    /// `entity/<app>/<type>/<id>` …); an app's key stands for all of it.
    public var heldByOthers: [String] = []
    public init() {}
}

extension IndexWriter {
    /// Makes the records `source` owns exactly `records`, atomically: a stored
    /// record of the source that is not among them is deleted (an app with
    /// everything of it but the donations of its launches, kept for when it
    /// is back; an entity with its donations); one that is, is updated
    /// in place if it changed and keeps its id and usage either way; records of
    /// other sources and of `index` are not touched. Interactions carry ids
    /// derived from what they record, so one already stored is not counted again.
    ///
    /// A settings panel (`SettingsPanel`) is a part of its app: one gone
    /// keeps its donations, as an app does (a login to Plasma, where GNOME's
    /// panels are not shown, took their history).
    ///
    /// Every record but interactions must carry `"source": source`. The apps
    /// in `kept` are ones the source could not read this time (a broken
    /// file): nothing stored of them is deleted, nor a settings panel read
    /// from such a file (its id is its desktop file id, as an app's).
    /// `progress` is told (records applied, records in all) as they are
    /// applied.
    public func sync(source: String, records: [Record], keeping kept: Set<String> = [],
                     progress: (Int, Int) -> Void = { _, _ in }) throws(IndexError) -> SyncChanges {
        for r in records where r.kind != .interaction && r.source != source {
            throw IndexError.rejected(["sync \(source): \(r.kind.rawValue) \(ItemKey(r)) is not marked as the source's"])
        }
        return try inTransaction { session in try session.sync(source: source, records: records, keeping: kept, progress: progress) }
    }

    /// Whether the index holds records `source` made. A store that is gone
    /// now (its file deleted, its profile removed) was synced before when it
    /// does, and what it made should go; one never synced is only skipped.
    public func holdsRecords(ofSource source: String) throws(IndexError) -> Bool {
        do { return try !store.postings(Schema.term(Schema.source, source)).isEmpty } catch {
            throw IndexError(error, path: location.path)
        }
    }
}

package extension BatchSession {
    mutating func sync(source: String, records: [Record], keeping kept: Set<String> = [],
                       progress: (Int, Int) -> Void = { _, _ in }) throws -> SyncChanges {
        var changes = SyncChanges()
        let derived = Set(try db.postings(Schema.derived))
        var stored: [ItemKey: (id: UInt32, record: Record)] = [:]
        for id in try db.postings(Schema.term(Schema.source, source)) where !derived.contains(id) {
            if let r = try db.storedRecord(at: id) { stored[ItemKey(r)] = (id, r) }
        }
        var owned = records.filter { $0.kind != .interaction }
        // What another holds is not taken over: an app whose record `index`
        // or another source made keeps it, and the source writes nothing of
        // that app (its desktop actions included); any other record held
        // so is left out alone. (A desktop file named `limelight.recent`
        // took Recent Files, and one gone deleted every recent file.)
        let held = try owned.filter { r in try stored[ItemKey(r)] == nil && db.contains(ItemKey(r)) }
        let heldApps = Set(held.filter { $0.kind == .app }.map(\.app))
        changes.heldByOthers = held.filter { $0.kind == .app || !heldApps.contains($0.app) }.map { ItemKey($0).description }
        let heldKeys = Set(held.map(ItemKey.init))
        owned.removeAll { heldApps.contains($0.app) || heldKeys.contains(ItemKey($0)) }
        let incoming = Set(owned.map(ItemKey.init))

        // What vanished. An app goes with all it has but the donations of
        // its launches, so that one back after a sync without it (a package
        // upgrade, a poorer XDG_DATA_DIRS) has its usage back; then what is
        // left of the rest. What the source could not read (`kept` apps) did not vanish.
        // An app that holds records of others too (entities an app indexed
        // under its desktop id) loses only what the source made of it.
        let gone = stored.filter { key, item in
            let r = item.record
            return !incoming.contains(key) && !kept.contains(r.app) && !(Self.isSettingsPanel(r) && kept.contains(r.id))
        }
        var wholeApps = Set<String>(), partlyOthers = false
        let goneApps = Set(gone.values.filter { $0.record.kind == .app }.map(\.record.app))
        if !goneApps.isEmpty {
            // Besides the source's own records, an app's donations and derived App Shortcuts.
            let ours = Set(stored.values.map(\.id)).union(derived).union(try db.postings(Schema.kind + RecordKind.interaction.rawValue))
            for app in goneApps {
                if try db.postings(Schema.term(Schema.app, app)).allSatisfy(ours.contains) { wholeApps.insert(app) } else { partlyOthers = true }
            }
        }
        // Usage and hot lists are recounted once, after all of it.
        var recount = Set<ItemKey>()
        for app in wholeApps.sorted() {
            _ = try delete(.app(app), keepingInteractions: true, recountingLater: &recount)
        }
        for (key, item) in gone.sorted(by: { $0.key < $1.key }) {
            changes.removed += 1
            let r = item.record
            if wholeApps.contains(r.app) { continue }
            if r.kind == .entity {
                _ = try delete(.entity(app: r.app, type: r.type, id: r.id), keepingInteractions: Self.isSettingsPanel(r),
                               recountingLater: &recount)
            } else if let id = try db.documentID(of: key) {
                try db.delete(id)
                touchedApps.insert(r.app)
            }
        }
        if !wholeApps.isEmpty || partlyOthers || gone.values.contains(where: { $0.record.kind == .entity }) {
            try recountAfterDeleting(recount)
        }

        // What is new or changed, apps and intents before what refers to them.
        let order: [RecordKind: Int] = [.app: 0, .intent: 1, .shortcut: 2, .entity: 3, .relevance: 4]
        var applied = 0
        for r in owned.sorted(by: { order[$0.kind, default: 5] < order[$1.kind, default: 5] }) {
            applied += 1
            progress(applied, records.count)
            if let old = stored[ItemKey(r)] {
                if old.record.fields == r.fields { continue }
                changes.updated += 1
            } else {
                changes.added += 1
            }
            try apply(r)
        }
        for r in records where r.kind == .interaction && !heldApps.contains(r.app) {
            applied += 1
            progress(applied, records.count)
            // Forgotten, it stays so: the store still lists it, not the person's history.
            if policy.forgot(r) { continue }
            // Stored by an earlier sync: nothing to do (it was checked,
            // stored and counted then; a big history's 31,000 visits were
            // read back and checked at every re-sync).
            if try db.contains(ItemKey(r)) { continue }
            // Recorded unless the history settings leave it out (paused, excluded, a pause's span).
            let leftOut = summary.notRecorded
            try apply(r)
            if summary.notRecorded == leftOut { changes.interactions += 1 }
        }
        // The store as the index holds it: nothing is written, and nothing
        // committed (a re-sync of a big Firefox history, which a watch runs
        // at every page load, wrote the hot lists and the model again, and
        // readers reopened the index for nothing).
        if changes.added + changes.updated + changes.removed + changes.interactions == 0 {
            writesNothing = true
            return changes
        }
        try finish()
        return changes
    }

    static func isSettingsPanel(_ r: Record) -> Bool { r.kind == .entity && r.type == SettingsPanel.entityType }
}
