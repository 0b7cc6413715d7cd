import LimelightSupport
import LimelightModel

extension HistoryPolicy {
    /// One `forget`: the uses it selected, made before it ran. Nil fields
    /// select anything.
    package struct ForgetRule: Equatable, Sendable {
        package var donation: String?
        package var app: String?
        package var intent: String?
        package var entity: EntityRef?
        package var from: Timestamp?, to: Timestamp?
        /// When it was forgotten: uses made later are new.
        package var at: Timestamp

        package init(donation: String? = nil, app: String? = nil, intent: String? = nil, entity: EntityRef? = nil,
                     from: Timestamp? = nil, to: Timestamp? = nil, at: Timestamp = .now()) {
            (self.donation, self.app, self.intent, self.entity, self.from, self.to, self.at) = (donation, app, intent, entity, from, to, at)
        }

        func selects(_ r: Record) -> Bool {
            guard let t = r.at?.seconds, t <= at.seconds else { return false }
            if let donation, r.id != donation { return false }
            if let app, r.app != app { return false }
            if let intent, r.intent != intent { return false }
            if let entity, !r.entityRefs.contains(entity) { return false }
            if let from, t < from.seconds { return false }
            if let to, t >= to.seconds { return false }
            return true
        }

        var json: JSON {
            var o: JSONObject = ["at": .string(at.description)]
            if let donation { o["donation"] = .string(donation) }
            if let app { o["app"] = .string(app) }
            if let intent { o["intent"] = .string(intent) }
            if let entity { o["entity"] = ["type": .string(entity.type), "id": .string(entity.id)] }
            if let from { o["from"] = .string(from.description) }
            if let to { o["to"] = .string(to.description) }
            return .object(o)
        }

        init?(_ json: JSON) {
            guard let o = json.object, let at = o["at"]?.string.flatMap({ Timestamp(iso8601: $0) }) else { return nil }
            func time(_ key: String) -> Timestamp? { o[key]?.string.flatMap { Timestamp(iso8601: $0) } }
            let entity = o["entity"]?.object.flatMap { e in
                e["type"]?.string.flatMap { t in e["id"]?.string.map { EntityRef(type: t, id: $0) } }
            }
            self.init(donation: o["donation"]?.string, app: o["app"]?.string, intent: o["intent"]?.string,
                      entity: entity, from: time("from"), to: time("to"), at: at)
        }
    }

    /// Whether a use, read again from a store's past by `sync` or from a
    /// log by `index`, was forgotten.
    package func forgot(_ r: Record) -> Bool { forgotten.contains { $0.selects(r) } }

    /// Whether the interaction `r` is recorded now: as `records(app:at:)`
    /// says, and not forgotten. A log indexed again, or a backup restored
    /// with `rebuild --from`, brought back every use `forget` had taken out.
    package func records(_ r: Record, now: Timestamp = .now()) -> Bool {
        records(app: r.app, at: r.at, now: now) && !forgot(r)
    }

    package mutating func remember(_ rule: ForgetRule) {
        forgotten = Array((forgotten + [rule]).suffix(Self.maxKept))
    }
}
