/// A settings panel: an entity of this type is a place in its app, as
/// `sync apps` makes GNOME's and Plasma's panels ("Bluetooth" of Settings,
/// which runs `gnome-control-center bluetooth`). A search ranks it as a way
/// into its app, as a desktop action is: below the app where both match.
/// (An entity is a way into its app by its type, not by running a command
/// line of its own: a note or a trail that does was found by its title
/// at a synonym's share.)
public enum SettingsPanel {
    public static let entityType = "SettingsPanel"
}
