import Glibc

// Strings across the shim: D-Bus strings are UTF-8 without NUL, so C strings
// carry them whole. Lists come from the shim as pointer + count.

/// Copies a borrowed C string list (as the shim passes it) into Swift strings.
func strings(_ list: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int) -> [String] {
    guard let list else { return [] }
    return (0..<count).map { list[$0].map { String(cString: $0) } ?? "" }
}

/// Lends `string` as a C string, or NULL for `nil`, for the duration of `body`.
func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}

/// Lends `strings` as a C array of C strings (not NULL-terminated; the count
/// goes with it) for the duration of `body`.
func withCStringArray<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?, Int) -> R) -> R {
    let copies: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { body($0.baseAddress, $0.count) }
}
