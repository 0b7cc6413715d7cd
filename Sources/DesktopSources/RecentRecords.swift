import LimelightModel
import LimelightSupport

/// recently-used.xbel as records: each local file that still exists and is
/// not private an entity of `limelight.recent` (type `File`, id = its file URI, title = its name,
/// subtitle = its folder, keywords from its mime type, url = the URI), and
/// each application's record of it an interaction at that application's
/// `modified` time — one per (file, application, time), so a re-sync after
/// the file was opened again adds the new opening and never recounts an old one.
enum RecentRecords {
    static let entityType = "File"

    static func make(in environment: DesktopEnvironment, progress: (Int) -> Void = { _ in }) -> SourceRecords {
        var out = SourceRecords(source: .recent)
        let path = RecentlyUsed.path(in: environment)
        let list: RecentlyUsed.List
        do {
            switch try RecentlyUsed.read(in: environment) {
            case let .skipped(note): out.skippedNote = note; return out
            case let .found(found): list = found
            }
        } catch {
            out.problems.append(error)
            out.unreadable.insert(DesktopSource.recent.ownerApp!.id)
            return out
        }
        out.warnings = list.warnings
        out.addOwnerApp(file: path)
        let app = DesktopSource.recent.ownerApp!.id
        for file in list.files {
            // A private bookmark is for the applications that registered it
            // only (GTK's <bookmark:private/>); a launcher is not one of them.
            guard !file.isPrivate, let local = file.path, FileSystem.status(local) != nil else { continue }
            let id = StableID.of(file.href, prefix: "h-")
            let slash = local.lastIndex(of: "/")!
            let name = String(local[local.index(after: slash)...])
            let folder = slash == local.startIndex ? "/" : String(local[..<slash])
            var o: JSONObject = ["kind": "entity", "app": .string(app), "type": .string(entityType), "id": .string(id),
                                 "title": .string(SourceText.fitted(name.isEmpty ? local : name)), "subtitle": .string(SourceText.fitted(folder))]
            if let mime = file.mimeType { o["keywords"] = .array(mimeWords(mime).map(JSON.string)) }
            o["url"] = .string(file.href)
            let count = out.records.count
            out.add(o, file: path)
            // A file whose record was rejected (its problem reported) has no uses to record.
            guard out.records.count > count else { continue }
            for application in file.applications {
                guard let at = application.modified ?? file.modified ?? file.visited ?? file.added else { continue }
                out.add(["kind": "interaction", "app": .string(app),
                         "id": .string("recent-" + StableID.hash("\(file.href)\n\(application.name)\n\(at.seconds)")),
                         "entities": [["type": .string(entityType), "id": .string(id)]],
                         "at": .string(at.description)], file: path)
            }
            progress(out.records.count)
        }
        return out
    }

    /// `application/vnd.oasis.opendocument.text` → opendocument, text, oasis …:
    /// the words a person might type for the kind of file.
    static func mimeWords(_ mime: String) -> [String] {
        var out: [String] = []
        for part in mime.split(whereSeparator: { "/.+-".contains($0) }) {
            let w = part.lowercased()
            if ["vnd", "x", "application"].contains(w) || out.contains(w) { continue }
            out.append(w)
        }
        return out
    }
}
