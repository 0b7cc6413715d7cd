import Glibc
import Testing
import Xapian
@testable import LimelightSupport
@testable import LimelightModel
@testable import LimelightStore
import LimelightText

@Suite struct HitCardCodecTests {
    @Test func aCardSurvivesEncoding() throws {
        var card = HitCard(kind: .shortcut, app: "com.example.trails", type: nil, id: "open-trail",
                           title: "Open Monterey Bay", subtitle: "Trails", binding: EntityRef(type: "TrailEntity", id: "monterey-bay"),
                           names: ["Open Monterey Bay"], prior: 0.56, relevant: ["audio.workout.running"])
        card.usageBoost = 0.25
        card.aliases = ["Show Monterey Bay"]
        let back = try #require(HitCard(encoded: card.encoded))
        #expect(back.kind == .shortcut && back.app == card.app && back.id == card.id && back.type == nil)
        #expect(back.title == card.title && back.subtitle == card.subtitle && back.binding == card.binding)
        #expect(back.prior == 0.56 && back.usageBoost == 0.25)
        #expect(back.relevant == card.relevant && back.aliases == card.aliases)
        #expect(back.names.map(\.words) == card.names.map(\.words))
        #expect(back.encoded == card.encoded)
    }

    // An app's generic name and description ride in a trailer after the
    // launch fields: a card of schema 11 decodes as having neither, one
    // with them keeps them, with or without anything to open.
    @Test func anAppsGenericNameAndDescriptionSurviveEncoding() throws {
        // Geany's card as 4254cfe (schema 11) stored it, with its exec, icon and desktop file.
        let hex = "4303000000617070050000006765616e7900000000050000006765616e79050000004765616e79000000000000000000000000"
            + "0300000001000000050000006765616e7900000000050000006765616e79030000000a000000696e74656772617465640b0000"
            + "00646576656c6f706d656e740b000000656e7669726f6e6d656e740000000020000000696e7465677261746564646576656c6f"
            + "706d656e74656e7669726f6e6d656e740100000004000000746578740000000004000000746578749a9999999999e93f000000"
            + "000000000000000000000000000000000000000000080000006765616e79202546050000006765616e790d0000006765616e79"
            + "2e6465736b746f70"
        let bytes = stride(from: 0, to: hex.count, by: 2).map { i in
            UInt8(hex[hex.index(hex.startIndex, offsetBy: i)..<hex.index(hex.startIndex, offsetBy: i + 2)], radix: 16)!
        }
        var card = try #require(HitCard(encoded: bytes))
        #expect(card.launch.exec == "geany %F" && card.launch.desktopFile == "geany.desktop" && card.names.count == 3)
        #expect(!card.hasGenericName && card.descriptionWords == nil)
        card.hasGenericName = true
        card.descriptionWords = "a fast and lightweight ide"
        for launch in [card.launch, HitCard.Launch()] {
            card.launch = launch
            let back = try #require(HitCard(encoded: card.encoded))
            #expect(back.hasGenericName && back.descriptionWords == "a fast and lightweight ide")
            #expect(back.launch == launch && back.names.count == 3)
            #expect(back.encoded == card.encoded)
        }
        // A generic name flagged with no name after the title is no card.
        var broken = card
        broken.names = [TitleKey("Geany")]
        #expect(HitCard(encoded: broken.encoded) == nil)
    }

    @Test func anythingElseIsNoCard() {
        #expect(HitCard(encoded: []) == nil)
        #expect(HitCard(encoded: Array("{\"kind\":\"entity\"}".utf8)) == nil)
    }
}

@Suite struct ItemKeyTests {
    @Test func keysEscapeTheirSeparator() {
        #expect(ItemKey.entity(app: "a", type: "T", id: "x/y%z").rawValue == "entity/a/T/x%2Fy%25z")
        #expect(ItemKey.shortcut(app: "a", id: "s", boundTo: EntityRef(type: "T", id: "i")).rawValue == "shortcut/a/s/T/i")
        #expect(ItemKey.app("a").uniqueTerm == "Qapp/a")
        #expect(ItemKey.intent(app: "a", id: "i").creditTerm == "XTintent/a/i")
    }

    /// Keys name stored documents: the byte-wise escaping (a re-sync makes a
    /// key of every record, URLs for a browser's) writes them exactly as the
    /// replacement it took the place of, non-ASCII, `%2F` already in an id
    /// and all, or every stored item would be a new one.
    @Test func escapingByBytesWritesTheKeysOfBefore() {
        let ids = ["https://ko.wikipedia.org/wiki/서울", "%2F/%", "//", "%", "", "plain", "a/b%c/d", "e\u{301}/x", "🙂%/🙂"]
        for id in ids {
            let before = canonicalIdentifier(id).replacingAll("%", with: "%25").replacingAll("/", with: "%2F")
            #expect(Schema.key(["a", id]) == "a/" + before, "\(id)")
        }
        #expect(Schema.key(["u", "https://x.example/a%20b"]) == "u/https:%2F%2Fx.example%2Fa%2520b")
    }

    @Test func aRecordsKeyIsItsKindsKey() throws {
        let r = try Record(json: JSON.parse(#"{"kind":"intent","app":"com.example.trails","id":"OpenTrail","title":"Open Trail"}"#))
        #expect(ItemKey(r) == .intent(app: "com.example.trails", id: "OpenTrail"))
    }
}

@Suite struct HotListsTests {
    static func withDatabase(_ body: (WritableDatabase) throws -> Void) throws {
        var template = Array("/tmp/limelight-store-XXXXXX".utf8CString)
        let dir = String(cString: mkdtemp(&template)!)
        defer { Files.removeTree(dir) }
        try body(try WritableDatabase(path: dir + "/db"))
    }

    @Test func listsKeepTheBestInOrderAndSurviveSaving() throws {
        try Self.withDatabase { db in
            var hot = HotLists()
            for (id, score) in [("1", 0.5), ("2", 0.9), ("3", 0.1), ("2", 0.7)] {
                try hot.offer(db, HotLists.priorName, key: .app(id), score: score)
            }
            try hot.save(db)
            let list = try HotLists.read(db, HotLists.priorName)
            #expect(list.map(\.key) == [.app("2"), .app("1"), .app("3")])  // re-offering 2 replaced its old score
            #expect(list.map(\.score) == [0.7, 0.5, 0.1])
        }
    }

    @Test func aListHoldsAtMostItsSize() throws {
        try Self.withDatabase { db in
            var hot = HotLists()
            for id in 1...(HotLists.size + 20) { try hot.offer(db, "all", key: .app(String(id)), score: Double(id)) }
            try hot.save(db)
            let list = try HotLists.read(db, "all")
            #expect(list.count == HotLists.size)
            #expect(list.first?.key == .app(String(HotLists.size + 20)))
        }
    }

    @Test func prefixListsNameEveryShortTitlePrefix() throws {
        try Self.withDatabase { db in
            var hot = HotLists()
            let card = HitCard(kind: .entity, app: "a", type: "T", id: "x", title: "Big Sur", subtitle: nil, binding: nil,
                               names: ["Big Sur"], prior: 0.5, relevant: [])
            try hot.offerPrefixes(db, card: card)
            try hot.save(db)
            #expect(try HotLists.read(db, HotLists.titlePrefixName("bi")).map(\.key) == [card.itemKey])
            #expect(try HotLists.read(db, HotLists.wordPrefixName("su")).map(\.key) == [card.itemKey])
            #expect(try HotLists.read(db, HotLists.titlePrefixName("su")).isEmpty)  // not the title's start
        }
    }

    @Test func shardsListsMergeBestFirstWithTiesByItem() throws {
        try Self.withDatabase { a in
            try Self.withDatabase { b in
                var ha = HotLists(), hb = HotLists()
                try ha.offer(a, "all", key: .app("b"), score: 2)
                try ha.offer(a, "all", key: .app("d"), score: 1)
                try hb.offer(b, "all", key: .app("c"), score: 2)
                try hb.offer(b, "all", key: .app("a"), score: 3)
                try ha.save(a)
                try hb.save(b)
                let merged = try HotLists.merged([a, b], "all")
                #expect(merged.map(\.key) == [.app("a"), .app("b"), .app("c"), .app("d")])
                #expect(try HotLists.merged([b, a], "all") == merged)
            }
        }
    }
}

@Suite struct HistoryPolicyTests {
    /// history.json keeps whole seconds; a pause kept there still covers its
    /// last fraction of a second (a use then was made while paused).
    @Test func aPauseKeptOnDiskCoversItsWholeSpan() throws {
        var template = Array("/tmp/limelight-history-XXXXXX".utf8CString)
        let dir = String(cString: mkdtemp(&template)!)
        defer { Files.removeTree(dir) }
        let location = IndexLocation(path: dir)
        var policy = HistoryPolicy()
        policy.pause(now: Timestamp(seconds: 1_000.25))
        policy.resume(now: Timestamp(seconds: 2_000.75))
        try policy.save(location)
        let kept = try HistoryPolicy.load(location)
        for inside in [1_000.25, 1_500, 2_000.5] { #expect(!kept.records(app: "a", at: Timestamp(seconds: inside)), "\(inside)") }
        for outside in [999.0, 2_001] { #expect(kept.records(app: "a", at: Timestamp(seconds: outside)), "\(outside)") }
    }
}
