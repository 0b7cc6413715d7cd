import LimelightModel

extension BatchSession {
    /// What an intent's parameters or an App Shortcut's parameter (and its
    /// enum cases) hold that Limelight does not read, each `place: what`:
    /// kept as written (an export gives it back) and told. A typo there
    /// (`optinal`, `synonims`) was kept without a word, while the same typo
    /// at the top of a record is refused; `cases` on an intent's parameter
    /// was accepted and never made a value searchable (a CLI audit). Told,
    /// not refused: apps may send more than DESIGN.md names today.
    static func unread(_ r: Record, at location: String) -> [String] {
        var out: [String] = []
        func unknown(_ object: JSONObject, allowed: [String], toldElse: [String] = [], in what: String) {
            for key in object.keys.sorted() where !allowed.contains(key) && !toldElse.contains(key) {
                out.append("\(location): \(what) has '\(key)', which Limelight does not read (it reads \(allowed.joined(separator: ", ")))")
            }
        }
        switch r.kind {
        case .intent:
            for (i, p) in (r.fields["parameters"]?.array ?? []).enumerated() {
                guard let o = p.object else { continue }
                if o["cases"] != nil {
                    out.append("\(location): parameters[\(i)] has 'cases', which are read on an App Shortcut's parameter, not an intent's")
                }
                unknown(o, allowed: ["name", "type"], toldElse: ["cases"], in: "parameters[\(i)]")
            }
        case .shortcut:
            guard let o = r.fields["parameter"]?.object else { break }
            unknown(o, allowed: ["name", "type", "cases"], in: "parameter")
            for (i, c) in (o["cases"]?.array ?? []).enumerated() {
                if let co = c.object { unknown(co, allowed: ["id", "title"], in: "parameter.cases[\(i)]") }
            }
        default:
            break
        }
        return out
    }
}
