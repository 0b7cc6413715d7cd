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
        ("X-KDE-Weight", [0x18, 40]),
    ], indefinite: true))
}

/// Plasma's settings modules keep their description and search keywords in
/// their Qt plugin, not in their desktop files (`SettingsModuleMetadata`).
@Suite struct SettingsModuleMetadataTests {
    @Test func qt5MetadataIsReadInTheLocale() throws {
        let german = try #require(SettingsModuleMetadata.read(QtPluginFixture.connections, locale: DesktopLocale("de_DE.UTF-8")))
        #expect(german == SettingsModuleMetadata(description: "Bearbeiten Sie Ihre Netzwerkverbindungen",
                                                 keywords: ["Netzwerke", "WLAN", "wifi", "Ethernet", "vpn"]))
        let english = try #require(SettingsModuleMetadata.read(QtPluginFixture.connections, locale: nil))
        #expect(english == SettingsModuleMetadata(description: "Edit your Network Connections",
                                                  keywords: ["networks", "wifi", "wi-fi", "ethernet", "vpn"]))
        // No translation: the untranslated text.
        #expect(SettingsModuleMetadata.read(QtPluginFixture.connections, locale: DesktopLocale("fr_FR.UTF-8"))?.keywords.first == "networks")
    }

    /// KF6 may write the keywords as an array, in KPlugin.
    @Test func qt6NoteMetadataWithKeywordsAsAnArray() throws {
        let library = QtPluginFixture.qt6(QtPluginFixture.map([
            ("KPlugin", QtPluginFixture.map([("Description", QtPluginFixture.text("Configure audio devices and volume")),
                                             ("Name", QtPluginFixture.text("Audio")),
                                             ("X-KDE-Keywords", QtPluginFixture.array(["sound", "volume", "sound", " speakers "]))])),
        ], indefinite: true))
        #expect(SettingsModuleMetadata.read(library, locale: nil)
            == SettingsModuleMetadata(description: "Configure audio devices and volume", keywords: ["sound", "volume", "speakers"]))
    }

    /// A library's bytes are not trusted: cut anywhere, or with a length
    /// past its end, its metadata is nil, never a crash or a half-read value.
    @Test func metadataCutShortOrLyingIsNone() {
        let whole = QtPluginFixture.connections
        let start = whole.count - 100
        let marker = Array("QTMETADATA !".utf8)
        let metadataStart = (0...whole.count - marker.count).first { Array(whole[$0..<$0 + marker.count]) == marker }! + marker.count + 4
        for cut in metadataStart..<start {
            #expect(SettingsModuleMetadata.read(Array(whole[..<cut]), locale: nil) == nil, "cut at \(cut)")
        }
        // A text that claims 2^63 bytes, and a map that claims more pairs than bytes follow.
        let lying = Array("QTMETADATA !".utf8) + [0, 5, 15, 0, 0xbf, 0x04, 0x7b, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]
        #expect(SettingsModuleMetadata.read(lying, locale: nil) == nil)
        let many = Array("QTMETADATA !".utf8) + [0, 5, 15, 0, 0xbf, 0x04, 0xbb, 0, 0, 0, 1, 0, 0, 0, 0, 0xff]
        #expect(SettingsModuleMetadata.read(many, locale: nil) == nil)
        // Nested past any plugin's depth.
        let deep = Array("QTMETADATA !".utf8) + [0, 5, 15, 0] + [UInt8](repeating: 0x81, count: 10_000) + [0x00]
        #expect(SettingsModuleMetadata.read(deep, locale: nil) == nil)
        #expect(SettingsModuleMetadata.read(Array("no metadata here".utf8), locale: nil) == nil)
    }

    /// A module's desktop file (NoDisplay, X-KDE-AliasFor, a name, a command
    /// line) gets the description and keywords its plugin holds, from the
    /// first plugin directory that has it; one with its own keeps them.
    @Test func aModuleIsFoundByWhatItsPluginSays() throws {
        let fixture = ApplicationDiscoveryTests()
        let apps = "usr/share/applications/"
        fixture.tree.write("bin/systemsettings", "#!/bin/sh\n", mode: 0o755)
        fixture.tree.write(apps + "systemsettings.desktop", fixture.entry("System Settings", exec: "systemsettings"))
        for (id, name, own) in [("kcm_networkmanagement", "Connections", ""), ("kcm_own", "Own", "Comment=Its own\nKeywords=mine;\n"),
                                ("kcm_nowhere", "Nowhere", ""), ("kcm_broken", "Broken", "")] {
            fixture.tree.write(apps + id + ".desktop", fixture.entry(name, "NoDisplay=true\nX-KDE-AliasFor=systemsettings\n" + own,
                                                                    exec: "systemsettings \(id)"))
        }
        let plugins = "lib/qt5/plugins/plasma/kcms/systemsettings_qwidgets/"
        fixture.tree.write(plugins + "kcm_networkmanagement.so", bytes: QtPluginFixture.connections)
        fixture.tree.write(plugins + "kcm_own.so", bytes: QtPluginFixture.connections)
        fixture.tree.write(plugins + "kcm_broken.so", bytes: Array(QtPluginFixture.connections.prefix(400)))
        // An earlier directory without it, a later one with another: the first that has it counts.
        fixture.tree.write("later/plasma/kcms/systemsettings/kcm_networkmanagement.so", bytes: QtPluginFixture.qt6(QtPluginFixture.map([])))
        var environment = fixture.environment
        environment.pluginDirectories = [fixture.tree.path("empty"), fixture.tree.path("lib/qt5/plugins"), fixture.tree.path("later")]
        let made = DesktopSource.apps.records(in: environment, now: .now())
        let connections = try #require(SourceRecordsTests.find(made, .entity, app: "systemsettings", id: "kcm_networkmanagement"))
        #expect(connections.text == "Bearbeiten Sie Ihre Netzwerkverbindungen")
        #expect(connections.keywords == ["Netzwerke", "WLAN", "wifi", "Ethernet", "vpn"])
        let own = try #require(SourceRecordsTests.find(made, .entity, app: "systemsettings", id: "kcm_own"))
        #expect(own.text == "Its own" && own.keywords == ["mine"])
        for id in ["kcm_nowhere", "kcm_broken"] {
            let bare = try #require(SourceRecordsTests.find(made, .entity, app: "systemsettings", id: id))
            #expect(bare.text == nil && bare.keywords.isEmpty)
        }
        #expect(!(made.problems + made.warnings).contains { $0.file.contains("kcm_") })
    }
}
