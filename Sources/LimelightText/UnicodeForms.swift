#if canImport(Glibc)
import Glibc
#endif

/// Unicode normalization and decomposition, from GLib (the library GNOME's
/// own app search folds with), loaded with dlopen on the first text that is
/// not ASCII: the standard library does not expose them without Foundation,
/// and linking GLib would cost every `limelight` process its load, though
/// most queries and titles are ASCII and never need it.
///
/// Without GLib (a system that lacks libglib-2.0.so.0) text is left as it
/// is and `Tokenizer.fold` falls back to its table of Latin letters.
struct UnicodeForms: @unchecked Sendable {
    // Function pointers resolved once from a library that stays loaded for
    // the life of the process; immutable after `load`, so sharing them is safe.
    // The signatures are gunicode.h's (gssize, gsize: the C long types;
    // gunichar: 32 bits; gboolean: int).
    typealias Normalize = @convention(c) (UnsafePointer<CChar>?, Int, Int32) -> UnsafeMutablePointer<CChar>?
    typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias FullyDecompose = @convention(c) (UInt32, Int32, UnsafeMutablePointer<UInt32>?, Int) -> Int

    /// GNormalizeMode's G_NORMALIZE_NFKC (G_NORMALIZE_ALL_COMPOSE).
    static let nfkc: Int32 = 3
    /// GNormalizeMode's G_NORMALIZE_NFC (G_NORMALIZE_DEFAULT_COMPOSE).
    static let nfc: Int32 = 1
    /// G_UNICHAR_MAX_DECOMPOSITION_LENGTH.
    static let maxDecomposition = 18

    let normalize: Normalize, free: Free, fullyDecompose: FullyDecompose

    static let shared: UnicodeForms? = load()

    private static func load() -> UnicodeForms? {
        guard let lib = dlopen("libglib-2.0.so.0", RTLD_NOW) ?? dlopen("libglib-2.0.so", RTLD_NOW) else { return nil }
        func symbol<T>(_ name: String, _: T.Type) -> T? { dlsym(lib, name).map { unsafeBitCast($0, to: T.self) } }
        guard let normalize = symbol("g_utf8_normalize", Normalize.self), let free = symbol("g_free", Free.self),
              let decompose = symbol("g_unichar_fully_decompose", FullyDecompose.self) else { return nil }
        return UnicodeForms(normalize: normalize, free: free, fullyDecompose: decompose)
    }

    /// NFKC: one encoding for what Unicode says is the same text (a decomposed
    /// "é", as macOS writes file names, is the composed one; Hangul jamo are
    /// syllables) and one form for what differs only in presentation (full-
    /// width "ＡＢＣ" is "ABC", half-width "ｶﾀｶﾅ" is "カタカナ", "ﬁ" is "fi").
    /// nil for text that is not valid UTF-8 (never, from a Swift string).
    func nfkc(_ text: String) -> String? { normalized(text, Self.nfkc) }

    /// NFC: one encoding for what Unicode says is the same text, and nothing
    /// else changed ("ﬁ" stays).
    func nfc(_ text: String) -> String? { normalized(text, Self.nfc) }

    private func normalized(_ text: String, _ mode: Int32) -> String? {
        text.withCString { c -> String? in
            guard let out = normalize(c, -1, mode) else { return nil }
            defer { free(out) }
            return String(cString: out)
        }
    }

    /// The canonical decomposition of one scalar ("ở" → o, U+031B, U+0309);
    /// the scalar alone when it has none.
    func decomposed(_ u: Unicode.Scalar) -> [Unicode.Scalar] {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: Self.maxDecomposition) { buffer in
            let n = fullyDecompose(u.value, 0, buffer.baseAddress, Self.maxDecomposition)
            return (0..<min(n, Self.maxDecomposition)).compactMap { Unicode.Scalar(buffer[$0]) }
        }
    }
}

/// An identifier (an app, a type, an id) as Limelight keys it: in NFC. Swift
/// compares strings by canonical equivalence, Xapian compares terms byte by
/// byte: an id written composed ("café") and one written decomposed ("cafe"
/// and U+0301) were two entities in the index and one in every set and
/// dictionary, which credited one's uses to the other. ASCII is its own form.
package func canonicalIdentifier(_ s: String) -> String {
    guard !s.utf8.allSatisfy({ $0 < 0x80 }) else { return s }
    return UnicodeForms.shared?.nfc(s) ?? s
}
