/// Hangul as an input method composes it, keystroke by keystroke: typing 산
/// shows ㅅ, then 사, then 산, and 북한산 shows 북한ㅅ and 북한사 on the way.
/// The last character of a query can still become other syllables, as the
/// last Latin word can become longer words; `Composing` says which.
///
/// Unicode arithmetic: syllable = 0xAC00 + (L × 21 + V) × 28 + T, for an
/// initial consonant L (0–18), a vowel V (0–20) and a final consonant T
/// (0 for none, 1–27).
package enum Hangul {
    static let first: UInt32 = 0xAC00, last: UInt32 = 0xD7A3
    static let vowelCount: UInt32 = 21, finalCount: UInt32 = 28

    /// What the last character typed can still become.
    package struct Composing: Equatable, Sendable {
        /// Its initial consonant, the vowels it can still have (none given:
        /// a lone consonant, any vowel) and the finals (nil: any).
        let initial: UInt32
        let vowels: [UInt32]?
        let finals: [UInt32]?
        /// A final consonant can also start the next syllable (간 while
        /// typing 가나): the syllable without it, and that next initial.
        package let split: (syllable: Unicode.Scalar, nextInitial: UInt32)?

        /// The syllables it can become in place (at most 588: every
        /// syllable of one initial consonant).
        package var syllables: [Unicode.Scalar] {
            var out: [Unicode.Scalar] = []
            for v in vowels ?? Array(0..<vowelCount) {
                for t in finals ?? Array(0..<finalCount) { out.append(syllable(initial, v, t)) }
            }
            return out
        }

        /// The syllables that can follow `split.syllable` (every syllable of
        /// the next initial).
        package var nextSyllables: [Unicode.Scalar] {
            guard let split else { return [] }
            return Composing(initial: split.nextInitial, vowels: nil, finals: nil, split: nil).syllables
        }

        /// Whether `u` is one of `syllables` (arithmetic: every candidate's
        /// title is asked at every keystroke).
        package func canBecome(_ u: Unicode.Scalar) -> Bool {
            guard let (l, v, t) = parts(u), l == initial else { return false }
            return (vowels?.contains(v) ?? true) && (finals?.contains(t) ?? true)
        }

        /// Whether `text` starts with what the character can become: one of
        /// `syllables`, or `split.syllable` then a syllable of `nextInitial`.
        package func starts(_ text: Substring.UnicodeScalarView) -> Bool {
            guard let u = text.first else { return false }
            if canBecome(u) { return true }
            guard let split, u == split.syllable, let next = text.dropFirst().first,
                  let (l, _, _) = parts(next) else { return false }
            return l == split.nextInitial
        }

        package static func == (a: Composing, b: Composing) -> Bool {
            a.initial == b.initial && a.vowels == b.vowels && a.finals == b.finals
                && a.split?.syllable == b.split?.syllable && a.split?.nextInitial == b.split?.nextInitial
        }
    }

    /// What `u`, the last character typed, can still become: a syllable
    /// without a final (사) any final and the compound vowels it starts (호:
    /// 화, 회…); one with a final (산) the compound finals it starts (ㄴ: ㄵ,
    /// ㄶ), or its final can move on to the next syllable; a lone consonant
    /// (ㅅ, a compatibility jamo or, as NFKC makes it, a leading jamo) every
    /// syllable it starts. Nil for anything else (a vowel alone, a final-only
    /// cluster such as ㄳ, other scripts).
    package static func composing(_ u: Unicode.Scalar) -> Composing? {
        if let (l, v, t) = parts(u) {
            if t == 0 {
                return Composing(initial: l, vowels: [v] + (vowelExtensions[v] ?? []), finals: nil, split: nil)
            }
            let split = finalSplit[Int(t)].map { (syllable(l, v, $0.keep), $0.next) }
            return Composing(initial: l, vowels: [v], finals: [t] + (finalExtensions[t] ?? []), split: split)
        }
        return loneInitial(u).map { Composing(initial: $0, vowels: nil, finals: nil, split: nil) }
    }

    /// The initial, vowel and final of a precomposed syllable.
    static func parts(_ u: Unicode.Scalar) -> (UInt32, UInt32, UInt32)? {
        guard u.value >= first, u.value <= last else { return nil }
        let s = u.value - first
        return (s / (vowelCount * finalCount), s % (vowelCount * finalCount) / finalCount, s % finalCount)
    }

    static func syllable(_ l: UInt32, _ v: UInt32, _ t: UInt32) -> Unicode.Scalar {
        Unicode.Scalar(first + (l * vowelCount + v) * finalCount + t)!
    }

    /// ㅗ → ㅘ ㅙ ㅚ, ㅜ → ㅝ ㅞ ㅟ, ㅡ → ㅢ: the vowel typed next joins it.
    static let vowelExtensions: [UInt32: [UInt32]] = [8: [9, 10, 11], 13: [14, 15, 16], 18: [19]]
    /// ㄱ → ㄳ, ㄴ → ㄵ ㄶ, ㄹ → ㄺ … ㅀ, ㅂ → ㅄ.
    static let finalExtensions: [UInt32: [UInt32]] = [1: [3], 4: [5, 6], 8: Array(9...15), 17: [18]]
    /// A final and what is left when a vowel follows: the syllable keeps
    /// `keep` (a cluster's first consonant, or none) and `next` (an initial)
    /// starts the next one. Indexed by final; nil for none.
    static let finalSplit: [(keep: UInt32, next: UInt32)?] = [
        nil, (0, 0), (0, 1), (1, 9), (0, 2), (4, 12), (4, 18), (0, 3), (0, 5), (8, 0), (8, 6), (8, 7), (8, 9), (8, 16),
        (8, 17), (8, 18), (0, 6), (0, 7), (17, 9), (0, 9), (0, 10), (0, 11), (0, 12), (0, 14), (0, 15), (0, 16), (0, 17), (0, 18),
    ]
    /// U+3131 ㄱ … U+314E ㅎ as initials (nil: a cluster only finals have).
    static let compatibilityInitials: [UInt32?] = [
        0, 1, nil, 2, nil, nil, 3, 4, 5, nil, nil, nil, nil, nil, nil, nil, 6, 7, 8, nil, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
    ]
}

// MARK: Initial consonants (초성)

/// Korean is also typed by the initial consonants of its syllables alone
/// (초성 검색): ㄱㅅㄱ for 계산기, ㅂㅎㅅ for 북한산, as Korean phones' app
/// search and Korean sites match. Each lone consonant typed stands for any
/// syllable it starts; a whole syllable typed stands for itself ("계ㅅㄱ").
extension Hangul {
    /// The initial of a lone consonant: a leading jamo (U+1100…U+1112, as
    /// NFKC makes what is typed) or a compatibility one (U+3131…U+314E, as
    /// typed); nil for anything else.
    static func loneInitial(_ u: Unicode.Scalar) -> UInt32? {
        switch u.value {
        case 0x1100...0x1112: return u.value - 0x1100
        case 0x3131...0x314E: return compatibilityInitials[Int(u.value - 0x3131)]
        default: return nil
        }
    }

    /// Whether `typed` (a query's Hangul, spaces left out) is typed by its
    /// initials: two scalars or more (leading jamo in a row are one
    /// Character), each a syllable or a lone consonant, and a lone
    /// consonant before the last (a lone consonant last is a syllable
    /// being composed: `composing`).
    package static func isTypedAsInitials(_ typed: [Unicode.Scalar]) -> Bool {
        guard typed.count >= 2 else { return false }
        return typed.allSatisfy { isSyllable($0) || loneInitial($0) != nil }
            && typed.dropLast().contains { loneInitial($0) != nil }
    }

    /// Whether `u` is a precomposed syllable (가…힣).
    package static func isSyllable(_ u: Unicode.Scalar) -> Bool { parts(u) != nil }

    /// The initials of `text` up to its first character that is neither a
    /// syllable nor a lone consonant, each as a leading jamo: what an index
    /// keeps to find a title by the initials typed (`isTypedAsInitials`
    /// text gives the same key for every title it spells).
    package static func initialsKey(_ text: some Sequence<Unicode.Scalar>) -> String {
        var out = String.UnicodeScalarView()
        for u in text {
            guard let l = parts(u)?.0 ?? loneInitial(u) else { break }
            out.append(Unicode.Scalar(0x1100 + l)!)
        }
        return String(out)
    }

    /// Whether `text` (precomposed, as NFKC makes it) starts with what
    /// `typed` spells: a lone consonant any syllable it starts, a syllable
    /// itself, and the last character also what it can still become, its
    /// final moving on to the next syllable too (`Composing.starts`: ㄱ굼 on
    /// the way to 고구마).
    package static func initialsStart(_ text: [Unicode.Scalar], typed: [Unicode.Scalar]) -> Bool {
        guard let last = typed.last, text.count >= typed.count else { return false }
        for (u, t) in zip(typed.dropLast(), text) where u != t {
            guard let l = loneInitial(u), parts(t)?.0 == l else { return false }
        }
        let rest = text[(typed.count - 1)...]
        if rest.first == last { return true }
        guard let c = composing(last) else { return false }
        return c.starts(Substring(String(String.UnicodeScalarView(rest))).unicodeScalars)
    }
}
