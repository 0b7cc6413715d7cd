import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
/// How records map onto Xapian documents: term prefixes, value slots, keys.
/// Changing any of this means a new `version` (old indexes are told to rebuild).
public enum Schema {
    /// Stored in the database metadata under `versionKey`.
    /// 10: edge prefixes of words as Xapian splits them ("libatk1.0", "c++").
    /// 11: the context model's cells at two half-lives (all of history, a week).
    /// 12: an app's card holds its generic name and description (`HitCard`).
    /// 13: text indexed in NFKC, folded by decomposition (`Tokenizer.fold`:
    ///     "Phở" is also "pho", a decomposed "é" an "e"), and the hyphenated
    ///     words of titles, names and keywords also joined ("wifi").
    /// 14: the type of a property's range value (`propertyRangeType`);
    ///     identifiers keyed in NFC (`canonicalIdentifier`).
    /// 15: the number of words of each name (`titleLength`) and the edge
    ///     prefixes of its first word (`titleStart`).
    /// 16: a word after an elided article ("écran" of "d’écran") is a word
    ///     of its own: its edge prefixes, a title's words, and a term
    ///     (`Tokenizer.elisions`).
    /// 17: the CJK bigrams across the spaces of a title ("강공" of "한강
    ///     공원", `Tokenizer.cjkSpaceJunctions`) and where a bound App
    ///     Shortcut's value meets its phrase ("去西", `Tokenizer.cjkJunctions`).
    /// 18: the edge prefixes of Korean titles' initial consonants from
    ///     each word (`XN` + ㅂㅎㅅ of 북한산, as leading jamo U+1107
    ///     U+1112 U+1109: `InnerWordTerms`).
    public static let version = 18
    package static let versionKey = "limelight.schema"
    package static let clientStateKey = "limelight.clientState"
    /// On each shard of a sharded index: how many batches it has committed
    /// (all shards commit a batch at once, in parallel; one that has fewer
    /// missed the last batch — a crash between commits — and its client
    /// state is the one to resume from: see `ShardLayout.settledShard`).
    package static let batchCountKey = "limelight.batches"
    /// On each shard of a sharded index: which shard of which set it is
    /// (`ShardIdentity`).
    package static let shardIdentityKey = "limelight.shard"

    // Boolean terms (filters; they add no weight).
    /// Unique id of a stored record: `Q` + item key.
    package static let unique = "Q"
    /// Record kind: `Kentity`, `Kshortcut`, …
    package static let kind = "K"
    /// Owning app.
    package static let app = "A"
    /// Entity type (for entities and bound shortcuts' parameter type).
    package static let type = "T"
    /// Derived documents (bound App Shortcuts), rebuilt from stored records.
    package static let derived = "XD"
    /// Searchable hits (entity, shortcut, app documents).
    package static let hit = "XH"
    /// Edge prefixes of title words, so the last word typed matches without
    /// expanding a wildcard (fast for 1–2 letters).
    package static let wordPrefix = "XP"
    /// Contexts an entity is registered as relevant in (RelevantEntities).
    package static let relevantIn = "XR"
    /// On entities: their stable id (a SyncableEntity's cross-device id).
    package static let stableID = "XI"
    /// On entities with an expiry date (see `expirySlot`).
    package static let expires = "XX"
    /// Property values, for `--where`: `XV` + "Type.name=value" (exact, lower-cased).
    package static let propertyValue = "XV"
    /// Words of text properties: `XW` + "Type.name:word".
    package static let propertyWord = "XW"
    /// What the value in a property's slot is: `XY` + "Type.name:date"
    /// (or number, duration), so a range on a union of these compares
    /// dates with dates.
    package static let propertyRangeType = "XY"
    /// On interactions: each item the interaction counts as a use of
    /// (`XT` + item key), so an item's usage can be recomputed from them.
    package static let credits = "XT"
    /// On hits: has usage (`XU`), and usage in a context (`XU` + context).
    package static let used = "XU"
    /// `XS` + source name: the record was made by that `sync` source, which owns it.
    package static let source = "XS"
    /// On hits: their static tier, `XG` + level and `XG` + level + ":" + part
    /// (see `StaticTier`), so a broad query can be scored within the most
    /// important documents on any number of shards.
    package static let staticTier = "XG"
    /// On entities: trigrams that start inside a word of the title
    /// (`XM` + "efo" for Firefox), and edge prefixes of the initials of a
    /// title of two words or more (`XN` + "mb" for Monterey Bay …) and of
    /// a Korean title's initial consonants (`XN` + ㅂㅎ for 북한산, as
    /// leading jamo, `Hangul.initialsKey`), so a
    /// piece of a word or the initials find it (see `InnerWordTerms`).
    package static let innerGram = "XM"
    package static let initials = "XN"
    /// On hits: `XL` + the number of words of each of their names (title,
    /// other names), so that an exact title, or the one the word being
    /// typed completes, is found among many matches of its words
    /// (`Searcher.broadCandidates`).
    package static let titleLength = "XL"
    package static func titleLengthTerm(_ words: Int) -> String { titleLength + String(words) }
    /// On hits: `XF` + each edge prefix (up to `maxIndexedPrefix`) of the
    /// first word of each of their names, so that the titles a query starts
    /// ("trail cond": Trail conditions: Soberanes) are found among many
    /// matches of its words.
    package static let titleStart = "XF"
    package static func titleStartTerm(_ word: String) -> String { term(titleStart, String(word.prefix(maxIndexedPrefix))) }

    /// Edge prefixes are indexed up to this many characters; a longer last word
    /// matches by the prefix of its first ten.
    package static let maxIndexedPrefix = 10

    /// The edge-prefix term a word being typed matches by: its first
    /// `maxIndexedPrefix` characters.
    package static func wordPrefixTerm(_ word: String) -> String { term(wordPrefix, String(word.prefix(maxIndexedPrefix))) }

    // Value slots.
    /// Static prior in 0…1 (rankingHint, shortcut order), for AND_MAYBE.
    package static let priorSlot: UInt32 = 0
    /// On hits: what a result shows (kind, app, type, id, title, subtitle,
    /// synonyms, binding) as compact JSON, so a search reads this small value
    /// instead of the whole stored record.
    package static let cardSlot: UInt32 = 1
    /// On interactions: when it happened (seconds since the epoch).
    package static let timeSlot: UInt32 = 2
    /// On hits: their `UsageStats`, encoded without the context model's
    /// cells (the card holds the whole stats; this is for what needs counts).
    package static let usageSlot: UInt32 = 3
    /// On hits: the usage's virtual time (sortable): higher = used more, lately.
    package static let usageKeySlot: UInt32 = 4
    /// On used hits only: usage strength 0…1 as of the last use, so heavily
    /// used items reach the re-rank. (Sparse on purpose: one slot holding
    /// prior + usage for every document made prefix queries 3× slower than
    /// the prior slot plus this one — measured on 200k synthetic entities.)
    package static let usageBoostSlot: UInt32 = 6
    /// On entities with an expiry: when (seconds since the epoch).
    package static let expirySlot: UInt32 = 7
    /// On hits: the tie break of every candidate match set (better prior,
    /// then a hash of the item key: `StaticTier.orderValue`): equal weights
    /// are ordered by item, not by document id, which differs between one
    /// index and its shards.
    package static let orderSlot: UInt32 = 8
    /// Numeric, date and duration properties get slots from here up (the map
    /// is kept in the metadata under `propertiesKey`).
    static let firstPropertySlot: UInt32 = 100
    static let propertiesKey = "limelight.properties"

    /// A parameterised App Shortcut becomes a hit of its own for at most this
    /// many values (its enum cases, or its type's best-ranked entities), as
    /// Apple's suggested entities do.
    package static let maxBoundValues = 50

    /// BM25 field weights, expressed as wdf increments (title weighs most).
    package enum FieldWeight {
        package static let title = 4
        package static let keywords = 3
        package static let subtitle = 2
        package static let description = 1
    }

    // Xapian rejects terms longer than 245 bytes; longer keys are hashed.
    static let maxTermBytes = 240

    /// A term `prefix + key`, shortened with a hash when too long.
    package static func term(_ prefix: String, _ key: String) -> String {
        // Identifiers in NFC, as keys are (words are already NFKC).
        let t = prefix + (prefix == app || prefix == type ? canonicalIdentifier(key) : key)
        if t.utf8.count <= maxTermBytes { return t }
        return termPrefix(t, maxBytes: maxTermBytes - 18) + "#" + fnv1a64Hex(t)
    }

    /// `/`-joined key with `%` and `/` escaped inside components (items are
    /// named by `ItemKey`, which builds its keys with this).
    package static func key(_ parts: [String]) -> String {
        parts.map { escapedKeyPart(canonicalIdentifier($0)) }.joined(separator: "/")
    }

    /// `%` as `%25` and `/` as `%2F`, byte by byte: a sync makes a key of
    /// every record it compares, and a Firefox history's are URLs, each with
    /// its slashes; two passes of substring replacement were 15% of a
    /// re-sync's CPU (perf, 5,000 pages and 31,000 visits).
    static func escapedKeyPart(_ part: String) -> String {
        let percent = UInt8(ascii: "%"), slash = UInt8(ascii: "/")
        guard part.utf8.contains(where: { $0 == percent || $0 == slash }) else { return part }
        var out: [UInt8] = []
        out.reserveCapacity(part.utf8.count + 16)
        for b in part.utf8 {
            switch b {
            case percent: out += [percent, UInt8(ascii: "2"), UInt8(ascii: "5")]
            case slash: out += [percent, UInt8(ascii: "2"), UInt8(ascii: "F")]
            default: out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// One component of a key as `key` writes it (escaped only when it must be).
    package static func keyPart(_ part: String) -> String {
        part.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "/") }) ? key([part]) : part
    }

    /// The `XI` term's key: an entity's stable id within its app.
    package static func stableKey(app: String, stableID: String) -> String { key([app, stableID]) }
}

/// FNV-1a, 64 bit: stable ids for content without Foundation, and the hash
/// that routes items to shards and orders ties (the same on every machine).
package func fnv1a64(_ s: String) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in s.utf8 {
        h ^= UInt64(b)
        h = h &* 0x100_0000_01b3
    }
    return h
}

/// `fnv1a64` as 16 hex digits.
package func fnv1a64Hex(_ s: String) -> String {
    let hex = String(fnv1a64(s), radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
}
