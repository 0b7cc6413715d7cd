// The Debian catalog's typing sets: package names to type and one-edit typos
// of their words, drawn deterministically and split into a tune and a
// held-out half.
import LimelightKit

struct DebianSample {
    static let app = "com.debian.packages"
    /// Titles typed per half, and typos per half.
    static let titlesPerHalf = 150
    static let typosPerHalf = 100

    var titles: (tune: [TypedTitle], heldOut: [TypedTitle]) = ([], [])
    var typos: (tune: [TypoQuery], heldOut: [TypoQuery]) = ([], [])

    /// A package's place in the draw: a hash of a fixed seed and its name,
    /// so the sample does not move when other packages enter or leave the
    /// catalog (FNV-1a, then SplitMix64's finaliser to spread the bits).
    static func draw(_ name: String, _ seed: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in (seed + "/" + name).utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        h = (h ^ (h >> 30)) &* 0xbf58_476d_1ce4_e5b9
        h = (h ^ (h >> 27)) &* 0x94d0_49bb_1331_11eb
        return h ^ (h >> 31)
    }

    /// Lower-case ASCII words of letters and digits: how a package name
    /// reads as words ("python3-numpy" → python3, numpy).
    static func words(_ s: String) -> [String] {
        var out: [String] = [], cur: [UInt8] = []
        for b in s.utf8 {
            let c = b >= 65 && b <= 90 ? b + 32 : b
            if (c >= 97 && c <= 122) || (c >= 48 && c <= 57) { cur.append(c) } else if !cur.isEmpty {
                out.append(String(decoding: cur, as: UTF8.self)); cur = []
            }
        }
        if !cur.isEmpty { out.append(String(decoding: cur, as: UTF8.self)) }
        return out
    }

    init(_ records: [Record]) {
        let packages = records.filter { $0.kind == .entity && $0.app == Self.app }
        // Every word of the catalog, so that a "typo" that is itself a word
        // (or, as the word being typed, a prefix of one) is not counted.
        var vocabulary = Set<String>()
        for r in packages {
            for field in [r.title, r.subtitle ?? "", r.text ?? ""] + r.keywords { vocabulary.formUnion(Self.words(field)) }
        }
        let sortedVocabulary = vocabulary.sorted()
        func prefixesAWord(_ p: String) -> Bool {
            var lo = 0, hi = sortedVocabulary.count
            while lo < hi { let mid = (lo + hi) / 2; if sortedVocabulary[mid] < p { lo = mid + 1 } else { hi = mid } }
            return lo < sortedVocabulary.count && sortedVocabulary[lo].hasPrefix(p)
        }
        func target(_ r: Record) -> Target { Target(kind: "entity", app: Self.app, type: r.type, id: r.id) }

        var n = 0
        for r in packages.sorted(by: { Self.draw($0.id, "titles") < Self.draw($1.id, "titles") }) {
            if n == 2 * Self.titlesPerHalf { break }
            let t = TypedTitle(title: r.title, target: target(r), script: "latin")
            if n % 2 == 0 { titles.tune.append(t) } else { titles.heldOut.append(t) }
            n += 1
        }

        let edits = ["deletion", "insertion", "substitution", "transposition"]
        n = 0
        for r in packages.sorted(by: { Self.draw($0.id, "typos") < Self.draw($1.id, "typos") }) {
            if n == 2 * Self.typosPerHalf { break }
            var ws = Self.words(r.title)
            // The longest word of letters only, five or more: a word a person
            // spells (not a version number), long enough to be one edit away.
            guard let i = ws.indices.filter({ ws[$0].count >= 5 && ws[$0].allSatisfy(\.isLetter) })
                .max(by: { ws[$0].count < ws[$1].count }) else { continue }
            // Each half gets every edit in turn.
            let edit = edits[(n / 2) % edits.count]
            let h = Self.draw(r.id, "typo-edit")
            guard let typo = Self.mutate(ws[i], edit, h) else { continue }
            if vocabulary.contains(typo) || (i == ws.count - 1 && prefixesAWord(typo)) { continue }
            ws[i] = typo
            let q = TypoQuery(query: ws.joined(separator: " "), target: target(r), edit: edit)
            if n % 2 == 0 { typos.tune.append(q) } else { typos.heldOut.append(q) }
            n += 1
        }
    }

    /// One Damerau edit of `word` (ASCII letters) that never touches its
    /// first letter, at a position and with a letter chosen by `h`.
    static func mutate(_ word: String, _ edit: String, _ h: UInt64) -> String? {
        var w = Array(word.utf8)
        let letter = UInt8(97 + (h >> 40) % 26)
        switch edit {
        case "deletion":
            w.remove(at: 1 + Int(h % UInt64(w.count - 1)))
        case "insertion":
            w.insert(letter, at: 1 + Int(h % UInt64(w.count)))
        case "substitution":
            let p = 1 + Int(h % UInt64(w.count - 1))
            w[p] = letter == w[p] ? (letter == 122 ? 97 : letter + 1) : letter
        default:
            let p = 1 + Int(h % UInt64(w.count - 2))
            if w[p] == w[p + 1] { return nil }
            w.swapAt(p, p + 1)
        }
        return String(decoding: w, as: UTF8.self)
    }
}
