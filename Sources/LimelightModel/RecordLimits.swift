import LimelightSupport

/// Documented input limits (README "Limits"): they keep one hostile record from
/// bloating the index or the process.
public enum RecordLimits {
    public static let maxLineBytes = 1 << 20
    public static let maxIdentifierBytes = 200
    public static let maxTitleCharacters = 1_000
    public static let maxTextCharacters = 20_000
    public static let maxListItems = 1_000
    public static let maxClientStateBytes = 250
    /// Apple's limit of App Shortcuts per app.
    public static let maxShortcutsPerApp = 10
}
