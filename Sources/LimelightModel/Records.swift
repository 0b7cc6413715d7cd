import LimelightSupport

/// The record kinds of DESIGN.md, parsed and validated from JSON Lines.
///
/// A record keeps its canonical JSON object (`fields`), which is what the index
/// stores and `export` writes back; typed accessors read from it.
public enum RecordKind: String, Sendable, CaseIterable {
    case app, entity, intent, shortcut, interaction, relevance
}

/// What a rejected record did wrong; the ingest layer adds file:line.
public struct RecordError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// `(type, id)` of an entity inside an app.
public struct EntityRef: Hashable, Sendable {
    public var type: String
    public var id: String
    public init(type: String, id: String) {
        self.type = type
        self.id = id
    }
}

public struct Record: Sendable, Equatable {
    public let kind: RecordKind
    public private(set) var fields: JSONObject

    public var app: String { fields["app"]?.string ?? "" }
    public var id: String { fields["id"]?.string ?? "" }
    public var type: String { fields["type"]?.string ?? "" }
    public var title: String { fields["title"]?.string ?? "" }
    public var subtitle: String? { fields["subtitle"]?.string }
    public var text: String? { fields["description"]?.string }
    public var keywords: [String] { fields["keywords"]?.array?.compactMap(\.string) ?? [] }
    public var isPatch: Bool { fields["patch"]?.bool ?? false }
    public var rankingHint: Double? { fields["rankingHint"]?.number }
    public var name: String { fields["name"]?.string ?? "" }
    public var synonyms: [String] { fields["synonyms"]?.array?.compactMap(\.string) ?? [] }
    /// An app's generic name (a desktop entry's GenericName: "Web Browser").
    public var genericName: String? { fields["genericName"]?.string.flatMap { $0.isEmpty ? nil : $0 } }
    /// An app's names besides its own, as it is found by them: its generic
    /// name, then its synonyms (without the generic name again: `sync`
    /// puts it among them too).
    public var otherNames: [String] {
        guard let genericName else { return synonyms }
        return [genericName] + synonyms.filter { $0 != genericName }
    }
    public var phrases: [String] { fields["phrases"]?.array?.compactMap(\.string) ?? [] }
    public var intent: String? { fields["intent"]?.string }
    public var shortcut: String? { fields["shortcut"]?.string }
    public var summary: String? { fields["summary"]?.string }
    public var parameter: JSONObject? { fields["parameter"]?.object }
    public var properties: JSONObject { fields["properties"]?.object ?? JSONObject() }
    public var at: Timestamp? { fields["at"]?.string.flatMap { Timestamp(iso8601: $0) } }
    public var contexts: [String] { fields["context"]?.array?.compactMap(\.string) ?? [] }
    public var context: String? { fields["context"]?.string }
    public var op: String? { fields["op"]?.string }
    /// How the hit is opened: a URI, a Desktop Entry Exec line, an icon name or path.
    public var url: String? { fields["url"]?.string }
    public var exec: String? { fields["exec"]?.string }
    public var icon: String? { fields["icon"]?.string }
    /// An app's desktop file id (`org.gnome.gedit.desktop`).
    public var desktopFile: String? { fields["desktopFile"]?.string }
    /// The `sync` source that made the record and owns it (nil: `index`).
    public var source: String? { fields["source"]?.string }
    /// The app a `sync` source makes to hold a store's items ("Recent
    /// Files", "Firefox Bookmarks"): a container of Limelight's naming, with
    /// no desktop file and nothing to launch. It is no search hit — typing
    /// "recent" lists the files, not a row that cannot be opened — and an
    /// item's use is not its launch.
    public var isStoreOwner: Bool { kind == .app && source != nil && desktopFile == nil && exec == nil }
    public var entityRefs: [EntityRef] {
        (fields["entities"]?.array ?? []).compactMap { e in
            guard let o = e.object, let t = o["type"]?.string, let i = o["id"]?.string else { return nil }
            return EntityRef(type: t, id: i)
        }
    }
    /// The full entity records inside a `relevance` record, as entity records of its app.
    public var embeddedEntities: [Record] {
        (fields["entities"]?.array ?? []).compactMap { e in
            guard var o = e.object, o["title"] != nil else { return nil }
            o["kind"] = .string("entity")
            o["app"] = .string(app)
            return try? Record(json: .object(o))
        }
    }

    public init(kind: RecordKind, fields: JSONObject) {
        self.kind = kind
        self.fields = fields
    }

    /// Parses and validates one record.
    public init(json: JSON) throws(RecordError) {
        guard let obj = json.object else { throw RecordError("a record must be a JSON object, got \(json.typeName)") }
        guard let kindValue = obj["kind"] else { throw RecordError("missing field 'kind' (one of \(RecordKind.allCases.map(\.rawValue).joined(separator: ", ")))") }
        guard let k = kindValue.string, let kind = RecordKind(rawValue: k) else {
            throw RecordError("unknown kind \(kindValue.serialized) (expected one of \(RecordKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self.kind = kind
        self.fields = obj
        try RecordValidator(kind: kind, fields: obj).validate()
    }

    /// An entity patch applied to the stored entity: absent fields stay, `null`
    /// clears (Apple's `.unset` vs `.set(nil)`). An entity's properties are
    /// its fields too (App Intents' `@Property`): a patch's `properties` set
    /// the ones they name and clear those given `null`, and keep the rest.
    public func applyingPatch(_ patch: Record) throws(RecordError) -> Record {
        var merged = fields
        for (key, value) in patch.fields.pairs where key != "patch" {
            if key == "properties", let given = value.object {
                var properties = fields[key]?.object ?? JSONObject()
                for (name, v) in given.pairs { properties[name] = v.isNull ? JSON?.none : v }
                merged[key] = properties.count == 0 ? JSON?.none : .object(properties)
                continue
            }
            merged[key] = value.isNull ? JSON?.none : value
        }
        // The patched entity is one line of an export: it must read back.
        let bytes = JSON.object(merged).serialized.utf8.count
        if bytes > RecordLimits.maxLineBytes {
            throw RecordError("the entity as patched would be \(bytes) bytes long; a record is at most \(RecordLimits.maxLineBytes) bytes")
        }
        return try Record(json: .object(merged))
    }

    public var json: JSON { .object(fields) }
}
