extension StringProtocol {
    /// Text with nothing to search for: empty, or spaces alone. A launcher
    /// shows nothing for it, and opens nothing.
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
}
