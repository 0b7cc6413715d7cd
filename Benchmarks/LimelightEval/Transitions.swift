#if canImport(Glibc)
import Glibc
#endif
import LimelightKit

// Two promises of issue 14, measured on the logs that make them rather than
// on a fixture of our own: a changed habit overtakes the old one within a
// week, and an item an app registers for a context gets its chance there
// before anyone has used it.

/// A habit a log's `.meta.json` says changed (gen_replay.py and gen_lives.py
/// write them): from `fromDay` on, the person uses `new` where they used `old`.
struct HabitChange {
    let what: String
    let fromDay: Int
    let old: Target
    let new: Target
    /// The context sets `old` was used in before the change, and how often.
    var oldUses: [[String]: Int] = [:]
    /// Every use of `new` from the change on where the old habit was (a
    /// context set `old` was used in at least twice before: not a whim
    /// elsewhere, where nothing changed): its day, and whether Limelight and
    /// each counting rule (in `countingRules()` order) ranked it above `old`.
    var uses: [(day: Int, engine: Bool, rules: [Bool])] = []

    /// Whether a use of `target` on `day` in `contexts` is one of the old
    /// habit's before the change (counted) or the new one's where the old
    /// habit was (returned true).
    mutating func isNewHabit(_ target: Target, day: Int, contexts: [String]) -> Bool {
        let set = Array(Set(contexts)).sorted()
        if day < fromDay {
            if target == old { oldUses[set, default: 0] += 1 }
            return false
        }
        return target == new && oldUses[set, default: 0] >= 2
    }

    /// The changes a log's `.meta.json` names (none without one); a change
    /// it cannot read stops the evaluation, naming it (a measure that
    /// skipped it would look better than it is).
    static func read(meta path: String) -> [HabitChange] {
        guard access(path, R_OK) == 0 else { return [] }
        guard let meta = readJSON(path).object else { fail("\(path): not a JSON object") }
        return (meta["habitChanges"]?.array ?? []).enumerated().map { i, c in
            guard let o = c.object, let from = o["from"]?.string, let day = Timestamp(iso8601: from),
                  let old = o["old"]?.object, let new = o["new"]?.object else {
                fail("\(path): habitChanges[\(i)] needs a date \"from\" and targets \"old\" and \"new\"")
            }
            return HabitChange(what: o["what"]?.string ?? "", fromDay: day.localDay, old: Target(old), new: Target(new))
        }
    }

    /// When the new item won for good: at the first use from which on every
    /// use had it above the old one, the days since the change and how many
    /// uses of it came before (nil: it never did by the end of the log).
    /// Both, because "a week of daily use" is 7 days of a daily habit but
    /// about 7 uses of one kept on workdays or shift nights only.
    func won(_ above: (Int) -> Bool) -> (days: Int, usesBefore: Int)? {
        guard let last = uses.indices.last, above(last) else { return nil }
        var first = last
        while first > 0 && above(first - 1) { first -= 1 }
        return (uses[first].day - fromDay, first)
    }
}

/// An item a log's `relevance` records register for a context, and where
/// Limelight ranked it at each moment in that context before its first use.
struct RegisteredItem {
    let context: String
    let target: Target
    var used = false
    /// Limelight's rank at each such moment (nil: not in its top 10).
    var ranks: [Int?] = []

    /// The entities a log's records register (`op` update), in their order.
    static func read(_ records: [Record]) -> [RegisteredItem] {
        records.filter { $0.kind == .relevance && ($0.op ?? "update") == "update" }.flatMap { r in
            r.entityRefs.map { RegisteredItem(context: r.context ?? "", target: Target(kind: "entity", app: r.app, type: $0.type, id: $0.id)) }
        }
    }

    /// At how many moments Limelight showed it within the first `k`.
    func within(_ k: Int) -> Int { ranks.filter { ($0 ?? .max) <= k }.count }

    /// Its worst rank within the top 10, and how often it was not in it.
    var worst: String {
        let missed = ranks.filter { $0 == nil }.count
        return (ranks.compactMap { $0 }.max().map { "\($0)" } ?? "–") + (missed > 0 ? ", beyond 10 at \(missed)" : "")
    }

    /// Whether a moment with these contexts is one the item was registered for.
    func applies(to contexts: [String]) -> Bool {
        !used && contexts.flatMap(Contexts.withAncestors).contains(context)
    }
}

/// A whole JSON file (a log's `.meta.json`); stops the evaluation, naming
/// the file, when it cannot be read or parsed.
func readJSON(_ path: String) -> JSON {
    do { return try JSON.parse(try Files.read(path)) } catch { fail("\(path): \(error)") }
}
