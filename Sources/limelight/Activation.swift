import LimelightKit

/// Opening a hit chosen in a launcher or a shell: GNOME's ActivateResult,
/// KRunner's Run, rofi's and dmenu's selection all come here, so every use is
/// recorded the same way (a donation, which feeds ranking and suggestions).
///
/// Launching the item (an app's Exec as argv, a URI through xdg-open) is
/// `limelight open`'s job (branch desktop2, issue 12); until it lands, the
/// records on this branch carry nothing to launch, and opening records the use.
enum Activation {
    /// Records the use of `hit` at `at`. Throws `.failure` when the item is not
    /// in the index (a stale or deleted id). `lookup` reads the index as it is now.
    static func open(_ hit: HitID, lookup: Lookup, location: IndexLocation,
                     at: Timestamp = .now()) throws(LimelightError) {
        guard try exists(hit, lookup) else {
            throw LimelightError(.failure, "'\(hit.text)' is not in the index (deleted, or the index was rebuilt)")
        }
        var o = JSONObject([("kind", "interaction"), ("app", .string(hit.app))])
        switch hit.kind {
        case .app: break
        case .entity: o["entities"] = refsJSON([EntityRef(type: hit.type ?? "", id: hit.id)])
        case .shortcut:
            o["shortcut"] = .string(hit.id)
            if let p = hit.parameter { o["entities"] = refsJSON([p]) }
        }
        o["at"] = .string(at.description)
        let writer = try IndexWriter.open(location) { Output.err($0) }
        defer { writer.close() }
        _ = try writer.apply([LocatedRecord(try record(o, what: "open"), at: "open")])
    }

    static func exists(_ hit: HitID, _ lookup: Lookup) throws(LimelightError) -> Bool {
        switch hit.kind {
        case .app: return try lookup.record(kind: .app, app: hit.app, id: nil) != nil
        case .entity: return try lookup.entity(app: hit.app, type: hit.type ?? "", id: hit.id) != nil
        case .shortcut:
            guard try lookup.record(kind: .shortcut, app: hit.app, id: hit.id) != nil else { return false }
            if let p = hit.parameter { return try lookup.entity(app: hit.app, type: p.type, id: p.id) != nil }
            return true
        }
    }
}
