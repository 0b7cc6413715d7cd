import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking

/// The typed properties the index has seen, per entity type: which value
/// types each holds and, for numbers, dates and durations, which value slot
/// backs range queries. Stored in the index metadata; `--where` reads it.
public struct PropertySchema: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// "string", "number", "bool", "date", "duration", "place", "person", "entity"
        /// (more than one for a union value).
        public var types: Set<String>
        public var slot: UInt32?
        public var isList: Bool
        /// The range types (number, date, duration) the property holds.
        public var rangeTypes: Set<String> { types.intersection(PropertySchema.rangeTypes) }
    }

    /// Keyed by "EntityType.property".
    public private(set) var entries: [String: Entry] = [:]
    package private(set) var changed = false
    /// Slots in use and the lowest that may be free (see `allocateSlot`).
    var slotCache: (used: Set<UInt32>, next: UInt32)? = nil

    /// An empty schema (a batch starts with one and reads the stored one only when needed).
    package init() {}

    package static func load(_ db: Database) throws(XapianError) -> PropertySchema {
        var s = PropertySchema()
        guard let o = (try? JSON.parse(try db.metadata(Schema.propertiesKey)))?.object else { return s }
        for (key, v) in o.pairs {
            guard let e = v.object else { continue }
            s.entries[key] = Entry(types: Set(e["types"]?.array?.compactMap(\.string) ?? []),
                                   slot: e["slot"]?.number.map { UInt32($0) },
                                   isList: e["list"]?.bool ?? false)
        }
        return s
    }

    /// The schema of a sharded index: every shard's properties together.
    /// The writer gives a property the same value slot on every shard; shards
    /// that disagree cannot be queried by range, and are an error that says so.
    package static func merged(_ shards: [Database], path: String) throws(StoreError) -> PropertySchema {
        var out = PropertySchema()
        for db in shards {
            let one: PropertySchema
            do { one = try load(db) } catch { throw StoreError(error, path: path) }
            for (key, e) in one.entries {
                guard var have = out.entries[key] else { out.entries[key] = e; continue }
                if let a = have.slot, let b = e.slot, a != b {
                    throw StoreError.damaged("the shards of \(path) keep property \(key) in different value slots (\(a) and \(b)); rebuild them with one `limelight rebuild --shards N`")
                }
                have.types.formUnion(e.types)
                have.slot = have.slot ?? e.slot
                have.isList = have.isList || e.isList
                out.entries[key] = have
            }
        }
        return out
    }

    package func save(_ db: WritableDatabase) throws(XapianError) {
        var o = JSONObject()
        for key in entries.keys.sorted() {
            let e = entries[key]!
            var v = JSONObject([("types", .array(e.types.sorted().map(JSON.string)))])
            if let slot = e.slot { v["slot"] = .number(Double(slot)) }
            if e.isList { v["list"] = .bool(true) }
            o[key] = .object(v)
        }
        try db.setMetadata(Schema.propertiesKey, JSON.object(o).serialized)
    }

    /// The value type of one (non-list) property value.
    static func typeName(_ v: JSON) -> String? {
        switch v {
        case .string: "string"
        case .number: "number"
        case .bool: "bool"
        case .object(let o): o.keys.first
        default: nil
        }
    }

    package static let rangeTypes: Set<String> = ["number", "date", "duration"]

    /// Registers the property's types, giving it a slot if it needs one.
    mutating func register(type: String, name: String, value: JSON) -> Entry {
        let key = "\(type).\(name)"
        var e = entries[key] ?? Entry(types: [], slot: nil, isList: false)
        let items = value.array ?? [value]
        if value.array != nil { e.isList = true }
        for item in items { if let t = Self.typeName(item) { e.types.insert(t) } }
        if e.slot == nil, !e.types.isDisjoint(with: Self.rangeTypes) {
            e.slot = allocateSlot()
        }
        if entries[key] != e {
            entries[key] = e
            changed = true
        }
        return e
    }

    /// Registers every property of an entity without indexing it: a sharded
    /// writer registers a whole run first, so each shard's thread gets the same
    /// complete schema and every shard gives a property the same value slot.
    package mutating func register(_ r: Record) {
        for (name, value) in r.properties.pairs where !value.isNull { _ = register(type: r.type, name: name, value: value) }
    }

    /// Adds an entity's property terms and values to its document.
    package mutating func index(_ r: Record, into doc: Document) throws(XapianError) {
        for (name, value) in r.properties.pairs where !value.isNull {
            let entry = register(type: r.type, name: name, value: value)
            let field = "\(r.type).\(name)"
            var firstNumber: (value: Double, type: String)? = nil
            for item in value.array ?? [value] {
                if firstNumber == nil, let n = Self.sortableNumber(item), let t = Self.typeName(item) { firstNumber = (n, t) }
                for exact in Self.exactValues(item) {
                    try doc.addBooleanTerm(Self.valueTerm(field: field, exact))
                }
                for text in PropertyValue.searchableText(item) {
                    for w in Self.words(text) {
                        try doc.addBooleanTerm(Schema.term(Schema.propertyWord, field + ":" + w))
                    }
                }
            }
            // A list keeps its first value in the slot (ranges over lists are
            // approximate; equality and contains see every value).
            if let slot = entry.slot, let n = firstNumber {
                try doc.setValue(slot, number: n.value)
                try doc.addBooleanTerm(Self.rangeTypeTerm(field: field, type: n.type))
            }
        }
    }

    /// Marks what the value in a property's slot is (`Schema.propertyRangeType`).
    package static func rangeTypeTerm(field: String, type: String) -> String {
        Schema.term(Schema.propertyRangeType, field + ":" + type)
    }

    /// Numbers, dates (seconds since the epoch) and durations (seconds).
    static func sortableNumber(_ v: JSON) -> Double? {
        switch v {
        case .number(let n): return n
        case .object(let o):
            if let d = o["date"]?.string { return Timestamp(iso8601: d)?.seconds }
            if let d = o["duration"]?.number { return d }
            return nil
        default: return nil
        }
    }

    /// The forms `name=value` matches exactly: text in its match form
    /// (`matchForm`), numbers, dates and durations by type and value — every
    /// value of a list, which the value slot (first value only) cannot tell.
    static func exactValues(_ v: JSON) -> [String] {
        if let n = sortableNumber(v), let type = typeName(v) { return [typedValue(type, n)] }
        switch v {
        case .string(let s): return [matchForm(s)]
        case .bool(let b): return [b ? "true" : "false"]
        case .object(let o):
            if let e = o["entity"]?.object, let t = e["type"]?.string, let i = e["id"]?.string {
                return [matchForm("\(t)/\(i)"), matchForm(i)]
            }
            if let p = o["person"]?.object, let email = p["email"]?.string { return [matchForm(email)] }
            if let p = o["place"]?.object, let name = p["name"]?.string { return [matchForm(name)] }
            return []
        default: return []
        }
    }

    /// A number, date or duration as `name=value` matches it ("#date:1796371200").
    package static func typedValue(_ type: String, _ n: Double) -> String { "#\(type):" + JSON.format(n) }

    /// Text as `=` and `~` compare it: one Unicode form, lower-case, without
    /// diacritics, as search compares titles ("zurich" is Zürich).
    package static func matchForm(_ s: String) -> String { Tokenizer.fold(s.lowercased()) }

    /// The words `~` matches, in their match form.
    package static func words(_ text: String) -> [String] {
        (Tokenizer.words(text) + Tokenizer.cjkRuns(text)).map(matchForm)
    }

    package static func valueTerm(field: String, _ exact: String) -> String {
        Schema.term(Schema.propertyValue, field + "=" + exact)
    }
}
