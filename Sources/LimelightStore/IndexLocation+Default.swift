import LimelightSupport

/// Where the index is when `--index` does not say.
extension IndexLocation {
    /// `--index DIR`, else `$LIMELIGHT_INDEX`, else `$XDG_DATA_HOME/limelight/index`,
    /// else `$HOME/.local/share/limelight/index`.
    ///
    /// `--index ""` is a usage error (it must never mean "the default index":
    /// `forget --all --index "$UNSET"` would wipe the personal one). A relative
    /// `XDG_DATA_HOME` is ignored, as the XDG Base Directory spec requires; with
    /// no usable `HOME` either, this is an error rather than `./.local/…`.
    public static func resolve(_ explicit: String?) throws(StoreError) -> IndexLocation {
        if let explicit {
            if explicit.isEmpty { throw StoreError.badLocation("--index needs a directory, got an empty string") }
            return IndexLocation(path: explicit)
        }
        if let env = Files.environment("LIMELIGHT_INDEX") { return IndexLocation(path: env) }
        if let xdg = Files.environment("XDG_DATA_HOME"), xdg.hasPrefix("/") {
            return IndexLocation(path: xdg + "/limelight/index")
        }
        guard let home = Files.environment("HOME"), home.hasPrefix("/") else {
            throw StoreError.missing("no index directory: HOME is not set (or not absolute) and neither is XDG_DATA_HOME or LIMELIGHT_INDEX; pass --index DIR")
        }
        return IndexLocation(path: home + "/.local/share/limelight/index")
    }
}
