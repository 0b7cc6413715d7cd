import LimelightModel
import LimelightSupport

/// A bookmark from Chromium's or Google Chrome's `Bookmarks` file.
public struct ChromiumBookmark: Sendable, Equatable {
    /// The node's `guid` (stable across syncs), else its `id`.
    public var id: String
    public var name: String
    public var url: String
    /// Folder names from the root down: `["Bookmarks bar", "Work"]`.
    public var folderPath: [String]
    public var dateAdded: Timestamp?
}

/// Reads the bookmarks of the `Default` profile of Chromium and Google Chrome,
/// a JSON file (`roots` → `bookmark_bar`, `other`, `synced` → nested `children`).
///
/// ```swift
/// for (browser, outcome) in ChromiumBookmarks.read(in: .current()) { … }
/// ```
public enum ChromiumBookmarks {
    /// The browsers read, in order.
    public static let browsers = [
        ChromiumBrowser(name: "Chromium", directory: "chromium", snap: "chromium", flatpak: "org.chromium.Chromium",
                        desktopIDs: ["chromium", "chromium-browser", "org.chromium.Chromium", "chromium_chromium"]),
        ChromiumBrowser(name: "Google Chrome", directory: "google-chrome", snap: nil, flatpak: "com.google.Chrome",
                        desktopIDs: ["google-chrome", "com.google.Chrome"]),
    ]

    /// The root folders as Chromium names them in its UI.
    static let rootNames = [("bookmark_bar", "Bookmarks bar"), ("other", "Other bookmarks"), ("synced", "Mobile bookmarks")]

    /// Each browser's bookmarks, or a note when it has no Default profile here.
    public static func read(in environment: DesktopEnvironment) throws(DesktopSourceError) -> [(browser: String, outcome: SourceOutcome<[ChromiumBookmark]>)] {
        var out: [(browser: String, outcome: SourceOutcome<[ChromiumBookmark]>)] = []
        for browser in browsers {
            switch try browser.bookmarksFile(in: environment) {
            case let .found(path): out.append((browser.name, .found(try read(path))))
            case let .skipped(note): out.append((browser.name, .skipped(note: note)))
            }
        }
        return out
    }

    public static func read(_ path: String) throws(DesktopSourceError) -> [ChromiumBookmark] {
        try parse(try FileSystem.contents(of: path), path: path)
    }

    public static func parse(_ bytes: [UInt8], path: String) throws(DesktopSourceError) -> [ChromiumBookmark] {
        let document: JSON
        do { document = try JSON.parse(bytes, maxDepth: 200) } catch {
            // JSONError counts characters from the start; the file is pretty-printed, so say the line.
            let before = String(decoding: bytes, as: UTF8.self).prefix(max(error.column - 1, 0))
            let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            throw DesktopSourceError(file: path, line: line, problem: "invalid JSON: \(error.message)")
        }
        guard let roots = document.object?["roots"]?.object else {
            throw DesktopSourceError(file: path, line: 0, problem: "not a Chromium Bookmarks file: it has no \"roots\" object")
        }
        var out: [ChromiumBookmark] = []
        for (key, name) in rootNames {
            if let root = roots[key]?.object { collect(root, path: [name], into: &out) }
        }
        return out
    }

    private static func collect(_ folder: JSONObject, path: [String], into out: inout [ChromiumBookmark]) {
        for child in folder["children"]?.array ?? [] {
            guard let node = child.object else { continue }
            let name = node["name"]?.string ?? ""
            switch node["type"]?.string {
            case "url":
                // A `javascript:` bookmarklet runs in the page that is open:
                // nothing outside the browser can open it (as Firefox's).
                // Nor can anything open Chromium's own pages (`chrome://flags`):
                // Chromium opens them from its address bar alone (`BrowserPages`).
                guard let url = node["url"]?.string, !url.isEmpty, !url.lowercased().hasPrefix("javascript:"),
                      !BrowserPages.chromiumOpensOnlyFromItsAddressBar(url) else { continue }
                out.append(ChromiumBookmark(id: node["guid"]?.string ?? node["id"]?.string ?? url,
                                            name: name.isEmpty ? url : name, url: url, folderPath: path,
                                            dateAdded: node["date_added"]?.string.flatMap(timestamp)))
            case "folder":
                collect(node, path: path + [name], into: &out)
            default:
                continue
            }
        }
    }

    /// Chromium's times are microseconds since 1601-01-01 UTC (Windows FILETIME
    /// epoch), written as a decimal string; 0 means unknown.
    static func timestamp(_ text: String) -> Timestamp? {
        guard let microseconds = Int64(text), microseconds > 0 else { return nil }
        return Timestamp(seconds: Double(microseconds - 11_644_473_600_000_000) / 1_000_000)
    }
}

/// A Chromium-based browser, and where it keeps its Default profile.
public struct ChromiumBrowser: Sendable {
    public let name: String
    /// Its directory under `$XDG_CONFIG_HOME` (and in its Flatpak's), which
    /// also tells its bookmarks' ids apart from another browser's.
    public let directory: String
    /// The snap it ships as, if any (Ubuntu has Chromium only as a snap).
    let snap: String?
    /// Its Flatpak's application id.
    let flatpak: String
    /// Its desktop file ids, most usual first (`BrowserPages` opens its own pages with it).
    let desktopIDs: [String]

    /// Its Default profile directories, most usual first: under
    /// `$XDG_CONFIG_HOME`, in its snap's and in its Flatpak's sandbox.
    public func profileDirectories(in environment: DesktopEnvironment) -> [String] {
        ["\(environment.configHome)/\(directory)/Default"]
            + (snap.map { ["\(environment.home)/snap/\($0)/common/\(directory)/Default"] } ?? [])
            + ["\(environment.home)/.var/app/\(flatpak)/config/\(directory)/Default"]
    }

    /// The Bookmarks file in use: of those there, the one written last (a
    /// deb's profile stays behind when Ubuntu moves Chromium to its snap).
    public func bookmarksFile(in environment: DesktopEnvironment) throws(DesktopSourceError) -> SourceOutcome<String> {
        let files = profileDirectories(in: environment).map { $0 + "/Bookmarks" }
        var present: [(String, Int)] = []
        for file in files where try FileSystem.storeIsThere(file) { present.append((file, FileSystem.modified(file) ?? -1)) }
        // (max(by:) keeps the first of equals: the usual place wins a tie.)
        if let inUse = present.max(by: { $0.1 < $1.1 }) { return .found(inUse.0) }
        return .skipped(note: "no \(name) bookmarks at \(files.joined(separator: ", "))")
    }
}
