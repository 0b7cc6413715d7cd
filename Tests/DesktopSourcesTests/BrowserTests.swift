#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport
import TestProcesses
import Testing
@testable import DesktopSources

/// Firefox: profiles.ini as Firefox writes it, and a places.sqlite made with
/// SQLite in Firefox's schema, held open and locked as a running Firefox holds it.
@Suite struct FirefoxTests {
    let tree = FixtureTree()
    var environment: DesktopEnvironment {
        DesktopEnvironment(home: tree.path("home"), dataHome: tree.path("home/.local/share"), dataDirectories: [])
    }
    static let now = Timestamp(iso8601: "2026-12-01T12:00:00Z")!

    /// Microseconds since the epoch, `days` before `now`.
    static func micros(daysAgo days: Double) -> Int64 {
        Int64((now.seconds - days * 86_400) * 1_000_000)
    }

    static let profilesIni = """
        [Install4F96D1932A9F858E]
        Default=abcd1234.default-release
        Locked=1

        [Profile1]
        Name=default
        IsRelative=1
        Path=wxyz5678.default
        Default=1

        [Profile0]
        Name=default-release
        IsRelative=1
        Path=abcd1234.default-release

        [General]
        StartWithLastProfile=1
        Version=2
        """

    /// Firefox's tables (columns as in toolkit/components/places/nsPlacesTables.h).
    static let schema = """
        CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url LONGVARCHAR, title LONGVARCHAR, rev_host LONGVARCHAR,
          visit_count INTEGER DEFAULT 0, hidden INTEGER DEFAULT 0 NOT NULL, typed INTEGER DEFAULT 0 NOT NULL,
          frecency INTEGER DEFAULT -1 NOT NULL, last_visit_date INTEGER, guid TEXT, foreign_count INTEGER DEFAULT 0 NOT NULL,
          url_hash INTEGER DEFAULT 0 NOT NULL, description TEXT, preview_image_url TEXT, site_name TEXT, origin_id INTEGER,
          recalc_frecency INTEGER NOT NULL DEFAULT 0, alt_frecency INTEGER, recalc_alt_frecency INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE moz_historyvisits (id INTEGER PRIMARY KEY, from_visit INTEGER, place_id INTEGER, visit_date INTEGER,
          visit_type INTEGER, session INTEGER, source INTEGER DEFAULT 0 NOT NULL, triggeringPlaceId INTEGER);
        CREATE TABLE moz_bookmarks (id INTEGER PRIMARY KEY, type INTEGER, fk INTEGER DEFAULT NULL, parent INTEGER,
          position INTEGER, title LONGVARCHAR, keyword_id INTEGER, folder_type TEXT, dateAdded INTEGER, lastModified INTEGER,
          guid TEXT, syncStatus INTEGER NOT NULL DEFAULT 0, syncChangeCounter INTEGER NOT NULL DEFAULT 1);
        INSERT INTO moz_bookmarks (id, type, parent, position, title, guid) VALUES
          (1, 2, 0, 0, '', 'root________'), (2, 2, 1, 0, 'menu', 'menu________'), (3, 2, 1, 1, 'toolbar', 'toolbar_____'),
          (4, 2, 1, 2, 'tags', 'tags________'), (5, 2, 1, 3, 'unfiled', 'unfiled_____'), (6, 2, 1, 4, 'mobile', 'mobile______');
        """

    /// Pages, bookmarks and visits of a person's week. Titles hold quotes and
    /// non-ASCII on purpose.
    static func rows() -> String {
        """
        INSERT INTO moz_places (id, url, title, visit_count, hidden, last_visit_date, guid) VALUES
          (10, 'https://forums.swift.org/', 'Swift Forums', 12, 0, \(micros(daysAgo: 1)), 'p10'),
          (11, 'https://xapian.org/docs/', 'Xapian ''docs''', 3, 0, \(micros(daysAgo: 10)), 'p11'),
          (12, 'https://ko.wikipedia.org/wiki/서울', '서울 - 위키백과', 1, 0, \(micros(daysAgo: 200)), 'p12'),
          (13, 'https://example.com/redirect', NULL, 1, 1, \(micros(daysAgo: 2)), 'p13'),
          (14, 'place:sort=8&maxResults=10', 'Most Visited', 0, 0, NULL, 'p14'),
          (15, 'https://never-visited.example/', NULL, 0, 0, NULL, 'p15');
        INSERT INTO moz_bookmarks (id, type, fk, parent, position, title, dateAdded, lastModified, guid) VALUES
          (20, 2, NULL, 3, 0, 'Work', \(micros(daysAgo: 30)), \(micros(daysAgo: 30)), 'folderWork01'),
          (21, 1, 10, 3, 1, 'Swift Forums', \(micros(daysAgo: 20)), \(micros(daysAgo: 5)), 'bmSwift00001'),
          (22, 1, 11, 20, 0, NULL, \(micros(daysAgo: 15)), \(micros(daysAgo: 15)), 'bmXapian0001'),
          (23, 1, 15, 5, 0, '', \(micros(daysAgo: 14)), \(micros(daysAgo: 14)), 'bmNever00001'),
          (24, 1, 14, 2, 0, 'Most Visited', \(micros(daysAgo: 100)), \(micros(daysAgo: 100)), 'bmSmart00001'),
          (25, 3, NULL, 2, 1, NULL, \(micros(daysAgo: 100)), \(micros(daysAgo: 100)), 'separator001'),
          (30, 2, NULL, 4, 0, 'search', \(micros(daysAgo: 9)), \(micros(daysAgo: 9)), 'tagSearch001'),
          (31, 1, 11, 30, 0, NULL, \(micros(daysAgo: 9)), \(micros(daysAgo: 9)), 'tagEntry0001'),
          (32, 2, NULL, 4, 1, 'c++', \(micros(daysAgo: 9)), \(micros(daysAgo: 9)), 'tagCpp000001'),
          (33, 1, 11, 32, 0, NULL, \(micros(daysAgo: 9)), \(micros(daysAgo: 9)), 'tagEntry0002');
        INSERT INTO moz_historyvisits (place_id, visit_date, visit_type) VALUES
        \((0..<12).map { "(10, \(micros(daysAgo: 1 + Double($0))), 1)" }.joined(separator: ", ")),
          (11, \(micros(daysAgo: 10)), 2), (11, \(micros(daysAgo: 11)), 4), (11, \(micros(daysAgo: 95)), 1),
          (12, \(micros(daysAgo: 200)), 1), (13, \(micros(daysAgo: 2)), 5);
        """
    }

    func makeProfile(_ directory: String = "home/.mozilla/firefox/abcd1234.default-release") throws -> SQLiteDatabase {
        tree.write("home/.mozilla/firefox/profiles.ini", Self.profilesIni)
        let db = try SQLiteDatabase(path: tree.directory(directory) + "/places.sqlite")
        try db.execute(Self.schema)
        try db.execute(Self.rows())
        return db
    }

    func places() throws -> FirefoxPlaces {
        let profile = try #require(try FirefoxProfile.defaultProfile(in: environment).value)
        return try #require(try FirefoxPlaces.read(profile: profile, now: Self.now).value)
    }

    @Test func theInstallDefaultIsTheProfileFirefoxOpens() throws {
        tree.write("home/.mozilla/firefox/profiles.ini", Self.profilesIni)
        #expect(try FirefoxProfile.defaultProfile(in: environment).value
                == FirefoxProfile(name: "default-release", directory: tree.path("home/.mozilla/firefox/abcd1234.default-release")))
        // An install's default that is in no [Profile…] is not opened by
        // Firefox: the Default=1 profile is (a made-up one, with no
        // places.sqlite, had the source emptied as gone).
        tree.write("home/.mozilla/firefox/profiles.ini", Self.profilesIni.replacingOccurrences(of: "Default=abcd1234.default-release", with: "Default=Profiles/gone.default"))
        #expect(try FirefoxProfile.defaultProfile(in: environment).value
                == FirefoxProfile(name: "default", directory: tree.path("home/.mozilla/firefox/wxyz5678.default")))
    }

    /// Two Firefoxes installed (a Nightly left behind, ESR beside release):
    /// each has an [Install…] section, in no order that means anything. The
    /// one whose profile's history was written last is in use; the first in
    /// the file was taken.
    @Test func ofSeveralInstallSectionsTheProfileWrittenLastIsInUse() throws {
        let ini = "[InstallAAAA]\nDefault=old.nightly\nLocked=1\n\n[InstallBBBB]\nDefault=new.default-release\nLocked=1\n\n"
            + "[Profile0]\nName=nightly\nPath=old.nightly\n\n[Profile1]\nName=release\nPath=new.default-release\nDefault=1\n"
        tree.write("home/.mozilla/firefox/profiles.ini", ini)
        tree.write("home/.mozilla/firefox/old.nightly/places.sqlite", "x")
        tree.write("home/.mozilla/firefox/new.default-release/places.sqlite", "x")
        func touch(_ profile: String, _ seconds: Int) {
            var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
            utimensat(AT_FDCWD, tree.path("home/.mozilla/firefox/\(profile)/places.sqlite"), &times, 0)
        }
        touch("old.nightly", 1_700_000_000)
        touch("new.default-release", 1_800_000_000)
        #expect(try FirefoxProfile.defaultProfile(in: environment).value?.name == "release")
        touch("old.nightly", 1_900_000_000)
        #expect(try FirefoxProfile.defaultProfile(in: environment).value?.name == "nightly")
        touch("new.default-release", 1_900_000_000)  // a tie: the first in the file
        #expect(try FirefoxProfile.defaultProfile(in: environment).value?.name == "nightly")
    }

    /// A deb Firefox's profiles left behind by the snap (Ubuntu): the root
    /// whose default profile's history was written last is the one in use.
    @Test func ofSeveralRootsTheOneWrittenLastIsInUse() throws {
        let old = tree.directory("home/.mozilla/firefox/old.default")
        tree.write("home/.mozilla/firefox/profiles.ini", "[Profile0]\nName=old\nPath=old.default\nDefault=1\n")
        tree.write("home/.mozilla/firefox/old.default/places.sqlite", "x")
        let snap = tree.directory("home/snap/firefox/common/.mozilla/firefox/new.default")
        tree.write("home/snap/firefox/common/.mozilla/firefox/profiles.ini", "[Profile0]\nName=new\nPath=new.default\nDefault=1\n")
        tree.write("home/snap/firefox/common/.mozilla/firefox/new.default/places.sqlite", "x")
        var times = [timespec(tv_sec: 1_700_000_000, tv_nsec: 0), timespec(tv_sec: 1_700_000_000, tv_nsec: 0)]
        utimensat(AT_FDCWD, old + "/places.sqlite", &times, 0)
        #expect(try FirefoxProfile.defaultProfile(in: environment).value?.directory == snap)
        times = [timespec(tv_sec: 1_800_000_000, tv_nsec: 0), timespec(tv_sec: 1_800_000_000, tv_nsec: 0)]
        utimensat(AT_FDCWD, old + "/places.sqlite", &times, 0)
        #expect(try FirefoxProfile.defaultProfile(in: environment).value?.directory == old)
        // The newest root names two profiles and no default: skipped (what
        // was imported is kept), not the stale root's profile instead.
        times = [timespec(tv_sec: 1_700_000_000, tv_nsec: 0), timespec(tv_sec: 1_700_000_000, tv_nsec: 0)]
        utimensat(AT_FDCWD, old + "/places.sqlite", &times, 0)
        tree.write("home/snap/firefox/common/.mozilla/firefox/profiles.ini",
                   "[Profile0]\nName=new\nPath=new.default\n[Profile1]\nName=other\nPath=other.default\n")
        #expect(try FirefoxProfile.defaultProfile(in: environment).note?.hasSuffix("names 2 profiles and no default") == true)
    }

    @Test func withoutAnInstallSectionDefault1ThenInstallsIniThenTheOnlyProfile() throws {
        let legacy = Self.profilesIni.replacingInstallSection()
        tree.write("home/.mozilla/firefox/profiles.ini", legacy)
        #expect(try FirefoxProfile.defaultProfile(in: environment).value?.name == "default")
        tree.write("home/.mozilla/firefox/installs.ini", "[4F96D1932A9F858E]\nDefault=abcd1234.default-release\nLocked=1\n")
        #expect(try FirefoxProfile.defaultProfile(in: environment).value?.name == "default-release")
        tree.write("home/.mozilla/firefox/installs.ini", "")
        tree.write("home/.mozilla/firefox/profiles.ini", "[Profile0]\nName=mine\nIsRelative=0\nPath=/data/ff/mine\n")
        #expect(try FirefoxProfile.defaultProfile(in: environment).value == FirefoxProfile(name: "mine", directory: "/data/ff/mine"))
        tree.write("home/.mozilla/firefox/profiles.ini", "[Profile0]\nPath=a\n[Profile1]\nPath=b\n")
        #expect(try FirefoxProfile.defaultProfile(in: environment).note
                == "\(tree.path("home/.mozilla/firefox"))/profiles.ini names 2 profiles and no default")
    }

    /// `sync firefox --watch` watches the default profile itself, for the
    /// history database and its write-ahead log (which a running Firefox writes).
    @Test func theWatchCoversTheDefaultProfilesPlacesAndItsWAL() throws {
        tree.write("home/.mozilla/firefox/profiles.ini", Self.profilesIni)
        let directory = tree.directory("home/.mozilla/firefox/abcd1234.default-release")
        let watched = DesktopSource.firefox.watchedDirectories(in: environment)
        #expect(watched.contains(WatchedDirectory(directory, names: ["places.sqlite", "places.sqlite-wal"])), "\(watched)")
        let watcher = try DirectoryWatcher(groups: [watched])
        func changed(within seconds: Double) -> Set<Int>? {
            var ts = timespec()
            clock_gettime(CLOCK_MONOTONIC, &ts)
            let deadline = Double(ts.tv_sec) + seconds
            return watcher.next(debounceMilliseconds: 100) {
                clock_gettime(CLOCK_MONOTONIC, &ts)
                return Double(ts.tv_sec) > deadline
            }
        }
        tree.write("home/.mozilla/firefox/abcd1234.default-release/cookies.sqlite", "not history")
        #expect(changed(within: 1) == nil, "a file other than places.sqlite counted")
        tree.write("home/.mozilla/firefox/abcd1234.default-release/places.sqlite-wal", "wal")
        #expect(changed(within: 10) == [0])
    }

    @Test func noFirefoxIsSkippedWithANote() throws {
        let note = try #require(try FirefoxProfile.defaultProfile(in: environment).note)
        #expect(note.hasPrefix("no Firefox profiles.ini in \(tree.path("home/.mozilla/firefox")), "))
        tree.write("home/.mozilla/firefox/profiles.ini", Self.profilesIni)
        let profile = try #require(try FirefoxProfile.defaultProfile(in: environment).value)
        #expect(try FirefoxPlaces.read(profile: profile, now: Self.now).note
                == "the Firefox profile default-release has no places.sqlite (\(profile.directory)/places.sqlite)")
    }

    @Test func theXDGLocationOfNewerFirefoxIsFound() throws {
        tree.write("home/.config/mozilla/firefox/profiles.ini", "[Profile0]\nName=xdg\nIsRelative=1\nPath=x.default\nDefault=1\n")
        #expect(try FirefoxProfile.defaultProfile(in: environment).value?.directory == tree.path("home/.config/mozilla/firefox/x.default"))
    }

    @Test func bookmarksWithFoldersTagsAndTimes() throws {
        let db = try makeProfile()
        _ = db
        let bookmarks = try places().bookmarks
        #expect(bookmarks.map(\.guid) == ["bmSwift00001", "bmXapian0001", "bmNever00001"])
        #expect(bookmarks[0] == FirefoxBookmark(guid: "bmSwift00001", title: "Swift Forums", url: "https://forums.swift.org/",
                                                folderPath: ["Bookmarks Toolbar"], pageTitle: "Swift Forums", tags: [],
                                                dateAdded: FirefoxPlaces.timestamp(Self.micros(daysAgo: 20)),
                                                lastModified: FirefoxPlaces.timestamp(Self.micros(daysAgo: 5))))
        // No bookmark title: the page's title; in a folder of its own, with
        // the folders it is in (the toolbar); tagged twice.
        #expect(bookmarks[1].title == "Xapian 'docs'" && bookmarks[1].folderPath == ["Bookmarks Toolbar", "Work"] && bookmarks[1].tags == ["c++", "search"])
        // An empty title and an untitled page: the URL.
        #expect(bookmarks[2].title == "https://never-visited.example/" && bookmarks[2].folderPath == ["Other Bookmarks"])
        let added = try #require(bookmarks[0].dateAdded)
        #expect(abs(added.seconds - (Self.now.seconds - 20 * 86_400)) < 0.001)
    }

    /// Folders in folders, outermost first; a damaged file whose folders are
    /// each other's parents still reads (each folder named once).
    @Test func aBookmarksFoldersAreItsPath() throws {
        let db = try makeProfile()
        try db.execute("""
            INSERT INTO moz_bookmarks (id, type, fk, parent, position, title, guid) VALUES
              (40, 2, NULL, 2, 2, 'Trips', 'folderTrips1'), (41, 2, NULL, 40, 0, 'Rome', 'folderRome01'),
              (42, 1, 10, 41, 0, 'Forums in Rome', 'bmRome000001'),
              (43, 2, NULL, 44, 0, 'Loop A', 'folderLoopA1'), (44, 2, NULL, 43, 0, 'Loop B', 'folderLoopB1'),
              (45, 1, 10, 43, 0, 'Looped', 'bmLooped0001');
            """)
        let bookmarks = try places().bookmarks
        #expect(bookmarks.first { $0.guid == "bmRome000001" }?.folderPath == ["Bookmarks Menu", "Trips", "Rome"])
        #expect(bookmarks.first { $0.guid == "bmLooped0001" }?.folderPath == ["Loop B", "Loop A"])
    }

    @Test func historyInTheWindowWithItsLatestVisits() throws {
        let db = try makeProfile()
        _ = db
        let history = try places().history
        // Hidden (a redirect), never visited, place: and older than 90 days are left out; newest first.
        #expect(history.map(\.url) == ["https://forums.swift.org/", "https://xapian.org/docs/"])
        #expect(history[0].visitCount == 12 && history[0].title == "Swift Forums")
        #expect(history[0].lastVisit == FirefoxPlaces.timestamp(Self.micros(daysAgo: 1)))
        #expect(history[0].visits == (0..<10).map { FirefoxPlaces.timestamp(Self.micros(daysAgo: 1 + Double($0))) })
        // The embedded visit (type 4) and the one before the window are not visits here.
        #expect(history[1].visits == [FirefoxPlaces.timestamp(Self.micros(daysAgo: 10))])
        let wide = try FirefoxPlaces.read(databaseAt: tree.path("home/.mozilla/firefox/abcd1234.default-release/places.sqlite"),
                                          now: Self.now, window: FirefoxHistoryWindow(days: 365, maxPages: 2, maxVisitsPerPage: 3))
        #expect(wide.history.map(\.url) == ["https://forums.swift.org/", "https://xapian.org/docs/"])
        #expect(wide.history.map(\.visits.count) == [3, 2])
    }

    /// A history bigger than the window: pages with random last visits (some
    /// hidden, some older than the window) and random visits of every type.
    /// Returns the pages and visits, for a reference reading in Swift.
    func makeBigHistory(pages: Int, visits: Int) throws -> (db: SQLiteDatabase, pages: [(id: Int64, url: String, hidden: Bool, last: Int64)],
                                                            visits: [(place: Int64, at: Int64, type: Int)]) {
        let db = try makeProfile("home/.mozilla/firefox/abcd1234.default-release")
        var rng = SplitMix64(state: 7)
        var pageRows: [(id: Int64, url: String, hidden: Bool, last: Int64)] = []
        for i in 0..<pages {
            let id = Int64(1_000 + i)
            // Whole days apart at most 2 pages a day: ties in last_visit_date too.
            pageRows.append((id, "https://site\(i).example/", rng.next() % 10 == 0, Self.micros(daysAgo: Double(rng.next() % 120))))
        }
        var visitRows: [(place: Int64, at: Int64, type: Int)] = []
        for _ in 0..<visits {
            let page = pageRows[Int(rng.next() % UInt64(pages))]
            visitRows.append((page.id, Self.micros(daysAgo: Double(rng.next() % 120_000) / 1_000), [1, 1, 2, 4, 5, 8][Int(rng.next() % 6)]))
        }
        try db.execute("BEGIN; " + pageRows.map {
            "INSERT INTO moz_places (id, url, title, visit_count, hidden, last_visit_date) VALUES (\($0.id), '\($0.url)', 'T\($0.id)', 1, \($0.hidden ? 1 : 0), \($0.last));"
        }.joined() + visitRows.map {
            "INSERT INTO moz_historyvisits (place_id, visit_date, visit_type) VALUES (\($0.place), \($0.at), \($0.type));"
        }.joined() + "COMMIT;")
        return (db, pageRows, visitRows)
    }


    /// The pages and visits kept, read in plain Swift from the rows as the
    /// window defines them: what the SQL must give, whatever it reads.
    @Test func historyIsTheWindowOfABigHistory() throws {
        let big = try makeBigHistory(pages: 400, visits: 6_000)
        let window = FirefoxHistoryWindow(days: 90, maxPages: 50, maxVisitsPerPage: 4)
        let cutoff = Self.micros(daysAgo: 90)
        // The fixture's own pages (see `rows`) are in the window too.
        let fixture: [(id: Int64, url: String, hidden: Bool, last: Int64)] = [
            (10, "https://forums.swift.org/", false, Self.micros(daysAgo: 1)), (11, "https://xapian.org/docs/", false, Self.micros(daysAgo: 10)),
        ]
        let fixtureVisits = (0..<12).map { (place: Int64(10), at: Self.micros(daysAgo: 1 + Double($0)), type: 1) }
            + [(place: Int64(11), at: Self.micros(daysAgo: 10), type: 2), (place: Int64(11), at: Self.micros(daysAgo: 11), type: 4)]
        let kept = (big.pages + fixture).filter { !$0.hidden && $0.last >= cutoff }
            .sorted { ($0.last, -$0.id) > ($1.last, -$1.id) }.prefix(window.maxPages)
        let expected = kept.map { page in
            (page.url, (big.visits + fixtureVisits).filter { $0.place == page.id && $0.at >= cutoff && $0.type != 4 && $0.type != 8 }
                .map(\.at).sorted(by: >).prefix(window.maxVisitsPerPage).map(FirefoxPlaces.timestamp))
        }
        let read = try FirefoxPlaces.read(databaseAt: big.db.path, now: Self.now, window: window)
        #expect(read.history.map(\.url) == expected.map(\.0))
        #expect(read.history.map(\.visits) == expected.map(\.1))
        #expect(read.history.map(\.visits.count).reduce(0, +) > 100)
    }

    /// The visits query returns the kept visits only: it numbered every
    /// page's visits in the window (630k rows of a big history, 1.3 s) for
    /// the 5,000 pages kept.
    @Test func theVisitsQueryReadsOnlyTheKeptPagesVisits() throws {
        let big = try makeBigHistory(pages: 400, visits: 6_000)
        let window = FirefoxHistoryWindow(days: 90, maxPages: 50, maxVisitsPerPage: 4)
        let cutoff = Self.micros(daysAgo: 90)
        var rows = 0
        try big.db.query(FirefoxPlaces.keptVisits, [cutoff, Int64(window.maxPages), Int64(window.maxVisitsPerPage)]) { _ in rows += 1 }
        let read = try FirefoxPlaces.read(databaseAt: big.db.path, now: Self.now, window: window)
        #expect(rows == read.history.map(\.visits.count).reduce(0, +))
        #expect(rows <= window.maxPages * window.maxVisitsPerPage)
    }

    /// A bookmarklet runs in the open page: nothing outside the browser can
    /// open it, and Firefox's address bar leaves it out, bookmarked or visited.
    @Test func javascriptBookmarkletsAreLeftOut() throws {
        let db = try makeProfile()
        try db.execute("""
            INSERT INTO moz_places (id, url, title, visit_count, hidden, last_visit_date, guid) VALUES
              (16, 'javascript:void(document.body.style.zoom=2)', 'Zoom', 2, 0, \(Self.micros(daysAgo: 1)), 'p16'),
              (17, 'JavaScript:alert(1)', 'Alert', 1, 0, \(Self.micros(daysAgo: 1)), 'p17');
            INSERT INTO moz_bookmarks (id, type, fk, parent, position, title, dateAdded, lastModified, guid) VALUES
              (26, 1, 16, 3, 2, 'Zoom', \(Self.micros(daysAgo: 3)), \(Self.micros(daysAgo: 3)), 'bmZoom000001');
            INSERT INTO moz_historyvisits (place_id, visit_date, visit_type) VALUES
              (16, \(Self.micros(daysAgo: 1)), 1), (17, \(Self.micros(daysAgo: 1)), 1);
            """)
        let read = try places()
        #expect(read.bookmarks.map(\.guid) == ["bmSwift00001", "bmXapian0001", "bmNever00001"])
        #expect(read.history.map(\.url) == ["https://forums.swift.org/", "https://xapian.org/docs/"])
    }

    @Test func aRunningFirefoxsLockedDatabaseIsReadFromACopyWithItsWAL() throws {
        let db = try makeProfile()
        // As Firefox runs: WAL journal, exclusive lock, newest rows only in the -wal file.
        try db.execute("PRAGMA journal_mode = WAL; PRAGMA locking_mode = EXCLUSIVE;")
        try db.execute("INSERT INTO moz_places (id, url, title, visit_count, hidden, last_visit_date) VALUES (40, 'https://new.example/', 'Just now', 1, 0, \(Self.micros(daysAgo: 0.01)))")
        let file = tree.path("home/.mozilla/firefox/abcd1234.default-release/places.sqlite")
        #expect(FileSystem.isRegularFile(file + "-wal"))
        let direct = try SQLiteDatabase(path: file, readOnly: true)
        #expect(throws: DesktopSourceError.self) { try direct.query("SELECT count(*) FROM moz_places") { _ in } }
        let history = try places().history
        #expect(history.first?.url == "https://new.example/" && history.first?.title == "Just now")
        // Without its -wal, a copy would miss that row: the copy of the -wal is what finds it.
        let mainOnly = tree.directory("main-only") + "/places.sqlite"
        #expect(try FileSystem.copy(file, to: mainOnly))
        let stale = try FirefoxPlaces.read(databaseAt: mainOnly, now: Self.now, window: .standard)
        #expect(!stale.history.contains { $0.url == "https://new.example/" } && !stale.history.isEmpty)
        // The copy was removed; the user's files were not touched.
        #expect(FileSystem.isRegularFile(file + "-wal"))
    }

    /// In a rollback journal's transaction that is not committed yet (a
    /// Firefox not in WAL mode, mid-write), pages already written to
    /// places.sqlite are undone from its -journal: the copy reads the
    /// committed rows, not the half-made deletion of every one.
    /// The copy is made in pieces: its bytes are the file's, whatever its size
    /// against the piece's (1 MiB), an empty file included.
    @Test func theCopyOfPlacesIsByteForByte() throws {
        for size in [0, 1, 1 << 20, (5 << 20) / 2 + 7] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) }
            let from = tree.write("copy/from-\(size)", bytes: bytes)
            #expect(try FileSystem.copy(from, to: tree.path("copy/to-\(size)")))
            #expect(try FileSystem.contents(of: tree.path("copy/to-\(size)")) == bytes, "\(size) bytes")
        }
        #expect(try !FileSystem.copy(tree.path("copy/none"), to: tree.path("copy/to-none")))
    }

    @Test func anUncommittedRollbackTransactionIsNotRead() throws {
        let db = try makeProfile()
        let before = try places().bookmarks.map(\.guid)
        #expect(!before.isEmpty)
        // Every bookmark deleted, then enough written to spill past a tiny
        // cache into places.sqlite, and no commit.
        try db.execute("PRAGMA cache_size = 10; BEGIN; DELETE FROM moz_bookmarks; CREATE TABLE filler (v TEXT);")
        try db.execute("INSERT INTO filler VALUES " + (0..<3000).map { _ in "('\(String(repeating: "x", count: 200))')" }.joined(separator: ", ") + ";")
        let file = tree.path("home/.mozilla/firefox/abcd1234.default-release/places.sqlite")
        #expect(FileSystem.isRegularFile(file + "-journal"))
        // The main file alone has the deletion: the journal is what undoes it.
        let mainOnly = tree.directory("main-only") + "/places.sqlite"
        #expect(try FileSystem.copy(file, to: mainOnly))
        #expect(try FirefoxPlaces.read(databaseAt: mainOnly, now: Self.now, window: .standard).bookmarks.count < before.count)
        #expect(try places().bookmarks.map(\.guid) == before)
        try db.execute("ROLLBACK;")
    }

    @Test func aFileThatIsNotPlacesIsAnErrorNamingIt() throws {
        tree.write("home/.mozilla/firefox/profiles.ini", Self.profilesIni)
        let path = tree.path("home/.mozilla/firefox/abcd1234.default-release/places.sqlite")
        let db = try SQLiteDatabase(path: tree.directory("home/.mozilla/firefox/abcd1234.default-release") + "/places.sqlite")
        try db.execute("CREATE TABLE other (x)")
        let profile = try #require(try FirefoxProfile.defaultProfile(in: environment).value)
        #expect(throws: DesktopSourceError(file: path, line: 0, problem: "not a Firefox places database: it has no moz_places table")) {
            try FirefoxPlaces.read(profile: profile, now: Self.now)
        }
        tree.write("home/.mozilla/firefox/abcd1234.default-release/places.sqlite", "this is not a database")
        #expect(throws: DesktopSourceError.self) { try FirefoxPlaces.read(profile: profile, now: Self.now) }
    }
}

private extension String {
    /// profiles.ini as Firefox before version 67 wrote it: no [Install…] section.
    func replacingInstallSection() -> String {
        split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("[Install") && !$0.hasPrefix("Default=abcd") && !$0.hasPrefix("Locked") }
            .joined(separator: "\n")
    }
}

/// Chromium's Bookmarks JSON: roots, nested folders, times since 1601.
@Suite struct ChromiumBookmarksTests {
    let tree = FixtureTree()
    var environment: DesktopEnvironment {
        DesktopEnvironment(home: tree.path("home"), dataHome: tree.path("home/.local/share"), dataDirectories: [])
    }

    static let bookmarks = #"""
        {
           "checksum": "2b6d5f0b6e2c1d9b0f3e4c5a6b7c8d9e",
           "roots": {
              "bookmark_bar": {
                 "children": [ {
                    "date_added": "13439640600000000",
                    "date_last_used": "0",
                    "guid": "0b1c2d3e-0000-4000-8000-000000000001",
                    "id": "5",
                    "meta_info": { "power_bookmark_meta": "" },
                    "name": "Swift Forums",
                    "type": "url",
                    "url": "https://forums.swift.org/"
                 }, {
                    "children": [ {
                       "children": [ {
                          "date_added": "0",
                          "id": "9",
                          "name": "",
                          "type": "url",
                          "url": "https://xapian.org/docs/"
                       } ],
                       "date_added": "13439640600000000",
                       "id": "8",
                       "name": "Search \"engines\"",
                       "type": "folder"
                    } ],
                    "date_added": "13439640600000000",
                    "guid": "0b1c2d3e-0000-4000-8000-000000000007",
                    "id": "7",
                    "name": "Work",
                    "type": "folder"
                 } ],
                 "date_added": "13439640600000000",
                 "id": "1",
                 "name": "Bookmarks bar",
                 "type": "folder"
              },
              "other": {
                 "children": [ { "date_added": "13439640600000000", "id": "10", "name": "서울", "type": "url", "url": "https://ko.wikipedia.org/wiki/서울" } ],
                 "id": "2", "name": "Other bookmarks", "type": "folder"
              },
              "synced": { "children": [ ], "id": "3", "name": "Mobile bookmarks", "type": "folder" }
           },
           "version": 1
        }
        """#

    @Test func readsEveryRootAndNestedFolder() throws {
        tree.write("home/.config/chromium/Default/Bookmarks", Self.bookmarks)
        let results = try ChromiumBookmarks.read(in: environment)
        #expect(results.map(\.browser) == ["Chromium", "Google Chrome"])
        let bookmarks = try #require(results[0].outcome.value)
        #expect(bookmarks == [
            ChromiumBookmark(id: "0b1c2d3e-0000-4000-8000-000000000001", name: "Swift Forums", url: "https://forums.swift.org/",
                             folderPath: ["Bookmarks bar"], dateAdded: Timestamp(iso8601: "2026-11-20T09:30:00Z")),
            ChromiumBookmark(id: "9", name: "https://xapian.org/docs/", url: "https://xapian.org/docs/",
                             folderPath: ["Bookmarks bar", "Work", #"Search "engines""#], dateAdded: nil),
            ChromiumBookmark(id: "10", name: "서울", url: "https://ko.wikipedia.org/wiki/서울",
                             folderPath: ["Other bookmarks"], dateAdded: Timestamp(iso8601: "2026-11-20T09:30:00Z")),
        ])
        #expect(results[1].outcome.note == "no Google Chrome bookmarks at \(tree.path("home/.config/google-chrome/Default/Bookmarks")), "
                + tree.path("home/.var/app/com.google.Chrome/config/google-chrome/Default/Bookmarks"))
    }

    /// Ubuntu has Chromium only as a snap, and Flathub has both: their
    /// bookmarks were never read. Of two profiles (a deb's left behind by
    /// the snap), the one written last is in use.
    @Test func snapAndFlatpakProfilesAreReadAndTheOneWrittenLastWins() throws {
        let snap = tree.write("home/snap/chromium/common/chromium/Default/Bookmarks", Self.bookmarks)
        let flatpak = tree.write("home/.var/app/com.google.Chrome/config/google-chrome/Default/Bookmarks", Self.bookmarks)
        var results = try ChromiumBookmarks.read(in: environment)
        #expect(results[0].outcome.value?.count == 3 && results[1].outcome.value?.count == 3)
        #expect(try ChromiumBookmarks.browsers[0].bookmarksFile(in: environment).value == snap)
        #expect(try ChromiumBookmarks.browsers[1].bookmarksFile(in: environment).value == flatpak)
        let deb = tree.write("home/.config/chromium/Default/Bookmarks", #"{"roots":{},"version":1}"#)
        var times = [timespec(tv_sec: 1_700_000_000, tv_nsec: 0), timespec(tv_sec: 1_700_000_000, tv_nsec: 0)]
        utimensat(AT_FDCWD, deb, &times, 0)
        results = try ChromiumBookmarks.read(in: environment)
        #expect(results[0].outcome.value?.count == 3)  // the snap's, written after the deb's
        let watched = DesktopSource.chromium.watchedDirectories(in: environment).map(\.path)
        #expect(watched.contains(tree.path("home/snap/chromium/common/chromium/Default")), "\(watched)")
    }

    /// As Firefox's (`javascriptBookmarkletsAreLeftOut`), whatever the scheme's case.
    @Test func javascriptBookmarkletsAreLeftOut() throws {
        let children = #"{"type":"url","id":"20","name":"Zoom","url":"javascript:void(0)"}, "#
            + #"{"type":"url","id":"21","name":"Alert","url":"JavaScript:alert(1)"}, "#
            + #"{"type":"url","id":"22","name":"Swift Forums","url":"https://forums.swift.org/"}"#
        let path = tree.write("Bookmarks", #"{"roots":{"bookmark_bar":{"type":"folder","children":[\#(children)]}},"version":1}"#)
        let bookmarks = try ChromiumBookmarks.read(path)
        #expect(bookmarks.map(\.id) == ["22"])
    }

    /// Chromium opens its own pages (`chrome://flags`, `about:version`,
    /// `view-source:`) from its address bar alone: given one on its command
    /// line it shows the new tab page (Chromium 156). Nothing outside it can
    /// open them, so they are left out as bookmarklets are; an extension's
    /// page it does open so, and the desktop's handler opens the rest.
    @Test func chromiumsOwnPagesAreLeftOutAndAnExtensionsPageOpensInTheBrowser() throws {
        let children = #"{"type":"url","id":"30","name":"Flags","url":"chrome://flags/"}, "#
            + #"{"type":"url","id":"31","name":"Version","url":"About:version"}, "#
            + #"{"type":"url","id":"32","name":"Source","url":"view-source:https://example.com/"}, "#
            + #"{"type":"url","id":"33","name":"Options","url":"chrome-extension://abcdefghijklmnopabcdefghijklmnop/options.html"}, "#
            + #"{"type":"url","id":"34","name":"Swift Forums","url":"https://forums.swift.org/"}"#
        let path = tree.write("Bookmarks", #"{"roots":{"bookmark_bar":{"type":"folder","children":[\#(children)]}},"version":1}"#)
        let bookmarks = try ChromiumBookmarks.read(path)
        #expect(bookmarks.map(\.id) == ["33", "34"])
        let chromium = "limelight.chromium", options = bookmarks[0].url
        // The browser the bookmark came from first, by its id.
        #expect(BrowserPages.browsers(opening: options, app: chromium, id: "chromium-33")?.prefix(2) == ["chromium", "chromium-browser"])
        #expect(BrowserPages.browsers(opening: options, app: chromium, id: "google-chrome-33")?.prefix(2) == ["google-chrome", "com.google.Chrome"])
        #expect(BrowserPages.browsers(opening: "https://forums.swift.org/", app: chromium, id: "chromium-34") == nil)
        // Firefox's own pages, which it opens from its command line, whatever the scheme's case.
        for page in ["about:config", "ABOUT:preferences", "view-source:https://example.com/", "moz-extension://0a1b/options.html"] {
            #expect(BrowserPages.browsers(opening: page, app: "limelight.firefox", id: "g-1")?.first == "firefox-esr", "\(page)")
        }
        // Not a browser's page: an address, another app's, no scheme at all.
        #expect(BrowserPages.browsers(opening: "https://example.com/about:config", app: "limelight.firefox", id: "g-1") == nil)
        #expect(BrowserPages.browsers(opening: "about:config", app: "org.example.notes", id: "n1") == nil)
        #expect(BrowserPages.browsers(opening: "chrome-extension://x/y", app: "limelight.firefox", id: "g-1") == nil)
        for notAScheme in ["", ":", "1about:config", "ab out:x", "über:x", "about"] { #expect(BrowserPages.scheme(of: notAScheme) == nil, "\(notAScheme)") }
        #expect(BrowserPages.scheme(of: "Chrome-Extension://x") == "chrome-extension" && BrowserPages.scheme(of: "a+b.c-d:x") == "a+b.c-d")
    }

    @Test func googleChromeUnderXDGConfigHome() throws {
        var env = environment
        env.configHome = tree.path("xdg-config")
        tree.write("xdg-config/google-chrome/Default/Bookmarks", Self.bookmarks)
        let results = try ChromiumBookmarks.read(in: env)
        #expect(results[0].outcome.value == nil && results[1].outcome.value?.count == 3)
    }

    /// Folders nest two JSON levels each: 40 folders deep is 80 levels, past
    /// a record's 32 (Chromium's own reader allows 200).
    @Test func deeplyNestedFoldersAreRead() throws {
        var node = #"{"type":"url","id":"1","name":"Deep","url":"https://example.com/"}"#
        for k in 0..<40 { node = #"{"type":"folder","id":"f\#(k)","name":"F\#(k)","children":[\#(node)]}"# }
        let path = tree.write("Deep", #"{"roots":{"bookmark_bar":\#(node)},"version":1}"#)
        let bookmarks = try ChromiumBookmarks.read(path)
        #expect(bookmarks.count == 1 && bookmarks[0].folderPath.count == 40, "\(bookmarks)")
    }

    @Test func aBrokenFileIsAnErrorWithItsLine() {
        let path = tree.write("Bookmarks", "{\n  \"roots\": {\n    \"bookmark_bar\": [,]\n  }\n}\n")
        #expect(throws: DesktopSourceError.self) { try ChromiumBookmarks.read(path) }
        do { _ = try ChromiumBookmarks.read(path) } catch { #expect(error.file == path && error.line == 3) }
        tree.write("Bookmarks", #"{"version": 1}"#)
        #expect(throws: DesktopSourceError(file: path, line: 0, problem: #"not a Chromium Bookmarks file: it has no "roots" object"#)) {
            try ChromiumBookmarks.read(path)
        }
    }
}
