import Testing
@testable import LimelightKit

/// Chinese, Japanese and Korean typed as people type them: Korean through an
/// input method that composes each syllable in steps, Korean without its
/// spaces, and App Shortcut phrases typed across their parameter (a
/// black-box audit, items 3 and 5).
@Suite struct CJKTypingTests {
    static let walks = [
        #"{"kind":"app","app":"kr.acme.walk","name":"산책길","synonyms":["걷기"]}"#,
        #"{"kind":"entity","app":"kr.acme.walk","type":"WalkEntity","id":"bukhansan","title":"북한산 둘레길","subtitle":"서울 은평구","keywords":["등산"],"rankingHint":60}"#,
        #"{"kind":"entity","app":"kr.acme.walk","type":"WalkEntity","id":"hangang","title":"한강 공원 산책로","subtitle":"서울 영등포구","keywords":["자전거"],"rankingHint":50}"#,
        #"{"kind":"entity","app":"kr.acme.walk","type":"WalkEntity","id":"namsan","title":"남산 순환로","subtitle":"서울 중구","rankingHint":40}"#,
        #"{"kind":"entity","app":"kr.acme.walk","type":"WalkEntity","id":"gyeongbok","title":"경복궁 돌담길","subtitle":"서울 종로구","rankingHint":20}"#,
    ]

    /// What a Korean input method shows at each keystroke of "북한산 둘레길"
    /// (두벌식): a lone consonant, then a syllable without its final, then
    /// with it, and a final that moves on to the next syllable (북ㅎ, 둘렉).
    static let keystrokes = [
        "ㅂ", "부", "북", "북ㅎ", "북하", "북한", "북한ㅅ", "북한사", "북한산", "북한산 ", "북한산 ㄷ", "북한산 두", "북한산 둘",
        "북한산 둘ㄹ", "북한산 둘레", "북한산 둘렉", "북한산 둘레기", "북한산 둘레길",
    ]

    @Test func everyKeystrokeOfAKoreanTitleFindsIt() throws {
        let dir = TempDir()
        try ingest(dir, Self.walks)
        for q in Self.keystrokes {
            let hits = try search(dir, q)
            #expect(hits.contains { $0.id == "bukhansan" }, "\(q): \(hits.map(\.id))")
        }
        // Still being composed, the last syllable is no longer whole: 남사
        // (on the way to 남산) finds 남산 순환로, and 남산 수 finds it too.
        #expect(try search(dir, "남사").first?.id == "namsan")
        #expect(try search(dir, "남산 수").first?.id == "namsan")
        // A syllable that can become none of an item's finds nothing.
        #expect(try search(dir, "북한삐").isEmpty)
    }

    @Test func aKoreanTitleIsRankedFirstWhileItsSyllablesAreComposed() throws {
        let dir = TempDir()
        try ingest(dir, Self.walks)
        for q in ["북ㅎ", "북하", "북한ㅅ", "북한사", "북한산 ㄷ", "북한산 두", "북한산 둘렉"] {
            #expect(try search(dir, q).first?.id == "bukhansan", "\(q)")
        }
    }

    @Test func koreanTypedWithoutItsSpacesFindsTheTitle() throws {
        let dir = TempDir()
        try ingest(dir, Self.walks)
        #expect(try search(dir, "한강공원").first?.id == "hangang")
        #expect(try search(dir, "북한산둘레길").first?.id == "bukhansan")
        #expect(try search(dir, "경복궁돌담길").first?.id == "gyeongbok")
        // As spaced, too.
        #expect(try search(dir, "한강 공원").first?.id == "hangang")
    }

    /// 초성 검색: a Korean title typed by the initial consonants of its
    /// syllables, as Korean phones' app search and Korean sites find it.
    @Test func aKoreanTitleIsFoundByItsInitialConsonants() throws {
        let dir = TempDir()
        try ingest(dir, Self.walks)
        // From the title's start, across its space, from a later word, and
        // with syllables typed whole among the consonants.
        for (q, id) in [("ㅂㅎㅅ", "bukhansan"), ("ㅂㅎㅅㄷㄹㄱ", "bukhansan"), ("ㅂㅎㅅ ㄷㄹ", "bukhansan"),
                        ("북ㅎㅅ", "bukhansan"), ("ㄷㄹㄱ", "bukhansan"), ("ㅎㄱㄱㅇ", "hangang"), ("ㄴㅅ", "namsan"),
                        ("ㅅㅎㄹ", "namsan")] {
            let hits = try search(dir, q)
            #expect(hits.first?.id == id, "\(q): \(hits.map(\.id))")
        }
        // An app by its name, not by its keywords (걷기: ㄱㄱ): at two
        // consonants a keyword's initials would match most apps.
        #expect(try search(dir, "ㅅㅊㄱ").first?.id == "kr.acme.walk")
        #expect(try search(dir, "ㄱㄱ").isEmpty)
        // Initials that spell no title find nothing (no typo correction).
        #expect(try search(dir, "ㅋㅋㅋ").isEmpty)
        // Spelled from its start, a title ranks above one spelled from a
        // later word, as the syllables typed would rank them (남산 순환로,
        // then 서울 남산 공원, whose ranking hint is higher).
        try ingest(dir, [#"{"kind":"entity","app":"kr.acme.city","type":"ParkEntity","id":"seoul-namsan","title":"서울 남산 공원","rankingHint":90}"#])
        #expect(try search(dir, "ㄴㅅ").map(\.id) == ["namsan", "seoul-namsan"])
        #expect(try search(dir, "남산").map(\.id) == ["namsan", "seoul-namsan"])
        // In an app's scope, its own only.
        #expect(try search(dir, "ㄴㅅ", app: "kr.acme.city").map(\.id) == ["seoul-namsan"])
    }

    @Test func koreanTypedWithTheInputMethodOffIsReadAsHangul() throws {
        let dir = TempDir()
        try ingest(dir, Self.walks)
        let searcher = try Searcher(location: dir.index)
        // 북한산 typed on the Korean layout with the input method off, and
        // on the way there (a syllable still being composed).
        for (typed, reading) in [("qnrgkstks", "북한산"), ("qnrgkstk", "북한사"), ("qnrgkst", "북한ㅅ")] {
            let r = try searcher.search(SearchRequest(query: typed))
            #expect(r.correctedQuery == reading && r.hits.first?.id == "bukhansan", "\(typed): \(r.correctedQuery ?? "-") \(r.hits.map(\.id))")
        }
        // What matches as typed is not read so, nor what finds nothing as Korean.
        #expect(try searcher.search(SearchRequest(query: "xn")).hits.isEmpty)  // 투…: in no item
        try ingest(dir, [#"{"kind":"entity","app":"kr.acme.walk","type":"WalkEntity","id":"latin","title":"Qnrgkstks Lodge","rankingHint":10}"#])
        let latin = try Searcher(location: dir.index).search(SearchRequest(query: "qnrgkstks"))
        #expect(latin.correctedQuery == nil && latin.hits.map(\.id) == ["latin"])
    }

    @Test func initialsFindTitlesWrittenDecomposedAndAmongManyAlike() throws {
        let dir = TempDir()
        // 계산기 written decomposed (conjoining jamo, as macOS writes file
        // names), and 60 better-known titles whose initials are its too.
        let decomposed = "\u{1100}\u{1168}\u{1109}\u{1161}\u{11AB}\u{1100}\u{1175}"
        try ingest(dir, [#"{"kind":"entity","app":"kr.acme.tools","type":"ToolEntity","id":"calc","title":"\#(decomposed)","rankingHint":10}"#]
                   + (1...60).map { #"{"kind":"entity","app":"kr.acme.tools","type":"ToolEntity","id":"singer-\#($0)","title":"가수가 \#($0)","rankingHint":90}"# })
        #expect(try search(dir, "ㄱㅅㄱ", limit: 100).contains { $0.id == "calc" })
        // A syllable typed whole singles it out, however many share its initials.
        #expect(try search(dir, "계ㅅㄱ").map(\.id) == ["calc"])
        #expect(try search(dir, "ㄱ산ㄱ").map(\.id) == ["calc"])
    }

    @Test func aShortcutPhraseTypedAcrossItsParameterFindsTheBoundShortcut() throws {
        let dir = TempDir()
        try ingest(dir, [
            #"{"kind":"app","app":"cn.acme.ditu","name":"出行地图"}"#,
            #"{"kind":"intent","app":"cn.acme.ditu","id":"Navigate","title":"导航","summary":"导航到${place}","parameters":[{"name":"place","type":"PlaceEntity"}]}"#,
            #"{"kind":"entity","app":"cn.acme.ditu","type":"PlaceEntity","id":"xihu","title":"西湖","subtitle":"杭州市","rankingHint":60}"#,
            #"{"kind":"entity","app":"cn.acme.ditu","type":"PlaceEntity","id":"gugong","title":"故宫博物院","rankingHint":70}"#,
            #"{"kind":"shortcut","app":"cn.acme.ditu","id":"navigate","intent":"Navigate","title":"导航","phrases":["用${applicationName}导航到${place}","在${applicationName}中去${place}"],"parameter":{"name":"place","type":"PlaceEntity"}}"#,
            #"{"kind":"app","app":"jp.acme.tabi","name":"旅ノート"}"#,
            #"{"kind":"intent","app":"jp.acme.tabi","id":"OpenSpot","title":"スポットを開く","summary":"${spot}を開く","parameters":[{"name":"spot","type":"SpotEntity"}]}"#,
            #"{"kind":"entity","app":"jp.acme.tabi","type":"SpotEntity","id":"tokyo-tower","title":"東京タワー","rankingHint":50}"#,
            #"{"kind":"shortcut","app":"jp.acme.tabi","id":"open-spot","intent":"OpenSpot","title":"スポットを開く","phrases":["${applicationName}で${spot}を開く"],"parameter":{"name":"spot","type":"SpotEntity"}}"#,
        ])
        for q in ["去西湖", "在出行地图中去西湖"] {
            let hits = try search(dir, q)
            #expect(hits.first?.kind == .shortcut && hits.first?.parameter?.id == "xihu", "\(q): \(hits.map { ($0.id, $0.parameter?.id) })")
        }
        let hits = try search(dir, "旅ノートで東京タワーを開く")
        #expect(hits.first?.kind == .shortcut && hits.first?.parameter?.id == "tokyo-tower", "\(hits.map { ($0.id, $0.parameter?.id) })")
        // The entity itself stays above its bound shortcut for its own name.
        #expect(try search(dir, "西湖").first?.id == "xihu")
    }
}
