import LimelightKit
import DesktopSources

/// Opening a hit chosen in a launcher or a shell: GNOME's ActivateResult,
/// KRunner's Run, rofi's and dmenu's selection all come here, and go the way
/// `limelight open` goes (launch by the Exec line as argv or the url through
/// xdg-open, in a session of its own; record the use as a donation), so every
/// front end launches and records alike.
enum Activation {
    /// Opens `hit`. Throws `.failure` when the item is not in the index (a
    /// stale or deleted id) or has nothing to open it with. `lookup` reads the
    /// index as it is now.
    /// `activationToken`: the one the shell handed for this start (KRunner's
    /// SetActivationToken), so the app may take the focus.
    static func open(_ hit: HitID, lookup: Lookup, location: IndexLocation, activationToken: String? = nil) throws {
        guard try exists(hit, lookup) else {
            throw CLIError.failed("'\(hit.text)' is not in the index (deleted, or the index was rebuilt)")
        }
        _ = try OpenCommand.open(target(hit), lookup: lookup, location: location, activationToken: activationToken)
    }

    static func target(_ hit: HitID) -> OpenCommand.Target {
        switch hit.kind {
        case .app: return .app(hit.app)
        case .entity: return .entity(app: hit.app, EntityRef(type: hit.type ?? "", id: hit.id))
        case .shortcut: return .shortcut(app: hit.app, id: hit.id, value: hit.parameter)
        }
    }

    static func exists(_ hit: HitID, _ lookup: Lookup) throws -> Bool {
        switch hit.kind {
        case .app: return try lookup.record(kind: .app, app: hit.app, id: nil) != nil
        case .entity: return try lookup.entity(app: hit.app, type: hit.type ?? "", id: hit.id) != nil
        case .shortcut:
            guard let shortcut = try lookup.record(kind: .shortcut, app: hit.app, id: hit.id) else { return false }
            if let p = hit.parameter, !OpenCommand.isCase(p, of: shortcut) { return try lookup.entity(app: hit.app, type: p.type, id: p.id) != nil }
            return true
        }
    }
}
