import LimelightModel
import LimelightSupport

/// A file (or URI) in recently-used.xbel, as GLib's GBookmarkFile writes it.
public struct RecentFile: Sendable, Equatable {
    public var href: String
    /// The local path of a `file:` href; nil for other URIs.
    public var path: String?
    public var title: String?
    public var description: String?
    public var added: Timestamp?
    public var modified: Timestamp?
    public var visited: Timestamp?
    public var mimeType: String?
    /// `<bookmark:private/>`: only the applications that registered it should show it.
    public var isPrivate = false
    public var groups: [String] = []
    public var applications: [RecentApplication] = []
}

/// One application's record of opening a recent file.
public struct RecentApplication: Sendable, Equatable {
    public var name: String
    /// The command line, unquoted (GLib stores it `g_shell_quote`d).
    public var exec: String
    /// When it last registered the file: `modified`, or in old files `timestamp` (time_t).
    public var modified: Timestamp?
    /// How many times it registered the file.
    public var count: Int
}

/// Reads `$XDG_DATA_HOME/recently-used.xbel` (GTK's `get_default_filename()`).
///
/// ```swift
/// switch RecentlyUsed.read(in: .current()) {
/// case let .found(list): list.files.map(\.path)
/// case let .skipped(note): print(note)
/// }
/// ```
/// Format: https://www.freedesktop.org/wiki/Specifications/desktop-bookmark-spec/
public enum RecentlyUsed {
    static let bookmarkNamespace = "http://www.freedesktop.org/standards/desktop-bookmarks"
    static let mimeNamespace = "http://www.freedesktop.org/standards/shared-mime-info"

    public struct List: Sendable {
        public var files: [RecentFile] = []
        /// Bookmarks skipped or values ignored, each `file:line: problem`.
        public var warnings: [DesktopSourceError] = []
    }

    public static func path(in environment: DesktopEnvironment) -> String {
        environment.dataHome + "/recently-used.xbel"
    }

    /// The list, or a note when there is no file (nothing was ever opened, or not
    /// with GTK). A file that is not well-formed is an error.
    public static func read(in environment: DesktopEnvironment) throws(DesktopSourceError) -> SourceOutcome<List> {
        let file = path(in: environment)
        guard try FileSystem.storeIsThere(file) else { return .skipped(note: "no recently-used.xbel at \(file)") }
        return .found(try read(file))
    }

    /// Far more than GTK writes (it keeps the file to recent items, well
    /// under a megabyte): a larger file is not read (a 100 MB one took
    /// 150 s and 630 MB), and what an earlier sync imported from it is kept.
    static let maxBytes = 64 << 20

    public static func read(_ path: String) throws(DesktopSourceError) -> List {
        if let size = FileSystem.status(path).map({ Int($0.st_size) }), size > maxBytes {
            throw DesktopSourceError(file: path, line: 0, problem: "the file is \(size >> 20) MB, more than GTK ever writes (at most \(maxBytes >> 20) MB is read); not read, and what was imported from it before is kept")
        }
        return try parse(try FileSystem.contents(of: path), path: path)
    }

    public static func parse(_ bytes: [UInt8], path: String) throws(DesktopSourceError) -> List {
        let root: XMLElement
        do { root = try XMLReader.parse(bytes) } catch {
            throw DesktopSourceError(file: path, line: error.line, problem: error.problem)
        }
        guard root.localName == "xbel", root.namespace == nil else {
            throw DesktopSourceError(file: path, line: root.line, problem: "the root element is <\(root.qualifiedName)>, not <xbel>")
        }
        var list = List()
        // A href listed again is one bookmark, as GLib's GBookmarkFile has
        // it: the first is kept (repeats were counted as items each).
        var seen = Set<String>()
        var repeated: (count: Int, line: Int) = (0, 0)
        for bookmark in root.children(named: "bookmark") {
            func warn(_ line: Int, _ problem: String) {
                list.warnings.append(DesktopSourceError(file: path, line: line, problem: problem))
            }
            guard let href = bookmark.attribute("href"), !href.isEmpty else {
                warn(bookmark.line, "a <bookmark> has no href; it is skipped")
                continue
            }
            func time(_ element: XMLElement, _ attribute: String) -> Timestamp? {
                guard let text = element.attribute(attribute) else { return nil }
                if let t = Timestamp(iso8601: text) { return t }
                warn(element.line, "\(attribute)=\"\(text)\" is not an ISO 8601 time; ignored")
                return nil
            }
            guard seen.insert(href).inserted else {
                if repeated.count == 0 { repeated.line = bookmark.line }
                repeated.count += 1
                continue
            }
            var file = RecentFile(href: href, path: FileURI.path(from: href))
            if file.path == nil, href.utf8.starts(with: "file:".utf8) {
                // A name in a legacy encoding (GLib escapes the bytes as they
                // are), a remote host, a bad escape: no local file to show.
                warn(bookmark.line, "\(href) is not a local path with a UTF-8 name; it is left out")
            }
            file.added = time(bookmark, "added")
            file.modified = time(bookmark, "modified")
            file.visited = time(bookmark, "visited")
            file.title = bookmark.children(named: "title").first?.text
            file.description = bookmark.children(named: "desc").first?.text
            let metadata = bookmark.children(named: "info").flatMap { $0.children(named: "metadata") }
                .filter { $0.attribute("owner") == "http://freedesktop.org" }
            for meta in metadata {
                if let mime = meta.children(named: "mime-type", in: mimeNamespace).first {
                    file.mimeType = mime.attribute("type")
                }
                if !meta.children(named: "private", in: bookmarkNamespace).isEmpty { file.isPrivate = true }
                for groups in meta.children(named: "groups", in: bookmarkNamespace) {
                    file.groups += groups.children(named: "group", in: bookmarkNamespace).map(\.text)
                }
                for apps in meta.children(named: "applications", in: bookmarkNamespace) {
                    for app in apps.children(named: "application", in: bookmarkNamespace) {
                        guard let name = app.attribute("name"), !name.isEmpty else {
                            warn(app.line, "an application of \(href) has no name; it is skipped")
                            continue
                        }
                        let quoted = app.attribute("exec") ?? ""
                        var exec = quoted
                        do { exec = try ShellUnquote.unquote(quoted) } catch {
                            warn(app.line, "exec of \(name) has an unclosed quote; kept as written")
                        }
                        var modified = time(app, "modified")
                        if modified == nil, let old = app.attribute("timestamp") {
                            if let seconds = Int(old) { modified = Timestamp(seconds: Double(seconds)) }
                            else { warn(app.line, "timestamp=\"\(old)\" is not a time_t; ignored") }
                        }
                        var count = 1
                        if let text = app.attribute("count") {
                            if let n = Int(text), n >= 0 { count = n } else { warn(app.line, "count=\"\(text)\" is not a count; 1 is used") }
                        }
                        file.applications.append(RecentApplication(name: name, exec: exec, modified: modified, count: count))
                    }
                }
            }
            list.files.append(file)
        }
        if repeated.count > 0 {
            list.warnings.append(DesktopSourceError(file: path, line: repeated.line,
                problem: "\(repeated.count) bookmark\(repeated.count == 1 ? "" : "s") repeat an href listed before; the first of each is kept"))
        }
        return list
    }
}
