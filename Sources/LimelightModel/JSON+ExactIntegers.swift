extension JSON {
    /// Integers above 2^53 cannot be held exactly by a JSON number here (a
    /// Double): 9007199254740993 would silently become ...992. They are
    /// rejected (exit 65 with the line) rather than kept wrong; send such ids
    /// as strings.
    static let maxExactInteger = 9_007_199_254_740_992

    static func isInexactInteger(_ d: Double, literal: String) -> Bool {
        guard abs(d) >= Double(maxExactInteger), !literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else { return false }
        guard let n = Int(literal) else { return true }
        return n.magnitude > UInt(maxExactInteger)
    }

    static func inexactIntegerMessage(_ literal: String) -> String {
        "the integer \(literal.prefix(40)) is larger than 2^53 and cannot be kept exactly; write it as a string"
    }
}
