/// A file in the Desktop Entry key-file format (`.desktop` files, and the
/// INI-style `profiles.ini` of Firefox): groups of `Key=Value` entries.
///
/// ```swift
/// let file = try KeyFile.load("/usr/share/applications/vim.desktop")
/// let entry = try #require(file.group("Desktop Entry"))
/// try entry.localeString("Name", locale: DesktopLocale("de_DE"))  // "Vim"
/// ```
/// Parsing follows the spec's basic format: lines are blank, `#` comments,
/// `[Group Name]` headers or `Key[locale]=Value` entries; spaces around `=` are
/// ignored; a key repeated in a group keeps its last value (as GLib does).
/// Anything else makes the whole file invalid, with the line that is wrong.
/// Spec: https://specifications.freedesktop.org/desktop-entry-spec/1.5/basic-format.html
public struct KeyFile: Sendable {
    public let path: String
    public let groups: [KeyFileGroup]
    /// Each group's place in `groups`, by name: a file of many groups (one
    /// per desktop action) is read in linear time, not quadratic.
    private let places: [String: Int]

    init(path: String, groups: [KeyFileGroup]) {
        self.path = path
        self.groups = groups
        places = Dictionary(groups.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func group(_ name: String) -> KeyFileGroup? { places[name].map { groups[$0] } }

    /// Far more than any desktop file or profiles.ini holds (the largest of
    /// 224 Debian desktop files is under 100 kB): a larger one is not read.
    /// A 50 MB file cost every `sync apps` 25 s and 600 MB (an audit).
    static let maxBytes = 4 << 20

    public static func load(_ path: String) throws(DesktopSourceError) -> KeyFile {
        if let size = FileSystem.status(path).map({ Int($0.st_size) }), size > maxBytes {
            throw DesktopSourceError(file: path, line: 0, problem: "the file is \(size >> 20) MB; a key file of more than \(maxBytes >> 20) MB is not read")
        }
        return try parse(try FileSystem.contents(of: path), path: path)
    }

    public static func parse(_ bytes: [UInt8], path: String) throws(DesktopSourceError) -> KeyFile {
        // Read by bytes, not by String: `=`, `[`, `#`, spaces and line ends
        // are ASCII, which no byte of a multi-byte UTF-8 sequence can be, so
        // a byte search finds them exactly where a scalar search would. By
        // String and Unicode scalars, a desktop file was read at 2.5 MB/s,
        // 70% of a `sync apps` over 640 Debian desktop files (an audit).
        // (By scalar, not by Character, either way: `=` followed by a
        // joiner or a combining mark is one Character, and Debian's
        // mate-about-me.desktop has `Name[fa]=` + U+200C (ZWNJ).)
        // Valid as a whole, as nearly every file is, no line needs checking.
        let valid = String(validating: bytes, as: UTF8.self) != nil
        var groups: [KeyFileGroup] = []
        var names = Set<String>()
        var lineNumber = 0
        var next = 0
        while next <= bytes.count {
            var start = next, end = next
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            next = end + 1
            lineNumber += 1
            func fail(_ problem: String) -> DesktopSourceError {
                DesktopSourceError(file: path, line: lineNumber, problem: problem)
            }
            if !valid, String(validating: bytes[start..<end], as: UTF8.self) == nil {
                throw fail("not valid UTF-8 (the spec requires UTF-8)")
            }
            while start < end && (bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t")) { start += 1 }
            while end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let line = bytes[start..<end]
            if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) {
                // GLib refuses it too; unseen in an editor, it needs naming.
                throw fail("the file starts with a UTF-8 byte order mark (EF BB BF), which a desktop file may not have; save it without one")
            }
            guard let first = line.first, first != UInt8(ascii: "#") else { continue }
            if first == UInt8(ascii: "[") {
                let name = try groupName(String(decoding: line, as: UTF8.self), fail)
                guard names.insert(name).inserted else { throw fail("group [\(name)] appears a second time") }
                groups.append(KeyFileGroup(name: name, line: lineNumber))
                continue
            }
            guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else {
                throw fail("expected a [Group] header, a Key=Value entry or a # comment, found \"\(String(decoding: line, as: UTF8.self))\"")
            }
            var keyEnd = equals
            while keyEnd > start && (bytes[keyEnd - 1] == UInt8(ascii: " ") || bytes[keyEnd - 1] == UInt8(ascii: "\t")) { keyEnd -= 1 }
            var valueStart = equals + 1
            while valueStart < end && (bytes[valueStart] == UInt8(ascii: " ") || bytes[valueStart] == UInt8(ascii: "\t")) { valueStart += 1 }
            let key = bytes[start..<keyEnd]
            guard !groups.isEmpty else { throw fail("entry \(String(decoding: key, as: UTF8.self)) comes before any [Group] header") }
            let fullKey = try normalizedKey(key, fail)
            groups[groups.count - 1].add(fullKey, KeyFileGroup.Entry(value: String(decoding: bytes[valueStart..<end], as: UTF8.self), line: lineNumber))
        }
        return KeyFile(path: path, groups: groups)
    }

    private static func groupName(_ text: String, _ fail: (String) -> DesktopSourceError) throws(DesktopSourceError) -> String {
        let trimmed = String(text.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        guard trimmed.hasSuffix("]"), trimmed.count >= 3 else {
            throw fail("a group header must be [Name], found \"\(text)\"")
        }
        let name = String(trimmed.dropFirst().dropLast())
        guard !name.contains(where: { $0 == "[" || $0 == "]" || ($0.asciiValue.map { $0 < 0x20 || $0 == 0x7f } ?? false) }) else {
            throw fail("a group name may not contain [, ] or control characters: \"\(name)\"")
        }
        return name
    }

    /// `Name[de_DE.UTF-8]` → `Name[de_DE]`, after checking the key as GLib
    /// does (`g_key_file_is_key_name`): not empty, no `=`, `[` or `]` but
    /// around a locale. The spec's `A-Za-z0-9-` is stricter, and refusing
    /// `X-Foo_Bar=1` dropped a whole app GNOME shows.
    private static func normalizedKey(_ key: ArraySlice<UInt8>, _ fail: (String) -> DesktopSourceError) throws(DesktopSourceError) -> String {
        func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        var base = key
        if let open = key.firstIndex(of: UInt8(ascii: "[")) {
            guard key.last == UInt8(ascii: "]") else { throw fail("a localized key must end with ]: \"\(text(key))\"") }
            base = key[..<open]
            let inner = key[(open + 1)..<(key.endIndex - 1)]
            guard !inner.isEmpty, !inner.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: " ") }) else {
                throw fail("bad locale in key \"\(text(key))\"")
            }
            guard !base.isEmpty, !base.contains(UInt8(ascii: "]")) else {
                throw fail("a key may not be empty nor hold ] outside its [locale]: \"\(text(key))\"")
            }
            // Most keys of a desktop file are translations; only one naming
            // an encoding (`de_DE.UTF-8`) is written again.
            guard inner.contains(UInt8(ascii: ".")) else { return text(key) }
            return "\(text(base))[\(DesktopLocale.withoutEncoding(text(inner)))]"
        }
        guard !base.isEmpty, !base.contains(UInt8(ascii: "]")) else {
            throw fail("a key may not be empty nor hold ] outside its [locale]: \"\(text(key))\"")
        }
        return text(key)
    }
}

/// One `[Group]` of a key file, with typed readers for its values.
public struct KeyFileGroup: Sendable {
    public struct Entry: Sendable, Equatable {
        /// The value as written, escapes undone only by the typed readers.
        public let value: String
        public let line: Int
    }

    public let name: String
    public let line: Int
    /// Keys in the order first seen; `Name[de]` is a key of its own.
    public private(set) var keys: [String] = []
    private var entries: [String: Entry] = [:]

    init(name: String, line: Int) {
        self.name = name
        self.line = line
    }

    mutating func add(_ key: String, _ entry: Entry) {
        if entries.updateValue(entry, forKey: key) == nil { keys.append(key) }
    }

    public subscript(key: String) -> Entry? { entries[key] }

    /// A `string` value: escapes `\s \n \t \r \\` undone.
    public func string(_ key: String) -> String? {
        entries[key].map { KeyFileValue.unescape($0.value) }
    }

    /// A `localestring`: the best translation for `locale`, else the plain key.
    public func localeString(_ key: String, locale: DesktopLocale?) -> String? {
        localizedEntry(key, locale).map { KeyFileValue.unescape($0.value) }
    }

    /// A list of `string`s (`a;b\;c;` → `["a", "b;c"]`).
    public func strings(_ key: String) -> [String]? {
        entries[key].map { KeyFileValue.list($0.value) }
    }

    /// A list of `localestring`s, chosen like `localeString`.
    public func localeStrings(_ key: String, locale: DesktopLocale?) -> [String]? {
        localizedEntry(key, locale).map { KeyFileValue.list($0.value) }
    }

    /// A `boolean` as GLib reads one: `true` or `1`, `false` or `0`, trailing
    /// whitespace ignored; anything else (`True`, `yes`) is false, with a
    /// warning — GLib's desktop-file reader takes it as false and shows the
    /// app, where refusing it dropped the whole app.
    public func boolean(_ key: String, file: String, warnings: inout [DesktopSourceError]) -> Bool? {
        guard let entry = entries[key] else { return nil }
        switch String(entry.value.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) {
        case "true", "1": return true
        case "false", "0": return false
        default:
            warnings.append(DesktopSourceError(file: file, line: entry.line,
                                               problem: "\(key) must be true or false, found \"\(entry.value)\"; read as false, as GLib does"))
            return false
        }
    }

    /// An empty translation (`Name[de]=`) is none: GLib falls back past it.
    private func localizedEntry(_ key: String, _ locale: DesktopLocale?) -> Entry? {
        for candidate in locale?.candidates ?? [] {
            if let entry = entries["\(key)[\(candidate)]"], !entry.value.isEmpty { return entry }
        }
        return entries[key]
    }
}

/// The value syntax shared by every key: escapes and `;` lists.
enum KeyFileValue {
    static func unescape(_ text: String) -> String {
        list(text, splitting: false).first ?? ""
    }

    /// Splits on unescaped `;` (a final `;` ends the list, it does not start an
    /// empty element) and undoes the escapes in each element. An escape the
    /// spec does not define is kept as written.
    static func list(_ text: String, splitting: Bool = true) -> [String] {
        var items: [String] = []
        var current = ""
        // By scalar, as `KeyFile.parse` reads lines: `;` before a joiner is a separator.
        var iterator = text.unicodeScalars.makeIterator()
        while let c = iterator.next() {
            if c == "\\" {
                guard let next = iterator.next() else { current.unicodeScalars.append("\\"); break }
                switch next {
                case "s": current.unicodeScalars.append(" ")
                case "n": current.unicodeScalars.append("\n")
                case "t": current.unicodeScalars.append("\t")
                case "r": current.unicodeScalars.append("\r")
                case "\\": current.unicodeScalars.append("\\")
                case ";" where splitting: current.unicodeScalars.append(";")
                default: current.unicodeScalars.append("\\"); current.unicodeScalars.append(next)
                }
            } else if c == ";" && splitting {
                items.append(current)
                current = ""
            } else {
                current.unicodeScalars.append(c)
            }
        }
        if !current.isEmpty || !splitting { items.append(current) }
        return items
    }
}
