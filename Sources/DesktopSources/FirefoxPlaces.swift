import LimelightSupport

/// A Firefox bookmark (`moz_bookmarks` type 1 with its `moz_places` row).
public struct FirefoxBookmark: Sendable, Equatable {
    /// `moz_bookmarks.guid`: stable across syncs, so a good record id.
    public var guid: String
    public var title: String
    public var url: String
    /// The folders it is in, outermost first, as Chromium's bookmarks have
    /// theirs: a folder's title, or for the roots Firefox's own names
    /// ("Bookmarks Toolbar", "Bookmarks Menu", "Other Bookmarks", "Mobile
    /// Bookmarks"): ["Bookmarks Menu", "Trips", "Rome"]. Only the innermost
    /// was kept, so "trips" did not find what was filed under Trips › Rome.
    public var folderPath: [String] = []
    /// The page's own title (`moz_places.title`), which the bookmark's may
    /// have been renamed from ("Dashboard" for "Grafana – Production Overview").
    public var pageTitle: String?
    public var tags: [String] = []
    public var dateAdded: Timestamp?
    public var lastModified: Timestamp?
}

/// A page of Firefox's history with its recent visits.
public struct FirefoxHistoryEntry: Sendable, Equatable {
    public var url: String
    public var title: String?
    /// Firefox's own count of visits, over all time.
    public var visitCount: Int
    public var lastVisit: Timestamp?
    /// The most recent visits inside the window, newest first.
    public var visits: [Timestamp] = []
}

/// Which history is read: Firefox keeps years of it, and an index of launcher
/// results needs the pages a person returns to, not every page ever seen.
public struct FirefoxHistoryWindow: Sendable, Equatable {
    /// Pages last visited within this many days…
    public var days: Int
    /// …at most this many, most recently visited first…
    public var maxPages: Int
    /// …each with at most this many visits, newest first.
    public var maxVisitsPerPage: Int

    /// 90 days, 5,000 pages, 10 visits per page. Ten is the sample Firefox's
    /// own frecency takes per page (`places.frecency.numVisits`); 5,000 pages
    /// is months of browsing for most people and reads in well under a second.
    public static let standard = FirefoxHistoryWindow(days: 90, maxPages: 5_000, maxVisitsPerPage: 10)

    public init(days: Int, maxPages: Int, maxVisitsPerPage: Int) {
        self.days = days
        self.maxPages = maxPages
        self.maxVisitsPerPage = maxVisitsPerPage
    }
}

/// Bookmarks and history out of a profile's `places.sqlite`.
///
/// ```swift
/// if let profile = try FirefoxProfile.defaultProfile(in: .current()).value {
///     let places = try FirefoxPlaces.read(profile: profile, now: .now())
/// }
/// ```
/// Schema: https://firefox-source-docs.mozilla.org/toolkit/components/places/
public struct FirefoxPlaces: Sendable {
    public var bookmarks: [FirefoxBookmark] = []
    public var history: [FirefoxHistoryEntry] = []

    /// Reads a copy of places.sqlite (and its -wal, where a running Firefox
    /// keeps the newest changes, or its -journal, a rollback journal whose
    /// transaction is not committed: the copy rolls it back, as SQLite would,
    /// where without it the copy read uncommitted changes), because Firefox
    /// holds the database locked while it runs. The copy is deleted before
    /// this returns.
    public static func read(profile: FirefoxProfile, now: Timestamp,
                            window: FirefoxHistoryWindow = .standard) throws(DesktopSourceError) -> SourceOutcome<FirefoxPlaces> {
        let original = profile.directory + "/places.sqlite"
        guard try FileSystem.storeIsThere(original) else {
            return .skipped(note: "the Firefox profile \(profile.name) has no places.sqlite (\(original))")
        }
        let scratch = try FileSystem.makeTemporaryDirectory(prefix: "limelight-firefox")
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        // The database must not change while the three are copied: a
        // checkpoint between copying it and its -wal (Firefox moves the
        // -wal's pages into it and starts the -wal anew) made a copy of
        // neither, which read as an empty history, and the sync deleted
        // every bookmark and page as vanished. Copied again if it changed;
        // a -wal only appended to is read as far as it is whole.
        for attempt in 1... {
            let before = FileSystem.fingerprint(original)
            _ = try FileSystem.copy(original, to: scratch + "/places.sqlite")
            _ = try FileSystem.copy(original + "-wal", to: scratch + "/places.sqlite-wal")
            _ = try FileSystem.copy(original + "-journal", to: scratch + "/places.sqlite-journal")
            if FileSystem.fingerprint(original) == before { break }
            if attempt == 3 {
                throw DesktopSourceError(file: original, line: 0, problem: "changed each time it was copied (Firefox was writing it); try again")
            }
        }
        do {
            return .found(try read(databaseAt: scratch + "/places.sqlite", now: now, window: window))
        } catch {
            // Name the user's file, not the scratch copy.
            throw DesktopSourceError(file: original, line: error.line, problem: error.problem)
        }
    }

    /// Reads a places database in place (the caller's own copy).
    static func read(databaseAt path: String, now: Timestamp, window: FirefoxHistoryWindow) throws(DesktopSourceError) -> FirefoxPlaces {
        let db = try SQLiteDatabase(path: path)
        for table in ["moz_places", "moz_bookmarks", "moz_historyvisits"] where try !db.hasTable(table) {
            throw DesktopSourceError(file: path, line: 0, problem: "not a Firefox places database: it has no \(table) table")
        }
        var places = FirefoxPlaces()
        places.bookmarks = try bookmarks(db)
        places.history = try history(db, since: Int64((now.seconds - Double(window.days) * 86_400) * 1_000_000), window: window)
        return places
    }

    static let rootFolderNames = [
        "toolbar_____": "Bookmarks Toolbar", "menu________": "Bookmarks Menu",
        "unfiled_____": "Other Bookmarks", "mobile______": "Mobile Bookmarks",
    ]

    /// Bookmarks with a real URL: `place:` queries ("Most Visited" and the
    /// like) are views, not pages, and `javascript:` bookmarklets run in the
    /// page that is open, so nothing outside the browser can open them
    /// (Firefox's address bar leaves them out too: browser.urlbar.filter.javascript).
    /// Tag entries (bookmarks under the tags root) become the tags of the
    /// bookmarks of the same page.
    private static func bookmarks(_ db: SQLiteDatabase) throws(DesktopSourceError) -> [FirefoxBookmark] {
        var tagsByPlace: [Int64: [String]] = [:]
        try db.query("""
            SELECT b.fk, tag.title FROM moz_bookmarks b
            JOIN moz_bookmarks tag ON tag.id = b.parent
            JOIN moz_bookmarks root ON root.id = tag.parent
            WHERE b.type = 1 AND root.guid = 'tags________' AND tag.title IS NOT NULL
            ORDER BY b.fk, tag.title
            """) { row in
            if let place = row.integer(0), let tag = row.text(1) { tagsByPlace[place, default: []].append(tag) }
        }
        var folders: [Int64: (parent: Int64?, guid: String, title: String?)] = [:]
        try db.query("SELECT id, parent, guid, title FROM moz_bookmarks WHERE type = 2") { row in
            if let id = row.integer(0) { folders[id] = (row.integer(1), row.text(2) ?? "", row.text(3)) }
        }
        var paths: [Int64: [String]] = [:]
        func path(of folder: Int64?) -> [String] {
            guard let folder else { return [] }
            if let known = paths[folder] { return known }
            var names: [String] = [], next: Int64? = folder, seen = Set<Int64>()
            // Up to the root, which has no name (a damaged file's cycle stops
            // too); a folder without a title is passed over.
            while let id = next, let f = folders[id], f.guid != "root________", seen.insert(id).inserted {
                if let name = rootFolderNames[f.guid] ?? f.title, !name.isEmpty { names.append(name) }
                next = f.parent
            }
            let made = Array(names.reversed())
            paths[folder] = made
            return made
        }
        var out: [FirefoxBookmark] = []
        try db.query("""
            SELECT b.guid, COALESCE(NULLIF(b.title, ''), p.title, p.url), p.url, b.parent,
                   b.dateAdded, b.lastModified, p.id, p.title
            FROM moz_bookmarks b
            JOIN moz_places p ON p.id = b.fk
            LEFT JOIN moz_bookmarks folder ON folder.id = b.parent
            LEFT JOIN moz_bookmarks grandparent ON grandparent.id = folder.parent
            WHERE b.type = 1 AND p.url NOT LIKE 'place:%' AND p.url NOT LIKE 'javascript:%'
              AND COALESCE(grandparent.guid, '') <> 'tags________'
            ORDER BY b.dateAdded, b.id
            """) { row in
            guard let guid = row.text(0), let url = row.text(2) else { return }
            var bookmark = FirefoxBookmark(guid: guid, title: row.text(1) ?? url, url: url)
            bookmark.folderPath = path(of: row.integer(3))
            bookmark.pageTitle = row.text(7).flatMap { $0.isEmpty ? nil : $0 }
            bookmark.tags = row.integer(6).flatMap { tagsByPlace[$0] } ?? []
            bookmark.dateAdded = row.integer(4).map(timestamp)
            bookmark.lastModified = row.integer(5).map(timestamp)
            out.append(bookmark)
        }
        return out
    }

    /// Pages visited since `cutoff` (microseconds), hidden ones excluded
    /// (redirect sources and framed pages Firefox itself hides) and
    /// `javascript:` ones (see `bookmarks`), with their
    /// latest visits. Embedded (4) and framed-link (8) visits are not a person
    /// going to the page, so they are not counted as visits.
    ///
    /// Visits are read for the kept pages only, through Firefox's
    /// (place_id, visit_date) index: numbering the visits of every page (100k
    /// pages, 1M visits: 630k rows, 1.3 s of CPU in `sqlite3`) to keep those
    /// of 5,000 took most of a re-sync's time; the kept pages' take 0.07 s.
    private static func history(_ db: SQLiteDatabase, since cutoff: Int64, window: FirefoxHistoryWindow) throws(DesktopSourceError) -> [FirefoxHistoryEntry] {
        var entries: [FirefoxHistoryEntry] = []
        var indexByPlace: [Int64: Int] = [:]
        try db.query(keptPages, [cutoff, Int64(window.maxPages)]) { row in
            guard let id = row.integer(0), let url = row.text(1) else { return }
            indexByPlace[id] = entries.count
            entries.append(FirefoxHistoryEntry(url: url, title: row.text(2).flatMap { $0.isEmpty ? nil : $0 },
                                               visitCount: Int(row.integer(3) ?? 0),
                                               lastVisit: row.integer(4).map(timestamp)))
        }
        try db.query(keptVisits, [cutoff, Int64(window.maxPages), Int64(window.maxVisitsPerPage)]) { row in
            guard let place = row.integer(0), let index = indexByPlace[place], let when = row.integer(1) else { return }
            entries[index].visits.append(timestamp(when))
        }
        return entries
    }

    /// The pages kept (`?1` the cutoff, `?2` how many), most recently visited first.
    static let keptPages = """
        SELECT id, url, title, visit_count, last_visit_date FROM moz_places
        WHERE hidden = 0 AND last_visit_date >= ?1 AND url NOT LIKE 'place:%' AND url NOT LIKE 'javascript:%'
        ORDER BY last_visit_date DESC, id
        LIMIT ?2
        """

    /// The visits kept: of the kept pages, since `?1`, at most `?3` a page, newest first.
    static let keptVisits = """
        SELECT place_id, visit_date FROM (
          SELECT v.place_id, v.visit_date,
                 row_number() OVER (PARTITION BY v.place_id ORDER BY v.visit_date DESC) AS n
          FROM (\(keptPages)) AS kept
          JOIN moz_historyvisits v ON v.place_id = kept.id
          WHERE v.visit_date >= ?1 AND v.visit_type NOT IN (4, 8))
        WHERE n <= ?3
        ORDER BY place_id, visit_date DESC
        """

    /// Places times are microseconds since the Unix epoch.
    static func timestamp(_ microseconds: Int64) -> Timestamp {
        Timestamp(seconds: Double(microseconds) / 1_000_000)
    }
}
