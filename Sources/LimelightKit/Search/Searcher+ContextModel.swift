import Xapian

extension Searcher {
    /// The context model's mixture weights as this index has learned them (none yet).
    public func learnedWeights() throws(LimelightError) -> [(String, Double)] { [] }
}
