import LimelightSupport

/// Context names: dotted paths such as `audio.workout.running`.
public enum Contexts {
    /// The longest context name, in bytes.
    public static let maxBytes = 120

    public static func validate(_ name: String) throws(RecordError) {
        if name.utf8.count > maxBytes {
            throw RecordError("context '\(name.prefix(40))…' is \(name.utf8.count) bytes long; a context name has at most \(maxBytes)")
        }
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        let ok = !name.isEmpty && segments.allSatisfy { seg in
            guard let first = seg.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
            return seg.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
        }
        if !ok {
            throw RecordError("context '\(name)' is not a well-formed name: dotted segments of letters, digits, '_' or '-', each starting with a letter (e.g. audio.workout.running)")
        }
    }

    /// `audio.workout.running` → [`audio.workout.running`, `audio.workout`, `audio`].
    /// The contexts and their ancestors, the most specific first (the
    /// deepest, then by name): an item registered for the very context
    /// counts most, so where candidates are capped it is taken first.
    public static func mostSpecificFirst(_ contexts: [String]) -> [String] {
        Set(contexts.flatMap(withAncestors)).sorted { a, b in
            let (da, db) = (a.utf8.count(where: { $0 == UInt8(ascii: ".") }), b.utf8.count(where: { $0 == UInt8(ascii: ".") }))
            return da != db ? da > db : a < b
        }
    }

    public static func withAncestors(_ name: String) -> [String] {
        var out = [name]
        var cur = Substring(name)
        while let dot = cur.lastIndex(of: ".") {
            cur = cur[..<dot]
            out.append(String(cur))
        }
        return out
    }
}
