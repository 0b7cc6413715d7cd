import Testing
@testable import DesktopSources

@Suite struct KeyFileTests {
    func parse(_ text: String) throws(DesktopSourceError) -> KeyFile {
        try KeyFile.parse(Array(text.utf8), path: "t.desktop")
    }

    func failure(_ text: String) -> String? {
        do { _ = try parse(text); return nil } catch { return error.description }
    }

    @Test func groupsKeysAndCommentsAsTheSpecWritesThem() throws {
        let file = try parse("""
            # leading comment
            [Desktop Entry]
              Name = Files  \t
            Exec=nautilus --new-window %U

            # another
            [Desktop Action new-window]
            Name=New Window
            """)
        #expect(file.groups.map(\.name) == ["Desktop Entry", "Desktop Action new-window"])
        let entry = try #require(file.group("Desktop Entry"))
        // Spaces around = are ignored; trailing spaces of a value are kept (the spec says nothing, GLib keeps them).
        #expect(entry.string("Name") == "Files  \t")
        #expect(entry["Exec"]?.line == 4)
        #expect(file.group("Desktop Action new-window")?.string("Name") == "New Window")
        #expect(file.group("Nope") == nil)
    }

    @Test func escapesAreUndoneAndUnknownOnesKept() throws {
        let entry = try #require(try parse(#"""
            [G]
            A=one\stwo\nthree\tfour\rfive\\six
            B=keep \q and a \; in a plain string
            C=trailing\
            """#).group("G"))
        #expect(entry.string("A") == "one two\nthree\tfour\rfive\\six")
        #expect(entry.string("B") == #"keep \q and a \; in a plain string"#)
        #expect(entry.string("C") == "trailing\\")
    }

    @Test func listsSplitOnUnescapedSemicolons() throws {
        let entry = try #require(try parse(#"""
            [G]
            Keywords=Text;Editor\;Plain;a\\;b;
            NoTrailing=x;y
            Empty=
            Doubled=a;;b;
            """#).group("G"))
        #expect(entry.strings("Keywords") == ["Text", "Editor;Plain", "a\\", "b"])
        #expect(entry.strings("NoTrailing") == ["x", "y"])
        #expect(entry.strings("Empty") == [])
        #expect(entry.strings("Doubled") == ["a", "", "b"])
        #expect(entry.strings("Missing") == nil)
    }

    @Test func localeStringsFallBackInGLibsOrder() throws {
        let entry = try #require(try parse("""
            [Desktop Entry]
            Name=Plain
            Name[sr]=Lang
            Name[sr@latin]=LangMod
            Name[sr_RS]=LangCountry
            Name[sr_RS@latin]=All
            Name[de_DE.UTF-8]=Encoded
            Keywords=a;b;
            Keywords[ko]=가;나;
            """).group("Desktop Entry"))
        func name(_ locale: String?) -> String? {
            entry.localeString("Name", locale: locale.flatMap(DesktopLocale.init))
        }
        #expect(name("sr_RS.UTF-8@latin") == "All")
        #expect(name("sr_RS.UTF-8") == "LangCountry")
        #expect(name("sr_ME@latin") == "LangMod")   // no sr_ME@latin, no sr_ME → sr@latin
        #expect(name("sr_ME") == "Lang")
        // With no sr_RS@latin name, a Latin reader gets sr@latin, not the sr_RS (Cyrillic) one.
        let latin = try #require(try parse("[Desktop Entry]\nName=Plain\nName[sr_RS]=Кирилица\nName[sr@latin]=Latinica\n").group("Desktop Entry"))
        #expect(latin.localeString("Name", locale: DesktopLocale("sr_RS@latin")) == "Latinica")
        #expect(name("sr") == "Lang")
        #expect(name("de_DE") == "Encoded")          // .ENC in the key is ignored
        #expect(name("de_AT") == "Plain")            // de_AT matches neither de_DE nor a plain de
        #expect(name("C") == "Plain")
        #expect(name(nil) == "Plain")
        #expect(entry.localeStrings("Keywords", locale: DesktopLocale("ko_KR.UTF-8")) == ["가", "나"])
        #expect(entry.localeStrings("Keywords", locale: DesktopLocale("fr")) == ["a", "b"])
    }

    @Test func theLocaleComesFromLC_ALLThenLC_MESSAGESThenLANG() {
        func locale(_ env: [String: String]) -> String? {
            DesktopLocale.fromEnvironment { env[$0] }?.description
        }
        #expect(locale(["LC_ALL": "ko_KR.UTF-8", "LC_MESSAGES": "de_DE", "LANG": "fr_FR"]) == "ko_KR")
        #expect(locale(["LC_ALL": "", "LC_MESSAGES": "de_DE@euro", "LANG": "fr_FR"]) == "de_DE@euro")
        #expect(locale(["LANG": "pt_BR.UTF-8"]) == "pt_BR")
        #expect(locale(["LANG": "C.UTF-8"]) == nil)
        #expect(locale(["LC_ALL": "POSIX", "LANG": "fr_FR"]) == nil)
        #expect(locale([:]) == nil)
        // GLib's order, as GNOME shows names: the modifier (a script) before the country.
        #expect(DesktopLocale("sr_RS.UTF-8@latin")?.candidates == ["sr_RS@latin", "sr@latin", "sr_RS", "sr"])
        #expect(DesktopLocale("ca@valencia")?.candidates == ["ca@valencia", "ca"])
    }

    /// LANGUAGE lists the languages, as GLib reads it (GNOME named apps in
    /// German where Limelight named them in English), in the C locale too
    /// (gettext passes it over there, GLib does not), and alone.
    @Test func languageListsTheLanguagesToTryFirst() {
        func candidates(_ env: [String: String]) -> [String]? { DesktopLocale.fromEnvironment { env[$0] }?.candidates }
        #expect(candidates(["LANG": "en_US.UTF-8", "LANGUAGE": "de_DE:de"]) == ["de_DE", "de"])
        #expect(candidates(["LANG": "en_US.UTF-8", "LANGUAGE": "de:en_US"]) == ["de", "en_US", "en"])
        #expect(candidates(["LANG": "C.UTF-8", "LANGUAGE": "fr"]) == ["fr"])
        #expect(candidates(["LANGUAGE": "fr:C"]) == ["fr"])
        #expect(candidates(["LANG": "C.UTF-8", "LANGUAGE": ""]) == nil)
        #expect(candidates(["LANG": "fr_FR", "LANGUAGE": ""]) == ["fr_FR", "fr"])
        let file = try? KeyFile.parse(Array("[Desktop Entry]\nName=Calculator\nName[de]=Taschenrechner\n".utf8), path: "x.desktop")
        let entry = file?.group("Desktop Entry")
        #expect(entry?.localeString("Name", locale: DesktopLocale.fromEnvironment { ["LANG": "en_US.UTF-8", "LANGUAGE": "de_DE:de"][$0] }) == "Taschenrechner")
    }

    @Test func booleansAreReadAsGLibReadsThem() throws {
        let entry = try #require(try parse("[G]\nA=true\nB=false\nC=1\nD=yes\nE=false \t\nF=True\n").group("G"))
        var warnings: [DesktopSourceError] = []
        #expect(entry.boolean("A", file: "t", warnings: &warnings) == true)
        #expect(entry.boolean("B", file: "t", warnings: &warnings) == false)
        #expect(entry.boolean("C", file: "t", warnings: &warnings) == true)
        #expect(entry.boolean("Z", file: "t", warnings: &warnings) == nil)
        #expect(entry.boolean("E", file: "t", warnings: &warnings) == false)
        #expect(warnings.isEmpty)
        // Not a boolean: false (GLib's g_desktop_app_info reads it so), told.
        #expect(entry.boolean("D", file: "t", warnings: &warnings) == false)
        #expect(entry.boolean("F", file: "t", warnings: &warnings) == false)
        #expect(warnings.map(\.description) == [#"t:5: D must be true or false, found "yes"; read as false, as GLib does"#,
                                                #"t:7: F must be true or false, found "True"; read as false, as GLib does"#])
    }

    @Test func keysAreWhatGLibAcceptsAndAnEmptyTranslationIsNone() throws {
        let entry = try #require(try parse("[G]\nX-Foo_Bar=1\nX-A.b c=2\nName=Plain\nName[de]=\n").group("G"))
        #expect(entry.string("X-Foo_Bar") == "1" && entry.string("X-A.b c") == "2")
        #expect(entry.localeString("Name", locale: DesktopLocale("de_DE.UTF-8")) == "Plain")
    }

    @Test func aRepeatedKeyKeepsItsLastValueLikeGLib() throws {
        let entry = try #require(try parse("[G]\nName=a\nName=b\n").group("G"))
        #expect(entry.string("Name") == "b")
        #expect(entry.keys == ["Name"])
    }

    @Test func brokenLinesAreReportedWithFileAndLine() {
        #expect(failure("Name=x\n[G]\n") == "t.desktop:1: entry Name comes before any [Group] header")
        #expect(failure("[G]\nName=x\njust words\n") == #"t.desktop:3: expected a [Group] header, a Key=Value entry or a # comment, found "just words""#)
        #expect(failure("[G]\n[G]\n") == "t.desktop:2: group [G] appears a second time")
        #expect(failure("[G\n") == #"t.desktop:1: a group header must be [Name], found "[G""#)
        #expect(failure("[G]\nNa]me=x\n") == #"t.desktop:2: a key may not be empty nor hold ] outside its [locale]: "Na]me""#)
        #expect(failure("[G]\n=x\n") == "t.desktop:2: a key may not be empty nor hold ] outside its [locale]: \"\"")
        #expect(failure("[G]\nName[de=x\n") == #"t.desktop:2: a localized key must end with ]: "Name[de""#)
        #expect(failure("[G]\nName[]=x\n") == #"t.desktop:2: bad locale in key "Name[]""#)
        #expect(failure("[A]\n[B]\n[C]\nName=\u{1}") == nil)
    }

    @Test func invalidUTF8IsReported() {
        var bytes = Array("[G]\nName=caf".utf8)
        bytes += [0xe9, 0x0a]
        #expect(throws: DesktopSourceError(file: "x", line: 2, problem: "not valid UTF-8 (the spec requires UTF-8)")) {
            try KeyFile.parse(bytes, path: "x")
        }
    }

    /// A byte order mark is refused, as GLib refuses it, and named: unseen
    /// in an editor, "found [Desktop Entry]" would look like no error at all.
    @Test func aByteOrderMarkIsNamed() {
        do {
            _ = try KeyFile.parse([0xEF, 0xBB, 0xBF] + Array("[Desktop Entry]\nName=x\n".utf8), path: "bom.desktop")
            Issue.record("a BOM was accepted")
        } catch {
            #expect(error.line == 1 && error.problem.contains("byte order mark"), "\(error)")
        }
    }

    /// `=` or `;` followed by a joiner or a combining mark is one Character
    /// in Swift, but still the separator: Debian's mate-about-me.desktop has
    /// `Name[fa]=` + U+200C, and was reported broken, its app left out.
    @Test func aValueStartingWithAJoinerOrACombiningMarkKeepsItsSeparator() throws {
        let entry = try #require(try parse("[G]\nName[fa]=\u{200C}درباره\u{200C}ی من\nKeywords=a;\u{0301}b;\u{200D}c\nComment= \u{0301}x\n").group("G"))
        #expect(entry.string("Name[fa]") == "\u{200C}درباره\u{200C}ی من")
        #expect(entry.strings("Keywords") == ["a", "\u{0301}b", "\u{200D}c"])
        #expect(entry.string("Comment") == "\u{0301}x")
    }

    /// A line is a comment or a group header by its first byte, as GLib
    /// reads it: a `#` or `[` followed by a combining mark is one Character,
    /// which a String's `hasPrefix` did not take for `#`, and the file was
    /// refused whole.
    @Test func aCommentOrHeaderIsToldByItsFirstByte() throws {
        let file = try parse("#\u{0301} a comment\n[G\u{0301}]\nName=x\n")
        #expect(file.group("G\u{0301}")?.string("Name") == "x")
    }

    /// What is not a regular file is refused as opened, not read: a
    /// directory was read until it failed ("cannot read: Is a directory"),
    /// and a FIFO put in a file's place after discovery tested it blocked
    /// the open, and the sync.
    @Test func onlyARegularFileIsRead() throws {
        let tree = FixtureTree()
        let directory = tree.directory("x.desktop")
        #expect(throws: DesktopSourceError(file: directory, line: 0, problem: "is not a regular file")) {
            try KeyFile.load(directory)
        }
        // (A FIFO is refused by the same test; tried here, a regression
        // would block the suite instead of failing it.)
    }

    /// A key file past 4 MB is not read: named, not parsed at length.
    @Test func aHugeFileIsNotRead() throws {
        let tree = FixtureTree()
        let path = tree.write("huge.desktop", "[Desktop Entry]\nName=x\nComment=" + String(repeating: "a", count: KeyFile.maxBytes) + "\n")
        #expect(throws: DesktopSourceError(file: path, line: 0, problem: "the file is 4 MB; a key file of more than 4 MB is not read")) {
            try KeyFile.load(path)
        }
    }

    @Test func crlfLineEndsAreAccepted() throws {
        let entry = try #require(try parse("[G]\r\nName=x\r\n").group("G"))
        #expect(entry.string("Name") == "x")
    }
}
