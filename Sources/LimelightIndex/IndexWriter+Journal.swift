#if canImport(Glibc)
import Glibc
#endif
import Xapian
import LimelightSupport
import LimelightModel
import LimelightStore

extension IndexWriter {
    /// Folds the donation journal into the index (see `DonationJournal`): the
    /// first thing every writer does, so what was donated while another
    /// process wrote is never lost and comes before anything the writer adds.
    /// A donation that no longer applies (its app was deleted since) is dropped.
    func foldJournal(onWarning: (String) -> Void = { _ in }) throws(IndexError) {
        try DonationJournal.fold(location) { (records) throws(IndexError) in
            let batch = records.map { LocatedRecord($0, at: "donations.journal") }
            do throws(IndexError) {
                try apply(batch)
            } catch let e where e.isRejected {
                for item in batch {
                    do throws(IndexError) { try apply([item]) } catch let e where e.isRejected {
                        onWarning("dropped a journalled donation: \(e.description)")
                    }
                }
            }
        }
    }

    /// Donates `records` (interactions) without waiting for the write lock:
    /// each gets an id of its own and is appended to the journal, durably,
    /// after a reader checked that its app, intent and shortcut exist.
    public static func donate(_ records: [Record], to location: IndexLocation) throws(IndexError) -> [String] {
        try checkLockTimeoutSetting()
        var out: [Record] = []
        for r in records {
            var fields = r.fields
            if fields["id"] == nil { fields["id"] = .string(DonationJournal.newID()) }
            out.append(Record(kind: .interaction, fields: fields))
        }
        if out.isEmpty { return [] }
        do throws(StoreError) { try DonationJournal.append(out, to: location) } catch { throw .store(error) }
        // Fold now if no other process is writing; a writer that holds the
        // index folds when it closes. (writer.pid is read first: trying the
        // lock costs a Xapian open, measured 20-40 ms of a debug donate under load.)
        if !location.hasLiveWriter, let writer = try? IndexWriter.open(location, lockTimeout: 0) { writer.close() }
        return out.map(\.id)
    }
}

extension IndexWriter {
    /// Checks donations before they are journalled: their app, intent and App
    /// Shortcut are indexed (on a sharded index, in the app's shard). Read-only,
    /// so `donate` never waits for a writer.
    /// - Parameter places: what to name in an error, per record ("donate").
    public static func checkDonations(_ records: [Record], in location: IndexLocation, places: [String]) throws(IndexError) {
        let layout = try fromStore { () throws(StoreError) in try ShardLayout.read(at: location.path) }
        var shards: [Int: Database] = [:]
        // The readers' locks are dropped when the check is done: `serve`
        // records every launch it makes, and a lock kept for the life of the
        // process would hold each generation it saw (and its forgotten
        // history) on disk, and a descriptor each, for as long as it runs.
        var locks: [Int32] = []
        defer { locks.forEach(ReaderLocks.release) }
        /// The stored record of `key`, from the shard that holds it.
        func stored(_ key: ItemKey) throws(IndexError) -> Record? {
            let k = layout?.home(of: key) ?? 0
            if shards[k] == nil {
                let opened = try fromStore { () throws(StoreError) in try (layout?.shard(k) ?? location).openTrackedReader() }
                shards[k] = opened.db
                locks.append(opened.lock)
                if layout == nil, let refusal = refusalOfOneShard(location, opened.db) { throw refusal }
            }
            do { return try shards[k]!.storedRecord(key) } catch { throw IndexError(error, path: location.path) }
        }
        func has(_ key: ItemKey) throws(IndexError) -> Bool { try stored(key) != nil }
        for (n, r) in records.enumerated() {
            let at = n < places.count ? places[n] : "donate"
            guard try has(.app(r.app)) else {
                throw IndexError.rejected(["\(at): interaction for app '\(r.app)', which is not in the index (add its app record)"])
            }
            if let i = r.intent, !(try has(.intent(app: r.app, id: i))) {
                throw IndexError.rejected(["\(at): interaction names intent '\(i)', which \(r.app) does not declare"])
            }
            if let s = r.shortcut, !(try has(.shortcut(app: r.app, id: s))) {
                throw IndexError.rejected(["\(at): interaction names App Shortcut '\(s)', which \(r.app) does not declare"])
            }
            // A donation id names one use: the same id again is the same use
            // (idempotent: a retried `donate --id` stamped a moment later
            // too), another use under it would be dropped unseen.
            if r.fields["id"] != nil {
                var (a, b) = (try stored(ItemKey.interaction(id: r.id))?.fields, r.fields)
                a?["at"] = nil
                b["at"] = nil
                if let a, a != b {
                    throw IndexError.rejected(["\(at): \(IndexWriter.Summary.conflictNote(r.id))"])
                }
            }
        }
    }
}

package extension IndexLocation {
    /// writer.pid names a process that is running (a writer holds the index).
    var hasLiveWriter: Bool {
        guard let bytes = try? Files.read(pidPath),
              let pid = Int32(String(decoding: bytes, as: UTF8.self).split(separator: "\n").first ?? "") else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
