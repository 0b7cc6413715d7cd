extension PropertySchema {
    /// The lowest free value slot, marked used. The used set is built once per
    /// schema, not per property: rebuilding it each time made one record of
    /// 20,000 numeric properties take minutes. Slots are never freed, so the
    /// scan only moves forward.
    mutating func allocateSlot() -> UInt32 {
        var cache = slotCache ?? (Set(entries.values.compactMap(\.slot)), Schema.firstPropertySlot)
        while cache.used.contains(cache.next) { cache.next += 1 }
        let slot = cache.next
        cache.used.insert(slot)
        slotCache = cache
        return slot
    }

    /// Two schemas are equal when they hold the same properties (the slot
    /// cache and the changed flag are bookkeeping).
    public static func == (a: PropertySchema, b: PropertySchema) -> Bool { a.entries == b.entries }
}
