import LimelightSupport

/// Typed property values: string, number, bool, or a one-key object
/// (`date`, `duration`, `place`, `person`, `entity`), or a list of these.
public enum PropertyValue {
    static func validate(_ v: JSON, name: String, depth: Int = 0) throws(RecordError) {
        switch v {
        case .string(let s):
            if s.count > RecordLimits.maxTextCharacters { throw RecordError("property '\(name)' is longer than \(RecordLimits.maxTextCharacters) characters") }
        case .number, .bool, .null: return
        case .array(let items):
            if depth > 0 { throw RecordError("property '\(name)': lists cannot nest") }
            if items.count > RecordLimits.maxListItems { throw RecordError("property '\(name)' has more than \(RecordLimits.maxListItems) items") }
            for item in items { try validate(item, name: name, depth: depth + 1) }
        case .object(let o):
            guard o.count == 1, let tag = o.keys.first, let inner = o[tag] else {
                throw RecordError("property '\(name)': a typed value is an object with one key: date, duration, place, person or entity")
            }
            switch tag {
            case "date":
                guard let s = inner.string, Timestamp(iso8601: s) != nil else {
                    throw RecordError("property '\(name)': date must be ISO 8601 with an offset, got \(inner.serialized)")
                }
            case "duration":
                guard let n = inner.number, n >= 0 else { throw RecordError("property '\(name)': duration must be a number of seconds ≥ 0") }
            case "place":
                guard let p = inner.object else { throw RecordError("property '\(name)': place must be an object {name, latitude, longitude, address}") }
                for k in p.keys where !["name", "latitude", "longitude", "address"].contains(k) {
                    throw RecordError("property '\(name)': place has unknown field '\(k)'")
                }
                if let lat = p["latitude"], !(lat.number.map { (-90...90).contains($0) } ?? false) {
                    throw RecordError("property '\(name)': latitude must be a number from -90 to 90")
                }
                if let lon = p["longitude"], !(lon.number.map { (-180...180).contains($0) } ?? false) {
                    throw RecordError("property '\(name)': longitude must be a number from -180 to 180")
                }
            case "person":
                guard let p = inner.object else { throw RecordError("property '\(name)': person must be an object of name components") }
                for (k, pv) in p.pairs where pv.string == nil {
                    throw RecordError("property '\(name)': person field '\(k)' must be a string")
                }
            case "entity":
                guard let e = inner.object, e["type"]?.string != nil, e["id"]?.string != nil else {
                    throw RecordError("property '\(name)': entity must be a reference {type, id}")
                }
            default:
                throw RecordError("property '\(name)': unknown typed value '\(tag)' (expected date, duration, place, person or entity)")
            }
        }
    }

    /// The searchable text inside a property value (strings, place and person names).
    package static func searchableText(_ v: JSON) -> [String] {
        switch v {
        case .string(let s): return [s]
        case .array(let a): return a.flatMap(searchableText)
        case .object(let o):
            if let p = o["place"]?.object { return ["name", "address"].compactMap { p[$0]?.string } }
            if let p = o["person"]?.object { return p.pairs.compactMap { $0.0 == "email" ? nil : $0.1.string } }
            return []
        default: return []
        }
    }
}
