import Testing
@testable import LimelightSearch

/// What typo correction tries for one word.
@Suite struct TyposTests {
    /// A word with no ASCII letter or digit is edited within its own script:
    /// a Latin letter put into a Cyrillic word names no word (and 32 such
    /// words of 40 letters took 2 s on a one-item index).
    @Test func aCyrillicWordsNeighboursStayCyrillic() {
        let neighbours = Typos.neighbours(of: "москва")
        #expect(neighbours.contains("моска") && neighbours.contains("мосвка") && neighbours.contains("москвва"))
        #expect(!neighbours.contains { $0.unicodeScalars.contains { $0.isASCII } })
        // A Latin word keeps the whole alphabet: "monterey" from "montery".
        #expect(Typos.neighbours(of: "montery").contains("monterey"))
        #expect(Typos.neighbours(of: "café").contains("cafe"))
        // A digit brings digits back, not the Latin letters; a Latin word
        // keeps the digits ("libgtk" is one edit from "libgtk3").
        let numbered = Typos.neighbours(of: "москва2")
        #expect(numbered.contains("москва3") && !numbered.contains { $0.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic } })
        #expect(Typos.neighbours(of: "libgtk").contains("libgtk3"))
    }
}
