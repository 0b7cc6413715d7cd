/// Conversions between local paths and `file:` URIs, as GLib's
/// `g_filename_to_uri` / `g_filename_from_uri` make and read them (the form of
/// every `href` in recently-used.xbel).
///
/// ```swift
/// FileURI.path(from: "file:///home/me/My%20Notes.txt")  // "/home/me/My Notes.txt"
/// FileURI.uri(fromPath: "/tmp/a b")                      // "file:///tmp/a%20b"
/// ```
/// RFC 8089: https://www.rfc-editor.org/rfc/rfc8089
public enum FileURI {
    /// The path a local `file:` URI names; nil for another scheme, another host,
    /// a query or fragment, a bad `%` escape, an escaped `/` or NUL, or a path
    /// that is not UTF-8 once decoded.
    public static func path(from uri: String) -> String? {
        let bytes = Array(uri.utf8)
        guard bytes.count >= 6, String(decoding: bytes[0..<5], as: UTF8.self).lowercased() == "file:" else { return nil }
        var rest = bytes[5...]
        if rest.starts(with: [0x2f, 0x2f]) {  // "//" authority
            rest = rest.dropFirst(2)
            let hostEnd = rest.firstIndex(of: 0x2f) ?? rest.endIndex
            let host = String(decoding: rest[rest.startIndex..<hostEnd], as: UTF8.self).lowercased()
            guard host.isEmpty || host == "localhost" else { return nil }
            rest = rest[hostEnd...]
        }
        guard rest.first == 0x2f, !rest.contains(0x3f), !rest.contains(0x23) else { return nil }  // "/", no ? #
        var decoded: [UInt8] = []
        var index = rest.startIndex
        while index < rest.endIndex {
            let byte = rest[index]
            if byte == 0x25 {  // %
                guard index + 2 < rest.endIndex,
                      let high = hexValue(rest[index + 1]), let low = hexValue(rest[index + 2]) else { return nil }
                let value = high << 4 | low
                guard value != 0, value != 0x2f else { return nil }
                decoded.append(value)
                index += 3
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }

    /// Any URI's `%` escapes as the UTF-8 bytes they stand for, a `%` not
    /// followed by two hex digits kept as written (a web address, where
    /// `path(from:)` refuses what names no local file); nil when the
    /// escapes spell no UTF-8 text (an address escaped in another encoding).
    public static func percentDecoded(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.contains(0x25) else { return text }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x25, index + 2 < bytes.count,  // %
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }

    /// The `file://` URI of an absolute path; every byte outside RFC 3986's
    /// unreserved set and the few delimiters GLib leaves alone is `%`-escaped.
    public static func uri(fromPath path: String) -> String {
        var out = "file://"
        for byte in path.utf8 {
            if isKeptInPath(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0xf)
            }
        }
        return out
    }

    private static func isKeptInPath(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "-._~/!$&'()*+,=:@".utf8.contains(b)
        }
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func hexDigit(_ value: UInt8) -> String {
        String(Unicode.Scalar(value < 10 ? value + 0x30 : value - 10 + 0x41))
    }
}
