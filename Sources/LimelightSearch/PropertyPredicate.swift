import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

/// A filter on a typed entity property (`--where`), Apple's EntityPropertyQuery:
///
///     lengthKm>20   start>=2026-12-01   start<2026-12-08T00:00:00Z
///     difficulty=hard   loop=true   attendees~ana   calendar=CalendarEntity/work
///     durationSec<=1800  (durations also as 90m, 1h30m, PT1H)
///
/// Ranges work on numbers, dates and durations (Xapian value ranges); `=`
/// matches a whole value (any of a list's; text case-insensitive and without
/// diacritics, numbers, dates and durations by value); `~` matches a word of a text,
/// place or person value.
public struct PropertyPredicate: Sendable {
    enum Op: String, CaseIterable { case ge = ">=", le = "<=", gt = ">", lt = "<", eq = "=", contains = "~" }

    let fields: [(field: String, entry: PropertySchema.Entry)]
    let op: Op
    let operand: String
    /// The operand read as each range type the property holds that it
    /// parses as ("3600" is both a number and a duration), by type.
    let numbers: [String: Double]

    /// The same text for the same filter (`TypingMemory` compares requests by it).
    var signature: String { fields.map(\.field).joined(separator: ",") + op.rawValue + operand }

    /// Parses `name<op>value` against what the index knows of that property.
    /// Errors are usage errors (exit 64): unknown property, wrong value type.
    public static func parse(_ text: String, schema: PropertySchema, type: String?) throws(SearchError) -> PropertyPredicate {
        var found: (Op, String.Index)? = nil
        for (i, ch) in zip(text.indices, text) where "<>=~".contains(ch) {
            let two = text[i...].prefix(2)
            let op = Op.allCases.first { two.hasPrefix($0.rawValue) }!
            found = (op, i)
            break
        }
        guard let (op, at) = found, at > text.startIndex else {
            throw SearchError.badPredicate("--where '\(text)': write name=value, name>value, name>=value, name<value, name<=value or name~word")
        }
        let name = String(text[..<at]).trimmingSpaces
        // "a!=b", "a==b": operators there are not, told as such (not as a
        // property named "a!").
        if name.hasSuffix("!") || text[at...].hasPrefix("==") || text[at...].hasPrefix("=<") || text[at...].hasPrefix("=>") {
            throw SearchError.badPredicate("--where '\(text)': write name=value, name>value, name>=value, name<value, name<=value or name~word (there is no other operator)")
        }
        let operand = String(text[text.index(at, offsetBy: op.rawValue.count)...]).trimmingSpaces
        if operand.isEmpty { throw SearchError.badPredicate("--where '\(text)': the value is missing") }
        // Keys are "Type.name", and a type may hold dots itself
        // ("com.example.Note"): with --type, the key whole.
        let fields = schema.entries.filter { key, _ in
            if let type { return key == type + "." + name }
            return key.hasSuffix("." + name)
        }.sorted { $0.key < $1.key }.map { (field: $0.key, entry: $0.value) }
        if fields.isEmpty {
            let known = Set(schema.entries.keys.compactMap { key -> String? in
                guard let type else { return String(key.split(separator: ".", maxSplits: 1).last ?? "") }
                return key.hasPrefix(type + ".") ? String(key.dropFirst(type.count + 1)) : nil
            }).sorted()
            throw SearchError.badPredicate("--where: no entity\(type.map { " of type \($0)" } ?? "") has a property '\(name)'" +
                                 (known.isEmpty ? "" : " (known: \(known.prefix(30).joined(separator: ", "))\(known.count > 30 ? ", … \(known.count - 30) more" : ""))"))
        }
        let types = fields.reduce(into: Set<String>()) { $0.formUnion($1.entry.types) }
        var numbers: [String: Double] = [:]
        switch op {
        case .gt, .ge, .lt, .le:
            guard !types.isDisjoint(with: PropertySchema.rangeTypes) else {
                throw SearchError.badPredicate("--where: '\(name)' holds \(types.sorted().joined(separator: "/")) values; ranges need numbers, dates or durations")
            }
            numbers = try parseNumbers(operand, types: types, name: name)
        case .eq where types == ["bool"]:
            if operand.lowercased() != "true", operand.lowercased() != "false" {
                throw SearchError.badPredicate("--where: '\(name)' is a boolean; compare it with true or false")
            }
        case .eq where types.isDisjoint(with: PropertySchema.rangeTypes):
            break
        case .eq where types.isSubset(of: PropertySchema.rangeTypes):
            numbers = try parseNumbers(operand, types: types, name: name)
        case .eq:
            // A union with text: the operand may be either ("due=someday").
            numbers = (try? parseNumbers(operand, types: types, name: name)) ?? [:]
        case .contains:
            guard !types.isDisjoint(with: ["string", "place", "person"]) else {
                throw SearchError.badPredicate("--where: '\(name)' holds \(types.sorted().joined(separator: "/")) values; ~ needs text, a place or a person")
            }
        }
        return PropertyPredicate(fields: fields, op: op, operand: operand, numbers: numbers)
    }

    static func parseNumbers(_ s: String, types: Set<String>, name: String) throws(SearchError) -> [String: Double] {
        var out: [String: Double] = [:]
        if types.contains("date"), let t = Timestamp(iso8601: s) { out["date"] = t.seconds }
        if types.contains("duration"), let d = parseDuration(s) { out["duration"] = d }
        if types.contains("number"), let n = Double(s), n.isFinite { out["number"] = n }
        if !out.isEmpty { return out }
        let expected = types.intersection(PropertySchema.rangeTypes).sorted().map {
            ["date": "a date (ISO 8601)", "duration": "a duration (seconds, 90m, 1h30m or PT1H)", "number": "a number"][$0]!
        }.joined(separator: " or ")
        throw SearchError.badPredicate("--where: '\(name)' takes \(expected); '\(s)' is not one")
    }

    /// Seconds, or `1h30m`, `90m`, `45s`, or ISO 8601 `PT1H30M`.
    static func parseDuration(_ s: String) -> Double? {
        if let n = Double(s), n >= 0 { return n }
        var text = Substring(s.uppercased())
        if text.hasPrefix("PT") { text = text.dropFirst(2) }
        var total = 0.0, digits = "", any = false
        for ch in text {
            if ch.isNumber || ch == "." { digits.append(ch); continue }
            guard let n = Double(digits) else { return nil }
            switch ch {
            case "H": total += n * 3600
            case "M": total += n * 60
            case "S": total += n
            default: return nil
            }
            digits = ""
            any = true
        }
        return any && digits.isEmpty ? total : nil
    }

    func query() throws(XapianError) -> Query {
        var alternatives: [Query] = []
        for (field, entry) in fields {
            switch op {
            case .contains:
                let words = PropertySchema.words(operand)
                guard !words.isEmpty else { continue }
                alternatives.append(try .and(words.map { Query(term: Schema.term(Schema.propertyWord, field + ":" + $0)) }))
            case .eq:
                // Terms, not the value slot: they hold every value of a list.
                if !entry.types.isSubset(of: PropertySchema.rangeTypes) {
                    alternatives.append(Query(term: PropertySchema.valueTerm(field: field, PropertySchema.matchForm(operand))))
                }
                for (type, n) in numbers.sorted(by: { $0.key < $1.key }) where entry.types.contains(type) {
                    alternatives.append(Query(term: PropertySchema.valueTerm(field: field, PropertySchema.typedValue(type, n))))
                }
            case .ge, .gt, .le, .lt:
                alternatives += try ranges(field: field, entry: entry)
            }
        }
        if alternatives.isEmpty { return .matchNothing }
        return alternatives.count == 1 ? alternatives[0] : try .or(alternatives)
    }
}

extension PropertyPredicate {
    /// The value ranges (`>`, `>=`, `<`, `<=`) of one property, one per
    /// range type it holds that the operand parses as. A union of types
    /// keeps them in one slot, so each range is held to values of its type:
    /// a date bound must not compare with a plain number's seconds.
    func ranges(field: String, entry: PropertySchema.Entry) throws(XapianError) -> [Query] {
        guard let slot = entry.slot else { return [] }
        let held = entry.rangeTypes
        var out: [Query] = []
        for (type, n) in numbers.sorted(by: { $0.key < $1.key }) where held.contains(type) {
            // Strict bounds step to the next representable double.
            let range: Query = switch op {
            case .ge: try .numberRange(slot: slot, from: n, to: nil)
            case .gt: try .numberRange(slot: slot, from: n.nextUp, to: nil)
            case .le: try .numberRange(slot: slot, from: nil, to: n)
            default: try .numberRange(slot: slot, from: nil, to: n.nextDown)
            }
            out.append(held.count == 1 ? range
                       : try .and([range, Query(term: PropertySchema.rangeTypeTerm(field: field, type: type))]))
        }
        return out
    }
}

extension String {
    public var trimmingSpaces: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}

extension Searcher {
    /// What the index knows of entity properties (for `--where`).
    public func propertySchema() throws(SearchError) -> PropertySchema {
        do { return try PropertySchema.merged(shards, path: path) } catch { throw .store(error) }
    }
}

extension SearchRequest {
    /// Adds a `--where` predicate (parsed against the index's properties).
    public mutating func addPredicate(_ text: String, schema: PropertySchema) throws(SearchError) {
        predicates.append(try PropertyPredicate.parse(text, schema: schema, type: type))
    }
}
