import CXapian

// Strings and byte arrays cross the shim as pointer + length (binary safe).

extension String {
    @inline(__always)
    func withBytes<R>(_ body: (UnsafePointer<CChar>?, Int) throws -> R) rethrows -> R {
        var copy = self
        return try copy.withUTF8 { buf in
            try buf.withMemoryRebound(to: CChar.self) { try body($0.baseAddress, $0.count) }
        }
    }
}

extension Array where Element == UInt8 {
    @inline(__always)
    func withBytes<R>(_ body: (UnsafePointer<CChar>?, Int) throws -> R) rethrows -> R {
        try withUnsafeBufferPointer { buf in
            try buf.withMemoryRebound(to: CChar.self) { try body($0.baseAddress, $0.count) }
        }
    }
}

/// Lends a list of byte strings (arrays, or `String.UTF8View`s) to a shim
/// function as pointers and lengths, copies that live for the call: all of
/// them back to back in one buffer. (An allocation per string, and a key
/// path per length, cost more than the lookups of typo correction's ~1,100
/// neighbour terms they were made for.)
func withByteStrings<Bytes: Collection, R, E: Error>(_ items: [Bytes], _ body: ([UnsafePointer<CChar>?], [Int]) throws(E) -> R) throws(E) -> R
where Bytes.Element == UInt8 {
    var lengths: [Int] = []
    lengths.reserveCapacity(items.count)
    var total = 0
    for item in items {
        lengths.append(item.count)
        total += item.count
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(total, 1), alignment: 1)
    defer { buffer.deallocate() }
    var pointers: [UnsafePointer<CChar>?] = []
    pointers.reserveCapacity(items.count)
    var offset = 0
    for (item, n) in zip(items, lengths) {
        UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<offset + n]).copyBytes(from: item)
        pointers.append(UnsafePointer((buffer.baseAddress! + offset).assumingMemoryBound(to: CChar.self)))
        offset += n
    }
    return try body(pointers, lengths)
}

/// Calls a shim function that returns a malloc'd buffer, copies it out, frees it.
@inline(__always)
func takeBytes(_ call: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                        UnsafeMutablePointer<Int>, ErrorOut) -> Int32) throws(XapianError) -> [UInt8] {
    var out: UnsafeMutablePointer<CChar>? = nil
    var len = 0
    _ = try checked { call(&out, &len, $0) }
    guard let out else { return [] }
    defer { cx_free(out) }
    return Array(UnsafeRawBufferPointer(start: out, count: len))
}

/// Copies a cx_strlist into Swift values and frees it.
func takeStrings(_ list: OpaquePointer?) -> [(String, UInt32)] {
    guard let list else { return [] }
    defer { cx_strlist_free(list) }
    let n = cx_strlist_count(list)
    var items: [(String, UInt32)] = []
    items.reserveCapacity(n)
    for i in 0..<n {
        var len = 0
        let p = cx_strlist_at(list, i, &len)
        items.append((String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self),
                      cx_strlist_number_at(list, i)))
    }
    return items
}

/// Xapian's `sortable_serialise`: bytes that sort in the same order as the numbers.
public func sortableSerialise(_ value: Double) -> [UInt8] {
    var buf = [UInt8](repeating: 0, count: 18)
    let n = buf.withUnsafeMutableBufferPointer {
        $0.withMemoryRebound(to: CChar.self) { cx_sortable_serialise(value, $0.baseAddress!) }
    }
    return Array(buf[0..<n])
}

/// The inverse of `sortableSerialise`.
public func sortableUnserialise(_ bytes: [UInt8]) -> Double {
    bytes.withBytes { cx_sortable_unserialise($0, $1) }
}

/// The linked Xapian library's version, e.g. "1.4.22".
public var xapianVersion: String { String(cString: cx_version_string()) }
