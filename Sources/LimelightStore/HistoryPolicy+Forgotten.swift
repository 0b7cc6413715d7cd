import LimelightSupport
import LimelightModel

extension HistoryPolicy {
    /// What one `forget` selected: the uses it took out, made before it ran.
    /// Nil fields select anything.
    package struct ForgetSelection: Sendable {
        package var donation: String?
        package var app: String?
        package var intent: String?
        package var entity: EntityRef?
        package var from: Timestamp?, to: Timestamp?
        /// When it was forgotten: uses made later are new.
        package var at: Timestamp
        /// The ids of the uses it took out: selected too, whatever item
        /// they name when listed again.
        package var donations: [String] = []

        package init(donation: String? = nil, app: String? = nil, intent: String? = nil, entity: EntityRef? = nil,
                     from: Timestamp? = nil, to: Timestamp? = nil, at: Timestamp = .now()) {
            (self.donation, self.app, self.intent, self.entity, self.from, self.to, self.at) = (donation, app, intent, entity, from, to, at)
        }
    }

    /// A `ForgetSelection` as history.json keeps it: each named value (a
    /// donation id, an app, an intent, an entity: a file's path, a page's
    /// address) by its salted SHA-256 (`Digests`), so that the file that
    /// keeps forgotten uses out does not itself say what they were.
    package struct ForgetRule: Equatable, Sendable {
        var donation: String?, app: String?, intent: String?, entity: String?
        var from: Timestamp?, to: Timestamp?
        var at: Timestamp
        /// Digests of the ids of the uses it took out (`ForgetSelection.donations`).
        var donations: Set<String> = []

        func selects(_ r: Record, _ digests: inout Digests) -> Bool {
            guard let t = r.at?.seconds, t <= at.seconds else { return false }
            if !donations.isEmpty, donations.contains(digests.donation(r)) { return true }
            if let from, t < from.seconds { return false }
            if let to, t >= to.seconds { return false }
            if let donation, digests.donation(r) != donation { return false }
            if let app, digests.app(r) != app { return false }
            if let intent, digests.intent(r) != intent { return false }
            if let entity, !digests.entities(r).contains(entity) { return false }
            return true
        }

        var json: JSON {
            var o: JSONObject = ["at": .string(at.description)]
            for (key, value) in [("donation", donation), ("app", app), ("intent", intent), ("entity", entity)] {
                if let value { o[key + Self.digestSuffix] = .string(value) }
            }
            if let from { o["from"] = .string(from.description) }
            if let to { o["to"] = .string(to.description) }
            if !donations.isEmpty { o["donations" + Self.digestSuffix] = .array(donations.sorted().map(JSON.string)) }
            return .object(o)
        }

        static let digestSuffix = "SHA256"

        /// A rule as history.json holds it; one a version before digests
        /// wrote (the values themselves) is hashed as it is read, and
        /// written back hashed at the next save.
        init?(_ json: JSON, salt: [UInt8]) {
            guard let o = json.object, let at = o["at"]?.string.flatMap({ Timestamp(iso8601: $0) }) else { return nil }
            func time(_ key: String) -> Timestamp? { o[key]?.string.flatMap { Timestamp(iso8601: $0) } }
            func digest(_ key: String, plain: (() -> String?)) -> String? {
                o[key + Self.digestSuffix]?.string ?? plain().map { Digests.digest(key, $0, salt: salt) }
            }
            let entity = digest("entity") {
                o["entity"]?.object.flatMap { e in e["type"]?.string.flatMap { t in e["id"]?.string.map { Digests.entityValue(EntityRef(type: t, id: $0)) } } }
            }
            (donation, app, intent) = (digest("donation") { o["donation"]?.string }, digest("app") { o["app"]?.string },
                                       digest("intent") { o["intent"]?.string })
            (self.entity, from, to, self.at) = (entity, time("from"), time("to"), at)
            donations = Set((o["donations" + Self.digestSuffix]?.array ?? []).compactMap(\.string))
        }

        init(_ s: ForgetSelection, salt: [UInt8]) {
            func digest(_ key: String, _ value: String?) -> String? { value.map { Digests.digest(key, $0, salt: salt) } }
            (donation, app, intent) = (digest("donation", s.donation), digest("app", s.app), digest("intent", s.intent))
            entity = digest("entity", s.entity.map(Digests.entityValue))
            (from, to, at) = (s.from, s.to, s.at)
            donations = Set(s.donations.map { Digests.digest("donation", $0, salt: salt) })
        }
    }

    /// One record's values, hashed as the rules are, each at most once (a
    /// log of a million uses is checked against every rule).
    struct Digests {
        let salt: [UInt8]
        private var cache: [String: String] = [:]

        init(salt: [UInt8]) { self.salt = salt }

        static func digest(_ key: String, _ value: String, salt: [UInt8]) -> String {
            // The field's name and a NUL keep an app "a" from matching an intent "a".
            SHA256.hex(salt + Array(key.utf8) + [0] + Array(value.utf8))
        }

        static func entityValue(_ e: EntityRef) -> String { e.type + "\u{0}" + e.id }

        private mutating func cached(_ key: String, _ value: String) -> String {
            let k = key + "\u{0}" + value
            if let d = cache[k] { return d }
            let d = Self.digest(key, value, salt: salt)
            cache[k] = d
            return d
        }

        mutating func donation(_ r: Record) -> String { cached("donation", r.id) }
        mutating func app(_ r: Record) -> String { cached("app", r.app) }
        mutating func intent(_ r: Record) -> String? { r.intent.map { cached("intent", $0) } }
        mutating func entities(_ r: Record) -> [String] { r.entityRefs.map { cached("entity", Self.entityValue($0)) } }
    }

    /// Whether a use, read again from a store's past by `sync` or from a
    /// log by `index`, was forgotten.
    package func forgot(_ r: Record) -> Bool {
        guard !forgotten.isEmpty, let forgetSalt else { return false }
        var digests = Digests(salt: forgetSalt)
        return forgotten.contains { $0.selects(r, &digests) }
    }

    /// Whether the interaction `r` is recorded now: as `records(app:at:)`
    /// says, and not forgotten. A log indexed again, or a backup restored
    /// with `rebuild --from`, brought back every use `forget` had taken out.
    package func records(_ r: Record, now: Timestamp = .now()) -> Bool {
        records(app: r.app, at: r.at, now: now) && !forgot(r)
    }

    package mutating func remember(_ selection: ForgetSelection) {
        let salt = forgetSalt ?? Self.newSalt()
        forgetSalt = salt
        forgotten = Array((forgotten + [ForgetRule(selection, salt: salt)]).suffix(Self.maxKept))
    }

    /// Drops every rule: a use forgotten before is recorded again when a
    /// log is indexed again or a backup restored (`history unforget`).
    package mutating func unforget() -> Int {
        defer { forgotten = [] }
        return forgotten.count
    }

    /// A new salt for a history file's digests: 16 random bytes.
    static func newSalt() -> [UInt8] {
        var g = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: 0...255, using: &g) }
    }
}
