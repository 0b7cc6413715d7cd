import CXapian

/// Stemming strategies shared by `TermGenerator` and `QueryParser`.
public enum StemStrategy: Int32, Sendable {
    case none = 0, some = 1, all = 2, allZ = 3, someFullPositions = 4
}

/// A Snowball stemmer, as used by `TermGenerator` and `QueryParser`.
///
/// See https://xapian.org/docs/apidoc/html/classXapian_1_1Stem.html
public struct Stemmer: Sendable {
    public let language: String
    public init(language: String) { self.language = language }

    /// The stem of `word` ("trails" → "trail"); terms index it with a "Z" prefix.
    public func stem(_ word: String) throws(XapianError) -> String {
        String(decoding: try takeBytes { out, len, err in
            language.withBytes { l, ll in word.withBytes { cx_stem_word(l, ll, $0, $1, out, len, err) } }
        }, as: UTF8.self)
    }
}

/// Splits text into terms and adds them to a document.
///
/// ```swift
/// let tg = try TermGenerator(language: "english")
/// tg.document = doc
/// try tg.index("Monterey Bay Coastal Trail", wdf: 3, prefix: "S")
/// ```
/// The generator keeps `document` and `database` alive while it refers to them.
/// See https://xapian.org/docs/apidoc/html/classXapian_1_1TermGenerator.html
public final class TermGenerator {
    let handle: OpaquePointer

    public struct Flags: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        /// Add the words to the database's spelling table.
        public static let spelling = Flags(rawValue: Int32(CX_TG_FLAG_SPELLING))
        /// Index Chinese, Japanese and Korean text as 1- and 2-character n-grams.
        public static let cjkNgram = Flags(rawValue: Int32(CX_TG_FLAG_CJK_NGRAM))
    }

    public init(language: String = "none", strategy: StemStrategy = .some,
                flags: Flags = []) throws(XapianError) {
        handle = cx_termgen_new()
        try setStemmer(language)
        cx_termgen_set_stemming_strategy(handle, strategy.rawValue)
        self.flags = flags  // didSet does not run in init, so also set them below
        cx_termgen_set_flags(handle, flags.rawValue)
    }

    deinit { cx_termgen_free(handle) }

    /// A Snowball language name ("english", "german", "none" …).
    public func setStemmer(_ language: String) throws(XapianError) {
        _ = try checked { err in language.withBytes { cx_termgen_set_stemmer(handle, $0, $1, err) } }
    }

    public var flags: Flags = [] { didSet { cx_termgen_set_flags(handle, flags.rawValue) } }

    /// Where `.spelling` adds words (must be writable).
    public var database: WritableDatabase? {
        didSet { if let database { cx_termgen_set_database(handle, database.handle) } }
    }

    /// The document that `index` adds terms to.
    public var document: Document? {
        didSet { if let document { cx_termgen_set_document(handle, document.handle) } }
    }

    public func index(_ text: String, wdf: Int = 1, prefix: String = "",
                      positions: Bool = true) throws(XapianError) {
        _ = try checked { err in
            text.withBytes { t, tl in
                prefix.withBytes { cx_termgen_index_text(handle, t, tl, UInt32(wdf), $0, $1, positions ? 1 : 0, err) }
            }
        }
    }

    /// Leaves a gap in positions so phrases don't match across fields.
    public func increaseTermPosition(by delta: Int = 100) {
        cx_termgen_increase_termpos(handle, UInt32(delta))
    }
}
