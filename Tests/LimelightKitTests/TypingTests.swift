import Testing
@testable import LimelightKit

/// Issue 15: typing that behaves like a launcher, on small indexes with the
/// titles the issue tried.
@Suite struct TypingTests {
    static let places = [
        #"{"kind":"app","app":"com.example.trails","name":"Trails"}"#,
        #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"monterey-bay","title":"Monterey Bay Coastal Trail","rankingHint":55}"#,
        // A title whose stem ("mont") is what "monte" stems to.
        #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"mont-saint-michel","title":"Crowds at Mont-Saint-Michel","description":"The tide comes in fast.","rankingHint":50}"#,
    ]

    static let apps = [
        #"{"kind":"app","app":"org.mozilla.firefox","name":"Firefox"}"#,
        #"{"kind":"intent","app":"org.mozilla.firefox","id":"NewWindow","title":"New Window"}"#,
        #"{"kind":"intent","app":"org.mozilla.firefox","id":"NewPrivateWindow","title":"New Private Window"}"#,
        #"{"kind":"shortcut","app":"org.mozilla.firefox","id":"new-window","intent":"NewWindow","title":"New Window","phrases":["New window in ${applicationName}"]}"#,
        #"{"kind":"shortcut","app":"org.mozilla.firefox","id":"new-private-window","intent":"NewPrivateWindow","title":"New Private Window","phrases":["New private window in ${applicationName}"]}"#,
        #"{"kind":"app","app":"org.filezilla-project.filezilla","name":"FileZilla"}"#,
        #"{"kind":"app","app":"org.imagemagick.display","name":"ImageMagick"}"#,
        #"{"kind":"app","app":"org.gnome.nautilus","name":"Files"}"#,
    ]

    func top(_ dir: TempDir, _ q: String) throws -> String? { try search(dir, q, limit: 5).first?.title }

    @Test func theWordBeingTypedKeepsItsTopHit() throws {
        let dir = TempDir()
        try ingest(dir, Self.places)
        for q in ["mon", "mont", "monte", "monter", "montere", "monterey"] {
            #expect(try top(dir, q) == "Monterey Bay Coastal Trail", "\(q)")
        }
        // Complete, "monte " is the stemmed word "mont": Mont-Saint-Michel matches in full.
        #expect(try top(dir, "mont ") == "Crowds at Mont-Saint-Michel")
        // Still found while typing a word only its description has.
        #expect(try top(dir, "tide") == "Crowds at Mont-Saint-Michel")
    }
}
