import Testing
import Xapian
@testable import LimelightText

/// `Tokenizer.words` is the index's edge prefixes and the query's words;
/// Xapian's TermGenerator is the index's terms and its QueryParser the
/// query's. They must split text alike, or a word typed in full is not the
/// word indexed (issue 15: "libatk1.0" was corrected to "libatke 0").
@Suite struct TokenizerAgreesWithXapianTests {
    static let texts = [
        "libatk1.0-0", "libatk1.0-dev", "libcsfml-graphics2.5", "liblomirisystemsettingsprivate0.0",
        "libboost-wave1.83-dev", "libstdc++6", "g++-12", "mono-csharp-shell C#", "fish+chips", "g++++ x+",
        "AT&T", "Don’t Drive Slowly", "rock'n'roll", "U.S.A. trip", "P.T.O", "U.Sa A.b",
        "2,000 m; 1;2 3.14.15 a.b end.", "Crème brûlée naïve café", "zero\u{200B}width", "snake_case-name",
        "e\u{0301}toile", "Ⅻ ½ ²", "foo--bar", "#hash ++plus", "'quoted' ‘single’",
        "Capture d’écran", "L'Équipe qu'aujourd'hui", "dell'arte d'0 l'",
    ]

    /// The terms of `text` as `DocumentBuilder` indexes them: Xapian's, and
    /// the words after an elided article.
    static func indexed(_ text: String, _ tg: TermGenerator) throws -> Set<String> {
        let doc = Document()
        tg.document = doc
        try tg.index(text)
        try tg.index(Tokenizer.elidedWords(text).joined(separator: " "))
        return Set(try doc.terms().map(\.term))
    }

    /// The same words, but for an elided article: Limelight's words leave it
    /// out ("écran"), Xapian keeps it on ("d'écran"), and the index has both.
    @Test func wordsAreTheTermsTheTermGeneratorIndexes() throws {
        let tg = try TermGenerator()  // no stemming: the terms as split
        for text in Self.texts {
            let indexed = try Self.indexed(text, tg), words = Set(Tokenizer.words(text, keepingApostrophes: true))
            #expect(words.isSubset(of: indexed), "\(text): \(words) not in \(indexed)")
            let xapianOnly = indexed.subtracting(words)
            #expect(xapianOnly.allSatisfy { Tokenizer.elisions.contains(String($0.prefix { $0 != "'" })) },
                    "\(text): \(xapianOnly)")
        }
    }

    @Test func eachWordParsesToTheTermIndexedForIt() throws {
        let tg = try TermGenerator(language: "english", strategy: .allZ)
        let parser = try QueryParser(language: "english", strategy: .allZ)
        for text in Self.texts {
            for word in Tokenizer.words(text, keepingApostrophes: true) {
                let doc = Document()
                tg.document = doc
                try tg.index(word)
                let indexed = try doc.terms().map(\.term)
                #expect(indexed.count == 1, "\(word): \(indexed)")
                let parsed = try parser.parse(word, flags: [])
                #expect(parsed.description == "Query(\(indexed.first ?? "?")@1)", "\(word): \(parsed)")
            }
        }
    }
}
