extension Typos {
    /// Typo correction tries every one-edit neighbour of a word: about
    /// 2 × length × alphabet candidates of its length, each looked up. For a
    /// 1,000-character word of 1,000 distinct letters that was two million
    /// strings of 1,000 characters (150 s, 5.2 GB). No plausible word is this
    /// long (Xapian's term generator indexes words of at most 64 bytes), so
    /// longer words are left as typed: the cost stays bounded at about
    /// 2 × 40 × 76 lookups.
    static let maxCorrectedCharacters = 40

    /// Complete words corrected in one query, the first unknown ones: each
    /// costs up to 2 × 40 × 76 lookups, and 32 random words of 40 Cyrillic
    /// letters took 2 s on a one-item index (an input audit). A person
    /// types a typo or two; eight unknown words are a paste, which the
    /// items with some of the words still answer.
    static let maxCorrectedWords = 8

    static func isCorrectable(_ word: String) -> Bool {
        word.utf8.count <= 4 * maxCorrectedCharacters && word.count <= maxCorrectedCharacters
    }
}
