import Testing
@testable import LimelightText

/// Korean typed with the input method off, read back as the Hangul the
/// keys would have composed (`KoreanKeyboard`).
@Suite struct KoreanKeyboardTests {
    @Test func keysComposeTheSyllablesAnInputMethodWould() {
        #expect(KoreanKeyboard.hangul(typedAsLatin: "rPtksrl") == "계산기")  // Shift: ㅖ
        #expect(KoreanKeyboard.hangul(typedAsLatin: "qnrgkstks") == "북한산")
        #expect(KoreanKeyboard.hangul(typedAsLatin: "dnpq qmfkdnwj") == "웹 브라우저")
        // A final moves on to the vowel after it; two finals make one and split again.
        #expect(KoreanKeyboard.hangul(typedAsLatin: "rkssk") == "간나")
        #expect(KoreanKeyboard.hangul(typedAsLatin: "rksk") == "가나")
        #expect(KoreanKeyboard.hangul(typedAsLatin: "ekfrdmf") == "닭을")
        #expect(KoreanKeyboard.hangul(typedAsLatin: "ekfrl") == "달기")
        // Two vowels that make one (ㅗ ㅏ: ㅘ), Shift's consonants (ㄲ).
        #expect(KoreanKeyboard.hangul(typedAsLatin: "ghkaus") == "화면")
        #expect(KoreanKeyboard.hangul(typedAsLatin: "Rnf") == "꿀")
        // A consonant last is a syllable still being composed.
        #expect(KoreanKeyboard.hangul(typedAsLatin: "rPtksr") == "계산ㄱ")
    }

    @Test func latinThatDoesNotComposeCleanlyIsNotKorean() {
        // A vowel key first, consonants in a row, a consonant alone before
        // the end, a vowel that joins none, other characters.
        for typed in ["hello", "firefox", "montery", "teh", "rtr", "rk rkk", "gkk", "gk1", "ㄱㄴ", "", " ", "q", "R"] {
            #expect(KoreanKeyboard.hangul(typedAsLatin: typed) == nil, "\(typed)")
        }
    }
}
