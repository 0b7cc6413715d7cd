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

    /// The profile Firefox opens by default. Where more than one root has a
    /// `profiles.ini` (a deb Firefox's left behind when Ubuntu moved it to a
    /// snap), the one whose default profile's history was written last: the
    /// first root alone took the stale one. No Firefox is a note, not an error.
    public static func defaultProfile(in environment: DesktopEnvironment) throws(DesktopSourceError) -> SourceOutcome<FirefoxProfile> {
        // A root that cannot be reached is no root gone: an error, unless another is there.
        var roots: [String] = [], unreachable: DesktopSourceError?
        for root in rootDirectories(in: environment) {
            do { if try FileSystem.storeIsThere(root + "/profiles.ini") { roots.append(root) } } catch { unreachable = unreachable ?? error }
        }
        if roots.isEmpty, let unreachable { throw unreachable }
        guard let first = roots.first else {
            return .skipped(note: "no Firefox profiles.ini in \(rootDirectories(in: environment).joined(separator: ", "))")
        }
        guard roots.count > 1 else { return try defaultProfile(root: first) }
        var best: (outcome: SourceOutcome<FirefoxProfile>, written: Int)? = nil
        for root in roots {
            // A root that cannot be read is passed over while another can be.
            guard let outcome = try? defaultProfile(root: root) else { continue }
            // A root whose default cannot be told (several profiles, none
            // the default) is as new as its newest profile: newest, it is
            // skipped, keeping what was imported, rather than a stale root's
            // profile taking its place.
            let written = outcome.value.map(lastWritten) ?? ((try? listed(root: root)) ?? []).map(lastWritten).max() ?? -1
            if best == nil || written > best!.written { best = (outcome, written) }
        }
        if let best { return best.outcome }
        return try defaultProfile(root: first)  // none could be read: the first one's problem
    }

    /// When its history was last written (seconds; -1: never): of several
    /// candidates, the profile in use.
    static func lastWritten(_ profile: FirefoxProfile) -> Int {
        ["places.sqlite", "places.sqlite-wal"].compactMap { FileSystem.modified(profile.directory + "/" + $0) }.max() ?? -1
    }

    /// The default profile of one root: the `Default=` of its `[Install…]`
    /// section (or of `installs.ini`, where Firefox 67+ also records it),
    /// else the profile marked `Default=1`, else the only profile. Each
    /// Firefox installed (a distribution's and a Nightly, ESR and release)
    /// has an `[Install…]` section of its own: of theirs, the profile whose
    /// history was written last, not the first in the file.
    static func defaultProfile(root: String) throws(DesktopSourceError) -> SourceOutcome<FirefoxProfile> {
        let ini = try KeyFile.load(root + "/profiles.ini")
        let profiles = profileGroups(ini)
        func profile(_ group: KeyFileGroup) -> FirefoxProfile { Self.profile(group, root: root) }
        var installDefaults = ini.groups.filter { $0.name.hasPrefix("Install") }.compactMap { $0.string("Default") }
        if installDefaults.isEmpty, FileSystem.isRegularFile(root + "/installs.ini") {
            installDefaults = try KeyFile.load(root + "/installs.ini").groups.compactMap { $0.string("Default") }
        }
        // Only a profile of the list: Firefox (nsToolkitProfileService) uses
        // an install's default only when it finds it there. One made up from
        // the path alone had no places.sqlite when the path was stale, and
        // the sync emptied the source as gone, though a Default=1 profile was
        // there (an audit).
        let installed = installDefaults.compactMap { path in profiles.first { $0.string("Path") == path }.map(profile) }
        // (max(by:) keeps the first of equals: the first in the file wins a tie.)
        if let inUse = installed.max(by: { lastWritten($0) < lastWritten($1) }) { return .found(inUse) }
        if let group = profiles.first(where: { $0.string("Default") == "1" }) ?? (profiles.count == 1 ? profiles.first : nil) {
            return .found(profile(group))
        }
        return .skipped(note: "\(root)/profiles.ini names \(profiles.count) profiles and no default")
    }

    /// The `[Profile…]` groups of a profiles.ini that name a path.
    static func profileGroups(_ ini: KeyFile) -> [KeyFileGroup] {
        ini.groups.filter { $0.name.hasPrefix("Profile") && $0.string("Path") != nil }
    }

    /// Every profile a root's profiles.ini lists.
    static func listed(root: String) throws(DesktopSourceError) -> [FirefoxProfile] {
        profileGroups(try KeyFile.load(root + "/profiles.ini")).map { profile($0, root: root) }
    }

    static func profile(_ group: KeyFileGroup, root: String) -> FirefoxProfile {
        let path = group.string("Path")!
        let relative = group.string("IsRelative") != "0"
        return FirefoxProfile(name: group.string("Name") ?? path,
                              directory: relative && !path.hasPrefix("/") ? root + "/" + path : path)
    }
}
