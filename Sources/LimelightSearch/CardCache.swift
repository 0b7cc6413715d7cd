import LimelightStore

/// Decoded result cards by document id, so that a card read twice in one
/// search (a prefix list's title check, then scoring) or again at the next
/// keystroke is decoded once: decoding was a fifth of a keystroke's
/// instructions on the Debian catalog (callgrind).
///
/// An entry serves only while the bytes just read are the bytes it was decoded
/// from, so a card changed by a use, a rebuild or a new generation is never
/// served stale; the bytes are read from Xapian as before.
final class CardCache {
    private var entries: [UInt32: (bytes: [UInt8], card: HitCard)] = [:]
    /// About 4 MiB of cards at most; emptied when full (keystrokes of one
    /// query share their candidates, so recency needs no finer bookkeeping).
    static let capacity = 4096

    func card(_ id: UInt32, _ bytes: [UInt8]) -> HitCard? {
        if let hit = entries[id], hit.bytes == bytes { return hit.card }
        guard let card = HitCard(encoded: bytes) else { return nil }
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[id] = (bytes, card)
        return card
    }
}
