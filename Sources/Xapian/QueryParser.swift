import CXapian

/// Parses free text into a `Query`, as a search box would.
///
/// ```swift
/// let qp = try QueryParser(language: "english")
/// let q = try qp.parse("monterey ba", flags: [.default, .partial])
/// ```
/// See https://xapian.org/docs/apidoc/html/classXapian_1_1QueryParser.html
public final class QueryParser {
    let handle: OpaquePointer

    public struct Flags: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let boolean = Flags(rawValue: UInt32(CX_QP_BOOLEAN))
        public static let phrase = Flags(rawValue: UInt32(CX_QP_PHRASE))
        public static let loveHate = Flags(rawValue: UInt32(CX_QP_LOVEHATE))
        public static let booleanAnyCase = Flags(rawValue: UInt32(CX_QP_BOOLEAN_ANY_CASE))
        public static let wildcard = Flags(rawValue: UInt32(CX_QP_WILDCARD))
        public static let pureNot = Flags(rawValue: UInt32(CX_QP_PURE_NOT))
        /// The last word is a prefix (as you type).
        public static let partial = Flags(rawValue: UInt32(CX_QP_PARTIAL))
        public static let spellingCorrection = Flags(rawValue: UInt32(CX_QP_SPELLING_CORRECTION))
        public static let synonym = Flags(rawValue: UInt32(CX_QP_SYNONYM))
        public static let autoSynonyms = Flags(rawValue: UInt32(CX_QP_AUTO_SYNONYMS))
        public static let autoMultiwordSynonyms = Flags(rawValue: UInt32(CX_QP_AUTO_MULTIWORD_SYNONYMS))
        public static let cjkNgram = Flags(rawValue: UInt32(CX_QP_CJK_NGRAM))
        public static let `default`: Flags = [.boolean, .phrase, .loveHate]
    }

    public init(language: String = "none", strategy: StemStrategy = .some) throws(XapianError) {
        handle = cx_qparser_new()
        try setStemmer(language)
        cx_qparser_set_stemming_strategy(handle, strategy.rawValue)
    }

    deinit { cx_qparser_free(handle) }

    public func setStemmer(_ language: String) throws(XapianError) {
        _ = try checked { err in language.withBytes { cx_qparser_set_stemmer(handle, $0, $1, err) } }
    }

    /// Needed for spelling correction, synonyms and partial/wildcard expansion.
    public var database: Database? {
        didSet { if let database { cx_qparser_set_database(handle, database.handle) } }
    }

    /// How words without an operator combine (`.or` unless set).
    public var defaultOperator: Query.Operator = .or {
        didSet { cx_qparser_set_default_op(handle, defaultOperator.rawValue) }
    }

    /// `field:word` searches terms with `prefix`.
    public func addPrefix(_ field: String, _ prefix: String) throws(XapianError) {
        _ = try checked { err in
            field.withBytes { f, fl in prefix.withBytes { cx_qparser_add_prefix(handle, f, fl, $0, $1, err) } }
        }
    }

    /// `field:value` filters on the boolean term `prefix + value`.
    public func addBooleanPrefix(_ field: String, _ prefix: String) throws(XapianError) {
        _ = try checked { err in
            field.withBytes { f, fl in prefix.withBytes { cx_qparser_add_boolean_prefix(handle, f, fl, $0, $1, err) } }
        }
    }

    /// Caps partial and wildcard expansion at `count` terms.
    public func setMaxExpansion(_ count: Int, keepMostFrequent: Bool = true) {
        cx_qparser_set_max_expansion(handle, UInt32(count), keepMostFrequent ? 1 : 0)
    }

    public func parse(_ text: String, flags: Flags = .default,
                      defaultPrefix: String = "") throws(XapianError) -> Query {
        Query(handle: try checked { err in
            text.withBytes { t, tl in
                defaultPrefix.withBytes { cx_qparser_parse(handle, t, tl, flags.rawValue, $0, $1, err) }
            }
        }!)
    }

    /// After a parse with `.spellingCorrection`: the corrected text, or nil.
    public var correctedQuery: String? {
        var len = 0
        guard let p = cx_qparser_corrected_query(handle, &len) else { return nil }
        defer { cx_free(p) }
        return len == 0 ? nil : String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
    }
}
