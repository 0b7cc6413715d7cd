import LimelightModel
import LimelightSupport

/// The desktop stores `limelight sync` turns into records. Each source owns the
/// records it makes (they carry `"source": <name>`), so a re-sync can replace
/// exactly them.
///
/// ```swift
/// let made = DesktopSource.apps.records(in: .current(), now: .now())
/// made.problems   // broken files, each file:line: problem, skipped
/// made.records    // app, intent, shortcut records, each with "source":"apps"
/// ```
public enum DesktopSource: String, Sendable, CaseIterable {
    case apps, recent, firefox, chromium

    /// The intent of the App Shortcuts `apps` makes of desktop actions (its id is the action's).
    public static var actionIntent: String { AppRecords.actionIntent }

    /// The app that owns a source's entities. Sources other than `apps` own an
    /// app of their own, named for what it holds, so that syncing `apps` (which
    /// owns `firefox-esr`, `chromium`, …) never takes their entities away.
    /// With the icon its items show: a themed name (the icon naming spec's
    /// for recent files, the browser's own), not its id, which no theme has.
    public var ownerApp: (id: String, name: String, icon: String)? {
        switch self {
        case .apps: nil
        case .recent: ("limelight.recent", "Recent Files", "document-open-recent")
        case .firefox: ("limelight.firefox", "Firefox Bookmarks", "firefox")
        case .chromium: ("limelight.chromium", "Chromium Bookmarks", "chromium")
        }
    }

    /// Reads the store and makes its records. Never throws: a store that is not
    /// here is `skipped` with a note, a broken file is a problem and skipped.
    /// `progress` is told how many records are made so far, as they are made.
    public func records(in environment: DesktopEnvironment, now: Timestamp,
                        progress: (Int) -> Void = { _ in }) -> SourceRecords {
        switch self {
        case .apps: AppRecords.make(in: environment, progress: progress)
        case .recent: RecentRecords.make(in: environment, progress: progress)
        case .firefox: BrowserRecords.firefox(in: environment, now: now, progress: progress)
        case .chromium: BrowserRecords.chromium(in: environment, progress: progress)
        }
    }

    /// `sync --watch` syncs the source at most this often (seconds; see
    /// `SyncSchedule`). Firefox writes its history at every page load: a
    /// sync a page read and compared the whole history window (5,000 pages
    /// and their visits) each time; one every 10 s at most keeps search a
    /// few seconds behind the browser. The others change when a person
    /// installs an app or saves a file: as soon as the change settles.
    public var minimumSyncInterval: Double {
        switch self {
        case .firefox: 10
        case .apps, .recent, .chromium: 0
        }
    }

    /// The directories whose changes mean the source should sync again: every
    /// applications directory with its subdirectories; the xbel's directory
    /// for that one name (GLib replaces the file by a rename); Firefox's
    /// profile roots and its default profile's places.sqlite and its WAL;
    /// each Chromium's Default profiles' Bookmarks (also written by a rename).
    public func watchedDirectories(in environment: DesktopEnvironment) -> [WatchedDirectory] {
        switch self {
        case .apps:
            return environment.applicationDirectories.map { WatchedDirectory($0, recursive: true) }
        case .recent:
            return [WatchedDirectory(environment.dataHome, names: ["recently-used.xbel"])]
        case .firefox:
            var out = FirefoxProfile.rootDirectories(in: environment).map { WatchedDirectory($0) }
            if let profile = (try? FirefoxProfile.defaultProfile(in: environment))?.value {
                out.append(WatchedDirectory(profile.directory, names: ["places.sqlite", "places.sqlite-wal"]))
            }
            return out
        case .chromium:
            return ChromiumBookmarks.browsers.flatMap { $0.profileDirectories(in: environment) }.map { WatchedDirectory($0, names: ["Bookmarks"]) }
        }
    }
}

/// What one source made of its store.
public struct SourceRecords: Sendable {
    public var source: DesktopSource
    /// Records the source owns (apps, intents, shortcuts, entities) and the
    /// interactions it found (with ids derived from what they record, so a
    /// re-sync does not count them twice).
    public var records: [Record] = []
    /// Set when the store is not on this machine: not an error. `sync` skips
    /// it, or, when an earlier sync imported it, syncs it as empty.
    public var skippedNote: String?
    /// Broken files and records, each reported and left out.
    public var problems: [DesktopSourceError] = []
    /// Defects that cost only a part of something (an action past ten, a
    /// bookmark with no address): reported, the rest imported.
    public var warnings: [DesktopSourceError] = []
    /// The apps whose records this read could not make: a broken desktop
    /// file, or a store that could not be read at all (its owner app). A sync
    /// keeps what it imported of them before, and the uses recorded on it:
    /// a file being rewritten, or corrupted, is no reason to forget them.
    /// (A broken desktop file's id may be a settings panel's, which is kept
    /// so too.)
    public var unreadable: Set<String> = []

    public init(source: DesktopSource) { self.source = source }

    /// Validates `fields` as a record owned by the source; a record that breaks
    /// a rule is a problem of `file`, not a failed sync.
    mutating func add(_ fields: JSONObject, file: String, line: Int = 0) {
        var o = fields
        if o["kind"]?.string != "interaction" { o["source"] = .string(source.rawValue) }
        do { records.append(try Record(json: .object(o))) } catch {
            problems.append(DesktopSourceError(file: file, line: line, problem: error.message))
        }
    }

    /// The app record a non-`apps` source owns its entities under.
    mutating func addOwnerApp(file: String) {
        guard let owner = source.ownerApp else { return }
        add(["kind": "app", "app": .string(owner.id), "name": .string(owner.name), "icon": .string(owner.icon)], file: file)
    }
}

/// Ids for things whose natural key may be too long or hold characters an
/// identifier cannot: the key itself when it fits, else a stable hash of it.
enum StableID {
    static func of(_ key: String, prefix: String) -> String {
        if key.utf8.count <= RecordLimits.maxIdentifierBytes,
           !key.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return key }
        return prefix + hash(key)
    }

    /// FNV-1a, 64 bits, in hex: the same input gives the same id on every sync.
    static func hash(_ s: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
