/// When `sync --watch` syncs each source again: a source that changed syncs
/// as soon as its changes settle, but not sooner than its
/// `minimumSyncInterval` after its last sync; changes in between wait and
/// are one sync. Firefox writes places.sqlite and its WAL at every page
/// load, a title and a visit count moments later: re-syncing at each write
/// kept a core busy while a person browsed a big history.
///
/// ```swift
/// var schedule = SyncSchedule(minimumIntervals: [0: 10])
/// schedule.synced([0], at: 0)
/// schedule.changed([0], at: 3)   // waits till 10
/// schedule.due(at: 3)            // []
/// schedule.due(at: 10)           // [0], synced at 10
/// ```
/// Times are seconds on any clock that does not go back.
public struct SyncSchedule: Sendable {
    /// Seconds between two syncs of a group, by group (none: no minimum).
    public let minimumIntervals: [Int: Double]
    private var lastSync: [Int: Double] = [:]
    /// Groups that changed and are not synced yet, with when they may be.
    private var waiting: [Int: Double] = [:]

    public init(minimumIntervals: [Int: Double]) {
        self.minimumIntervals = minimumIntervals
    }

    /// The groups synced at `now`.
    public mutating func synced(_ groups: Set<Int>, at now: Double) {
        for g in groups {
            lastSync[g] = now
            waiting[g] = nil
        }
    }

    /// Groups whose files changed (and settled) at `now`.
    public mutating func changed(_ groups: Set<Int>, at now: Double) {
        for g in groups where waiting[g] == nil {
            let earliest = lastSync[g].map { $0 + (minimumIntervals[g] ?? 0) } ?? now
            waiting[g] = max(now, earliest)
        }
    }

    /// The groups to sync at `now`, which count as synced then.
    public mutating func due(at now: Double) -> Set<Int> {
        let out = Set(waiting.filter { $0.value <= now }.keys)
        synced(out, at: now)
        return out
    }

    /// Seconds until the next waiting group is due; nil when none waits.
    public func wait(at now: Double) -> Double? {
        waiting.values.min().map { max(0, $0 - now) }
    }
}
