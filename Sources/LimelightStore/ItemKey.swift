import LimelightModel

/// The key that names one stored item in the index, built only here so no code
/// spells `intent/…` by hand. `Q` + key is the item's unique term; interactions
/// credit an item by `XT` + key; lists in the metadata name items by it (never
/// by document id, which differs per shard).
package struct ItemKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let rawValue: String

    /// A key read back from a term (`XT` + key on an interaction).
    package init(rawValue: String) { self.rawValue = rawValue }

    private init(_ parts: String...) { rawValue = Schema.key(parts) }

    package static func app(_ app: String) -> ItemKey { ItemKey("app", app) }
    package static func entity(app: String, type: String, id: String) -> ItemKey { ItemKey("entity", app, type, id) }
    package static func entity(app: String, _ ref: EntityRef) -> ItemKey { entity(app: app, type: ref.type, id: ref.id) }
    package static func intent(app: String, id: String) -> ItemKey { ItemKey("intent", app, id) }
    package static func shortcut(app: String, id: String) -> ItemKey { ItemKey("shortcut", app, id) }
    /// An App Shortcut bound to one value of its parameter (a hit of its own).
    package static func shortcut(app: String, id: String, boundTo value: EntityRef) -> ItemKey {
        ItemKey("shortcut", app, id, value.type, value.id)
    }
    package static func interaction(id: String) -> ItemKey { ItemKey("interaction", id) }
    package static func relevance(app: String, context: String) -> ItemKey { ItemKey("relevance", app, context) }

    /// The key of the item a record stores.
    package init(_ r: Record) {
        switch r.kind {
        case .app: self = .app(r.app)
        case .entity: self = .entity(app: r.app, type: r.type, id: r.id)
        case .intent: self = .intent(app: r.app, id: r.id)
        case .shortcut: self = .shortcut(app: r.app, id: r.id)
        case .interaction: self = .interaction(id: r.id)
        case .relevance: self = .relevance(app: r.app, context: r.context ?? "")
        }
    }

    /// Whether it names an entity (not an app, intent, App Shortcut, …).
    package var isEntity: Bool { rawValue.hasPrefix("entity/") }

    /// The item's unique term (`Q` + key): what an upsert replaces on.
    package var uniqueTerm: String { Schema.term(Schema.unique, rawValue) }
    /// The term on every interaction that counts as a use of the item.
    package var creditTerm: String { Schema.term(Schema.credits, rawValue) }

    package var description: String { rawValue }

    package static func < (a: ItemKey, b: ItemKey) -> Bool { a.rawValue < b.rawValue }
}

extension ItemKey {
    /// The key that decides which shard holds this item (see `ShardLayout`):
    /// the item itself for entities, apps and interactions; the app for
    /// everything an app declares — intents, App Shortcuts (bound ones too)
    /// and relevance registrations — so that an App Shortcut, its intent and
    /// its app are always in one shard.
    package var shardKey: ItemKey {
        let parts = rawValue.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return self }
        switch parts[0] {
        case "intent", "shortcut", "relevance": return ItemKey(rawValue: "app/" + parts[1])
        default: return self
        }
    }
}
