import Testing
@testable import LimelightKit

/// Text found as people type it (found by a helper's audit of search across
/// languages): a title and a query in one Unicode form (NFKC), diacritics of
/// Latin and Greek letters typed or not, hyphenated words typed whole.
@Suite struct UnicodeSearchTests {
    let dir = TempDir()
    init() throws {
        let titles = [
            "phở": "Phở Hà Nội", "timisoara": "Timișoara", "athens": "Αθήνα ταξίδι", "kosmos": "Κόσμος news",
            "korolev": "Королёв лекция", "resume": "Resume template", "strasse": "Strasse 5",
            // Decomposed, as macOS writes file names: "Café Noir", "러닝 기록".
            "noir": "Cafe\u{301} Noir", "running": "\u{1105}\u{1165}\u{1102}\u{1175}\u{11BC} \u{1100}\u{1175}\u{1105}\u{1169}\u{11A8}",
            "abc": "ＡＢＣ Company", "katakana": "ｶﾀｶﾅ練習", "tokyo": "Tokyo Tower", "fiance": "ﬁancé notes",
            "wifi": "Wi-Fi passwords", "email": "e-mail drafts", "saint": "Saint-Étienne match", "winery": "Winery tour",
            "quarterly": "quarterly_report_2026.pdf",
        ]
        try ingest(dir, [#"{"kind":"app","app":"com.example.notes","name":"Notes"}"#] + titles.map { id, title in
            #"{"kind":"entity","app":"com.example.notes","type":"Note","id":"\#(id)","title":"\#(title)"}"#
        })
    }

    /// The query's first hit, and whether it was 'corrected'.
    func first(_ query: String) throws -> (id: String?, corrected: Bool) {
        let r = try respond(dir, query)
        return (r.hits.first?.id, r.correctedQuery != nil)
    }

    @Test func diacriticsOfEveryLatinAndGreekLetterNeedNotBeTyped() throws {
        for (query, id) in [("pho", "phở"), ("ha noi", "phở"), ("timisoara", "timisoara"), ("αθηνα", "athens"),
                            ("ΑΘΗΝΑ", "athens"), ("αθη", "athens"), ("королев", "korolev"), ("fiance", "fiance")] {
            let (hit, corrected) = try first(query)
            #expect(hit == id && !corrected, "\(query): \(hit ?? "nothing"), corrected \(corrected)")
        }
    }

    /// Typed with diacritics that the title lacks, the word still matches
    /// (it was 'corrected' or found nothing), and a final sigma typed is no typo.
    @Test func diacriticsTypedThatTheTitleLacksStillMatch() throws {
        for (query, id) in [("résumé", "resume"), ("résumé ", "resume"), ("straße", "strasse"), ("κοσμος ", "kosmos"),
                            ("phở hà", "phở")] {
            let (hit, corrected) = try first(query)
            #expect(hit == id && !corrected, "\(query): \(hit ?? "nothing"), corrected \(corrected)")
        }
    }

    /// Typing the diacritics ranks as leaving them out. A word typed with
    /// them matched both forms the index holds and weighed twice, which
    /// swamped the title bonuses: on the bundled corpus "sacré cœur" put
    /// "Crowds at Sacré-Cœur Basilica" (a later word) above "Sacré-Cœur
    /// Basilica" (the title it starts) (found by a typing audit).
    @Test func typingTheDiacriticsRanksAsLeavingThemOut() throws {
        let dir = TempDir()
        let titles = ["basilica": "Sacré-Cœur Basilica", "crowds": "Crowds at Sacré-Cœur Basilica",
                      "tower": "Belém Tower", "looking": "Looking up at Belém Tower"]
        try ingest(dir, [#"{"kind":"app","app":"com.example.notes","name":"Notes"}"#]
                   + titles.map { #"{"kind":"entity","app":"com.example.notes","type":"Note","id":"\#($0)","title":"\#($1)"}"# }
                   + (1...20).map { #"{"kind":"entity","app":"com.example.notes","type":"Note","id":"n\#($0)","title":"Note \#($0)"}"# })
        for (typed, plain) in [("sacré cœur", "sacre coeur"), ("belém tower", "belem tower"), ("belém", "belem"), ("sacré ", "sacre ")] {
            let a = try respond(dir, typed).hits.map { "\($0.id) \($0.score)" }, b = try respond(dir, plain).hits.map { "\($0.id) \($0.score)" }
            #expect(!a.isEmpty && a == b, "\(typed): \(a) against \(plain): \(b)")
        }
        #expect(try respond(dir, "sacré cœur").hits.first?.id == "basilica")
    }

    /// French, Italian and Catalan names elide an article before a vowel
    /// ("Visionneur d’images"): the word after it is a word of the name, as
    /// people type it, and a name that has it comes before an app that only
    /// lists it among its keywords, as for any other word of a name. (Xapian
    /// keeps "d’images" one word: "images" was Shotwell's, which lists it,
    /// and found the viewer only inside a word.) The records are those
    /// `sync apps` makes of the Debian desktop files under LANG=fr_FR.UTF-8.
    @Test func aWordAfterAnElidedArticleIsAWordOfTheName() throws {
        let dir = TempDir()
        try ingest(dir, [
            #"{"kind":"app","app":"org.gnome.FileRoller","name":"Gestionnaire d’archives","synonyms":["zip","tar","extraire","décompresser","file-roller"],"description":"Créer et modifier des archives","keywords":["GTK","GNOME","Utility","Archiving","Compression"]}"#,
            #"{"kind":"app","app":"org.gnome.eog","name":"Visionneur d’images","synonyms":["Image","Diaporama","Graphiques","Photographie","eog"],"description":"Parcourir et pivoter les images","keywords":["GNOME","GTK","Graphics","Viewer"]}"#,
            #"{"kind":"app","app":"org.kde.ark","name":"Ark","genericName":"Outil d'archivage","synonyms":["Outil d'archivage","ark"],"description":"Travailler avec des archives de fichiers","keywords":["Qt","KDE","Utility","Archiving","Compression"]}"#,
            #"{"kind":"app","app":"shotwell","name":"Shotwell","genericName":"Gestionnaire de photos","synonyms":["Gestionnaire de photos","album","galerie","image","images","photo","photos"],"description":"Organisez vos photos","keywords":["Graphics","Photography","GNOME","GTK"]}"#,
            #"{"kind":"app","app":"org.gnome.Screenshot","name":"Capture d’écran","description":"Enregistrer des images de votre écran ou de fenêtres"}"#,
            #"{"kind":"app","app":"org.gnome.Usage","name":"Statistiques de l'utilisation"}"#,
        ])
        for (query, id) in [("images", "org.gnome.eog"), ("imag", "org.gnome.eog"), ("archives", "org.gnome.FileRoller"),
                            ("archi", "org.gnome.FileRoller"), ("écran", "org.gnome.Screenshot"), ("ecran", "org.gnome.Screenshot"),
                            ("capture ecran", "org.gnome.Screenshot"), ("capture d’écran", "org.gnome.Screenshot"),
                            ("capture d'é", "org.gnome.Screenshot"), ("utilisation", "org.gnome.Usage"), ("l'util", "org.gnome.Usage"),
                            ("gestionnaire d'archives", "org.gnome.FileRoller")] {
            let r = try respond(dir, query)
            #expect(r.hits.first?.id == id && r.correctedQuery == nil,
                    "\(query): \(r.hits.prefix(3).map(\.id)), corrected \(r.correctedQuery ?? "no")")
        }
    }

    /// A word written with hyphens is found typed without them, whole or
    /// being typed (it found nothing, or was 'corrected': 'email' to 'mail').
    @Test func hyphenatedWordsAreFoundTypedWhole() throws {
        for (query, id) in [("wifi", "wifi"), ("wif", "wifi"), ("wi-fi", "wifi"), ("email", "email"), ("emails", "email"),
                            ("saintetienne", "saint"), ("win", "winery")] {
            let (hit, corrected) = try first(query)
            #expect(hit == id && !corrected, "\(query): \(hit ?? "nothing"), corrected \(corrected)")
        }
    }

    /// A file name's parts joined by underscores are words to type (the
    /// name was found by "report", but nothing once a second word came).
    @Test func snakeCaseNamesAreFoundByTheirParts() throws {
        for query in ["quarterly report", "report quarterly", "report ", "quarterly rep", "quarterly_report"] {
            let (hit, corrected) = try first(query)
            #expect(hit == "quarterly" && !corrected, "\(query): \(hit ?? "nothing"), corrected \(corrected)")
        }
    }

    @Test func decomposedFullWidthAndHalfWidthTextIsTheTextTyped() throws {
        for (query, id) in [("cafe noir", "noir"), ("café noir", "noir"), ("러닝", "running"), ("러", "running"),
                            ("abc", "abc"), ("ｔｏｋｙｏ", "tokyo"), ("カタ", "katakana")] {
            let (hit, corrected) = try first(query)
            #expect(hit == id && !corrected, "\(query): \(hit ?? "nothing"), corrected \(corrected)")
        }
    }

    /// "C++" and "C#" typed whole are those words when a title has them, not
    /// "c" (Calculus, with a stronger prior, was first); a `+` typed on the
    /// way to a word that goes on ("bindgen+default") still waits.
    @Test func aWordEndingInPlusOrHashTypedWholeIsThatWord() throws {
        let other = TempDir()
        try ingest(other, [
            #"{"kind":"app","app":"com.example.books","name":"Books"}"#,
            #"{"kind":"entity","app":"com.example.books","type":"Book","id":"cpp","title":"C++ Primer"}"#,
            #"{"kind":"entity","app":"com.example.books","type":"Book","id":"cs","title":"C# in Depth"}"#,
            #"{"kind":"entity","app":"com.example.books","type":"Book","id":"calculus","title":"Calculus","rankingHint":80}"#,
            #"{"kind":"entity","app":"com.example.books","type":"Book","id":"bindgen","title":"bindgen+default notes"}"#,
        ])
        #expect(try search(other, "C++").map(\.id) == ["cpp"])
        #expect(try search(other, "c#").map(\.id) == ["cs"])
        #expect(try search(other, "c+").first?.id == "cpp")
        #expect(try search(other, "bindgen+").map(\.id) == ["bindgen"])
        #expect(try search(other, "c").first?.id == "calculus")
    }
}
