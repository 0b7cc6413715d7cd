import DBusService
import DBusServiceFixtures
import Foundation
import Testing

/// org.kde.krunner1 at /runner over a real private bus, checked with gdbus.
@Suite(.enabled(if: DBusTools.available, "dbus-daemon or gdbus is not installed"))
struct KRunnerTests {
    static let expectedMatches: [String: String] = [
        "trail": "([('file:///home/ada/trails.gpx', 'Monterey Bay trail', '/usr/share/icons/hicolor/48x48/apps/trails.png', 30, 0.5, {'subtext': <'GPX track, 12 km'>, 'urls': <['file:///home/ada/trails.gpx']>, 'category': <'Limelight'>, 'actions': <['open-containing', 'copy-path']>}), ('shortcut:com.example.trails/start-run', 'Start a run in Trails', '', 30, 0.5, {'category': <'Limelight'>})],)\n",
        // An exact title: KF5 ExactMatch / KF6 Highest (100), relevance 1; `[]` offers no actions.
        "text editor": "([('app:org.gnome.gedit.desktop', 'Text Editor', 'org.gnome.gedit', 100, 1.0, {'subtext': <'Edit text files'>, 'category': <'Limelight'>, 'actions': <@as []>})],)\n",
        "xterm": "([('app:xterm.desktop', 'XTerm', 'xterm-color', 100, 1.0, {'subtext': <'standard terminal emulator'>, 'category': <'Limelight'>, 'actions': <@as []>})],)\n",
        "zz": "(@a(sssida{sv}) [],)\n",
        "": "(@a(sssida{sv}) [],)\n",
    ]

    @Test func matchAnswersEveryFieldKRunnerReads() throws {
        let bus = try PrivateBus()
        try bus.serving(CatalogueBackend()) { () throws in
            for (query, expected) in Self.expectedMatches.sorted(by: { $0.key < $1.key }) {
                #expect(try bus.krunner("Match", ["'\(query)'"]).stdout == expected, "query '\(query)'")
            }
        }
    }

    @Test func concurrentMatchCallsEachGetTheirOwnAnswer() throws {
        let bus = try PrivateBus()
        try bus.serving(CatalogueBackend()) { () throws in
            let queries = Array(Self.expectedMatches.keys.sorted().prefix(4))
            let calls = (0..<12).map { queries[$0 % queries.count] }
            // All twelve gdbus processes are started before any answer is read.
            let running = try calls.map { query in
                (query, try Child([DBusTools.gdbus!, "call", "--address", bus.address, "--timeout", "20",
                                   "--dest", PrivateBus.serviceName, "--object-path", BusService.krunnerPath,
                                   "--method", "org.kde.krunner1.Match", "'\(query)'"]))
            }
            for (query, gdbus) in running {
                let output = try gdbus.finish(timeout: 30)
                #expect(output == Child.Output(status: 0, stdout: Self.expectedMatches[query]!, stderr: ""))
            }
        }
    }

    @Test func actionsConfigRunTeardownAndToken() throws {
        let bus = try PrivateBus()
        let backend = CatalogueBackend()
        try bus.serving(backend) { () throws in
            #expect(try bus.krunner("Actions").stdout
                    == "([('open-containing', 'Open Containing Folder', 'document-open-folder'), ('copy-path', 'Copy Path', 'edit-copy')],)\n")
            #expect(try bus.krunner("Config").stdout
                    == "({'MatchRegex': <'^.{2,}$'>, 'MinLetterCount': <2>, 'TriggerWords': <['ll', 'limelight']>},)\n")
            #expect(try bus.krunner("SetActivationToken", ["'token-7'"]).stdout == "()\n")
            #expect(try bus.krunner("Run", ["'file:///home/ada/trails.gpx'", "'copy-path'"]).stdout == "()\n")
            #expect(try bus.krunner("Run", ["'app:xterm.desktop'", "''"]).stdout == "()\n")
            #expect(try bus.krunner("Teardown").stdout == "()\n")
        }
        #expect(backend.log.filter { !$0.hasPrefix("hook:") } == [
            "Actions()", "Config()", "SetActivationToken(token-7)",
            "Run(file:///home/ada/trails.gpx, copy-path)", "Run(app:xterm.desktop, )", "Teardown()",
        ])
        #expect(backend.log.filter { $0.hasPrefix("hook:") }.count == 6)
    }
}
