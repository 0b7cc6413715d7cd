import LimelightSupport

/// The rules each kind's fields must follow.
package struct RecordValidator {
    let kind: RecordKind
    let fields: JSONObject

    static let allowed: [RecordKind: Set<String>] = [
        .app: ["kind", "app", "name", "genericName", "synonyms", "description", "keywords", "url", "exec", "icon", "desktopFile", "source"],
        .entity: ["kind", "app", "type", "id", "title", "subtitle", "description", "keywords",
                  "properties", "rankingHint", "stableId", "expires", "transient", "patch",
                  "url", "exec", "icon", "source"],
        .intent: ["kind", "app", "id", "title", "summary", "parameters", "description", "source"],
        .shortcut: ["kind", "app", "id", "intent", "title", "symbol", "phrases", "parameter",
                    "url", "exec", "icon", "source"],
        .interaction: ["kind", "app", "id", "intent", "shortcut", "entities", "at", "context"],
        .relevance: ["kind", "app", "context", "op", "entities"],
    ]

    func validate() throws(RecordError) {
        let allowed = Self.allowed[kind]!
        for key in fields.keys where !allowed.contains(key) {
            throw RecordError("unknown field '\(key)' in \(kind.rawValue) record (allowed: \(allowed.sorted().joined(separator: ", ")))")
        }
        try identifier("app")
        if kind == .app || kind == .entity || kind == .shortcut {
            try launchFields(nullable: fields["patch"]?.bool == true)
        }
        switch kind {
        case .app:
            try text("name", required: true, max: RecordLimits.maxTitleCharacters)
            try text("genericName", max: RecordLimits.maxTitleCharacters)
            try stringList("synonyms")
            try text("description", max: RecordLimits.maxTextCharacters)
            try stringList("keywords")
        case .entity:
            if fields["transient"]?.bool == true {
                throw RecordError("entity '\(fields["id"]?.string ?? "?")' is transient: transient entities (TransientAppEntity) are never indexed")
            }
            if let t = fields["transient"], t.bool == nil { throw RecordError("field 'transient' must be a boolean, got \(t.typeName)") }
            if let p = fields["patch"], p.bool == nil { throw RecordError("field 'patch' must be a boolean, got \(p.typeName)") }
            let patch = fields["patch"]?.bool ?? false
            try identifier("type")
            try identifier("id")
            try text("title", required: !patch, max: RecordLimits.maxTitleCharacters)
            if patch, fields["title"]?.isNull == true { throw RecordError("field 'title' cannot be cleared: every entity has a title") }
            try text("subtitle", max: RecordLimits.maxTitleCharacters, nullable: patch)
            try text("description", max: RecordLimits.maxTextCharacters, nullable: patch)
            try stringList("keywords", nullable: patch)
            try identifier("stableId", required: false, nullable: patch)
            if let p = fields["properties"], !(patch && p.isNull) {
                guard let o = p.object else { throw RecordError("field 'properties' must be an object, got \(p.typeName)") }
                for (name, value) in o.pairs {
                    try PropertyValue.checkName(name)
                    try PropertyValue.validate(value, name: name)
                }
            }
            if let h = fields["rankingHint"], !(patch && h.isNull) {
                guard let n = h.number, n >= 0, n <= 100 else {
                    throw RecordError("field 'rankingHint' must be a number from 0 to 100, got \(h.serialized)")
                }
            }
            if let e = fields["expires"], !(patch && e.isNull) {
                guard let s = e.string, Self.isInstant(s) else {
                    throw RecordError("field 'expires' must be an ISO 8601 time with an offset or Z, got \(e.serialized)\(Self.dateAloneHint(e))")
                }
            }
        case .intent:
            try identifier("source", required: false)
            try identifier("id")
            try text("title", required: true, max: RecordLimits.maxTitleCharacters)
            try text("summary", max: RecordLimits.maxTitleCharacters)
            try text("description", max: RecordLimits.maxTextCharacters)
            if let ps = fields["parameters"] {
                guard let arr = ps.array else { throw RecordError("field 'parameters' must be an array") }
                for p in arr { try parameter(p, field: "parameters") }
            }
        case .shortcut:
            try identifier("id")
            try identifier("intent")
            try text("title", required: true, max: RecordLimits.maxTitleCharacters)
            try text("symbol", max: 200)
            try stringList("phrases", required: true)
            var paramName: String? = nil
            if let p = fields["parameter"] {
                try parameter(p, field: "parameter")
                paramName = p.object?["name"]?.string
            }
            let phrases = fields["phrases"]!.array!.compactMap(\.string)
            if phrases.isEmpty { throw RecordError("field 'phrases' must have at least one phrase") }
            for phrase in phrases {
                if !phrase.contains("${applicationName}") {
                    throw RecordError("App Shortcut rule: every phrase must contain ${applicationName}; \"\(phrase)\" does not")
                }
                for placeholder in Placeholders.names(in: phrase) where placeholder != "applicationName" && placeholder != paramName {
                    throw RecordError("App Shortcut rule: phrase \"\(phrase)\" uses ${\(placeholder)}, but the shortcut's only parameter is \(paramName.map { "'\($0)'" } ?? "none")")
                }
            }
        case .interaction:
            try identifier("id", required: false)
            try identifier("intent", required: false)
            try identifier("shortcut", required: false)
            try timestamp("at", required: true)
            try entityRefs("entities")
            try contextList("context")
        case .relevance:
            guard let op = fields["op"]?.string,
                  ["update", "remove", "remove-everywhere", "clear", "clear-all"].contains(op) else {
                throw RecordError("field 'op' must be one of update, remove, remove-everywhere, clear, clear-all")
            }
            let needsContext = op == "update" || op == "remove" || op == "clear"
            let a = op.hasPrefix("u") ? "an" : "a"
            if needsContext {
                guard let c = fields["context"]?.string else { throw RecordError("\(a) '\(op)' relevance record needs a 'context'") }
                try Contexts.validate(c)
            } else if fields["context"] != nil {
                throw RecordError("\(a) '\(op)' relevance record takes no 'context'")
            }
            if op.hasPrefix("clear"), fields["entities"] != nil {
                // `relevant clear --entity` is refused; the record said nothing either.
                throw RecordError("a '\(op)' relevance record takes no 'entities' (it clears them all)")
            }
            if op == "update" || op == "remove" || op == "remove-everywhere" {
                guard let given = fields["entities"] else { throw RecordError("\(a) '\(op)' relevance record needs 'entities'") }
                guard let arr = given.array else {
                    throw RecordError("field 'entities' must be an array of entities ({\"type\":…,\"id\":…}), got \(given.typeName)")
                }
                try Self.checkCount(arr, "entities")
                for e in arr {
                    guard var o = e.object else { throw RecordError("each of 'entities' must be an object") }
                    // An entity belongs to the record's app; given otherwise, it was moved there, silently.
                    if let a = o["app"], a.string != fields["app"]?.string {
                        throw RecordError("entity in relevance record: its app \(a.serialized) is not the record's (entities in it belong to the record's app)")
                    }
                    if let k = o["kind"], k.string != "entity" {
                        throw RecordError("entity in relevance record: its kind is \(k.serialized), not \"entity\"")
                    }
                    // A reference is {type, id}; more fields without a title (a patch, a subtitle) were dropped, silently.
                    if o["title"] == nil, let extra = o.keys.first(where: { !["type", "id", "kind", "app"].contains($0) }) {
                        throw RecordError("entity in relevance record: '\(extra)' without a title; give the entity's full record, or only its type and id")
                    }
                    if op == "update", o["title"] != nil {
                        o["kind"] = .string("entity")
                        o["app"] = fields["app"]
                        do { try RecordValidator(kind: .entity, fields: o).validate() } catch {
                            throw RecordError("entity in relevance record: \(error.message)")
                        }
                    } else {
                        try RecordValidator(kind: .entity, fields: o).refOnly()
                    }
                }
            }
        }
    }

    func refOnly() throws(RecordError) {
        try identifier("type")
        try identifier("id")
    }

    func identifier(_ key: String, required: Bool = true, nullable: Bool = false) throws(RecordError) {
        guard let v = fields[key] else {
            if required { throw RecordError("missing field '\(key)'") }
            return
        }
        if nullable, v.isNull { return }
        guard let s = v.string else { throw RecordError("field '\(key)' must be a string, got \(v.typeName)") }
        try Self.checkIdentifier(s, field: key)
    }

    static func checkIdentifier(_ s: String, field: String) throws(RecordError) {
        if s.isEmpty { throw RecordError("field '\(field)' must not be empty") }
        if s.utf8.count > RecordLimits.maxIdentifierBytes {
            throw RecordError("field '\(field)' is \(s.utf8.count) bytes long; identifiers are at most \(RecordLimits.maxIdentifierBytes)")
        }
        if s.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw RecordError("field '\(field)' contains a control character; identifiers cannot")
        }
    }

    func text(_ key: String, required: Bool = false, max: Int, nullable: Bool = false) throws(RecordError) {
        guard let v = fields[key] else {
            if required { throw RecordError("missing field '\(key)'") }
            return
        }
        if nullable, v.isNull { return }
        guard let s = v.string else { throw RecordError("field '\(key)' must be a string, got \(v.typeName)") }
        if required, Self.showsNothing(s) { throw RecordError("field '\(key)' must not be empty") }
        if s.count > max { throw RecordError("field '\(key)' is \(s.count) characters long; the limit is \(max)") }
        if let c = Self.controlCharacter(in: s) { throw RecordError("field '\(key)' contains a control character (\(c))") }
    }

    /// Whether text shows nothing: spaces, format characters (a zero-width
    /// space, a byte-order mark, a soft hyphen, a direction mark), combining
    /// marks, and the characters Unicode says to show as nothing (Hangul
    /// fillers, U+3164 the "blank name" of many a game) or that are drawn
    /// blank (U+2800, the empty Braille cell), alone. A title of them was a
    /// blank row in a launcher, though a title of spaces was refused.
    static func showsNothing(_ s: String) -> Bool {
        s.unicodeScalars.allSatisfy { u in
            switch u.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator, .format, .nonspacingMark, .enclosingMark, .control: true
            default: u.properties.isWhitespace || u.properties.isDefaultIgnorableCodePoint || u == "\u{2800}"
            }
        }
    }

    /// C0 (but newline and tab) and C1 control characters, and DEL: a
    /// terminal would run them as commands when a hit is shown.
    static func hasControlCharacter(_ s: String) -> Bool { controlCharacter(in: s) != nil }

    /// The first such character, named for the person who must find it
    /// ("U+000D, a carriage return, the 12th character": a `\r\n` line end
    /// in a description was refused without a word of which or where).
    static func controlCharacter(in s: String) -> String? {
        for (n, c) in s.unicodeScalars.enumerated() where (c.value < 0x20 && c != "\n" && c != "\t") || (0x7F...0x9F).contains(c.value) {
            let hex = String(c.value, radix: 16, uppercase: true)
            let name = c == "\r" ? ", a carriage return" : c.value == 0x1B ? ", an escape" : c.value == 0 ? ", a NUL" : ""
            return "U+" + String(repeating: "0", count: 4 - hex.count) + hex + name + ", character \(n + 1)"
        }
        return nil
    }

    func stringList(_ key: String, required: Bool = false, nullable: Bool = false) throws(RecordError) {
        guard let v = fields[key] else {
            if required { throw RecordError("missing field '\(key)'") }
            return
        }
        if nullable, v.isNull { return }
        guard let arr = v.array else { throw RecordError("field '\(key)' must be an array of strings, got \(v.typeName)") }
        if arr.count > RecordLimits.maxListItems { throw RecordError("field '\(key)' has \(arr.count) items; the limit is \(RecordLimits.maxListItems)") }
        for (n, item) in arr.enumerated() {
            guard let s = item.string else { throw RecordError("field '\(key)' item \(n + 1) must be a string, got \(item.typeName)") }
            if s.count > RecordLimits.maxTitleCharacters { throw RecordError("field '\(key)' item \(n + 1) is longer than \(RecordLimits.maxTitleCharacters) characters") }
            if let c = Self.controlCharacter(in: s) { throw RecordError("field '\(key)' item \(n + 1) contains a control character (\(c))") }
        }
    }

    func timestamp(_ key: String, required: Bool) throws(RecordError) {
        guard let v = fields[key] else {
            if required { throw RecordError("missing field '\(key)' (an ISO 8601 time, e.g. 2026-11-29T07:30:00Z)") }
            return
        }
        guard let s = v.string, Self.isInstant(s) else {
            throw RecordError("field '\(key)' must be an ISO 8601 time with an offset or Z, got \(v.serialized)\(Self.dateAloneHint(v))")
        }
    }

    /// A time of day with its offset: a date alone names no instant (its
    /// midnight where?), and `Timestamp` reads it as UTC's while `donate --at`
    /// reads it as the local one. DESIGN.md: "with an offset or Z".
    static func isInstant(_ s: String) -> Bool {
        s.utf8.count > 10 && Timestamp(iso8601: s) != nil
    }

    static func dateAloneHint(_ v: JSON) -> String {
        guard let s = v.string, s.utf8.count == 10, Timestamp(iso8601: s) != nil else { return "" }
        return " (a date alone names no moment: give its time and offset, e.g. \(s)T00:00:00Z)"
    }

    func entityRefs(_ key: String) throws(RecordError) {
        guard let v = fields[key] else { return }
        guard let arr = v.array else { throw RecordError("field '\(key)' must be an array of {type, id}") }
        try Self.checkCount(arr, key)
        for e in arr {
            guard let o = e.object else { throw RecordError("each of '\(key)' must be an object {type, id}") }
            try RecordValidator(kind: .entity, fields: o).refOnly()
        }
    }

    /// Lists of contexts, entities and cases are bounded like every list
    /// (one interaction of 90,000 contexts took 20 s to index).
    static func checkCount(_ arr: [JSON], _ key: String) throws(RecordError) {
        if arr.count > RecordLimits.maxListItems { throw RecordError("field '\(key)' has \(arr.count) items; the limit is \(RecordLimits.maxListItems)") }
    }

    func contextList(_ key: String) throws(RecordError) {
        guard let v = fields[key] else { return }
        guard let arr = v.array else { throw RecordError("field '\(key)' must be an array of context names") }
        try Self.checkCount(arr, key)
        for c in arr {
            guard let s = c.string else { throw RecordError("field '\(key)' must hold strings, got \(c.typeName)") }
            try Contexts.validate(s)
        }
    }

    func parameter(_ p: JSON, field: String) throws(RecordError) {
        guard let o = p.object else { throw RecordError("field '\(field)' must be an object {name, type}") }
        let v = RecordValidator(kind: kind, fields: o)
        do {
            try v.identifier("name")
            try v.identifier("type")
        } catch {
            throw RecordError("\(field): \(error.message)")
        }
        if let cases = o["cases"] {
            guard let arr = cases.array, !arr.isEmpty else { throw RecordError("\(field): 'cases' must be a non-empty array of {id, title}") }
            try Self.checkCount(arr, "\(field).cases")
            for c in arr {
                guard let co = c.object, let id = co["id"]?.string, let title = co["title"]?.string else {
                    throw RecordError("\(field): each of 'cases' must be an object {id, title}")
                }
                // A case's id is a parameter value's id, and its title is shown.
                try Self.checkIdentifier(id, field: "\(field).cases id")
                if title.isEmpty || title.count > RecordLimits.maxTitleCharacters || Self.hasControlCharacter(title) {
                    throw RecordError("\(field): a case's title must be 1 to \(RecordLimits.maxTitleCharacters) characters with no control character")
                }
            }
        }
    }
}

/// `${name}` placeholders in App Shortcut phrases and intent summaries.
package enum Placeholders {
    static func names(in text: String) -> [String] {
        var out: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "${") {
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else { break }
            out.append(String(rest[open.upperBound..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return out
    }

    package static func fill(_ text: String, _ values: [String: String]) -> String {
        var out = text
        for (k, v) in values { out = out.replacingAll("${\(k)}", with: v) }
        return out
    }
}

package extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.range(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        out += rest
        return out
    }
}

package extension StringProtocol {
    /// Substring search without Foundation.
    func range(of needle: String) -> Range<Index>? {
        let n = Array(needle.utf8)
        guard !n.isEmpty else { return nil }
        var i = startIndex
        while i < endIndex {
            if self[i...].utf8.starts(with: n) {
                return i..<self.utf8.index(i, offsetBy: n.count)
            }
            i = index(after: i)
        }
        return nil
    }

    func contains(_ needle: String) -> Bool { range(of: needle) != nil }
}
