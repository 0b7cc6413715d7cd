import Testing
@testable import LimelightText

/// What the last Hangul character typed can still become while an input
/// method composes it (`Hangul.composing`).
@Suite struct HangulTypingTests {
    func can(_ typed: String, become syllable: String) -> Bool {
        Hangul.composing(typed.unicodeScalars.first!)!.starts(Substring(syllable).unicodeScalars)
    }

    @Test func aSyllableWithoutAFinalBecomesAnyWithOne() {
        #expect(can("사", become: "산"))
        #expect(can("사", become: "삭"))
        #expect(can("사", become: "사"))
        #expect(!can("사", become: "서"))
        #expect(!can("사", become: "아"))
        #expect(Hangul.composing("사")!.syllables.count == 28)
        // A compound vowel is typed on top of its first part (ㅗ, then ㅏ).
        #expect(can("호", become: "화"))
        #expect(can("호", become: "환"))
    }

    @Test func aFinalGrowsOrMovesOnToTheNextSyllable() {
        #expect(can("산", become: "산"))
        #expect(!can("산", become: "삭"))
        #expect(can("달", become: "닭"))  // ㄹ, then ㄱ: ㄺ
        // 간 on the way to 가나: its ㄴ starts the next syllable.
        #expect(can("간", become: "가나"))
        #expect(can("간", become: "가는"))
        #expect(!can("간", become: "가다"))
        #expect(can("닭", become: "달걀"))  // ㄺ splits: ㄹ stays, ㄱ moves
    }

    @Test func aLoneConsonantBecomesTheSyllablesItStarts() {
        // U+3145 as typed, U+1109 as NFKC makes it (how queries are read).
        for ㅅ in ["\u{3145}", "\u{1109}"] {
            #expect(can(ㅅ, become: "산"))
            #expect(can(ㅅ, become: "시"))
            #expect(!can(ㅅ, become: "한"))
            #expect(Hangul.composing(ㅅ.unicodeScalars.first!)!.syllables.count == 588)
        }
        #expect(Hangul.composing("\u{3133}") == nil)  // ㄳ ends syllables only
        #expect(Hangul.composing("ㅏ") == nil)
        #expect(Hangul.composing("a") == nil)
        #expect(Hangul.composing("漢") == nil)
    }

    @Test func spacesBetweenCJKWordsGiveTheBigramsAcrossThem() {
        #expect(Tokenizer.cjkSpaceJunctions("한강 공원 산책로") == ["강공", "원산"])
        #expect(Tokenizer.cjkSpaceJunctions("북한산 둘레길 7코스") == ["산둘"])
        #expect(Tokenizer.cjkSpaceJunctions("Seoul 한강, 공원") == [])
        #expect(Tokenizer.cjkJunctions("在出行地图中去${place}", placeholder: "${place}", value: "西湖") == ["去西"])
        #expect(Tokenizer.cjkJunctions("旅ノートで${spot}を開く", placeholder: "${spot}", value: "東京タワー") == ["で東", "ーを"])
        #expect(Tokenizer.cjkJunctions("Open ${trail} in Maps", placeholder: "${trail}", value: "西湖") == [])
    }

    @Test func initialConsonantsSpellTheSyllablesTheyStart() {
        func typed(_ s: String) -> [Unicode.Scalar] { Array(s.unicodeScalars) }
        // Compatibility jamo as typed, leading jamo as NFKC makes them.
        for q in ["ㄱㅅㄱ", "\u{1100}\u{1109}\u{1100}", "계ㅅㄱ", "ㄱ산ㄱ"] {
            #expect(Hangul.isTypedAsInitials(typed(q)), "\(q)")
            #expect(Hangul.initialsStart(typed("계산기"), typed: typed(q)), "\(q)")
            #expect(Hangul.initialsKey(typed(q)) == "\u{1100}\u{1109}\u{1100}", "\(q)")
        }
        #expect(Hangul.initialsStart(typed("계산기도움말"), typed: typed("ㄱㅅ")))
        #expect(!Hangul.initialsStart(typed("계산기"), typed: typed("ㄱㅈ")))
        #expect(!Hangul.initialsStart(typed("계산"), typed: typed("ㄱㅅㄱ")))
        // A syllable typed whole is itself; the last may still be composed.
        #expect(!Hangul.initialsStart(typed("계산기"), typed: typed("가ㅅㄱ")))
        #expect(Hangul.initialsStart(typed("계산기"), typed: typed("ㄱㅅ가")) == false)
        #expect(Hangul.initialsStart(typed("계산긱"), typed: typed("ㄱㅅ기")))
        // The last syllable's final may move on to the next (ㄱ굼 on the way to 고구마).
        #expect(Hangul.initialsStart(typed("고구마"), typed: typed("ㄱ굼")))
        #expect(!Hangul.initialsStart(typed("고구사"), typed: typed("ㄱ굼")))
        // Not initials: one character, a lone consonant last only (a
        // syllable being composed: 북한ㅅ), another script, a vowel.
        for q in ["ㄱ", "북한ㅅ", "ㄱa", "ㄱㅏ", "ㄳㄱ", "계산기"] {
            #expect(!Hangul.isTypedAsInitials(typed(q)), "\(q)")
        }
        #expect(Hangul.initialsKey(typed("한강 공원")) == "\u{1112}\u{1100}", "stops at the space")
    }
}
