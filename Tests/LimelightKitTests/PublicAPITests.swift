import Foundation
import Testing

/// Xapian stays below the public API: no public declaration of a layer other
/// than the store mentions a type of the Xapian wrapper.
@Suite struct PublicAPITests {
    static let xapianTypes = ["Database", "Document", "Enquire", "Match", "MatchSet", "Query", "QueryParser",
                              "StemStrategy", "Stemmer", "TermGenerator", "WritableDatabase", "XapianError"]

    @Test func noXapianTypeInThePublicAPIAboveTheStore() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        let word = try Regex("\\b(" + Self.xapianTypes.joined(separator: "|") + ")\\b")
        var found: [String] = []
        var checked = 0
        for layer in ["LimelightSupport", "LimelightModel", "LimelightText", "LimelightRanking",
                      "LimelightIndex", "LimelightSearch", "LimelightKit"] {
            let dir = sources.appendingPathComponent(layer)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".swift") {
                let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
                for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard code.hasPrefix("public ") || code.hasPrefix("open ") || code.contains(" public ") && !code.hasPrefix("//") else { continue }
                    checked += 1
                    if code.contains(word) { found.append("\(layer)/\(name):\(n + 1): \(code)") }
                }
            }
        }
        #expect(checked > 50)  // the scan saw the public API
        #expect(found.isEmpty, "\(found)")
    }
}
