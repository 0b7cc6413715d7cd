import Testing
@testable import LimelightText

@Suite struct TokenizerTests {
    @Test func wordsAreLowerCasedSplitOnPunctuationAndJoinedAcrossApostrophes() {
        #expect(Tokenizer.words("Monterey Bay, CA — coastal-trail") == ["monterey", "bay", "ca", "coastal", "trail"])
        #expect(Tokenizer.words("Today's Agenda") == ["todays", "agenda"])
        #expect(Tokenizer.words("") == [])
    }

    /// Xapian's word rules (issue 15: "libatk1.0" was two words here and one
    /// term in the index, so typing it was "corrected" to "libatke 0").
    @Test func wordsKeepWhatXapianKeepsInsideAWord() {
        #expect(Tokenizer.words("libatk1.0-0 libcsfml-graphics2.5") == ["libatk1.0", "0", "libcsfml", "graphics2.5"])
        #expect(Tokenizer.words("2,000 m; 1;2 a.b end.") == ["2,000", "m", "1;2", "a", "b", "end"])
        #expect(Tokenizer.words("AT&T c++ C# fish+chips g++++ x+") == ["at&t", "c++", "c#", "fish", "chips", "g", "x+"])
        #expect(Tokenizer.words("U.S.A. trip, P.T.O, U.Sa, A.b") == ["usa", "trip", "pto", "u", "sa", "a", "b"])
        #expect(Tokenizer.words("Don’t stop", keepingApostrophes: true) == ["don't", "stop"])
        #expect(Tokenizer.words("zero\u{200B}width") == ["zerowidth"])
    }

    /// The word being typed goes on where Xapian would keep the next character in it.
    @Test func aTextEndsInsideAWordWhereXapianWouldContinueIt() {
        for text in ["libatk", "libatk1.", "don'", "don’", "at&", "2,", "c+", "c++", "c++x"] {
            #expect(Tokenizer.endsInsideWord(text), "\(text)")
        }
        for text in ["", "libatk ", "trail.", "foo-", "hello,", "c+++", "c++++", "'", "U.S.", "万里"] {
            #expect(!Tokenizer.endsInsideWord(text), "\(text)")
        }
    }

    /// Whether a trailing `+` belongs to the word depends on what comes next.
    @Test func aTrailingPlusOfTheWordBeingTypedIsUndecided() {
        #expect(Tokenizer.undecidedSuffixDropped("bindgen+") == "bindgen")
        #expect(Tokenizer.undecidedSuffixDropped("c++") == "c")
        #expect(Tokenizer.undecidedSuffixDropped("c#") == "c")
        #expect(Tokenizer.undecidedSuffixDropped("libatk1.0") == "libatk1.0")
        #expect(Tokenizer.undecidedSuffixDropped("+") == "+")
    }

    @Test func foldingDropsDiacriticsAndKeepsCase() {
        #expect(Tokenizer.fold("Güell café") == "Guell cafe")
        #expect(Tokenizer.fold("plain") == "plain")
    }

    @Test func edgePrefixesStopAtTheLimit() {
        #expect(Tokenizer.edgePrefixes("trail", maxLength: 3) == ["t", "tr", "tra"])
        #expect(Tokenizer.edgePrefixes("ab", maxLength: 10) == ["a", "ab"])
    }

    @Test func cjkRunsAreFound() {
        #expect(Tokenizer.containsCJK("북한산 둘레길"))
        #expect(!Tokenizer.containsCJK("Monterey"))
        #expect(Tokenizer.cjkRuns("Go 万里长城 now 清水寺") == ["万里长城", "清水寺"])
    }

    @Test func typeNamesBecomeWords() {
        #expect(Tokenizer.typeWords("PlaylistEntity").contains("playlist"))
    }
}
