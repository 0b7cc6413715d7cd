/// An icon as the shells are handed it. GNOME Shell reads an icon as a file
/// when the shim serializes it as one (an absolute path), else as a theme
/// name; KRunner loads an absolute path as a file too. A `file://` URI
/// (`file:///…`, `file://localhost/…`) names a file as well, as
/// g_icon_new_for_string reads it: it went out as a theme name, which no
/// theme has, so it is handed over as its path, percent-decoded. Anything
/// else, a URI of another host or one that does not decode to a path, goes
/// as it is.
enum BusIcon {
    static func name(_ icon: String) -> String {
        let lowered = icon.prefix(7).lowercased()
        guard lowered == "file://" else { return icon }
        var rest = icon.dropFirst(7)
        if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.hasPrefix("/"), let path = percentDecoded(rest) else { return icon }
        return path
    }

    /// `%XX` escapes as their bytes; nil for a bad escape, a NUL (no D-Bus
    /// string holds one) or bytes that are not UTF-8.
    static func percentDecoded(_ s: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = s.utf8[...]
        while let b = utf8.popFirst() {
            guard b == UInt8(ascii: "%") else { bytes.append(b); continue }
            guard let high = utf8.popFirst().flatMap(hexDigit), let low = utf8.popFirst().flatMap(hexDigit),
                  high | low != 0 else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
