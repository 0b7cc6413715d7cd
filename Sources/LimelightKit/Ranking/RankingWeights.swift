/// Every number the ranker uses, in one place. `--explain` prints each
/// component of a score under the names used here.
public enum RankingWeights {
    /// BM25 parameters (Xapian's defaults, but b lower: titles are short, and a
    /// long description should not push an entity down much).
    public static let bm25K1 = 1.2
    public static let bm25B = 0.5

    /// The static prior (rankingHint / shortcut order, 0…1) is scaled by this
    /// and added to the text weight inside Xapian (OP_AND_MAYBE), so it also
    /// decides which candidates reach the re-rank.
    public static let prior = 1.5

    /// Re-rank bonuses for how the query meets the title.
    public static let exactTitle = 6.0
    public static let titlePrefix = 3.0
    public static let allWordStarts = 1.5

    /// How many candidates Xapian returns for the Swift re-rank (at least).
    public static let rerankDepth = 50

    /// The last word is matched as a prefix via indexed edge prefixes; a longer
    /// one expands over at most this many full words (the most frequent).
    public static let maxWildcardExpansion = 64
}
