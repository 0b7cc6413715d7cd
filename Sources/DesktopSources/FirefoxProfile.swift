/// A Firefox profile directory, found the way Firefox chooses its default.
public struct FirefoxProfile: Sendable, Equatable {
    public var name: String
    /// Absolute path of the profile directory (holds places.sqlite).
    public var directory: String
}

extension FirefoxProfile {
    /// Where Firefox keeps `profiles.ini`, most usual first: the classic
    /// `~/.mozilla/firefox`, the XDG location of Firefox 147 and later, then the
    /// snap and Flatpak sandboxes.
    public static func rootDirectories(in environment: DesktopEnvironment) -> [String] {
        [environment.home + "/.mozilla/firefox",
         environment.configHome + "/mozilla/firefox",
         environment.home + "/snap/firefox/common/.mozilla/firefox",
         environment.home + "/.var/app/org.mozilla.firefox/.mozilla/firefox"]
    }

    /// The profile Firefox opens by default, from the first root that has a
    /// `profiles.ini`: the `Default=` of its first `[Install…]` section (or of
    /// `installs.ini`, where Firefox 67+ also records it), else the profile
    /// marked `Default=1`, else the only profile. No Firefox is a note, not an error.
    public static func defaultProfile(in environment: DesktopEnvironment) throws(DesktopSourceError) -> SourceOutcome<FirefoxProfile> {
        guard let root = rootDirectories(in: environment).first(where: { FileSystem.isRegularFile($0 + "/profiles.ini") }) else {
            return .skipped(note: "no Firefox profiles.ini in \(rootDirectories(in: environment).joined(separator: ", "))")
        }
        let ini = try KeyFile.load(root + "/profiles.ini")
        let profiles = ini.groups.filter { $0.name.hasPrefix("Profile") && $0.string("Path") != nil }
        func profile(_ group: KeyFileGroup) -> FirefoxProfile {
            let path = group.string("Path")!
            let relative = group.string("IsRelative") != "0"
            return FirefoxProfile(name: group.string("Name") ?? path,
                                  directory: relative && !path.hasPrefix("/") ? root + "/" + path : path)
        }
        var installDefault = ini.groups.first { $0.name.hasPrefix("Install") }?.string("Default")
        if installDefault == nil, FileSystem.isRegularFile(root + "/installs.ini") {
            installDefault = try KeyFile.load(root + "/installs.ini").groups.first?.string("Default")
        }
        if let path = installDefault {
            if let group = profiles.first(where: { $0.string("Path") == path }) { return .found(profile(group)) }
            let directory = path.hasPrefix("/") ? path : root + "/" + path
            return .found(FirefoxProfile(name: path, directory: directory))
        }
        if let group = profiles.first(where: { $0.string("Default") == "1" }) ?? (profiles.count == 1 ? profiles.first : nil) {
            return .found(profile(group))
        }
        return .skipped(note: "\(root)/profiles.ini names \(profiles.count) profiles and no default")
    }
}
