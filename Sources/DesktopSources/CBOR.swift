/// A CBOR data item (RFC 8949), as far as Qt's plugin metadata needs one:
/// maps, arrays, strings, integers and simple values. Qt writes a plugin's
/// metadata (its JSON) into the library as CBOR (`SettingsModuleMetadata`).
///
/// Spec: https://www.rfc-editor.org/rfc/rfc8949
enum CBOR {
    case integer(Int64)
    case bytes([UInt8])
    case text(String)
    case array([CBOR])
    case map([(CBOR, CBOR)])
    /// false, true, null, undefined, a float (its value is not needed), any other simple value.
    case simple

    /// The value of text key `key` in a map (nil for none, or not a map).
    subscript(key: String) -> CBOR? {
        guard case let .map(pairs) = self else { return nil }
        return pairs.first { if case .text(key) = $0.0 { true } else { false } }?.1
    }

    /// The value of integer key `key` in a map.
    subscript(key: Int64) -> CBOR? {
        guard case let .map(pairs) = self else { return nil }
        return pairs.first { if case .integer(key) = $0.0 { true } else { false } }?.1
    }

    var text: String? {
        if case let .text(s) = self { return s }
        return nil
    }

    /// The item that starts at `start` in `bytes`, or nil when it is not
    /// well-formed or runs past the end (nothing in a library is trusted:
    /// every length is checked, and nesting is bounded).
    static func decode(_ bytes: [UInt8], at start: Int) -> CBOR? {
        var reader = Reader(bytes: bytes, at: start)
        return reader.item(depth: 0)
    }

    private struct Reader {
        let bytes: [UInt8]
        var at: Int
        /// Deeper than any plugin's metadata nests (a map of maps of arrays).
        static let maxDepth = 16

        init(bytes: [UInt8], at: Int) {
            self.bytes = bytes
            self.at = at
        }

        /// What follows an initial byte: a number (a value, a length, a
        /// tag), or an indefinite length (ended by a break, 0xff).
        enum Argument {
            case definite(UInt64)
            case indefinite
        }

        /// The argument of an initial byte with additional information
        /// `info`; nil when it is malformed or runs past the end.
        mutating func argument(_ info: UInt8) -> Argument? {
            switch info {
            case 0..<24: return .definite(UInt64(info))
            case 24...27:
                let count = 1 << (info - 24)
                guard count <= bytes.count - at else { return nil }
                var value: UInt64 = 0
                for _ in 0..<count { value = value << 8 | UInt64(bytes[at]); at += 1 }
                return .definite(value)
            case 31: return .indefinite
            default: return nil
            }
        }

        /// A definite length that the bytes left can hold, `per` bytes an
        /// item at least: a longer one is a lie, and allocating for it is
        /// not done.
        func fits(_ length: UInt64, per: Int) -> Int? {
            length <= UInt64(bytes.count - at) / UInt64(per) ? Int(length) : nil
        }

        mutating func item(depth: Int) -> CBOR? {
            guard depth < Self.maxDepth, at < bytes.count else { return nil }
            let initial = bytes[at]
            at += 1
            let major = initial >> 5
            guard let argument = argument(initial & 31) else { return nil }
            switch (major, argument) {
            case (0, .definite(let n)) where n <= UInt64(Int64.max): return .integer(Int64(n))
            case (1, .definite(let n)) where n <= UInt64(Int64.max): return .integer(-1 - Int64(n))
            case (2, .definite(let n)), (3, .definite(let n)):
                guard let count = fits(n, per: 1) else { return nil }
                defer { at += count }
                return string(major, Array(bytes[at..<at + count]))
            case (2, .indefinite), (3, .indefinite):
                // Definite chunks of the same type until a break.
                var content: [UInt8] = []
                while true {
                    guard at < bytes.count else { return nil }
                    if bytes[at] == 0xff { at += 1; break }
                    guard bytes[at] >> 5 == major, let chunk = item(depth: depth + 1) else { return nil }
                    switch chunk {
                    case let .bytes(b): content += b
                    case let .text(s): content += Array(s.utf8)
                    default: return nil
                    }
                }
                return string(major, content)
            case (4, _), (5, _):
                let perEntry = major == 4 ? 1 : 2
                var items: [CBOR] = []
                if case let .definite(n) = argument {
                    guard let count = fits(n, per: perEntry) else { return nil }
                    for _ in 0..<count * perEntry {
                        guard let x = item(depth: depth + 1) else { return nil }
                        items.append(x)
                    }
                } else {
                    while true {
                        guard at < bytes.count else { return nil }
                        if bytes[at] == 0xff { at += 1; break }
                        guard let x = item(depth: depth + 1) else { return nil }
                        items.append(x)
                    }
                    guard items.count % perEntry == 0 else { return nil }
                }
                if major == 4 { return .array(items) }
                return .map(stride(from: 0, to: items.count, by: 2).map { (items[$0], items[$0 + 1]) })
            // A tag: the item it tags stands for it here.
            case (6, .definite): return item(depth: depth + 1)
            // A simple value or a float, its bytes passed over.
            case (7, .definite): return .simple
            default: return nil
            }
        }

        /// Bytes (major type 2) or text (3), which must be UTF-8.
        func string(_ major: UInt8, _ content: [UInt8]) -> CBOR? {
            if major == 2 { return .bytes(content) }
            return String(validating: content, as: UTF8.self).map(CBOR.text)
        }
    }
}
