extension Typos {
    /// Typo correction tries every one-edit neighbour of a word: about
    /// 2 × length × alphabet candidates of its length, each looked up. For a
    /// 1,000-character word of 1,000 distinct letters that was two million
    /// strings of 1,000 characters (150 s, 5.2 GB). No plausible word is this
    /// long (Xapian's term generator indexes words of at most 64 bytes), so
    /// longer words are left as typed: the cost stays bounded at about
    /// 2 × 40 × 76 lookups.
    static let maxCorrectedCharacters = 40

    static func isCorrectable(_ word: String) -> Bool {
        word.utf8.count <= 4 * maxCorrectedCharacters && word.count <= maxCorrectedCharacters
    }
}
