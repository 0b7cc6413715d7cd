import LimelightSupport
/// A JSON value. Limelight parses JSON itself (no Foundation) so that errors can
/// name the exact column, input limits are enforced while parsing, and start-up
/// stays cheap for a CLI that answers every keystroke.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object(JSONObject)

    public var string: String? { if case let .string(s) = self { s } else { nil } }
    public var number: Double? { if case let .number(n) = self { n } else { nil } }
    public var bool: Bool? { if case let .bool(b) = self { b } else { nil } }
    public var array: [JSON]? { if case let .array(a) = self { a } else { nil } }
    public var object: JSONObject? { if case let .object(o) = self { o } else { nil } }
    public var isNull: Bool { self == .null }

    /// The JSON type's name, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON object that keeps its keys in order (so exports read like the input).
public struct JSONObject: Equatable, Sendable {
    public private(set) var keys: [String] = []
    private var values: [String: JSON] = [:]

    public init() {}
    public init(_ pairs: [(String, JSON)]) { for (k, v) in pairs { self[k] = v } }

    public subscript(key: String) -> JSON? {
        get { values[key] }
        set {
            if let newValue {
                if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if values.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    public var count: Int { keys.count }
    public var pairs: [(String, JSON)] { keys.map { ($0, values[$0]!) } }
    public func has(_ key: String) -> Bool { values[key] != nil }

    public static func == (a: JSONObject, b: JSONObject) -> Bool { a.values == b.values }
}

public struct JSONError: Error, Sendable, CustomStringConvertible {
    public let column: Int
    public let message: String
    public var description: String { "invalid JSON at column \(column): \(message)" }
}

/// Limits that keep a hostile line from exhausting memory or the stack.
public enum JSONLimits {
    public static let maxDepth = 32
}

package extension JSON {
    /// Parses one JSON document from UTF-8 bytes. Invalid UTF-8 is an error.
    static func parse(_ bytes: some Collection<UInt8>) throws(JSONError) -> JSON {
        try parse(bytes, maxDepth: JSONLimits.maxDepth)
    }

    /// The same, with arrays and objects nested at most `maxDepth` deep (a
    /// record's 32; a browser's bookmarks nest two levels a folder, and
    /// Chromium's own reader allows 200).
    static func parse(_ bytes: some Collection<UInt8>, maxDepth: Int) throws(JSONError) -> JSON {
        var p = JSONParser(Array(bytes), maxDepth: maxDepth)
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        if p.i < p.b.count { throw p.fail("unexpected text after the value") }
        return v
    }

    static func parse(_ text: String) throws(JSONError) -> JSON {
        try parse(Array(text.utf8))
    }
}

private struct JSONParser {
    let b: [UInt8]
    let maxDepth: Int
    var i = 0
    init(_ b: [UInt8], maxDepth: Int) {
        self.b = b
        self.maxDepth = maxDepth
    }

    func fail(_ message: String) -> JSONError {
        // Columns count characters, not bytes, as an editor shows them.
        let col = String(decoding: b[0..<min(i, b.count)], as: UTF8.self).count + 1
        return JSONError(column: col, message: message)
    }

    mutating func skipSpace() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 }
    }

    mutating func value(depth: Int) throws(JSONError) -> JSON {
        guard i < b.count else { throw fail("unexpected end of input") }
        switch b[i] {
        case UInt8(ascii: "{"):
            if depth >= maxDepth { throw fail("nested deeper than \(maxDepth) levels") }
            i += 1
            var obj = JSONObject()
            skipSpace()
            if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return .object(obj) }
            while true {
                skipSpace()
                guard i < b.count, b[i] == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
                let key = try string()
                if obj.has(key) { throw fail("duplicate key \"\(key)\"") }
                skipSpace()
                guard i < b.count, b[i] == UInt8(ascii: ":") else { throw fail("expected ':' after key \"\(key)\"") }
                i += 1
                skipSpace()
                obj[key] = try value(depth: depth + 1)
                skipSpace()
                guard i < b.count else { throw fail("unexpected end of input, expected ',' or '}'") }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "}") { i += 1; return .object(obj) }
                throw fail("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            if depth >= maxDepth { throw fail("nested deeper than \(maxDepth) levels") }
            i += 1
            var arr: [JSON] = []
            skipSpace()
            if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; return .array(arr) }
            while true {
                skipSpace()
                arr.append(try value(depth: depth + 1))
                skipSpace()
                guard i < b.count else { throw fail("unexpected end of input, expected ',' or ']'") }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "]") { i += 1; return .array(arr) }
                throw fail("expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try number()
        default:
            throw fail("unexpected character")
        }
    }

    mutating func literal(_ word: String, _ v: JSON) throws(JSONError) -> JSON {
        let w = Array(word.utf8)
        guard i + w.count <= b.count, Array(b[i..<i + w.count]) == w else { throw fail("unexpected character") }
        i += w.count
        return v
    }

    mutating func number() throws(JSONError) -> JSON {
        let start = i
        if b[i] == UInt8(ascii: "-") { i += 1 }
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.i
            while p.i < p.b.count, p.b[p.i] >= 0x30, p.b[p.i] <= 0x39 { p.i += 1 }
            return p.i - s
        }
        let intStart = i
        let n = digits(&self)
        if n == 0 { throw fail("invalid number") }
        if n > 1, b[intStart] == UInt8(ascii: "0") { throw fail("invalid number (leading zero)") }
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            if digits(&self) == 0 { throw fail("invalid number (no digits after '.')") }
        }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            if digits(&self) == 0 { throw fail("invalid number (bad exponent)") }
        }
        let text = String(decoding: b[start..<i], as: UTF8.self)
        guard let d = Double(text), d.isFinite else { i = start; throw fail("number out of range") }
        if JSON.isInexactInteger(d, literal: text) { i = start; throw fail(JSON.inexactIntegerMessage(text)) }
        return .number(d)
    }

    mutating func hex4() throws(JSONError) -> UInt32 {
        guard i + 4 <= b.count else { throw fail("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = b[i]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw fail("invalid \\u escape")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    mutating func string() throws(JSONError) -> String {
        i += 1  // opening quote
        var out: [UInt8] = []
        var runStart = i
        while true {
            guard i < b.count else { throw fail("unterminated string") }
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                out.append(contentsOf: b[runStart..<i])
                i += 1
                break
            }
            if c < 0x20 { throw fail("control character in string (escape it)") }
            if c == UInt8(ascii: "\\") {
                out.append(contentsOf: b[runStart..<i])
                i += 1
                guard i < b.count else { throw fail("unterminated string") }
                let e = b[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard i + 6 <= b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else {
                            throw fail("unpaired surrogate in \\u escape")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw fail("unpaired surrogate in \\u escape")
                    }
                    out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
                default:
                    i -= 1
                    throw fail("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
                }
                runStart = i
                continue
            }
            i += 1
        }
        // Validate UTF-8 without silently repairing it.
        guard let s = String(validating: out, as: UTF8.self) else { throw fail("invalid UTF-8 in string") }
        return s
    }
}

// MARK: - Writing

package extension JSON {
    /// Compact JSON text (keys in their stored order).
    var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let v): out += v ? "true" : "false"
        case .number(let d): out += JSON.format(d)
        case .string(let s): JSON.writeString(s, to: &out)
        case .array(let a):
            out += "["
            for (n, v) in a.enumerated() {
                if n > 0 { out += "," }
                v.write(to: &out)
            }
            out += "]"
        case .object(let o):
            out += "{"
            for (n, (k, v)) in o.pairs.enumerated() {
                if n > 0 { out += "," }
                JSON.writeString(k, to: &out)
                out += ":"
                v.write(to: &out)
            }
            out += "}"
        }
    }

    static func format(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 9.0e15 { return String(Int64(d)) }
        return String(d)
    }

    static func writeString(_ s: String, to out: inout String) {
        // Most strings need no escaping: copy them whole.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) {
            out += "\""
            out += s
            out += "\""
            return
        }
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20 || u.value == 0x7F:
                let h = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
            default: out.unicodeScalars.append(u)
            }
        }
        out += "\""
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral v: String) { self = .string(v) }
    public init(integerLiteral v: Int) { self = .number(Double(v)) }
    public init(floatLiteral v: Double) { self = .number(v) }
    public init(booleanLiteral v: Bool) { self = .bool(v) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) { self = .object(JSONObject(elements)) }
}

/// `["kind": "app", "name": "Trails"]` keeps the keys in the order written.
extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSON)...) { self.init(elements) }
}
