import Xapian
import LimelightSupport

/// Where a search hit stands in static-rank order (best prior first), as
/// terms every shard agrees on: a broad query is scored within the tiers that
/// hold about as many documents as its budget allows (see
/// `Searcher.broadCandidates`), and the tiers' sizes are global term
/// frequencies, which a database of many shards (local or remote) adds up.
///
/// A hit carries two terms: its level — its prior in hundredths, 0…100,
/// `XG` + three digits, best = 100 — and one of `parts` parts of that level
/// chosen by its item key's hash (`XG` + level + ":" + part), so a window can
/// end inside a level that many documents share (a default ranking hint)
/// and still take the same documents on one index and on N shards. (This
/// replaces a window of the first document ids, which only one index has.)
package enum StaticTier {
    static let levels = 100
    static let parts = 16

    /// The item's order value (`Schema.orderSlot`), the tie break of equal
    /// weights: the better prior first (four bytes of 1 − prior), then by
    /// item (FNV-1a 64 of its key, `orderSuffix`), big-endian, so byte order
    /// is that order. (Document ids broke ties before; they are static-rank
    /// order on one index, but not across shards.)
    package static func orderValue(_ key: ItemKey, prior: Double) -> [UInt8] {
        let rest = orderPrefix(prior)
        return (0..<4).map { UInt8(truncatingIfNeeded: rest >> (24 - 8 * UInt32($0))) } + orderSuffix(key)
    }

    /// The part of the order value that names the item (its last 8 bytes).
    package static func orderSuffix(_ key: ItemKey) -> [UInt8] {
        let h = hash(key)
        return (0..<8).map { UInt8(truncatingIfNeeded: h >> (56 - 8 * UInt64($0))) }
    }

    static func hash(_ key: ItemKey) -> UInt64 { fnv1a64(key.rawValue) }

    static func level(prior: Double) -> Int { min(levels, max(0, Int((prior * Double(levels)).rounded()))) }

    static func levelTerm(_ level: Int) -> String {
        let digits = String(level)
        return Schema.staticTier + String(repeating: "0", count: 3 - digits.count) + digits
    }

    static func partTerm(_ level: Int, _ part: Int) -> String { levelTerm(level) + ":" + String(part) }

    /// A hit whose prior is exactly its level's (a whole ranking hint, or
    /// none: the default 50) also carries `XG` + level + "=": a level whose
    /// every hit does holds one prior, so its hits follow their item hashes
    /// in order, part by part (see `orderedSlices`).
    static func exactTerm(_ level: Int) -> String { levelTerm(level) + "=" }

    /// The terms of a hit with this prior and key.
    package static func terms(prior: Double, key: ItemKey) -> [String] {
        let l = level(prior: prior)
        // The high bits: FNV-1a's low bits are weak for short, similar keys.
        let part = Int(hash(key) >> 60) % parts
        let exact = orderPrefix(prior) == orderPrefix(Double(l) / Double(levels))
        return [levelTerm(l), partTerm(l, part)] + (exact ? [exactTerm(l)] : [])
    }

    /// The order value's first four bytes, as a number: 1 − prior.
    static func orderPrefix(_ prior: Double) -> UInt32 { UInt32((1 - min(1, max(0, prior))) * Double(UInt32.max)) }

    /// How many hits each level, and each part of a level, holds: the tier
    /// terms' frequencies, from one read of the term list. They change only
    /// with the index, so a searcher keeps them for its snapshot: at a
    /// million entities the read took 0.75 ms, twice per broad keystroke.
    package struct Sizes: Sendable {
        var levels = [Int](repeating: 0, count: StaticTier.levels + 1)
        var parts = [[Int]](repeating: [Int](repeating: 0, count: StaticTier.parts), count: StaticTier.levels + 1)
        /// Hits whose prior is exactly the level's (`exactTerm`).
        var exact = [Int](repeating: 0, count: StaticTier.levels + 1)
        /// Every hit of the index, with tier terms or not (`Schema.hit`).
        var hits = 0

        package var total: Int { levels.reduce(0, +) }

        /// Whether every hit of the level has the same prior.
        func holdsOnePrior(_ level: Int) -> Bool { exact[level] == levels[level] }
    }

    package static func sizes(_ db: Database) throws(XapianError) -> Sizes {
        var sizes = Sizes()
        sizes.hits = try db.termFrequency(Schema.hit)
        for (term, f) in try db.allTerms(prefix: Schema.staticTier) {
            let rest = term.dropFirst(Schema.staticTier.count)
            if rest.hasSuffix("="), let l = Int(rest.dropLast()), (0...levels).contains(l) {
                sizes.exact[l] = f
                continue
            }
            let fields = rest.split(separator: ":")
            guard let l = fields.first.flatMap({ Int($0) }), (0...levels).contains(l) else { continue }
            if fields.count == 1 { sizes.levels[l] = f }
            else if let p = Int(fields[1]), (0..<parts).contains(p) { sizes.parts[l][p] = f }
        }
        return sizes
    }

    /// The best `share` (0…1) of the hits, or a few more: whole levels from
    /// the best down, then parts of the level where the window ends (`parts`
    /// nil: the whole level). `nil` when the window would hold every hit.
    static func taken(_ sizes: Sizes, share: Double) -> [(level: Int, parts: [Int]?)]? {
        let total = sizes.total
        let size = max(1, Int((Double(total) * share).rounded(.up)))
        var out: [(level: Int, parts: [Int]?)] = []
        var taken = 0
        for l in stride(from: levels, through: 0, by: -1) where sizes.levels[l] > 0 {
            if taken + sizes.levels[l] <= size {
                out.append((l, nil))
                taken += sizes.levels[l]
                if taken == size { break }
                continue
            }
            var some: [Int] = []
            for p in 0..<parts where sizes.parts[l][p] > 0 {
                some.append(p)
                taken += sizes.parts[l][p]
                if taken >= size { break }
            }
            out.append((l, some))
            break
        }
        return taken >= total ? nil : out
    }

    /// A filter for the best `share` (0…1) of the hits, or a few more (`taken`).
    /// `nil` when the window would hold every hit. With the hits' `ranks`
    /// among `rankedTerms` in memory, the window is a run of them checked
    /// for each match; else the OR of its tier terms, which Xapian merges
    /// and skips to each match: for "library" on the Debian catalog (a
    /// window of 12 terms) 5.0 ms against 2.0 with the run.
    package static func window(_ sizes: Sizes, share: Double, ranks: TermRanks? = nil) throws(XapianError) -> Query? {
        guard let taken = taken(sizes, share: share), let (last, some) = taken.last else { return nil }
        let terms = taken.flatMap { l, some in some.map { $0.map { partTerm(l, $0) } } ?? [levelTerm(l)] }
        if let ranks {
            // Every level above the last is taken whole, and of the last
            // its first parts: ranks from the first to its last part taken.
            return try .inTermRun(ranks, 0...rank(last, some?.last ?? parts - 1), orOf: terms)
        }
        return try Query.or(terms.map { Query(term: $0) })
    }

    /// Every part term in order-value order — level 100's parts 0…15, then
    /// level 99's, … — so that a window (`taken`) is a run of them from the
    /// first (`TermRanks`). A hit has exactly one.
    package static let rankedTerms: [String] = stride(from: levels, through: 0, by: -1).flatMap { l in
        (0..<parts).map { partTerm(l, $0) }
    }

    /// The rank of a part term in `rankedTerms`.
    static func rank(_ level: Int, _ part: Int) -> Int { (levels - level) * parts + part }

    /// The same window cut into slices in order-value order: every hit of a
    /// slice comes before every hit of the next, so the first `count` hits
    /// of the window by order value are the first slices' first ones.
    ///
    /// A level is a slice, or, when it holds one prior, each of its parts is
    /// (its hits then follow their hashes, and a part is a range of them).
    /// Levels follow the prior rounded, parts the hash's high bits, both as
    /// the order value does. (Exact but for priors within 2⁻³² of each other
    /// on two sides of a level's edge, which the order value can tie.)
    ///
    /// A window of every hit is every level if every hit has tier terms (as
    /// `DocumentBuilder` writes them; text terms are only on hits), else nil.
    package static func orderedSlices(_ sizes: Sizes, share: Double) -> [(terms: [String], size: Int)]? {
        guard let taken = taken(sizes, share: share)
                ?? (sizes.total == sizes.hits ? (0...levels).reversed().map { ($0, nil) } : nil) else { return nil }
        var out: [(terms: [String], size: Int)] = []
        for (l, some) in taken {
            if sizes.holdsOnePrior(l) {
                for p in some ?? Array(0..<parts) where sizes.parts[l][p] > 0 { out.append(([partTerm(l, p)], sizes.parts[l][p])) }
            } else if let some {
                out.append((some.map { partTerm(l, $0) }, some.reduce(0) { $0 + sizes.parts[l][$1] }))
            } else if sizes.levels[l] > 0 {
                out.append(([levelTerm(l)], sizes.levels[l]))
            }
        }
        return out
    }
}
