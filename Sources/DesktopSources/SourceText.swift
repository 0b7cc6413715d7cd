import LimelightModel

/// Text from a store Limelight does not own (a desktop file, a browser's
/// database) as a record takes it. Such a store is no record an app wrote
/// for Limelight, and its own program shows what it says: a control
/// character (a `\r` escape in a Comment, in files written on Windows) is a
/// space, not a reason to leave the item out, and text past the records'
/// limit is cut there (an app was left out for a long Comment, a visited
/// page for an address of 1,500 characters).
enum SourceText {
    static func fitted(_ s: String, max: Int = RecordLimits.maxTitleCharacters) -> String {
        var out = String(String.UnicodeScalarView(s.unicodeScalars.map { scalar in
            scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || (0x7F...0x9F).contains(scalar.value) ? " " : scalar
        }))
        if out.count > max { out = String(out.prefix(max)) }
        return out
    }
}
