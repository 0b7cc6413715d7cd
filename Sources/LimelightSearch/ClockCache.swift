/// A map of at most `capacity` entries that, once full, makes room for each
/// new entry by evicting one old one: the first the clock hand finds that
/// was not used since the hand last passed it (CLOCK, or "second chance": an
/// approximation of least recently used at the cost of one flag per entry).
///
/// Why not empty the whole map when it is full: on the Debian catalog, that
/// freed 4,096 decoded cards (some 80,000 strings and arrays) inside one
/// keystroke, every couple of hundred keystrokes — 8–10 ms each time, the
/// largest share of the search's p99 — and then read the cards of the next
/// keystrokes again. Here each insertion frees at most one entry, and the
/// cards that many keystrokes share (short prefixes, popular items) stay.
///
/// Not thread safe (it belongs to a `Searcher`'s snapshot cache).
struct ClockCache<Key: Hashable, Value> {
    let capacity: Int
    private var slotOf: [Key: Int] = [:]
    private var keys: [Key] = []
    private var values: [Value] = []
    /// Whether the slot's entry was used since the hand last passed it.
    private var used: [Bool] = []
    private var hand = 0

    init(capacity: Int) {
        precondition(capacity > 0, "a cache holds at least one entry")
        self.capacity = capacity
    }

    var count: Int { keys.count }

    /// The value for `key`, marked as used; nil when not cached.
    mutating func value(for key: Key) -> Value? {
        guard let i = slotOf[key] else { return nil }
        used[i] = true
        return values[i]
    }

    /// Caches `value` for `key` (which must not be cached yet), evicting one
    /// entry if the cache is full.
    mutating func insert(_ value: Value, for key: Key) {
        if keys.count < capacity {
            slotOf[key] = keys.count
            keys.append(key)
            values.append(value)
            used.append(false)
            return
        }
        // Every pass clears the flags it meets, so this ends within one turn.
        while used[hand] {
            used[hand] = false
            hand = (hand + 1) % capacity
        }
        slotOf.removeValue(forKey: keys[hand])
        slotOf[key] = hand
        keys[hand] = key
        values[hand] = value
        hand = (hand + 1) % capacity
    }

    mutating func removeAll() {
        slotOf.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        used.removeAll(keepingCapacity: true)
        hand = 0
    }
}
