/// What a search result shows, stored in a value slot (`Schema.cardSlot`) so a
/// search reads this small value instead of the whole record; with the title's
/// words already normalised for `TitleMatch`, since every candidate of every
/// keystroke is compared.
struct HitCard {
    var kind: HitKind
    var app: String
    var type: String?
    var id: String
    var title: String
    var subtitle: String?
    var binding: EntityRef?
    /// The title, and for an app each synonym, as `TitleMatch` compares them.
    var names: [TitleKey]

    private static let magic: UInt8 = 0x43  // "C", version 1

    var encoded: [UInt8] {
        var w = ByteWriter()
        w.u8(Self.magic)
        w.string(kind.rawValue)
        for s in [app, type ?? "", id, title, subtitle ?? "", binding?.type ?? "", binding?.id ?? ""] { w.string(s) }
        w.u32(UInt32(names.count))
        for n in names {
            w.u32(UInt32(n.words.count))
            n.words.forEach { w.string($0) }
            w.u32(UInt32(n.cjk.count))
            n.cjk.forEach { w.string($0) }
            w.string(n.compact)
        }
        return w.bytes
    }

    init(kind: HitKind, app: String, type: String?, id: String, title: String, subtitle: String?,
         binding: EntityRef?, names: [String]) {
        self.kind = kind
        self.app = app
        self.type = type
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.binding = binding
        self.names = names.map(TitleKey.init)
    }

    init?(encoded bytes: [UInt8]) {
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
            guard let nw = r.u32() else { return nil }
            var words: [String] = []
            for _ in 0..<nw { guard let w = r.string() else { return nil }; words.append(w) }
            guard let nc = r.u32() else { return nil }
            var cjk: [String] = []
            for _ in 0..<nc { guard let c = r.string() else { return nil }; cjk.append(c) }
            guard let compact = r.string() else { return nil }
            names.append(TitleKey(words: words, cjk: cjk, compact: compact))
        }
    }
}

/// A title as `TitleMatch` compares it: folded lower-case words, CJK runs, and
/// letters and digits only.
struct TitleKey {
    var words: [String]
    var cjk: [String]
    var compact: String

    init(words: [String], cjk: [String], compact: String) {
        self.words = words
        self.cjk = cjk
        self.compact = compact
    }

    init(_ title: String) {
        let folded = Tokenizer.fold(title)
        words = Tokenizer.words(folded)
        cjk = Tokenizer.cjkRuns(title)
        compact = Tokenizer.normalizedForPrefix(folded)
    }
}
