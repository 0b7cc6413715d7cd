import Testing
@testable import LimelightKit

@Suite struct RankerTests {
    static let music = [
        #"{"kind":"app","app":"com.example.music","name":"Music"}"#,
        #"{"kind":"intent","app":"com.example.music","id":"Play","title":"Play","summary":"Play ${playlist}","parameters":[{"name":"playlist","type":"PlaylistEntity"}]}"#,
        #"{"kind":"entity","app":"com.example.music","type":"PlaylistEntity","id":"run","title":"Run","rankingHint":40}"#,
        #"{"kind":"entity","app":"com.example.music","type":"PlaylistEntity","id":"running-hits","title":"Running Hits Forever","rankingHint":60}"#,
        #"{"kind":"entity","app":"com.example.music","type":"PlaylistEntity","id":"old-fave","title":"Old Favourite","rankingHint":50}"#,
        #"{"kind":"entity","app":"com.example.music","type":"PlaylistEntity","id":"new-fave","title":"New Favourite","rankingHint":50}"#,
        #"{"kind":"entity","app":"com.example.music","type":"PlaylistEntity","id":"race-day","title":"Race Day","rankingHint":30}"#,
    ]

    static func play(_ id: String, at: String, context: [String] = []) -> String {
        let ctx = context.map { "\"\($0)\"" }.joined(separator: ",")
        return #"{"kind":"interaction","app":"com.example.music","intent":"Play","entities":[{"type":"PlaylistEntity","id":"\#(id)"}],"at":"\#(at)","context":[\#(ctx)]}"#
    }

    static func day(_ d: Int, hour: Int = 18) -> String {
        let t = Timestamp(seconds: Timestamp(iso8601: "2026-09-01T00:00:00Z")!.seconds + Double(d) * 86_400 + Double(hour) * 3600)
        return t.description
    }

    func suggest(_ dir: TempDir, at: Timestamp, contexts: [String] = [], limit: Int = 10) throws -> [SearchHit] {
        var r = SearchRequest(query: "")
        r.at = at
        r.contexts = contexts
        r.limit = limit
        return try Searcher(location: dir.index).search(r).hits
    }

    func thing(_ h: SearchHit) -> String { h.parameter?.id ?? h.id }

    @Test func anExactTitleOutranksAPartialMatchUsedAHundredTimes() throws {
        let dir = TempDir()
        try ingest(dir, Self.music + (0..<100).map { Self.play("running-hits", at: Self.day($0 % 30, hour: 7 + $0 % 12)) })
        var r = SearchRequest(query: "run")
        r.at = Timestamp(iso8601: Self.day(30))!
        let hits = try Searcher(location: dir.index).search(r).hits
        #expect(hits.first?.id == "run", "\(hits.map { ($0.id, $0.score) })")
        #expect(hits.contains { thing($0) == "running-hits" })
    }

    /// A noun typed finds the noun first and what can be done with it next,
    /// as Spotlight lists them, whatever the entity's `rankingHint`: "Play
    /// Race Day" (bound to a playlist of hint 30) matched "day" as the
    /// playlist did and came first on its fixed prior.
    @Test func anEntityOfALowHintComesBeforeTheShortcutsBoundToIt() throws {
        let dir = TempDir()
        try ingest(dir, Self.music + [
            #"{"kind":"shortcut","app":"com.example.music","id":"play","intent":"Play","title":"Play","phrases":["Play ${playlist} in ${applicationName}"],"parameter":{"name":"playlist","type":"PlaylistEntity"}}"#,
        ])
        for query in ["day", "da", "race day"] {
            let hits = try search(dir, query)
            #expect(hits.first?.kind == .entity && hits.first?.id == "race-day", "\(query): \(hits.map { ($0.title, $0.score) })")
            #expect(hits.dropFirst().first.map(thing) == "race-day", "\(query): \(hits.map { ($0.title, $0.score) })")
        }
        // The verb typed makes the action the Top Hit.
        #expect(try search(dir, "play race").first?.kind == .shortcut)
    }

    @Test func anExactCJKTitleOutranksLongerTitlesThatRepeatItElsewhere() throws {
        // As in the bundled corpus: the event and the photo have "경복궁" in
        // their title and again in their description or subtitle, five
        // n-gram terms each time, which outweighed a fixed exact-title bonus.
        let dir = TempDir()
        try ingest(dir, [
            #"{"kind":"entity","app":"com.example.travel","type":"LandmarkEntity","id":"gyeongbokgung","title":"경복궁","subtitle":"서울특별시 종로구, 대한민국","description":"조선 왕조의 법궁으로, 근정전과 경회루가 아름답습니다."}"#,
            #"{"kind":"entity","app":"com.example.calendar","type":"EventEntity","id":"hanbok","title":"경복궁 한복 체험","description":"한복 대여 후 경복궁 관람. 수문장 교대식 10시."}"#,
            #"{"kind":"entity","app":"com.example.travel","type":"PhotoEntity","id":"night","title":"경복궁 야경","subtitle":"경복궁 · Oct 3, 2024"}"#,
        ] + (1...20).map { #"{"kind":"entity","app":"com.example.memos","type":"MemoEntity","id":"m\#($0)","title":"메모 \#($0)","description":"서울 여행"}"# })
        let hits = try search(dir, "경복궁")
        #expect(hits.first?.id == "gyeongbokgung", "\(hits.map { ($0.id, $0.score) })")
    }

    /// A CJK name the query starts is found before an item that only
    /// repeats the query in its keywords and description, as an exact CJK
    /// title is (above): Flameshot passed Screenshot (スクリーンショット) on
    /// BM25's n-grams for every prefix of the name (an audit, ja_JP).
    @Test func aCJKTitleTheQueryStartsOutranksRepeatsOfItElsewhere() throws {
        let dir = TempDir()
        try ingest(dir, [
            #"{"kind":"app","app":"org.gnome.Screenshot","name":"スクリーンショット","description":"画面全体や個々のウィンドウの画像を保存します"}"#,
            #"{"kind":"app","app":"org.flameshot.Flameshot","name":"Flameshot","genericName":"スクリーンショットツール","synonyms":["スクリーンショットツール","flameshot","screenshot","スクリーンショット","キャプチャー"],"description":"パワフルで使いやすいスクリーンショットソフトウェア。"}"#,
        ] + (1...150).map { #"{"kind":"app","app":"filler\#($0)","name":"ツール\#($0)","description":"ファイルを編集します"}"# })
        for q in ["スクリーン", "スクリーンショ", "スクリーンショッ", "スクリーンショット"] {
            let hits = try search(dir, q)
            #expect(hits.first?.id == "org.gnome.Screenshot", "\(q): \(hits.prefix(3).map { ($0.id, $0.score) })")
        }
    }

    /// A CJK name the query starts, whose synonym the query is the whole
    /// of, counts the larger of the two shares of its text again: the
    /// name's (3/6), not the synonym's (0.24), which came first and cost
    /// it its lead over Flameshot's repeats (a review).
    @Test func aCJKNameTheQueryStartsKeepsItsShareWhenASynonymIsTypedWhole() throws {
        let dir = TempDir()
        try ingest(dir, [
            #"{"kind":"app","app":"example.shot","name":"スクリーンショットツール","synonyms":["スクリーンショット"]}"#,
            #"{"kind":"app","app":"org.flameshot.Flameshot","name":"Flameshot","synonyms":["flameshot","スクリーンショット","キャプチャー"],"description":"パワフルで使いやすいスクリーンショットソフトウェア。"}"#,
        ] + (1...150).map { #"{"kind":"app","app":"filler\#($0)","name":"ツール\#($0)","description":"ファイルを編集します"}"# })
        let hits = try search(dir, "スクリーンショット")
        let shot = try #require(hits.first { $0.id == "example.shot" })
        let part = { (name: String) in shot.components.first { $0.name == name }?.value ?? 0 }
        let share = RankingWeights.exactTitleTextShare * RankingWeights.titlePrefix / RankingWeights.exactTitle
        #expect(abs(part("titleMatch") - (RankingWeights.titlePrefix + share * part("text"))) < 1e-9, "\(shot.components)")
        #expect(hits.first?.id == "example.shot", "\(hits.prefix(3).map { ($0.id, $0.score) })")
    }

    @Test func aNewFavouriteOvertakesTheOldWithinAWeek() throws {
        let dir = TempDir()
        // Sixty days of the old favourite, then every day the new one.
        try ingest(dir, Self.music + (0..<60).map { Self.play("old-fave", at: Self.day($0)) })
        var overtookOn: Int? = nil
        for d in 60..<90 {
            try ingest(dir, [Self.play("new-fave", at: Self.day(d))])
            let top = try suggest(dir, at: Timestamp(iso8601: Self.day(d + 1, hour: 12))!).map(thing)
            if top.firstIndex(of: "new-fave")! < top.firstIndex(of: "old-fave")! { overtookOn = d - 59; break }
        }
        let days = try #require(overtookOn)
        #expect(days <= 7, "took \(days) days")
        #expect(days >= 2, "overtook after only \(days) days: one use should not overturn sixty")
    }

    @Test func aRegisteredRunningPlaylistComesFirstEvenIfNeverPlayed() throws {
        let dir = TempDir()
        var lines = Self.music
        // Heavy daily use of other playlists, at the same hour, elsewhere …
        for d in 0..<40 { lines.append(Self.play(d % 2 == 0 ? "old-fave" : "running-hits", at: Self.day(d), context: ["location.home", "hardware.headphones"])) }
        // … and the app registers one it was never asked to play.
        lines.append(#"{"kind":"relevance","app":"com.example.music","context":"audio.workout.running","op":"update","entities":[{"type":"PlaylistEntity","id":"race-day"}]}"#)
        try ingest(dir, lines)
        let at = Timestamp(iso8601: Self.day(40))!
        #expect(try suggest(dir, at: at, contexts: ["audio.workout.running"]).first.map(thing) == "race-day")
        // Not while doing something else.
        #expect(try suggest(dir, at: at, contexts: ["location.work"]).first.map(thing) != "race-day")
    }

    @Test func timeOfDayHabitsShowAtTheirHour() throws {
        let dir = TempDir()
        var lines = Self.music
        for d in 0..<20 {
            lines.append(Self.play("old-fave", at: Self.day(d, hour: 7)))
            lines.append(Self.play("new-fave", at: Self.day(d, hour: 21)))
        }
        try ingest(dir, lines)
        #expect(try suggest(dir, at: Timestamp(iso8601: Self.day(20, hour: 7))!).first.map(thing) == "old-fave")
        #expect(try suggest(dir, at: Timestamp(iso8601: Self.day(20, hour: 21))!).first.map(thing) == "new-fave")
    }

    @Test func explainComponentsSumToTheScore() throws {
        let dir = TempDir()
        try ingest(dir, Self.music + (0..<5).map { Self.play("old-fave", at: Self.day($0), context: ["location.home"]) })
        let at = Timestamp(iso8601: Self.day(6))!
        var hits = try suggest(dir, at: at, contexts: ["location.home"])
        var r = SearchRequest(query: "fav")
        r.at = at
        hits += try Searcher(location: dir.index).search(r).hits
        #expect(!hits.isEmpty)
        for h in hits {
            #expect(abs(h.components.reduce(0) { $0 + $1.value } - h.score) < 1e-9)
            #expect(Set(h.components.map(\.name)).count == h.components.count)
        }
        #expect(hits.first?.components.contains { $0.name.hasPrefix("contexts") } == true)
    }

    @Test func decayedCountsNeverNeedReDecaying() {
        var c = DecayedCount(eventAt: 100)
        c.add(eventAt: 100)
        #expect(abs(c.score(at: 100) - 2) < 1e-9)
        #expect(abs(c.score(at: 100 + RankingWeights.usageHalfLifeDays) - 1) < 1e-9)
        c.add(eventAt: 100 + RankingWeights.usageHalfLifeDays)
        #expect(abs(c.score(at: 100 + RankingWeights.usageHalfLifeDays) - 2) < 1e-9)
    }
}
