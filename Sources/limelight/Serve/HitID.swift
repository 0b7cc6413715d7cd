import LimelightKit

/// One hit's identity as launchers and shells see it: a single line of text
/// that names the item and survives a round trip through D-Bus, rofi's
/// `info`, the first column of `--format tsv` and `limelight open`.
///
///     app/com.example.trails
///     entity/com.example.trails/TrailEntity/monterey-bay
///     shortcut/com.example.trails/start-run                 (unbound)
///     shortcut/com.example.trails/start-run/TrailEntity/monterey-bay
///
/// Each part is percent-encoded for `%`, `/`, tab, newline and the other
/// control bytes, so any app, type or id fits and the line stays one field.
struct HitID: Equatable, Hashable {
    var kind: HitKind
    var app: String
    /// The entity type (entities only).
    var type: String?
    /// The entity's or App Shortcut's id; empty for an app.
    var id: String
    /// The entity a bound App Shortcut acts on.
    var parameter: EntityRef?

    init(kind: HitKind, app: String, type: String? = nil, id: String = "", parameter: EntityRef? = nil) {
        (self.kind, self.app, self.type, self.id, self.parameter) = (kind, app, type, id, parameter)
    }

    init(_ hit: SearchHit) {
        self.init(kind: hit.kind, app: hit.app, type: hit.type, id: hit.kind == .app ? "" : hit.id, parameter: hit.parameter)
    }

    /// The same item as a search sees it (an app's id is its app).
    var identity: SearchHit.Identity {
        SearchHit.Identity(kind: kind, app: app, type: type, id: kind == .app ? app : id, parameter: parameter)
    }

    var text: String {
        // Appended in place: ten of these per keystroke in the service, where
        // building an array of parts and joining it cost a tenth of a Match.
        var out = kind.rawValue
        func part(_ s: String) {
            out += "/"
            Self.escape(s, into: &out)
        }
        part(app)
        switch kind {
        case .app: break
        case .entity: part(type ?? ""); part(id)
        case .shortcut:
            part(id)
            if let p = parameter { part(p.type); part(p.id) }
        }
        return out
    }

    /// Parses `text`; nil when it is not a hit id.
    init?(text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Self.unescape(String($0)) }
        guard parts.count >= 2, parts.allSatisfy({ $0 != nil }) else { return nil }
        let p = parts.map { $0! }
        guard let kind = HitKind(rawValue: p[0]), !p[1].isEmpty else { return nil }
        let app = p[1]
        switch (kind, p.count) {
        case (.app, 2): self.init(kind: .app, app: app)
        case (.entity, 4) where !p[2].isEmpty && !p[3].isEmpty: self.init(kind: .entity, app: app, type: p[2], id: p[3])
        case (.shortcut, 3) where !p[2].isEmpty: self.init(kind: .shortcut, app: app, id: p[2])
        case (.shortcut, 5) where !p[2].isEmpty && !p[3].isEmpty && !p[4].isEmpty:
            self.init(kind: .shortcut, app: app, id: p[2], parameter: EntityRef(type: p[3], id: p[4]))
        default: return nil
        }
    }

    /// Percent-encodes what a part may not hold: `%`, `/`, and what a
    /// terminal would not show as itself (`TerminalText.needsEscape`: control
    /// characters, line separators, bidirectional overrides), so that the id
    /// column of `--format tsv`, which a launcher passes back to `open`, is
    /// the id itself (shown with a space for U+202E, it named another item).
    /// Almost no part needs it, so a part is scanned as bytes first and then
    /// appended whole.
    private static func escape(_ s: String, into out: inout String) {
        func special(_ b: UInt8) -> Bool { b == UInt8(ascii: "%") || b == UInt8(ascii: "/") || b < 0x20 || b >= 0x7F }
        guard s.utf8.contains(where: special) else { return out += s }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count + 8)
        let hex = Array("0123456789ABCDEF".utf8)
        for scalar in s.unicodeScalars {
            let utf8 = Array(String(scalar).utf8)
            if scalar == "%" || scalar == "/" || TerminalText.needsEscape(scalar) {
                for b in utf8 { bytes += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]] }
            } else {
                bytes += utf8
            }
        }
        out += String(decoding: bytes, as: UTF8.self)
    }

    private static func unescape(_ s: String) -> String? {
        guard s.contains("%") else { return s }
        var bytes: [UInt8] = []
        var u = Array(s.utf8)[...]
        while let b = u.popFirst() {
            if b == UInt8(ascii: "%") {
                guard u.count >= 2, let v = UInt8(String(decoding: u.prefix(2), as: UTF8.self), radix: 16) else { return nil }
                bytes.append(v)
                u = u.dropFirst(2)
            } else {
                bytes.append(b)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
