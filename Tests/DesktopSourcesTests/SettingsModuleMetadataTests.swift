import Glibc
import LimelightModel
import Testing
@testable import DesktopSources

/// A Qt plugin library as far as its metadata goes, written as Qt writes it
/// (qplugin.h): CBOR after a marker and four header bytes.
enum QtPluginFixture {
    static func head(_ major: UInt8, _ n: Int) -> [UInt8] {
        if n < 24 { return [major << 5 | UInt8(n)] }
        if n < 256 { return [major << 5 | 24, UInt8(n)] }
        return [major << 5 | 25, UInt8(n >> 8), UInt8(n & 0xff)]
    }

    static func text(_ s: String) -> [UInt8] { head(3, s.utf8.count) + Array(s.utf8) }

    static func array(_ items: [String]) -> [UInt8] { head(4, items.count) + items.flatMap(text) }

    /// A map with text keys; Qt writes its outer maps of indefinite length.
    static func map(_ pairs: [(String, [UInt8])], indefinite: Bool = false) -> [UInt8] {
        let body = pairs.flatMap { text($0.0) + $0.1 }
        return indefinite ? [0xbf] + body + [0xff] : head(5, pairs.count) + body
    }

    /// The root Qt writes: 2 the interface id, 3 the class name, 4 the
    /// plugin's JSON (`json`, a CBOR map).
    static func root(_ json: [UInt8]) -> [UInt8] {
        [0xbf, 0x02] + text("org.kde.KPluginFactory") + [0x03] + text("kcm_factory") + [0x04] + json + [0xff]
    }

    /// Qt 5: `QTMETADATA !`, then version 0, Qt 5.15, flags, in the middle of code.
    static func qt5(_ json: [UInt8]) -> [UInt8] {
        [0x7f] + Array("ELF".utf8) + [UInt8](repeating: 0x90, count: 300) + Array("QTMETADATA !".utf8) + [0, 5, 15, 0]
            + root(json) + [UInt8](repeating: 0xcc, count: 100)
    }

    /// Qt 6: the ELF note named `qt-project!`, then version 1, Qt 6.8, flags.
    static func qt6(_ json: [UInt8]) -> [UInt8] {
        [0x7f] + Array("ELF".utf8) + [UInt8](repeating: 0, count: 60) + [12, 0, 0, 0, 40, 0, 0, 0, 0x01, 0x00, 0x51, 0x74]
            + Array("qt-project!\0".utf8) + [1, 6, 8, 0] + root(json) + [UInt8](repeating: 0, count: 64)
    }

    /// kcm_networkmanagement as Plasma 5.27 has it (a shortened keyword list).
    static let connections = qt5(map([
        ("KPlugin", map([("Description", text("Edit your Network Connections")),
                         ("Description[de]", text("Bearbeiten Sie Ihre Netzwerkverbindungen")),
                         ("Icon", text("preferences-system-network")), ("Name", text("Connections"))], indefinite: true)),
        ("X-KDE-Keywords", text("networks,wifi,wi-fi, ethernet,,vpn")),
        ("X-KDE-Keywords[de]", text("Netzwerke,WLAN,wifi,Ethernet,vpn")),
        ("X-KDE-Keywords[pt]", text("redes")),
        ("X-KDE-Keywords[pt_BR]", text("redes,internet")),
        ("X-KDE-Keywords[fr]", text(" ")),
        ("X-KDE-Weight", [0x18, 40]),
    ], indefinite: true))
}

/// Plasma's settings modules keep their description and search keywords in
/// their Qt plugin, not in their desktop files (`SettingsModuleMetadata`).
@Suite struct SettingsModuleMetadataTests {
    /// The translated keywords, then the untranslated ones that KRunner
    /// matches (translations leave most out); the description in the locale.
    @Test func qt5MetadataIsReadInTheLocaleThenInEnglish() throws {
        let english = ["networks", "wifi", "wi-fi", "ethernet", "vpn"]
        let german = try #require(SettingsModuleMetadata.read(QtPluginFixture.connections, locale: DesktopLocale("de_DE.UTF-8")))
        #expect(german == SettingsModuleMetadata(description: "Bearbeiten Sie Ihre Netzwerkverbindungen",
                                                 keywords: ["Netzwerke", "WLAN", "wifi", "Ethernet", "vpn", "networks", "wi-fi", "ethernet"]))
        #expect(SettingsModuleMetadata.read(QtPluginFixture.connections, locale: nil)
            == SettingsModuleMetadata(description: "Edit your Network Connections", keywords: english))
        // The country's translation before the language's; an empty one is none.
        #expect(SettingsModuleMetadata.read(QtPluginFixture.connections, locale: DesktopLocale("pt_BR.UTF-8"))?.keywords
            == ["redes", "internet"] + english)
        #expect(SettingsModuleMetadata.read(QtPluginFixture.connections, locale: DesktopLocale("pt_PT.UTF-8"))?.keywords == ["redes"] + english)
        #expect(SettingsModuleMetadata.read(QtPluginFixture.connections, locale: DesktopLocale("fr_FR.UTF-8"))?.keywords == english)
    }

    /// A JSON array, which KPluginMetaData reads as a list too, in a Qt 6
    /// library's ELF note.
    @Test func qt6NoteMetadataWithKeywordsAsAnArray() throws {
        let library = QtPluginFixture.qt6(QtPluginFixture.map([
            ("KPlugin", QtPluginFixture.map([("Description", QtPluginFixture.text("Configure audio devices and volume")),
                                             ("Name", QtPluginFixture.text("Audio"))])),
            ("X-KDE-Keywords", QtPluginFixture.array(["sound", "volume", "sound", " speakers\t"])),
        ], indefinite: true))
        #expect(SettingsModuleMetadata.read(library, locale: nil)
            == SettingsModuleMetadata(description: "Configure audio devices and volume", keywords: ["sound", "volume", "speakers"]))
    }

    /// A library's bytes are not trusted: cut anywhere, or with a length
    /// past its end, its metadata is nil, never a crash or a half-read value.
    @Test func metadataCutShortOrLyingIsNone() {
        let whole = QtPluginFixture.connections
        let metadataEnd = whole.count - 100
        let marker = Array("QTMETADATA !".utf8)
        let metadataStart = (0...whole.count - marker.count).first { Array(whole[$0..<$0 + marker.count]) == marker }! + marker.count + 4
        for cut in metadataStart..<metadataEnd {
            #expect(SettingsModuleMetadata.read(Array(whole[..<cut]), locale: nil) == nil, "cut at \(cut)")
        }
        let header = marker + [0, 5, 15, 0, 0xbf, 0x04]
        // Texts that claim 2^63 − 1 and 2^64 − 1 bytes, a map that claims more pairs than bytes follow.
        #expect(SettingsModuleMetadata.read(header + [0x7b, 0x7f] + [UInt8](repeating: 0xff, count: 7), locale: nil) == nil)
        #expect(SettingsModuleMetadata.read(header + [0x7b] + [UInt8](repeating: 0xff, count: 8), locale: nil) == nil)
        #expect(SettingsModuleMetadata.read(header + [0xbb, 0, 0, 0, 1, 0, 0, 0, 0, 0xff], locale: nil) == nil)
        // An integer key past Int64, a break with nothing to end.
        #expect(SettingsModuleMetadata.read(header + [0x1b] + [UInt8](repeating: 0xff, count: 8) + [0xff], locale: nil) == nil)
        #expect(SettingsModuleMetadata.read(marker + [0, 5, 15, 0, 0xff], locale: nil) == nil)
        // Nested past any plugin's depth.
        #expect(SettingsModuleMetadata.read(marker + [0, 5, 15, 0] + [UInt8](repeating: 0x81, count: 10_000) + [0x00], locale: nil) == nil)
        #expect(SettingsModuleMetadata.read(Array("no metadata here".utf8), locale: nil) == nil)
    }

    /// A module's desktop file (NoDisplay, X-KDE-AliasFor, a name, a command
    /// line) gets the description and keywords its plugin holds, from the
    /// first namespace that has it in any plugin directory, as KDE looks;
    /// what the file says itself is kept.
    @Test func aModuleIsFoundByWhatItsPluginSays() throws {
        let fixture = ApplicationDiscoveryTests()
        let apps = "usr/share/applications/"
        fixture.tree.write("bin/systemsettings", "#!/bin/sh\n", mode: 0o755)
        fixture.tree.write(apps + "systemsettings.desktop", fixture.entry("System Settings", exec: "systemsettings"))
        for (id, name, own) in [("kcm_networkmanagement", "Connections", ""), ("kcm_own", "Own", "Comment=Its own\nKeywords=mine;\n"),
                                ("kcm_comment", "Commented", "Comment=Said here\n"), ("kcm_about", "About this System", ""),
                                ("kcm_nowhere", "Nowhere", ""), ("kcm_broken", "Broken", ""), ("kcm_fifo", "Pipe", "")] {
            fixture.tree.write(apps + id + ".desktop", fixture.entry(name, "NoDisplay=true\nX-KDE-AliasFor=systemsettings\n" + own,
                                                                    exec: "systemsettings \(id)"))
        }
        let modules = "qt5/plasma/kcms/systemsettings_qwidgets/"
        for id in ["kcm_networkmanagement", "kcm_own", "kcm_comment"] {
            fixture.tree.write(modules + id + ".so", bytes: QtPluginFixture.connections)
        }
        fixture.tree.write(modules + "kcm_broken.so", bytes: Array(QtPluginFixture.connections.prefix(400)))
        mkfifo(fixture.tree.path(modules + "kcm_fifo.so"), 0o644)
        // "About this System" is in plasma/kcms itself, which System Settings
        // searches first: a later directory's copy there wins over this one's
        // in a later namespace.
        fixture.tree.write("qt5/plasma/kcms/kinfocenter/kcm_about.so", bytes: QtPluginFixture.qt6(QtPluginFixture.map([])))
        fixture.tree.write("qt6/plasma/kcms/kcm_about.so", bytes: QtPluginFixture.qt6(QtPluginFixture.map([
            ("KPlugin", QtPluginFixture.map([("Description", QtPluginFixture.text("Information about this system"))])),
            ("X-KDE-Keywords", QtPluginFixture.text("distro,kernel")),
        ])))
        var environment = fixture.environment
        environment.pluginDirectories = [fixture.tree.path("empty"), fixture.tree.path("qt5"), fixture.tree.path("qt6")]
        let made = DesktopSource.apps.records(in: environment, now: .now())
        func module(_ id: String) throws -> Record { try #require(SourceRecordsTests.find(made, .entity, app: "systemsettings", id: id)) }
        #expect(try module("kcm_networkmanagement").text == "Bearbeiten Sie Ihre Netzwerkverbindungen")
        #expect(try module("kcm_networkmanagement").keywords == ["Netzwerke", "WLAN", "wifi", "Ethernet", "vpn", "networks", "wi-fi", "ethernet"])
        #expect(try module("kcm_own").text == "Its own" && module("kcm_own").keywords == ["mine"])
        #expect(try module("kcm_comment").text == "Said here" && module("kcm_comment").keywords.first == "Netzwerke")
        #expect(try module("kcm_about").keywords == ["distro", "kernel"])
        for id in ["kcm_nowhere", "kcm_broken", "kcm_fifo"] {
            #expect(try module(id).text == nil && module(id).keywords.isEmpty, "\(id)")
        }
        // A plugin that is there but cannot be read is named, as a broken
        // desktop file is; one that is nowhere is no defect.
        #expect(!made.problems.contains { $0.file.contains("kcm_") })
        let named = made.warnings.filter { $0.file.contains("kcm_") }
        #expect(named.map(\.file).sorted() == [fixture.tree.path(modules + "kcm_broken.so"), fixture.tree.path(modules + "kcm_fifo.so")])
        #expect(named.first { $0.file.hasSuffix("kcm_broken.so") }?.problem.hasPrefix("holds no Qt plugin metadata") == true, "\(named)")
        #expect(named.first { $0.file.hasSuffix("kcm_fifo.so") }?.problem.hasPrefix("is not a regular file") == true, "\(named)")
        #expect(named.allSatisfy { $0.problem.contains("is found by its name only") }, "\(named)")
    }
}
