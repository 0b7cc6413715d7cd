/// A CBOR data item (RFC 8949), as far as Qt's plugin metadata needs one:
/// maps, arrays, strings, integers and simple values. Qt writes a plugin's
/// metadata (its JSON) into the library as CBOR (`SettingsModuleMetadata`).
///
/// Spec: https://www.rfc-editor.org/rfc/rfc8949
indirect enum CBOR {
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

        mutating func byte() -> UInt8? {
            guard at < bytes.count else { return nil }
            defer { at += 1 }
            return bytes[at]
        }

        /// The argument of an initial byte with additional information `info`:
        /// nil for an indefinite length (31), `.some(nil)` when malformed.
        mutating func argument(_ info: UInt8) -> UInt64?? {
            switch info {
            case 0..<24: return .some(UInt64(info))
            case 24...27:
                let count = 1 << (info - 24)
                guard at + count <= bytes.count else { return .some(nil) }
                var value: UInt64 = 0
                for _ in 0..<count { value = value << 8 | UInt64(bytes[at]); at += 1 }
                return .some(value)
            case 31: return nil
            default: return .some(nil)
            }
        }

        mutating func item(depth: Int) -> CBOR? {
            guard depth < Self.maxDepth, let initial = byte() else { return nil }
            let major = initial >> 5, info = initial & 31
            let length = argument(info)
            switch major {
            case 0, 1:
                guard case let .some(.some(n)) = length, n <= UInt64(Int64.max) else { return nil }
                return .integer(major == 0 ? Int64(n) : -1 - Int64(n))
            case 2, 3:
                var content: [UInt8] = []
                if case let .some(n) = length {
                    guard let n, n <= UInt64(bytes.count - at) else { return nil }
                    content = Array(bytes[at..<at + Int(n)])
                    at += Int(n)
                } else {
                    // Indefinite: definite chunks of the same type until a break.
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
                }
                if major == 2 { return .bytes(content) }
                guard let s = String(validating: content, as: UTF8.self) else { return nil }
                return .text(s)
            case 4, 5:
                var items: [CBOR] = []
                let perEntry = major == 4 ? 1 : 2
                if case let .some(n) = length {
                    // Each item takes a byte at least: a longer count is a lie.
                    guard let n, n <= UInt64(bytes.count - at) / UInt64(perEntry) else { return nil }
                    for _ in 0..<Int(n) * perEntry {
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
            case 6:
                // A tag: the item it tags stands for it here.
                guard case .some(.some) = length else { return nil }
                return item(depth: depth + 1)
            default:
                guard case .some(.some) = length else { return nil }
                return .simple
            }
        }
    }
}
