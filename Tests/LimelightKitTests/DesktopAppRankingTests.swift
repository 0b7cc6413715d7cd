import Testing
@testable import LimelightKit

/// Apps as `sync` makes them of desktop entries (Name; GenericName as
/// genericName, which `sync` keeps among the synonyms too; Keywords as
/// synonyms; Comment as description; some as written before genericName,
/// with it among the synonyms only), ranked as GNOME Shell and KRunner users
/// expect: found by launcher probes of common entries.
@Suite struct DesktopAppRankingTests {
    static let apps = [
        #"{"kind":"app","app":"org.gnome.Terminal","name":"Terminal","synonyms":["shell","prompt","command"]}"#,
        #"{"kind":"app","app":"org.kde.konsole","name":"Konsole","genericName":"Terminal","synonyms":["terminal","shell"]}"#,
        #"{"kind":"app","app":"discord","name":"Discord","synonyms":["chat"]}"#,
        #"{"kind":"app","app":"org.gnome.Totem","name":"Videos","synonyms":["Video Player","Movie","Film","Disc"]}"#,
        #"{"kind":"app","app":"org.gnome.gedit","name":"gedit","synonyms":["Text Editor","Write"]}"#,
        #"{"kind":"app","app":"org.gnome.TextEditor","name":"Text Editor","synonyms":["gedit","Write","Notepad"]}"#,
        #"{"kind":"app","app":"libreoffice-writer","name":"LibreOffice Writer","synonyms":["Word Processor"]}"#,
        #"{"kind":"app","app":"libreoffice-calc","name":"LibreOffice Calc","synonyms":["Spreadsheet","Chart"],"description":"Perform calculations, analyze information and manage lists in spreadsheets by using Calc."}"#,
        #"{"kind":"app","app":"gimp","name":"GNU Image Manipulation Program","synonyms":["Image Editor"],"description":"Create images and edit photographs"}"#,
        #"{"kind":"app","app":"firefox","name":"Firefox","synonyms":["Web Browser"]}"#,
        #"{"kind":"app","app":"org.gnome.Nautilus","name":"Files","synonyms":["folder","manager"]}"#,
        #"{"kind":"app","app":"org.gnome.Settings","name":"Settings","synonyms":["Preferences","Settings"]}"#,
        #"{"kind":"app","app":"gnome-system-monitor","name":"System Monitor","synonyms":["Monitor","System","Process","Task"]}"#,
        #"{"kind":"app","app":"htop","name":"Htop","synonyms":["Process Viewer","system","monitor"]}"#,
        #"{"kind":"app","app":"gparted","name":"GParted","synonyms":["Partition Editor","Partition","Disk"]}"#,
        #"{"kind":"app","app":"jetbrains-pycharm-ce","name":"PyCharm Community Edition","synonyms":["IDE"]}"#,
        #"{"kind":"app","app":"heroic","name":"Heroic Games Launcher"}"#,
        // As `sync apps` makes a desktop entry's Actions (Thunar's "Home"; "home" is also a keyword).
        #"{"kind":"app","app":"thunar","name":"Thunar File Manager","genericName":"File Manager","synonyms":["home","network"]}"#,
        #"{"kind":"app","app":"thunar-settings","name":"File Manager Settings","synonyms":["file manager","settings"]}"#,
        #"{"kind":"app","app":"org.gnome.Evince","name":"Document Viewer","synonyms":["pdf","presentation","slides","viewer"]}"#,
        #"{"kind":"app","app":"chromium","name":"Chromium Web Browser","genericName":"Web Browser"}"#,
        #"{"kind":"app","app":"org.gnome.Cheese","name":"Cheese","genericName":"Webcam Booth","description":"Take photos and videos with your webcam"}"#,
        #"{"kind":"app","app":"org.keepassxc.KeePassXC","name":"KeePassXC","genericName":"Password Manager","description":"Community-driven port of the Windows application"}"#,
        #"{"kind":"app","app":"xterm","name":"XTerm","genericName":"Terminal","description":"standard terminal emulator for the X window system"}"#,
        #"{"kind":"app","app":"org.gnome.Screenshot","name":"Screenshot","description":"Save images of your screen or individual windows"}"#,
        #"{"kind":"app","app":"libreoffice-impress","name":"LibreOffice Impress","genericName":"Presentation","synonyms":["slideshow","slides"],"description":"Create and edit presentations for slideshows, meeting and Web pages by using Impress."}"#,
        #"{"kind":"app","app":"geany","name":"Geany","genericName":"Integrated Development Environment","synonyms":["Text","Editor"],"description":"A fast and lightweight IDE using GTK+"}"#,
        #"{"kind":"intent","app":"thunar","id":"desktop-action","title":"Run a desktop action"}"#,
        #"{"kind":"shortcut","app":"thunar","id":"home","intent":"desktop-action","title":"Home","phrases":["Home in ${applicationName}"],"exec":"thunar"}"#,
        // LibreOffice's Start Center, whose actions are named as the other LibreOffice apps.
        #"{"kind":"app","app":"libreoffice-startcenter","name":"LibreOffice Start Center","synonyms":["Office"],"description":"Documents, spreadsheets, presentations"}"#,
        #"{"kind":"intent","app":"libreoffice-startcenter","id":"desktop-action","title":"Run a desktop action"}"#,
        #"{"kind":"shortcut","app":"libreoffice-startcenter","id":"Writer","intent":"desktop-action","title":"Writer","phrases":["Writer in ${applicationName}"],"exec":"libreoffice --writer"}"#,
        #"{"kind":"shortcut","app":"libreoffice-startcenter","id":"Calc","intent":"desktop-action","title":"Calc","phrases":["Calc in ${applicationName}"],"exec":"libreoffice --calc"}"#,
        #"{"kind":"app","app":"example.apple","name":"apple","synonyms":["Fruit"]}"#,
        #"{"kind":"app","app":"example.banana","name":"Banana","synonyms":["Fruit"]}"#,
    ]

    let dir = TempDir()
    init() throws { try ingest(dir, Self.apps) }

    func response(_ q: String, limit: Int = 10) throws -> SearchResponse { try respond(dir, q, limit: limit) }

    func titles(_ q: String) throws -> [String] { try response(q).hits.map(\.title) }

    // GLib's desktop search (GNOME Shell) ranks any Name match above a
    // GenericName or Keywords one; before, a synonym matched as the name
    // did, and ties fell to byte order ("Konsole", "Text Editor" first).
    @Test(arguments: [("terminal", ["Terminal", "Konsole"]), ("gedit", ["gedit", "Text Editor"]),
                      ("disc", ["Discord", "Videos"]), ("wr", ["LibreOffice Writer"])])
    func anAppsNameRanksAboveAnotherAppsSynonym(query: String, first: [String]) throws {
        let found = try titles(query)
        #expect(Array(found.prefix(first.count)) == first, "\(found)")
    }

    // No app has both words: the one whose whole name is one of them comes
    // first, in either order. Before, such a query ranked by BM25 alone and
    // the last word, being typed, weighed nothing: Settings was sixth.
    @Test(arguments: ["system settings", "settings system"])
    func whenNoAppHasEveryWordTheNameThatIsOneOfThemLeads(query: String) throws {
        let r = try response(query)
        #expect(r.relaxed)
        #expect(Array(r.hits.map(\.title).prefix(2)) == ["Settings", "System Monitor"], "\(r.hits.map(\.title))")
    }

    // The word being typed weighs nothing while every word must match (its
    // prefix decides); once any may, it weighs as the others, so the order
    // of the words does not change the scores.
    @Test func whenNoAppHasEveryWordTheLastWordWeighsAsTheOthers() throws {
        let scores = { (q: String) in Dictionary(uniqueKeysWithValues: try self.response(q).hits.map { ($0.title, $0.score) }) }
        let one = try scores("system settings"), other = try scores("settings system")
        #expect(one.count >= 3 && one.keys == other.keys)
        for (title, score) in one { #expect(abs(score - other[title]!) < 1e-9, "\(title): \(score) against \(other[title]!)") }
    }

    // Letters in order match a name ("lc" → LibreOffice Calc), not a
    // synonym: "chat" found the keyword "Chart" that way.
    /// Each word starts a word of one of the app's names, none has both:
    /// LibreOffice Calc by its Name and its GenericName, above Start Center,
    /// whose description says "spreadsheets" (BM25 put it first).
    @Test(arguments: [("libreoffice spreadsheet", "LibreOffice Calc"), ("libreoffice spreadsh", "LibreOffice Calc"),
                      ("libreoffice presentation", "LibreOffice Impress"), ("spreadsheet libreoffice", "LibreOffice Calc")])
    func wordsOfTheNameAndOfASynonymTogetherRankTheApp(query: String, first: String) throws {
        let ranked = try titles(query)
        #expect(ranked.first == first, "\(ranked)")
    }

    @Test func lettersInOrderMatchANameNotASynonym() throws {
        #expect(try titles("chat") == ["Discord"])
        #expect(try titles("lc").first == "LibreOffice Calc")
    }

    // A one-word action completed by the query outranked every app the
    // query starts ("h": Thunar's "Home" above Heroic Games Launcher): it
    // is shown as "Home — Thunar File Manager", which the query only starts.
    @Test func anActionShownWithItsAppRanksAsATitlePrefix() throws {
        let shown = try response("h").hits.map(\.title)
        let heroic = shown.firstIndex(of: "Heroic Games Launcher"), home = shown.firstIndex(of: "Home — Thunar File Manager")
        #expect(heroic != nil && home != nil && heroic! < home!, "\(shown)")
        // Typed whole, the action's own title is matched as its app's
        // synonyms are: the app it is a way into comes first.
        #expect(Array(try titles("home").prefix(2)) == ["Thunar File Manager", "Home — Thunar File Manager"])
    }

    // A desktop action is a way into its app (KRunner ranks such jump-list
    // entries below application matches; GNOME Shell does not search
    // them): "writer" is LibreOffice Writer, not the Start Center's Writer
    // action, though the action's whole title is the query and the app has
    // it as a later word of its name.
    @Test func aDesktopActionRanksBelowTheAppItsTitleNames() throws {
        #expect(Array(try titles("writer").prefix(2)) == ["LibreOffice Writer", "Writer — LibreOffice Start Center"])
        #expect(Array(try titles("calc").prefix(2)) == ["LibreOffice Calc", "Calc — LibreOffice Start Center"])
        #expect(try titles("libre calc").first == "LibreOffice Calc")
    }

    // And below its own app wherever that matches too: for "torrent client",
    // Transmission's "Start Transmission with All Torrents Paused" (the word
    // in its title, the app's names in its phrases, each phrase once per
    // name) came before Transmission and qBittorrent. As `sync apps` makes
    // the records of Debian's desktop files, among sixty other apps: with a
    // handful, every word is common, its weight small, and the priors decide.
    @Test func aDesktopActionRanksBelowItsOwnAppWhereBothMatch() throws {
        let dir = TempDir()
        try ingest(dir, [
            #"{"kind":"app","app":"transmission-gtk","name":"Transmission","genericName":"BitTorrent Client","synonyms":["BitTorrent Client","torrents","downloading","uploading","share","sharing","transmission-gtk"],"description":"Download and share files over BitTorrent","exec":"transmission-gtk %U","keywords":["Network","FileTransfer","P2P","GTK"]}"#,
            #"{"kind":"intent","app":"transmission-gtk","id":"desktop-action","title":"Run a desktop action"}"#,
            #"{"kind":"shortcut","app":"transmission-gtk","id":"Pause","intent":"desktop-action","title":"Start Transmission with All Torrents Paused","phrases":["Start Transmission with All Torrents Paused in ${applicationName}","${applicationName}: Start Transmission with All Torrents Paused"],"exec":"transmission-gtk --paused"}"#,
            #"{"kind":"app","app":"org.qbittorrent.qBittorrent","name":"qBittorrent","genericName":"BitTorrent client","synonyms":["BitTorrent client","bittorrent","torrent","magnet","download","p2p"],"description":"Download and share files over BitTorrent","exec":"qbittorrent %U"}"#,
            #"{"kind":"app","app":"org.gnome.Calculator","name":"Calculator","synonyms":["calculation","arithmetic"]}"#,
        ] + (0..<60).map { #"{"kind":"app","app":"other\#($0)","name":"Other \#($0)","synonyms":["editor","viewer"]}"# })
        let hits = try respond(dir, "torrent client").hits.map(\.title)
        let app = hits.firstIndex(of: "Transmission"), action = hits.firstIndex(of: "Start Transmission with All Torrents Paused")
        #expect(hits.first == "qBittorrent" || hits.first == "Transmission", "\(hits)")
        #expect(app != nil && action != nil && app! < action!, "\(hits)")
        // Its explanation says so, and still adds up to its score.
        let shown = try #require(try respond(dir, "torrent client").hits.first { $0.title.hasPrefix("Start Transmission") })
        #expect(shown.components.last?.name == "below its app")
        #expect(abs(shown.components.reduce(0) { $0 + $1.value } - shown.score) < 1e-9)
        // Where its app does not match, the action stands on its own.
        #expect(try respond(dir, "paused").hits.first?.title == "Start Transmission with All Torrents Paused")
    }

    /// Settings' panels and Thunderbird's actions as `sync apps` makes them of
    /// Debian's desktop files, among sixty other apps (see above).
    static let desktop = [
        #"{"kind":"app","app":"com.obsproject.Studio","name":"OBS Studio","genericName":"Streaming/Recording Software","synonyms":["Streaming/Recording Software","obs"],"description":"Free and Open Source Streaming/Recording Software","exec":"obs","keywords":["AudioVideo","Recorder"]}"#,
        #"{"kind":"app","app":"org.gnome.Contacts","name":"Contacts","synonyms":["friends","address book","gnome-contacts"],"description":"A contacts manager for GNOME","exec":"gnome-contacts","keywords":["GNOME","GTK","Office","ContactManagement"]}"#,
        #"{"kind":"app","app":"thunderbird","name":"Thunderbird","genericName":"Mail Client","synonyms":["Mail Client","EMail","E-mail","Contact","Addressbook","News","thunderbird"],"description":"Read/Write Mail/News with Thunderbird","exec":"thunderbird %u","keywords":["Network","Email","News","GTK"]}"#,
        #"{"kind":"intent","app":"thunderbird","id":"desktop-action","title":"Run a desktop action"}"#,
        #"{"kind":"shortcut","app":"thunderbird","id":"ComposeMessage","intent":"desktop-action","title":"Write new message","phrases":["Write new message in ${applicationName}","${applicationName}: Write new message"],"exec":"thunderbird -compose"}"#,
        #"{"kind":"shortcut","app":"thunderbird","id":"OpenAddressBook","intent":"desktop-action","title":"Open address book","phrases":["Open address book in ${applicationName}","${applicationName}: Open address book"],"exec":"thunderbird -addressbook"}"#,
        #"{"kind":"app","app":"org.gnome.Settings","name":"Settings","synonyms":["Preferences","gnome-control-center"],"exec":"gnome-control-center","keywords":["GNOME","GTK","Settings"]}"#,
        #"{"kind":"entity","app":"org.gnome.Settings","type":"SettingsPanel","id":"gnome-screen-panel","title":"Screen","subtitle":"Settings","exec":"gnome-control-center screen","rankingHint":0,"description":"Screen Settings","keywords":["screen","lock","private","privacy"]}"#,
        #"{"kind":"entity","app":"org.gnome.Settings","type":"SettingsPanel","id":"gnome-bluetooth-panel","title":"Bluetooth","subtitle":"Settings","exec":"gnome-control-center bluetooth","rankingHint":0,"description":"Turn Bluetooth on and off and connect your devices","keywords":["share","sharing","bluetooth","obex"]}"#,
        #"{"kind":"entity","app":"org.gnome.Settings","type":"SettingsPanel","id":"gnome-network-panel","title":"Network","subtitle":"Settings","exec":"gnome-control-center network","rankingHint":0,"description":"Control how you connect to the Internet","keywords":["Network","IP","LAN","Proxy","WAN","Broadband","Modem","Bluetooth","vpn","DNS"]}"#,
        #"{"kind":"entity","app":"org.gnome.Settings","type":"SettingsPanel","id":"gnome-preferences-panel","title":"Preferences","subtitle":"Settings","exec":"gnome-control-center preferences","rankingHint":0,"description":"Preferences"}"#,
    ] + (0..<60).map { #"{"kind":"app","app":"other\#($0)","name":"Other \#($0)","synonyms":["editor","viewer"]}"# }

    /// A settings panel (an entity that runs a command line of its own) is a
    /// way into its app, as a desktop action is: its title matches as the
    /// app's synonyms do, and it ranks below its app where both match. It
    /// was an entity's title like any other, and Settings' Screen panel came
    /// before OBS Studio for "screen recorder".
    @Test func aSettingsPanelIsAWayIntoItsApp() throws {
        let dir = TempDir()
        try ingest(dir, Self.desktop)
        #expect(try respond(dir, "screen recorder").hits.first?.title == "OBS Studio")
        #expect(try respond(dir, "bluetooth").hits.first?.title == "Bluetooth")
        #expect(Array(try respond(dir, "preferences").hits.map(\.title).prefix(2)) == ["Settings", "Preferences"])
    }

    /// A panel's name says what it is, as an app's GenericName does: the
    /// whole of it, typed or being typed, earns the generic name's share,
    /// above a keyword of another app. "sound" was Audacity (its keyword)
    /// before the Sound panel, "power" LibreOffice Impress ("PowerPoint")
    /// before Power; any other match of it is still a synonym's.
    @Test func aPanelTypedWholeIsNamedAsAGenericNameIs() throws {
        let dir = TempDir()
        try ingest(dir, Self.desktop + [
            #"{"kind":"entity","app":"org.gnome.Settings","type":"SettingsPanel","id":"gnome-sound-panel","title":"Sound","subtitle":"Settings","exec":"gnome-control-center sound","rankingHint":0,"description":"Change sound levels, inputs, outputs, and alert sounds","keywords":["Card","Microphone","Volume","Audio"]}"#,
            #"{"kind":"app","app":"audacity","name":"Audacity","genericName":"Sound Editor","synonyms":["Sound Editor","sound","music editing","audacity"],"description":"Record and edit audio files","exec":"audacity %F","keywords":["Sound","Audio","AudioVideo"]}"#,
        ])
        for query in ["sound", "soun"] {
            let hits = try respond(dir, query).hits.map(\.title)
            #expect(Array(hits.prefix(2)) == ["Sound", "Audacity"], "\(query): \(hits)")
        }
        #expect(try respond(dir, "sound editor").hits.first?.title == "Audacity")
    }

    /// A desktop action and a settings panel of one app that run the same
    /// command line are one row: System Settings' "Display Configuration"
    /// action and its module were listed one under the other in Plasma.
    @Test func aPanelAndAnActionRunningTheSameCommandLineAreOneRow() throws {
        let dir = TempDir()
        try ingest(dir, [
            #"{"kind":"app","app":"systemsettings","name":"System Settings","synonyms":["systemsettings"],"exec":"systemsettings"}"#,
            #"{"kind":"intent","app":"systemsettings","id":"desktop-action","title":"Run a desktop action"}"#,
            #"{"kind":"shortcut","app":"systemsettings","id":"kcm-kscreen","intent":"desktop-action","title":"Display Configuration","phrases":["Display Configuration in ${applicationName}"],"exec":"systemsettings kcm_kscreen"}"#,
            #"{"kind":"shortcut","app":"systemsettings","id":"kcm-users","intent":"desktop-action","title":"Users","phrases":["Users in ${applicationName}"],"exec":"systemsettings kcm_users"}"#,
            #"{"kind":"entity","app":"systemsettings","type":"SettingsPanel","id":"kcm_kscreen","title":"Display Configuration","subtitle":"System Settings","exec":"systemsettings kcm_kscreen","rankingHint":0,"keywords":["resolution","monitor"]}"#,
            #"{"kind":"entity","app":"systemsettings","type":"SettingsPanel","id":"kcm_displaylock","title":"Display Lock","subtitle":"System Settings","exec":"systemsettings kcm_displaylock","rankingHint":0}"#,
            // The action names the module without its kcm_ prefix, as
            // System Settings' "Screen Locking" does.
            #"{"kind":"shortcut","app":"systemsettings","id":"screenlocker","intent":"desktop-action","title":"Screen Locking","phrases":["Screen Locking in ${applicationName}"],"exec":"systemsettings screenlocker"}"#,
            #"{"kind":"entity","app":"systemsettings","type":"SettingsPanel","id":"kcm_screenlocker","title":"Screen Locking","subtitle":"System Settings","exec":"systemsettings kcm_screenlocker","rankingHint":0}"#,
            #"{"kind":"entity","app":"systemsettings","type":"SettingsPanel","id":"kcm_screenlockerx","title":"Screen Locking Extras","subtitle":"System Settings","exec":"systemsettings kcm_screenlockerx","rankingHint":0}"#,
        ])
        let titles = try respond(dir, "display").hits.map(\.title)
        #expect(titles.filter { $0.hasPrefix("Display Configuration") }.count == 1, "\(titles)")
        #expect(titles.contains("Display Lock"), "\(titles)")
        #expect(try respond(dir, "resolution").hits.map(\.title) == ["Display Configuration"])
        let locking = try respond(dir, "screen locking").hits.map(\.title)
        #expect(locking.filter { $0.hasPrefix("Screen Locking") && !$0.contains("Extras") }.count == 1, "\(locking)")
        #expect(locking.contains("Screen Locking Extras"), "\(locking)")
    }

    /// An entity is a way into its app by its type (`SettingsPanel`), not by
    /// running a command line of its own: a note that does is found by its
    /// exact title as any entity is, not at a synonym's share, below a
    /// bookmark that only starts with it (a review).
    @Test func anEntityWithACommandLineIsNoWayIntoItsApp() throws {
        let dir = TempDir()
        try ingest(dir, [
            #"{"kind":"app","app":"example.journal","name":"Journal"}"#,
            #"{"kind":"entity","app":"example.journal","type":"Note","id":"kayak","title":"Kayak log","exec":"journal --open kayak"}"#,
            #"{"kind":"entity","app":"example.journal","type":"Bookmark","id":"kayak-2023","title":"Kayak log 2023","url":"https://example.com/kayak"}"#,
        ])
        #expect(try respond(dir, "kayak log").hits.first?.title == "Kayak log")
    }

    /// A query that is the whole of an app's synonym counts a share of the
    /// app's text weight again, as an exact title does: Thunderbird's "Open
    /// address book" (words 2–3 of its title, repeated in its phrases) came
    /// before Contacts, whose keyword is "address book", on BM25 alone.
    @Test func theWholeOfASynonymCountsItsTextAgain() throws {
        let dir = TempDir()
        try ingest(dir, Self.desktop)
        let hits = try respond(dir, "address book").hits.map(\.title)
        #expect(Array(hits.prefix(2)) == ["Contacts", "Open address book — Thunderbird"], "\(hits)")
    }

    // No indexed word is "libre", so "libre calc" matches word by word, but
    // the top hit's name starts both words: the response does not say that
    // nothing matches every word (it does for "system settings", above).
    @Test func aNameThatStartsEveryWordIsNoRelaxedMatch() throws {
        let r = try response("libre calc")
        #expect(r.hits.first?.title == "LibreOffice Calc" && !r.relaxed, "\(r.relaxed) \(r.hits.map(\.title))")
    }

    // Launchers match every word of a query as the start of a word: "sys
    // set" is System Settings (GNOME Shell and KRunner find it). Only the
    // word being typed did here; an earlier one had to be a whole word, so
    // nothing had every word, and "pass" was "corrected" to "paus": a
    // Transmission action with "Paused" came first, KeePassXC twelfth
    // (found by a held-out probe of real desktop files).
    @Test func everyWordIsTheStartOfAWordOnceNoItemHasThemAll() throws {
        let dir = TempDir()
        try ingest(dir, [
            #"{"kind":"app","app":"org.keepassxc.KeePassXC","name":"KeePassXC","synonyms":["Password Manager"]}"#,
            #"{"kind":"app","app":"transmission-gtk","name":"Transmission","synonyms":["BitTorrent Client"]}"#,
            #"{"kind":"intent","app":"transmission-gtk","id":"desktop-action","title":"Run a desktop action"}"#,
            #"{"kind":"shortcut","app":"transmission-gtk","id":"start-paused","intent":"desktop-action","title":"Start Transmission with All Torrents Paused","phrases":["Start ${applicationName} Paused"],"exec":"transmission-gtk --paused"}"#,
            #"{"kind":"app","app":"pavucontrol","name":"PulseAudio Volume Control","synonyms":["Volume Control"]}"#,
            #"{"kind":"app","app":"org.gnome.Contacts","name":"Contacts","synonyms":["friends","address book"]}"#,
            #"{"kind":"app","app":"org.kde.systemsettings","name":"System Settings","synonyms":["Settings"]}"#,
            #"{"kind":"app","app":"org.gnome.Evince","name":"Document Viewer","synonyms":["pdf","presentation"]}"#,
            #"{"kind":"app","app":"libreoffice-writer","name":"LibreOffice Writer","synonyms":["Word Processor","doc","docx"]}"#,
            #"{"kind":"app","app":"gimp","name":"GNU Image Manipulation Program","synonyms":["Image Editor"]}"#,
            #"{"kind":"app","app":"example.imagery","name":"Imagery Editorial"}"#,
        ])
        for (query, first) in [("pass man", "KeePassXC"), ("vol con", "PulseAudio Volume Control"),
                               ("sys set", "System Settings"), ("doc view", "Document Viewer")] {
            let r = try respond(dir, query)
            #expect(r.hits.first?.title == first && r.correctedQuery == nil && !r.relaxed,
                    "\(query): \(r.hits.map(\.title)) corrected \(r.correctedQuery ?? "-") relaxed \(r.relaxed)")
        }
        // A typo beside an abbreviation is corrected, the abbreviation kept:
        // as whole words, "pass manger" was "paus manager".
        let r = try respond(dir, "pass manger")
        #expect(r.hits.first?.title == "KeePassXC" && r.correctedQuery == "pass manager",
                "\(r.hits.map(\.title)) corrected \(r.correctedQuery ?? "-")")
        // Where an item has every word as typed, the words keep their
        // meaning: "image" is not read as the start of "Imagery".
        #expect(try search(dir, "image ed").map(\.title) == ["GNU Image Manipulation Program"])
        #expect(try search(dir, "ima edit").map(\.title).sorted() == ["GNU Image Manipulation Program", "Imagery Editorial"])
    }

    // Any letters in order are an abbreviation up to four; longer, they met
    // a long name by chance ("partiton" found only "PyCharm Community
    // Edition" so, and was never corrected to "partition"), so past four
    // only the starts of a name's words count.
    @Test func longLettersInOrderMustBeStartsOfWords() throws {
        let r = try response("partiton")
        #expect(r.correctedQuery == "partition")
        #expect(r.hits.first?.title == "GParted", "\(r.hits.map(\.title))")
        #expect(try titles("pyce").first == "PyCharm Community Edition")
        #expect(try titles("sysmon").first == "System Monitor")
        #expect(try titles("pycomed").first == "PyCharm Community Edition")
        #expect(try !titles("pycomt").contains("PyCharm Community Edition"))
    }

    // Launchers trim the space: "a " matched the article "a" as a whole word.
    @Test func oneLetterAndASpaceIsThatLetter() throws {
        #expect(try titles("h ") == titles("h"))
        #expect(try response("h ").correctedQuery == nil)
    }

    @Test func aSynonymStillFindsItsApp() throws {
        #expect(try titles("movie").first == "Videos")
        #expect(try titles("notepad").first == "Text Editor")
    }

    @Test func equalScoresTieAlphabeticallyWhateverTheCase() throws {
        let hits = try response("fruit").hits
        #expect(hits.map(\.title) == ["apple", "Banana"])
        #expect(hits.count == 2 && hits[0].score == hits[1].score)
    }

    // GNOME Shell and KRunner trim the space; "term " found nothing and
    // "fire " was "corrected" to "file" (Files).
    @Test(arguments: [("term ", "Terminal"), ("fire ", "Firefox"), ("libre ", "LibreOffice Calc"),
                      ("text ", "Text Editor"), ("terminal ", "Terminal")])
    func aSpaceAfterAWordStillFindsTheNameItStarts(query: String, title: String) throws {
        let r = try response(query)
        #expect(r.hits.first?.title == title, "\(r.hits.map(\.title))")
        #expect(r.correctedQuery == nil)
    }

    @Test func aCompleteUnknownWordFollowedByASpaceIsStillCorrected() throws {
        let r = try response("firefix ")
        #expect(r.correctedQuery == "firefox")
        #expect(r.hits.first?.title == "Firefox")
    }

    @Test func symbolsAloneFindNothing() throws {
        for q in ["*", "-", "\"", "🦊", "* -"] { #expect(try response(q).hits.isEmpty, "\(q)") }
        // An empty box (or spaces only) still suggests.
        #expect(try !response(" ").hits.isEmpty)
    }

    @Test func anAppIsFoundByItsDescription() throws {
        // As a word being typed ("photo" starts "photographs", and Cheese's
        // "photos": tied, alphabetically) and complete.
        #expect(try Array(titles("photo").prefix(2)) == ["Cheese", "GNU Image Manipulation Program"])
        #expect(try titles("photog").first == "GNU Image Manipulation Program")
        #expect(try titles("photographs").first == "GNU Image Manipulation Program")
        #expect(try titles("create").first == "GNU Image Manipulation Program")
        // Text, not a name: found with no title bonus (a title prefix alone is 3).
        #expect(try response("photographs").hits.first.map { $0.score < 3 } == true)
    }

    // A desktop entry's GenericName says what kind of app it is: the whole
    // of it, typed or being typed, ranks above a name the query only starts
    // ("File Manager Settings") and above a keyword (Document Viewer's
    // "presentation"); a name still ranks above it ("terminal" is Terminal,
    // then Konsole). Found by two launcher probe sets written apart; before,
    // the settings dialog and the viewer came first.
    @Test(arguments: [("file manager", "Thunar File Manager"), ("file man", "Thunar File Manager"),
                      ("presentation", "LibreOffice Impress"), ("terminal", "Terminal")])
    func aWholeGenericNameRanksAboveANameItOnlyStartsAndAboveAKeyword(query: String, first: String) throws {
        let found = try titles(query)
        #expect(found.first == first, "\(found)")
    }

    // Only the whole generic name weighs more: one the query only starts
    // ranks as a keyword would, below a later word of a name. At a generic
    // name's share, Cheese's "Webcam Booth" (2.1) passed Chromium Web
    // Browser (1.5) for "web".
    @Test func aGenericNameTheQueryOnlyStartsIsASynonym() throws {
        let found = try titles("web")
        #expect(found.first == "Chromium Web Browser", "\(found)")
    }

    // A word the query starts in an app's description ranks above the
    // query inside a word of a name, as GLib finds words by their start in
    // any field and never inside a word: "ide" is Geany ("… IDE …") before
    // Videos. Two letters say too little, and so does a word of many
    // descriptions: "window" starts a word of three (KeePassXC, XTerm,
    // Screenshot) and earns none of them the tier.
    @Test func aWordTheDescriptionStartsRanksAboveTheQueryInsideAName() throws {
        let found = try titles("ide")
        let geany = found.firstIndex(of: "Geany"), videos = found.firstIndex(of: "Videos")
        #expect(geany != nil && videos != nil && geany! < videos!, "\(found)")
        let titleMatch = { (q: String) in
            try self.response(q).hits.first { $0.title == "Geany" }?.components.first { $0.name == "titleMatch" }?.value ?? 0
        }
        #expect(try titleMatch("ide") == RankingWeights.descriptionWordStarts)
        #expect(try titleMatch("id") < RankingWeights.descriptionWordStarts)
        // Nor within one app's results: how few is counted over every app.
        let tiered = { (hits: [SearchHit]) in
            hits.filter { $0.components.contains { $0.name == "titleMatch" && $0.value >= RankingWeights.descriptionWordStarts } }
        }
        for app in [nil, "xterm"] {
            let window = tiered(try respond(dir, "window", app: app).hits)
            #expect(window.isEmpty, "\(app ?? "every app"): \(window.map(\.title))")
        }
        // A space after the word is the same word, typed.
        #expect(try titleMatch("ide ") == RankingWeights.descriptionWordStarts)
    }
}
