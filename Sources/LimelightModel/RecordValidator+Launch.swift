extension RecordValidator {
    /// How a hit is opened (`url`, `exec`, `icon`, an app's `desktopFile`) and
    /// which `sync` source owns the record (`source`). An Exec line is parsed
    /// here, so a bad one is rejected at index time, not at launch.
    func launchFields(nullable: Bool) throws(RecordError) {
        try text("icon", max: RecordLimits.maxTitleCharacters, nullable: nullable)
        try identifier("source", required: false, nullable: nullable)
        if let v = fields["exec"], !(nullable && v.isNull) {
            try text("exec", max: RecordLimits.maxTextCharacters)
            do { _ = try ExecLine.parse(v.string ?? "") } catch {
                throw RecordError("field 'exec' is not a valid Desktop Entry Exec line: \(error.problem)")
            }
        }
        if let v = fields["url"], !(nullable && v.isNull) {
            guard let url = v.string, URIs.isWellFormed(url) else {
                throw RecordError("field 'url' must be an absolute URI (scheme:…, e.g. https://example.com or file:///home/me/notes.txt), got \(v.serialized)")
            }
            if url.utf8.count > RecordLimits.maxTextCharacters { throw RecordError("field 'url' is longer than \(RecordLimits.maxTextCharacters) bytes") }
        }
        if let v = fields["desktopFile"] {
            guard let id = v.string, id.hasSuffix(".desktop"), id.utf8.count > 8, !id.contains("/") else {
                throw RecordError("field 'desktopFile' must be a desktop file id such as org.gnome.gedit.desktop, got \(v.serialized)")
            }
            try identifier("desktopFile")
        }
    }
}

/// Absolute URIs as records carry them (RFC 3986 §3.1: a scheme of a letter
/// then letters, digits, `+ - .`; no spaces or control characters).
public enum URIs {
    public static func isWellFormed(_ uri: String) -> Bool {
        guard let colon = uri.firstIndex(of: ":"), colon != uri.startIndex, uri.index(after: colon) != uri.endIndex else { return false }
        let scheme = uri[..<colon].unicodeScalars
        guard let first = scheme.first, first.isASCII, first.properties.isAlphabetic else { return false }
        guard scheme.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }) else { return false }
        return !uri.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F }
    }
}
