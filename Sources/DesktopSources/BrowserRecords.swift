import LimelightModel
import LimelightSupport

/// Browser bookmarks and history as records. Firefox's belong to
/// `limelight.firefox`: bookmarks are `Bookmark` entities (id = the bookmark's
/// guid), history pages that are not bookmarked are `Page` entities, and each
/// visit in the history window is an interaction with the page or bookmark at
/// its time. Chromium's and Google Chrome's bookmarks belong to
/// `limelight.chromium` (id = browser directory + Chromium's node id); their
/// Bookmarks file holds no history.
enum BrowserRecords {
    static func firefox(in environment: DesktopEnvironment, now: Timestamp, progress: (Int) -> Void = { _ in }) -> SourceRecords {
        var out = SourceRecords(source: .firefox)
        let app = DesktopSource.firefox.ownerApp!.id
        let places: FirefoxPlaces
        let file: String
        do {
            let profile: FirefoxProfile
            switch try FirefoxProfile.defaultProfile(in: environment) {
            case let .skipped(note):
                out.skippedNote = note
                // A profiles.ini that names no default: Firefox is here, and
                // which profile it opens cannot be told, so what was imported
                // stays (a sync empties only a store that is gone).
                if FirefoxProfile.rootDirectories(in: environment).contains(where: { FileSystem.isRegularFile($0 + "/profiles.ini") }) {
                    out.unreadable.insert(app)
                }
                return out
            case let .found(found): profile = found
            }
            file = profile.directory + "/places.sqlite"
            switch try FirefoxPlaces.read(profile: profile, now: now) {
            case let .skipped(note): out.skippedNote = note; return out
            case let .found(found): places = found
            }
        } catch {
            out.problems.append(error)
            out.unreadable.insert(app)
            return out
        }
        out.addOwnerApp(file: file)
        var byURL: [String: (type: String, id: String)] = [:]
        for b in places.bookmarks {
            let id = StableID.of(b.guid, prefix: "g-")
            var o: JSONObject = ["kind": "entity", "app": .string(app), "type": "Bookmark", "id": .string(id),
                                 "title": .string(SourceText.fitted(b.title.isEmpty ? b.url : b.title))]
            if !b.folderPath.isEmpty { o["subtitle"] = .string(SourceText.fitted(b.folderPath.joined(separator: " › "))) }
            if !b.tags.isEmpty { o["keywords"] = .array(b.tags.map { .string(SourceText.fitted($0)) }) }
            o["description"] = .string(searchableText(url: b.url, otherTitle: b.pageTitle == b.title ? nil : b.pageTitle))
            o["url"] = .string(b.url)
            let count = out.records.count
            out.add(o, file: file)
            if out.records.count > count, byURL[b.url] == nil { byURL[b.url] = ("Bookmark", id) }
            progress(out.records.count)
        }
        for page in places.history {
            var target = byURL[page.url]
            if target == nil {
                let id = StableID.of(page.url, prefix: "u-")
                let count = out.records.count
                var o: JSONObject = ["kind": "entity", "app": .string(app), "type": "Page", "id": .string(id),
                                     "title": .string(SourceText.fitted(page.title.flatMap { $0.isEmpty ? nil : $0 } ?? page.url)),
                                     "subtitle": .string(SourceText.fitted(page.url)), "url": .string(page.url)]
                // (Its subtitle, the address as written, is searched too.)
                let hidden = AddressWords.of(page.url)
                if !hidden.isEmpty {
                    o["description"] = .string(SourceText.fitted(hidden.joined(separator: " "), max: RecordLimits.maxTextCharacters))
                }
                out.add(o, file: file)
                if out.records.count > count { target = ("Page", id) }
            }
            guard let target else { continue }
            for visit in page.visits {
                out.add(["kind": "interaction", "app": .string(app),
                         "id": .string("firefox-" + StableID.hash("\(page.url)\n\(visit.seconds)")),
                         "entities": [["type": .string(target.type), "id": .string(target.id)]],
                         "at": .string(visit.description)], file: file)
            }
            progress(out.records.count)
        }
        return out
    }

    /// A bookmark's description, searched but not shown: its address (with
    /// the words it hides, `AddressWords`) and the page's own title where
    /// the bookmark was renamed. Its subtitle is its folder, so without these
    /// "grafana" did not find the bookmark "Dashboard" of grafana.example.net,
    /// while a page only in the history was found by its address; Firefox's
    /// address bar finds bookmarks by both.
    static func searchableText(url: String, otherTitle: String?) -> String {
        SourceText.fitted(([otherTitle, url].compactMap { $0 } + AddressWords.of(url)).joined(separator: " "),
                          max: RecordLimits.maxTextCharacters)
    }

    static func chromium(in environment: DesktopEnvironment, progress: (Int) -> Void = { _ in }) -> SourceRecords {
        var out = SourceRecords(source: .chromium)
        let app = DesktopSource.chromium.ownerApp!.id
        var notes: [String] = []
        var found = false
        // A page bookmarked in Chromium and in Chrome is one row (either
        // opens it in the default browser), the first browser's; it was two
        // that looked the same.
        var earlierBrowsers = Set<String>()
        for browser in ChromiumBookmarks.browsers {
            let path: String
            do {
                switch try browser.bookmarksFile(in: environment) {
                case let .found(file): path = file
                case let .skipped(note): notes.append(note); continue
                }
            } catch {
                out.problems.append(error)
                out.unreadable.insert(app)
                continue
            }
            let directory = browser.directory
            let bookmarks: [ChromiumBookmark]
            do { bookmarks = try ChromiumBookmarks.read(path) } catch {
                out.problems.append(error)
                out.unreadable.insert(app)
                continue
            }
            if !found { out.addOwnerApp(file: path) }
            found = true
            for b in bookmarks where !earlierBrowsers.contains(b.url) {
                var o: JSONObject = ["kind": "entity", "app": .string(app), "type": "Bookmark",
                                     "id": .string(StableID.of("\(directory)-\(b.id)", prefix: "c-")),
                                     "title": .string(SourceText.fitted(b.name.isEmpty ? b.url : b.name))]
                if !b.folderPath.isEmpty { o["subtitle"] = .string(SourceText.fitted(b.folderPath.joined(separator: " › "))) }
                o["description"] = .string(searchableText(url: b.url, otherTitle: nil))
                o["url"] = .string(b.url)
                out.add(o, file: path)
                progress(out.records.count)
            }
            earlierBrowsers.formUnion(bookmarks.map(\.url))
        }
        if !found, out.problems.isEmpty { out.skippedNote = notes.joined(separator: "; ") }
        return out
    }
}
