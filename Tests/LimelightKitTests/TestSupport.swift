import Foundation
@testable import LimelightKit

/// A fresh directory under /tmp, removed when the value is released.
final class TempDir {
    let path: String
    init() {
        var template = Array("/tmp/limelight-test-XXXXXX".utf8CString)
        path = String(cString: mkdtemp(&template)!)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    var index: IndexLocation { IndexLocation(path: path + "/index") }

    func write(_ name: String, _ lines: [String]) -> String {
        let p = path + "/" + name
        _ = FileManager.default.createFile(atPath: p, contents: Data((lines.joined(separator: "\n") + "\n").utf8))
        return p
    }
}

/// Parses JSON Lines text into records (failing the test on bad input).
func records(_ lines: [String], file: String = "test.jsonl") throws -> [LocatedRecord] {
    var out: [LocatedRecord] = []
    var errors: [String] = []
    RecordReader.parse(Array((lines.joined(separator: "\n")).utf8), name: file, into: &out, errors: &errors)
    if !errors.isEmpty { throw ModelError.rejected(errors) }
    return out
}

/// Indexes lines into the temp index.
@discardableResult
func ingest(_ dir: TempDir, _ lines: [String], clientState: String? = nil) throws -> IndexWriter.Summary {
    let w = try IndexWriter.open(dir.index)
    defer { w.close() }
    return try w.apply(try records(lines), clientState: clientState)
}

func search(_ dir: TempDir, _ query: String, limit: Int = 10, app: String? = nil, type: String? = nil) throws -> [SearchHit] {
    try respond(dir, query, limit: limit, app: app, type: type).hits
}

/// The whole response (with its correction), for a fresh reader.
func respond(_ dir: TempDir, _ query: String, limit: Int = 10, app: String? = nil, type: String? = nil) throws -> SearchResponse {
    var r = SearchRequest(query: query)
    r.limit = limit
    r.app = app
    r.type = type
    return try Searcher(location: dir.index).search(r)
}

enum Fixture {
    static let trails = [
        #"{"kind":"app","app":"com.example.trails","name":"Trails","synonyms":["Trail Guide"]}"#,
        #"{"kind":"intent","app":"com.example.trails","id":"OpenTrail","title":"Open Trail","summary":"Open ${trail}","parameters":[{"name":"trail","type":"TrailEntity"}]}"#,
        #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"monterey-bay","title":"Monterey Bay Coastal Trail","subtitle":"Monterey, CA","description":"A paved path along the bay.","keywords":["coast","bike"],"properties":{"lengthKm":29.0},"rankingHint":60}"#,
        #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"big-sur","title":"Big Sur Coast Walk","subtitle":"Big Sur, CA","rankingHint":40}"#,
        #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"bukhansan","title":"북한산 둘레길","subtitle":"Seoul","rankingHint":50}"#,
        #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"great-wall","title":"万里长城徒步路线","rankingHint":50}"#,
        #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"fuji","title":"富士山の登山道","rankingHint":50}"#,
        #"{"kind":"shortcut","app":"com.example.trails","id":"open-trail","intent":"OpenTrail","title":"Open Trail","symbol":"map","phrases":["Open ${trail} in ${applicationName}","Show ${trail} with ${applicationName}"],"parameter":{"name":"trail","type":"TrailEntity"}}"#,
    ]
}
