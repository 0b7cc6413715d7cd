/// One GNOME Shell result as `GetResultMetas` describes it.
///
/// On the bus: `{'id': <id>, 'name': <name>, 'description': <…>,
/// 'icon': <('themed', <['name']>)>, 'gicon': <'name'>}` — `icon` in
/// `g_icon_serialize` form (`('file', <path>)` for an absolute path), `gicon`
/// as `g_icon_to_string` prints it, for shells that still read that key.
public struct ResultMeta: Sendable, Equatable {
    public var id: String
    /// Shown as the result's title; never empty on the bus (the id stands in).
    public var name: String
    public var description: String?
    /// A theme icon name (`org.gnome.gedit`) or an absolute path.
    public var icon: String?

    public init(id: String, name: String, description: String? = nil, icon: String? = nil) {
        self.id = id
        self.name = name
        self.description = description
        self.icon = icon
    }

    /// What the shell gets for an id the backend does not know (stale or deleted):
    /// a meta is required for every id, or the shell blanks all our results.
    public static func placeholder(id: String) -> ResultMeta {
        ResultMeta(id: id, name: id)
    }
}
