/// Korean typed while the input method was off: the Latin letters of the
/// keys pressed on the standard Korean layout (두벌식), read back as the
/// Hangul they would have composed — "rPtksrl" is 계산기, "qnrgkstks" 북한산 —
/// as Korean search engines read a query that finds nothing (한/영 전환).
///
/// Only a reading that composes cleanly counts: every vowel in a syllable,
/// and a lone consonant only last (a syllable still being composed). Most
/// Latin words fail that (a vowel key first, consonant keys in a row), so
/// a word mistyped in English is not read as Korean.
package enum KoreanKeyboard {
    /// A key's jamo: an initial consonant (0–18) or a vowel (0–20), as
    /// `Hangul` numbers them.
    enum Jamo: Equatable { case consonant(UInt32), vowel(UInt32) }

    /// What `key` types: Shift's own (ㅃ ㅉ ㄸ ㄲ ㅆ ㅒ ㅖ), else the
    /// lower-case key's; nil for a letter the layout has no jamo on.
    static func jamo(_ key: Character) -> Jamo? {
        switch key {
        case "Q": return .consonant(8)
        case "W": return .consonant(13)
        case "E": return .consonant(4)
        case "R": return .consonant(1)
        case "T": return .consonant(10)
        case "O": return .vowel(3)
        case "P": return .vowel(7)
        default: break
        }
        guard let lower = key.lowercased().first else { return nil }
        if let c = consonants[lower] { return .consonant(c) }
        return vowels[lower].map { .vowel($0) }
    }

    static let consonants: [Character: UInt32] = ["r": 0, "s": 2, "e": 3, "f": 5, "a": 6, "q": 7, "t": 9, "d": 11, "w": 12,
                                                  "c": 14, "z": 15, "x": 16, "v": 17, "g": 18]
    static let vowels: [Character: UInt32] = ["k": 0, "o": 1, "i": 2, "j": 4, "p": 5, "u": 6, "h": 8, "y": 12, "n": 13,
                                              "b": 17, "m": 18, "l": 20]

    /// An initial consonant as a final (nil: ㄸ ㅃ ㅉ end no syllable): the
    /// final that moves on whole as that initial (`Hangul.finalSplit`).
    static let asFinal: [UInt32?] = (0..<UInt32(19)).map { c in
        Hangul.finalSplit.firstIndex { $0?.keep == 0 && $0?.next == c }.map(UInt32.init)
    }
    /// A final and a consonant typed after it that make one final (ㄱ ㅅ:
    /// ㄳ): the finals that split into one kept and an initial moving on.
    static let compoundFinals: [[UInt32]: UInt32] = Dictionary(uniqueKeysWithValues:
        Hangul.finalSplit.indices.compactMap { t -> ([UInt32], UInt32)? in
            guard let split = Hangul.finalSplit[t], split.keep != 0, let second = asFinal[Int(split.next)] else { return nil }
            return ([split.keep, second], UInt32(t))
        })
    /// Two vowels typed in turn that make one (ㅗ ㅏ: ㅘ).
    static let compoundVowels: [[UInt32]: UInt32] = [[8, 0]: 9, [8, 1]: 10, [8, 20]: 11, [13, 4]: 14, [13, 5]: 15,
                                                     [13, 20]: 16, [18, 20]: 19]

    /// The Hangul `typed` would have composed, words kept apart as typed;
    /// nil unless it is all letters of the layout, composes cleanly and
    /// makes a syllable (one key alone could be anything).
    package static func hangul(typedAsLatin typed: String) -> String? {
        let words = typed.split(separator: " ")
        guard !words.isEmpty, typed.unicodeScalars.allSatisfy({ $0 == " " || ($0.isASCII && $0.properties.isAlphabetic) })
        else { return nil }
        var out: [String] = []
        for (i, word) in words.enumerated() {
            guard let h = compose(word, last: i == words.count - 1) else { return nil }
            out.append(h)
        }
        let hangul = out.joined(separator: " ")
        return hangul.unicodeScalars.contains(where: Hangul.isSyllable) ? hangul : nil
    }

    /// One word's syllables; a lone consonant only at the end of the last.
    private static func compose(_ keys: Substring, last: Bool) -> String? {
        var out = String.UnicodeScalarView()
        // The syllable being composed: its initial, vowel and final (0: none).
        var l: UInt32? = nil, v: UInt32? = nil, t: UInt32 = 0
        for key in keys {
            switch jamo(key) {
            case nil:
                return nil
            case .consonant(let c):
                guard let initial = l else { l = c; continue }
                guard let vowel = v else { return nil }  // two consonants with no vowel between
                if t == 0, let final = asFinal[Int(c)] {
                    t = final
                } else if t != 0, let second = asFinal[Int(c)], let both = compoundFinals[[t, second]] {
                    t = both
                } else {
                    out.append(Hangul.syllable(initial, vowel, t))
                    (l, v, t) = (c, nil, 0)
                }
            case .vowel(let x):
                guard let initial = l else { return nil }  // a vowel with no consonant before it
                guard let vowel = v else { v = x; continue }
                if t != 0, let split = Hangul.finalSplit[Int(t)] {
                    // The final moves on to start the next syllable (계산 + ㅣ: 계사니).
                    out.append(Hangul.syllable(initial, vowel, split.keep))
                    (l, v, t) = (split.next, x, 0)
                } else if let both = compoundVowels[[vowel, x]] {
                    v = both
                } else {
                    return nil
                }
            }
        }
        if let l, let v {
            out.append(Hangul.syllable(l, v, t))
        } else if let lone = l {
            // A consonant typed last is a syllable still being composed
            // (shown as typed: a compatibility jamo).
            guard last, let shown = Hangul.compatibilityInitials.firstIndex(of: lone) else { return nil }
            out.append(Unicode.Scalar(0x3131 + UInt32(shown))!)
        }
        return String(out)
    }
}
