/// Whether an app's icon of a given name is installed: the Icon Theme spec
/// has apps install theirs into the `hicolor` theme (any size, or
/// `scalable`), or into `pixmaps`, under a data directory.
///
/// Only for a name Limelight guesses (an app of records with no `icon` is
/// tried by its id, a Flatpak's icon name): GNOME Shell drew its
/// broken-image placeholder for one no theme has. A generic fallback
/// listed after the name instead was worse: GNOME Shell looks every name up
/// in the current theme before `hicolor`, so Firefox's own icon, in
/// `hicolor` alone, lost to Adwaita's generic one (a real GNOME Shell 43).
public enum AppIconFiles {
    public static func isInstalled(_ name: String, in environment: DesktopEnvironment) -> Bool {
        guard !name.isEmpty, !name.contains("/") else { return false }
        for data in [environment.dataHome] + environment.dataDirectories {
            let hicolor = data + "/icons/hicolor"
            for size in FileSystem.names(in: hicolor) {
                for ext in ["png", "svg", "xpm"] where FileSystem.isRegularFile("\(hicolor)/\(size)/apps/\(name).\(ext)") { return true }
            }
            for ext in ["png", "svg", "xpm"] where FileSystem.isRegularFile("\(data)/pixmaps/\(name).\(ext)") { return true }
        }
        return false
    }
}
