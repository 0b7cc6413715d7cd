import LimelightKit
import DesktopSources

/// What a front end shows of an app, read once per app.
///
/// The icon of a hit that names none of its own: its app's, as Spotlight
/// shows an item with its app's icon; else, for an app of a desktop file
/// with no `Icon`, the generic application icon (as GNOME Shell shows such
/// an app: its id named no icon a theme has), and for an app of records the
/// app id as a themed name where an icon of that name is installed (a
/// Flatpak's id is its icon's name), else the generic icon too (GNOME Shell
/// drew a broken image for `com.example.music`). (The app id alone named no
/// icon a theme has: an entity of an app whose icon is a file showed none.)
///
/// The line under an app's own row: its generic name, else its description
/// (a desktop file's GenericName, else Comment), as KRunner's applications
/// are shown: GNOME Shell showed Limelight's app rows as bare names.
struct AppLooks {
    private var looks: [String: (icon: String, description: String?)] = [:]
    static let generic = "application-x-executable"

    mutating func icon(of app: String, _ lookup: Lookup) throws -> String { try look(of: app, lookup).icon }

    mutating func description(of app: String, _ lookup: Lookup) throws -> String? { try look(of: app, lookup).description }

    /// Both, from one read of the app's record.
    private mutating func look(of app: String, _ lookup: Lookup) throws -> (icon: String, description: String?) {
        if let known = looks[app] { return known }
        let record = try lookup.record(kind: .app, app: app, id: nil)
        let icon = record?.icon ?? (record?.desktopFile == nil && AppIconFiles.isInstalled(app, in: .current()) ? app : Self.generic)
        let line = record.flatMap { $0.genericName ?? $0.text.flatMap { $0.isBlank ? nil : $0 } }
        looks[app] = (icon, line)
        return (icon, line)
    }
}
