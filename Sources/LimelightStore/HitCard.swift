import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
/// What kind of item a hit is.
public enum HitKind: String, Sendable {
    case entity, shortcut, app
}

/// What a search result shows, stored in a value slot (`Schema.cardSlot`) so a
/// search reads this small value instead of the whole record; with the title's
/// words already normalised for `TitleMatch`, since every candidate of every
/// keystroke is compared.
package struct HitCard {
    package var kind: HitKind
    package var app: String
    package var type: String?
    package var id: String
    package var title: String
    package var subtitle: String?
    package var binding: EntityRef?
    /// The title, and for an app its generic name and each synonym, as
    /// `TitleMatch` compares them.
    package var names: [TitleKey]
    /// Whether `names[1]` is an app's generic name (a desktop entry's
    /// GenericName: what kind of app it is, "Presentation"), which weighs
    /// more than its other synonyms (keywords).
    package var hasGenericName = false
    /// An app's description (a desktop entry's Comment) as its folded words
    /// joined by single spaces, whose words a query may start ("ide" in
    /// Geany's "a fast and lightweight ide"): one string, which every app
    /// is asked at every keystroke without copying a list of words.
    package var descriptionWords: String? { didSet { descriptionStarts = Self.wordStarts(descriptionWords) } }
    /// The first three bytes of each word of `descriptionWords`, hashed into
    /// 64 bits (`startBit`; made when the card is made or read, not stored):
    /// most apps are ruled out for a word typed without reading their
    /// description.
    package private(set) var descriptionStarts: UInt64 = 0
    /// Other words the hit is found by as you type (an App Shortcut's spoken
    /// phrases): they put it in short-prefix lists, but earn no title bonus.
    package var aliases: [String] = []
    // Copies of what scoring needs, so a candidate costs one value read:
    /// The static prior (also in `Schema.priorSlot`, for Xapian).
    package var prior: Double = 0
    /// Usage strength 0…1 as of the last use (also in `Schema.usageBoostSlot`).
    package var usageBoost: Double = 0
    /// Encoded `UsageStats` with the context model's cells (the only copy
    /// of them; `Schema.usageSlot` has the rest), or empty.
    package var usage: [UInt8] = []
    /// Contexts the entity is registered as relevant in.
    package var relevant: [String] = []
    /// How the hit is opened (the record's `url`, `exec`, `icon`, an app's
    /// `desktopFile`), so a hit carries them without reading the record.
    package var launch = Launch()

    package struct Launch: Equatable {
        package var url: String?
        package var exec: String?
        package var icon: String?
        package var desktopFile: String?
        package init(url: String? = nil, exec: String? = nil, icon: String? = nil, desktopFile: String? = nil) {
            self.url = url
            self.exec = exec
            self.icon = icon
            self.desktopFile = desktopFile
        }
        var isEmpty: Bool { self == Launch() }
    }

    private static let magic: UInt8 = 0x43  // "C", version 1

    /// The item the card shows.
    package var itemKey: ItemKey {
        switch kind {
        case .app: .app(app)
        case .entity: .entity(app: app, type: type ?? "", id: id)
        case .shortcut: binding.map { .shortcut(app: app, id: id, boundTo: $0) } ?? .shortcut(app: app, id: id)
        }
    }

    package var encoded: [UInt8] {
        var w = ByteWriter()
        w.u8(Self.magic)
        w.string(kind.rawValue)
        for s in [app, type ?? "", id, title, subtitle ?? "", binding?.type ?? "", binding?.id ?? ""] { w.string(s) }
        w.u32(UInt32(names.count))
        for n in names { n.write(to: &w) }
        w.f64(prior)
        w.f64(usageBoost)
        w.u32(UInt32(usage.count))
        w.bytes(usage)
        w.u32(UInt32(relevant.count))
        relevant.forEach { w.string($0) }
        w.u32(UInt32(aliases.count))
        aliases.forEach { w.string($0) }
        // Optional trailers: cards written before one existed still decode,
        // as having nothing to open, or no generic name and description.
        // (Schema 12 has `rebuild` make every app's card again with them:
        // `sync` leaves an unchanged record's old card alone.)
        let hasAppTrailer = hasGenericName || descriptionWords != nil
        if !launch.isEmpty || hasAppTrailer {
            for s in [launch.url, launch.exec, launch.icon, launch.desktopFile] { w.string(s ?? "") }
        }
        if hasAppTrailer {
            w.u8(hasGenericName ? 1 : 0)
            w.u8(descriptionWords == nil ? 0 : 1)
            if let descriptionWords { w.string(descriptionWords) }
        }
        return w.bytes
    }

    package init(kind: HitKind, app: String, type: String?, id: String, title: String, subtitle: String?,
         binding: EntityRef?, names: [String], prior: Double, relevant: [String]) {
        self.kind = kind
        self.app = app
        self.type = type
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.binding = binding
        self.names = names.map(TitleKey.init)
        self.prior = prior
        self.relevant = relevant
    }

    package init?(encoded bytes: [UInt8]) {
        var r = ByteReader(bytes)
        guard r.u8() == Self.magic, let k = r.string().flatMap(HitKind.init(rawValue:)),
              let app = r.string(), let type = r.string(), let id = r.string(), let title = r.string(),
              let subtitle = r.string(), let bt = r.string(), let bi = r.string(), let n = r.u32() else { return nil }
        kind = k
        self.app = app
        self.type = type.isEmpty ? nil : type
        self.id = id
        self.title = title
        self.subtitle = subtitle.isEmpty ? nil : subtitle
        binding = bt.isEmpty ? nil : EntityRef(type: bt, id: bi)
        names = []
        for _ in 0..<n {
            guard let name = TitleKey(from: &r) else { return nil }
            names.append(name)
        }
        guard let prior = r.f64(), let boost = r.f64(), let usage = r.u32().flatMap({ r.bytes(Int($0)) }),
              let nr = r.u32() else { return nil }
        self.prior = prior
        usageBoost = boost
        self.usage = usage
        for _ in 0..<nr {
            guard let c = r.string() else { return nil }
            relevant.append(c)
        }
        guard let na = r.u32() else { return nil }
        for _ in 0..<na {
            guard let a = r.string() else { return nil }
            aliases.append(a)
        }
        if !r.atEnd {
            guard let url = r.string(), let exec = r.string(), let icon = r.string(), let desktop = r.string() else { return nil }
            launch = Launch(url: url.isEmpty ? nil : url, exec: exec.isEmpty ? nil : exec,
                            icon: icon.isEmpty ? nil : icon, desktopFile: desktop.isEmpty ? nil : desktop)
        }
        if !r.atEnd {
            guard let generic = r.u8(), generic <= 1, names.count > Int(generic), let described = r.u8(), described <= 1 else { return nil }
            hasGenericName = generic == 1
            if described == 1 {
                guard let d = r.string() else { return nil }
                descriptionWords = d
                descriptionStarts = Self.wordStarts(d)  // (no didSet in an initializer)
            }
        }
    }
}

extension HitCard {
    /// The bit of `descriptionStarts` for a word that starts with these
    /// bytes (three or more).
    package static func startBit(_ b: UnsafeBufferPointer<UInt8>, at i: Int = 0) -> UInt64 {
        // Fibonacci hashing: the top six bits of the three bytes times 2^64/φ.
        let three = UInt64(b[i]) | UInt64(b[i + 1]) << 8 | UInt64(b[i + 2]) << 16
        return 1 << ((three &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    static func wordStarts(_ words: String?) -> UInt64 {
        guard var words else { return 0 }
        return words.withUTF8 { w in
            var mask: UInt64 = 0, start = 0
            for i in 0...w.count where i == w.count || w[i] == UInt8(ascii: " ") {
                if i - start >= 3 { mask |= startBit(w, at: start) }
                start = i + 1
            }
            return mask
        }
    }
}

/// A title as `TitleMatch` compares it: folded lower-case words, CJK runs, and
/// letters and digits only.
package struct TitleKey {
    package var words: [String]
    package var cjk: [String]
    package var compact: String

    package init(words: [String], cjk: [String], compact: String) {
        self.words = words
        self.cjk = cjk
        self.compact = compact
    }

    package init(_ title: String) {
        let folded = Tokenizer.fold(title)
        words = Tokenizer.words(folded)
        cjk = Tokenizer.cjkRuns(title)
        compact = Tokenizer.normalizedForPrefix(folded)
    }

    func write(to w: inout ByteWriter) {
        w.u32(UInt32(words.count))
        words.forEach { w.string($0) }
        w.u32(UInt32(cjk.count))
        cjk.forEach { w.string($0) }
        w.string(compact)
    }

    init?(from r: inout ByteReader) {
        guard let nw = r.u32() else { return nil }
        var words: [String] = []
        for _ in 0..<nw { guard let w = r.string() else { return nil }; words.append(w) }
        guard let nc = r.u32() else { return nil }
        var cjk: [String] = []
        for _ in 0..<nc { guard let c = r.string() else { return nil }; cjk.append(c) }
        guard let compact = r.string() else { return nil }
        self.init(words: words, cjk: cjk, compact: compact)
    }
}
