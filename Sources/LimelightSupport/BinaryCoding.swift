/// A minimal little-endian binary encoding for values read on every keystroke
/// (search-result cards, usage statistics): decoding it is a few loads, where
/// JSON would allocate dictionaries and parse numbers.
package struct ByteWriter {
    package private(set) var bytes: [UInt8] = []
    package init() {}

    package mutating func u8(_ v: UInt8) { bytes.append(v) }
    package mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    package mutating func f64(_ v: Double) { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
    package mutating func string(_ s: String) {
        u32(UInt32(s.utf8.count))
        bytes.append(contentsOf: s.utf8)
    }
    package mutating func bytes(_ b: [UInt8]) { bytes.append(contentsOf: b) }
}

package struct ByteReader {
    let bytes: [UInt8]
    private(set) var offset = 0
    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package var atEnd: Bool { offset >= bytes.count }

    package mutating func u8() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    package mutating func u32() -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for i in 0..<4 { v |= UInt32(bytes[offset + i]) << (8 * UInt32(i)) }
        offset += 4
        return v
    }

    package mutating func f64() -> Double? {
        guard offset + 8 <= bytes.count else { return nil }
        var v: UInt64 = 0
        for i in 0..<8 { v |= UInt64(bytes[offset + i]) << (8 * UInt64(i)) }
        offset += 8
        return Double(bitPattern: v)
    }

    package mutating func bytes(_ n: Int) -> [UInt8]? {
        guard offset + n <= bytes.count else { return nil }
        defer { offset += n }
        return Array(bytes[offset..<offset + n])
    }

    package mutating func string() -> String? {
        guard let n = u32().map(Int.init), offset + n <= bytes.count else { return nil }
        defer { offset += n }
        // Through the buffer, not the slice: the generic slice path costs
        // more than the decoding itself, and every card is read this way.
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[offset..<offset + n]), as: UTF8.self) }
    }
}
