import Testing
@testable import LimelightText

@Suite struct TokenizerTests {
    @Test func wordsAreLowerCasedSplitOnPunctuationAndJoinedAcrossApostrophes() {
        #expect(Tokenizer.words("Monterey Bay, CA — coastal-trail") == ["monterey", "bay", "ca", "coastal", "trail"])
        #expect(Tokenizer.words("Today's Agenda") == ["todays", "agenda"])
        #expect(Tokenizer.words("") == [])
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
