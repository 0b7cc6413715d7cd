import LimelightKit

/// An icon as the shells are handed it. GNOME Shell reads an icon as a file
/// when the shim serializes it as one (an absolute path), else as a theme
/// name; KRunner loads an absolute path as a file too. A `file://` URI
/// (`file:///…`, `file://localhost/…`) names a file as well, as
/// g_icon_new_for_string reads it: it went out as a theme name, which no
/// theme has, so it is handed over as its path (`FileURI`). Anything else,
/// a URI of another host or one that does not decode to a path, goes as it is.
/// rofi's rows too: rofi 1.7 loads a file only by its absolute path.
enum BusIcon {
    static func name(_ icon: String) -> String {
        guard icon.utf8.count > 5, icon.prefix(5).lowercased() == "file:" else { return icon }
        return FileURI.path(from: icon) ?? icon
    }
}
