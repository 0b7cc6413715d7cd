/// A small XML reader, enough for what GLib's GBookmarkFile writes
/// (recently-used.xbel) and nothing that needs Foundation or libxml2: elements,
/// attributes, the five predefined entities and character references, comments,
/// processing instructions, CDATA, a DOCTYPE without an internal subset, and
/// namespaces (each element's prefix resolved to its URI).
///
/// ```swift
/// let root = try XMLReader.parse(Array(#"<a xmlns:b="urn:b"><b:c x="1 &amp; 2"/></a>"#.utf8))
/// root.children(named: "c", in: "urn:b").first?.attribute("x")  // "1 & 2"
/// ```
/// XML 1.0: https://www.w3.org/TR/xml/ · Namespaces: https://www.w3.org/TR/xml-names/
public enum XMLReader {
    /// Deeper nesting is refused rather than risking the stack on hostile input.
    public static let maxDepth = 256

    public static func parse(_ bytes: [UInt8]) throws(XMLError) -> XMLElement {
        var parser = XMLParserState(bytes: bytes)
        return try parser.document()
    }
}

/// An element: its qualified name, its namespace URI (nil when unprefixed and no
/// default namespace is declared), attributes in document order, and children.
public struct XMLElement: Sendable, Equatable {
    public var qualifiedName: String
    public var namespace: String?
    public var attributes: [(name: String, value: String)]
    public var children: [XMLNode] = []
    /// The line of its start tag (1-based).
    public var line: Int

    public var localName: String {
        qualifiedName.firstIndex(of: ":").map { String(qualifiedName[qualifiedName.index(after: $0)...]) } ?? qualifiedName
    }

    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The text directly inside it (CDATA included), entities resolved.
    public var text: String {
        children.reduce(into: "") { if case let .text(t) = $1 { $0 += t } }
    }

    public var elements: [XMLElement] {
        children.compactMap { if case let .element(e) = $0 { e } else { nil } }
    }

    /// Child elements with this local name in this namespace.
    public func children(named localName: String, in namespace: String? = nil) -> [XMLElement] {
        elements.filter { $0.localName == localName && $0.namespace == namespace }
    }

    public static func == (a: XMLElement, b: XMLElement) -> Bool {
        a.qualifiedName == b.qualifiedName && a.namespace == b.namespace && a.line == b.line
            && a.attributes.map(\.name) == b.attributes.map(\.name)
            && a.attributes.map(\.value) == b.attributes.map(\.value) && a.children == b.children
    }
}

public enum XMLNode: Sendable, Equatable {
    case element(XMLElement)
    case text(String)
}

/// Why a document is not well-formed XML, with the line where that was found.
public struct XMLError: Error, Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let problem: String
    public var description: String { "line \(line): \(problem)" }
}

private struct XMLParserState {
    let bytes: [UInt8]
    var position = 0
    private var countedTo = 0
    private var countedLines = 1
    /// Prefix → URI, one frame per open element ("" is the default namespace).
    var namespaces: [[String: String]] = [["xml": "http://www.w3.org/XML/1998/namespace"]]

    init(bytes: [UInt8]) {
        self.bytes = bytes.starts(with: [0xef, 0xbb, 0xbf]) ? Array(bytes.dropFirst(3)) : bytes
    }

    mutating func line(at offset: Int) -> Int {
        if offset < countedTo { countedTo = 0; countedLines = 1 }
        while countedTo < offset && countedTo < bytes.count {
            if bytes[countedTo] == 0x0a { countedLines += 1 }
            countedTo += 1
        }
        return countedLines
    }

    mutating func fail(_ problem: String, at offset: Int? = nil) -> XMLError {
        XMLError(line: line(at: offset ?? position), problem: problem)
    }

    var atEnd: Bool { position >= bytes.count }
    var current: UInt8 { bytes[position] }

    func looking(at text: String) -> Bool {
        let t = Array(text.utf8)
        return position + t.count <= bytes.count && bytes[position..<position + t.count].elementsEqual(t)
    }

    mutating func skipWhitespace() {
        while !atEnd, isWhitespace(current) { position += 1 }
    }

    func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0a || b == 0x0d }

    mutating func document() throws(XMLError) -> XMLElement {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw fail("the document is not UTF-8", at: 0)
        }
        try miscellany(allowDoctype: true)
        guard looking(at: "<"), !atEnd else { throw fail("there is no root element") }
        let root = try element(depth: 0)
        try miscellany(allowDoctype: false)
        guard atEnd else { throw fail("only comments and processing instructions may follow the root element") }
        return root
    }

    /// Whitespace, comments, processing instructions (the XML declaration among
    /// them) and, before the root, a DOCTYPE.
    mutating func miscellany(allowDoctype: Bool) throws(XMLError) {
        while true {
            skipWhitespace()
            if looking(at: "<?") { try skip(past: "?>", what: "processing instruction") }
            else if looking(at: "<!--") { try comment() }
            else if allowDoctype && looking(at: "<!DOCTYPE") { try doctype() }
            else { return }
        }
    }

    mutating func skip(past terminator: String, what: String) throws(XMLError) {
        let start = position
        let t = Array(terminator.utf8)
        while position + t.count <= bytes.count {
            if bytes[position..<position + t.count].elementsEqual(t) { position += t.count; return }
            position += 1
        }
        throw fail("the \(what) is not closed with \(terminator)", at: start)
    }

    mutating func comment() throws(XMLError) {
        let start = position
        position += 4
        while position + 3 <= bytes.count {
            if looking(at: "--") {
                guard looking(at: "-->") else { throw fail("-- is not allowed inside a comment") }
                position += 3
                return
            }
            position += 1
        }
        throw fail("the comment is not closed with -->", at: start)
    }

    mutating func doctype() throws(XMLError) {
        let start = position
        while !atEnd, current != UInt8(ascii: ">") {
            if current == UInt8(ascii: "[") { throw fail("a DOCTYPE with an internal subset is not supported") }
            position += 1
        }
        guard !atEnd else { throw fail("the DOCTYPE is not closed with >", at: start) }
        position += 1
    }

    mutating func name() throws(XMLError) -> String {
        let start = position
        while !atEnd, !isWhitespace(current), !"/>=<\"'".utf8.contains(current) { position += 1 }
        guard position > start else { throw fail("a name was expected") }
        let first = bytes[start]
        guard first >= 0x80 || first == UInt8(ascii: "_") || first == UInt8(ascii: ":")
                || (first | 0x20 >= UInt8(ascii: "a") && first | 0x20 <= UInt8(ascii: "z")) else {
            throw fail("a name cannot start with \(Character(Unicode.Scalar(first)))", at: start)
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    mutating func element(depth: Int) throws(XMLError) -> XMLElement {
        guard depth < XMLReader.maxDepth else { throw fail("elements are nested deeper than \(XMLReader.maxDepth)") }
        let start = position
        position += 1  // <
        let qualifiedName = try name()
        var attributes: [(name: String, value: String)] = []
        var selfClosing = false
        while true {
            let hadSpace = !atEnd && isWhitespace(current)
            skipWhitespace()
            guard !atEnd else { throw fail("the start tag of <\(qualifiedName)> is not closed", at: start) }
            if looking(at: "/>") { position += 2; selfClosing = true; break }
            if current == UInt8(ascii: ">") { position += 1; break }
            guard hadSpace else { throw fail("attributes of <\(qualifiedName)> must be separated by spaces") }
            let attributeName = try name()
            skipWhitespace()
            guard !atEnd, current == UInt8(ascii: "=") else { throw fail("attribute \(attributeName) has no = value") }
            position += 1
            skipWhitespace()
            let value = try attributeValue()
            if attributes.contains(where: { $0.name == attributeName }) {
                throw fail("attribute \(attributeName) appears twice in <\(qualifiedName)>")
            }
            attributes.append((attributeName, value))
        }
        var frame: [String: String] = [:]
        for (key, value) in attributes {
            if key == "xmlns" { frame[""] = value }
            else if key.hasPrefix("xmlns:") { frame[String(key.dropFirst(6))] = value }
        }
        namespaces.append(frame)
        defer { namespaces.removeLast() }
        let prefix = qualifiedName.firstIndex(of: ":").map { String(qualifiedName[..<$0]) } ?? ""
        let namespace = namespaces.reversed().lazy.compactMap { $0[prefix] }.first
        if !prefix.isEmpty && namespace == nil {
            throw fail("the namespace prefix \(prefix) of <\(qualifiedName)> is not declared", at: start)
        }
        var element = XMLElement(qualifiedName: qualifiedName, namespace: namespace.flatMap { $0.isEmpty ? nil : $0 },
                                 attributes: attributes, line: line(at: start))
        if !selfClosing { try content(of: &element, depth: depth) }
        return element
    }

    mutating func content(of element: inout XMLElement, depth: Int) throws(XMLError) {
        var text: [UInt8] = []
        func flush() {
            if !text.isEmpty { element.children.append(.text(String(decoding: text, as: UTF8.self))); text = [] }
        }
        while true {
            guard !atEnd else { throw fail("<\(element.qualifiedName)> (line \(element.line)) is not closed") }
            if looking(at: "</") {
                position += 2
                let closing = try name()
                skipWhitespace()
                guard closing == element.qualifiedName else {
                    throw fail("</\(closing)> closes <\(element.qualifiedName)> of line \(element.line)")
                }
                guard !atEnd, current == UInt8(ascii: ">") else { throw fail("the end tag </\(closing)> is not closed") }
                position += 1
                flush()
                return
            } else if looking(at: "<!--") {
                try comment()
            } else if looking(at: "<![CDATA[") {
                position += 9
                let start = position
                try skip(past: "]]>", what: "CDATA section")
                text += bytes[start..<position - 3]
            } else if looking(at: "<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if current == UInt8(ascii: "<") {
                flush()
                element.children.append(.element(try self.element(depth: depth + 1)))
            } else if current == UInt8(ascii: "&") {
                text += try reference()
            } else {
                if looking(at: "]]>") { throw fail("]]> is not allowed in text") }
                text.append(current)
                position += 1
            }
        }
    }

    mutating func attributeValue() throws(XMLError) -> String {
        guard !atEnd, current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") else {
            throw fail("an attribute value must be quoted")
        }
        let quote = current
        let start = position
        position += 1
        var value: [UInt8] = []
        while true {
            guard !atEnd else { throw fail("an attribute value is not closed", at: start) }
            let b = current
            if b == quote { position += 1; break }
            if b == UInt8(ascii: "<") { throw fail("< is not allowed in an attribute value") }
            if b == UInt8(ascii: "&") { value += try reference(); continue }
            value.append(isWhitespace(b) ? 0x20 : b)  // attribute-value normalization
            position += 1
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// `&name;` or `&#NN;` / `&#xHH;`, as UTF-8.
    mutating func reference() throws(XMLError) -> [UInt8] {
        let start = position
        position += 1
        while !atEnd, current != UInt8(ascii: ";"), position - start < 12 { position += 1 }
        guard !atEnd, current == UInt8(ascii: ";") else { throw fail("an & must start an entity like &amp;", at: start) }
        let body = String(decoding: bytes[start + 1..<position], as: UTF8.self)
        position += 1
        switch body {
        case "amp": return [0x26]
        case "lt": return [0x3c]
        case "gt": return [0x3e]
        case "quot": return [0x22]
        case "apos": return [0x27]
        default:
            var digits = Substring(body)
            guard digits.hasPrefix("#") else { throw fail("unknown entity &\(body);", at: start) }
            digits = digits.dropFirst()
            var radix = 10
            if digits.hasPrefix("x") { radix = 16; digits = digits.dropFirst() }
            guard !digits.isEmpty, let code = UInt32(digits, radix: radix), code != 0,
                  let scalar = Unicode.Scalar(code) else {
                throw fail("&\(body); is not a valid character", at: start)
            }
            return Array(String(Character(scalar)).utf8)
        }
    }
}
