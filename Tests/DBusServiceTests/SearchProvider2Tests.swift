import DBusService
import DBusServiceFixtures
import Testing

/// org.gnome.Shell.SearchProvider2 over a real private bus, with gdbus (GIO,
/// the library GNOME Shell itself uses) as the client; outputs compared exactly.
@Suite(.enabled(if: DBusTools.available, "dbus-daemon or gdbus is not installed"))
struct SearchProvider2Tests {
    static let gedit = "app:org.gnome.gedit.desktop"
    static let trails = "file:///home/ada/trails.gpx"
    static let startRun = "shortcut:com.example.trails/start-run"

    @Test func initialResultSetAnswersIdsInRankOrderAfterTheHook() throws {
        let bus = try PrivateBus()
        let backend = CatalogueBackend()
        try bus.serving(backend) { () throws in
            #expect(try bus.searchProvider("GetInitialResultSet", [#"["te"]"#]).stdout
                    == "(['app:org.gnome.gedit.desktop'],)\n")
            #expect(try bus.searchProvider("GetInitialResultSet", [#"["t"]"#]).stdout
                    == "(['\(Self.gedit)', '\(Self.trails)', '\(Self.startRun)'],)\n")
            #expect(try bus.searchProvider("GetInitialResultSet", [#"["T", "bay"]"#]).stdout
                    == "(['\(Self.trails)'],)\n")
        }
        #expect(backend.log == [
            "hook:GetInitialResultSet", #"GetInitialResultSet(["te"])"#,
            "hook:GetInitialResultSet", #"GetInitialResultSet(["t"])"#,
            "hook:GetInitialResultSet", #"GetInitialResultSet(["T", "bay"])"#,
        ])
    }

    @Test func emptyAndBlankTermsGiveAnEmptyList() throws {
        let bus = try PrivateBus()
        let backend = CatalogueBackend()
        try bus.serving(backend) { () throws in
            #expect(try bus.searchProvider("GetInitialResultSet", ["@as []"]).stdout == "(@as [],)\n")
            #expect(try bus.searchProvider("GetInitialResultSet", [#"[""]"#]).stdout == "(@as [],)\n")
            #expect(try bus.searchProvider("GetSubsearchResultSet", ["@as []", "@as []"]).stdout == "(@as [],)\n")
            #expect(try bus.searchProvider("GetResultMetas", ["@as []"]).stdout == "(@aa{sv} [],)\n")
        }
        #expect(backend.log.filter { !$0.hasPrefix("hook:") } == [
            "GetInitialResultSet([])", #"GetInitialResultSet([""])"#, "GetSubsearchResultSet([], [])",
            "GetResultMetas(0 ids)",
        ])
    }

    @Test func subsearchNarrowsThePreviousResults() throws {
        let bus = try PrivateBus()
        try bus.serving(CatalogueBackend()) { () throws in
            let previous = "['\(Self.gedit)', '\(Self.trails)', '\(Self.startRun)']"
            #expect(try bus.searchProvider("GetSubsearchResultSet", [previous, #"["tra"]"#]).stdout
                    == "(['\(Self.trails)', '\(Self.startRun)'],)\n")
            #expect(try bus.searchProvider("GetSubsearchResultSet", ["['\(Self.gedit)']", #"["tra"]"#]).stdout
                    == "(@as [],)\n")
        }
    }

    @Test func metasAreOnePerIdInOrderWithAPlaceholderForAnUnknownId() throws {
        let bus = try PrivateBus()
        try bus.serving(CatalogueBackend()) { () throws in
            let ids = "['\(Self.trails)', 'app:xterm.desktop', 'deleted:42', '\(Self.startRun)', 'app:xterm.desktop']"
            let xterm = "{'id': <'app:xterm.desktop'>, 'name': <'XTerm'>, 'description': <'standard terminal emulator'>, 'icon': <('themed', <['xterm-color']>)>, 'gicon': <'xterm-color'>}"
            let expected = "([{'id': <'\(Self.trails)'>, 'name': <'Monterey Bay trail'>, 'description': <'GPX track, 12 km'>, 'icon': <('file', <'/usr/share/icons/hicolor/48x48/apps/trails.png'>)>, 'gicon': <'/usr/share/icons/hicolor/48x48/apps/trails.png'>}, "
                + "\(xterm), {'id': <'deleted:42'>, 'name': <'deleted:42'>}, "
                + "{'id': <'\(Self.startRun)'>, 'name': <'Start a run in Trails'>}, \(xterm)],)\n"
            #expect(try bus.searchProvider("GetResultMetas", [ids]).stdout == expected)
        }
    }

    @Test func twoThousandMetasComeBackWhole() throws {
        let bus = try PrivateBus()
        try bus.serving(CatalogueBackend.synthetic(count: 2000)) { () throws in
            let numbers = (1...2000).map { n in String(repeating: "0", count: 4 - String(n).count) + String(n) }
            let ids = numbers.map { "'item:\($0)'" }.joined(separator: ", ")
            #expect(try bus.searchProvider("GetInitialResultSet", [#"["item"]"#]).stdout == "([\(ids)],)\n")

            // The backend answers in reverse; the reply must follow the request.
            let metas = numbers.map { number in
                "{'id': <'item:\(number)'>, 'name': <'Item \(number)'>, 'description': <'synthetic item \(Int(number)!)'>, 'icon': <('themed', <['text-x-generic']>)>, 'gicon': <'text-x-generic'>}"
            }
            let output = try bus.searchProvider("GetResultMetas", ["[\(ids)]"])
            #expect(output.status == 0)
            #expect(output.stdout == "([\(metas.joined(separator: ", "))],)\n")
        }
    }

    @Test func activateAndLaunchSearchReachTheBackend() throws {
        let bus = try PrivateBus()
        let backend = CatalogueBackend()
        try bus.serving(backend) { () throws in
            #expect(try bus.searchProvider("ActivateResult", ["'\(Self.trails)'", #"["mont", "bay"]"#, "uint32 4294967295"])
                    == Child.Output(status: 0, stdout: "()\n", stderr: ""))
            #expect(try bus.searchProvider("LaunchSearch", [#"["mont"]"#, "uint32 1234"]).stdout == "()\n")
        }
        #expect(backend.log == [
            "hook:ActivateResult", #"ActivateResult(file:///home/ada/trails.gpx, ["mont", "bay"], 4294967295)"#,
            "hook:LaunchSearch", #"LaunchSearch(["mont"], 1234)"#,
        ])
    }

    /// gdbus checks argument types itself, so this call goes through dbus-send.
    @Test(.enabled(if: Child.which("dbus-send") != nil, "dbus-send is not installed"))
    func aWronglyTypedCallIsRejectedBeforeTheBackend() throws {
        let bus = try PrivateBus()
        let backend = CatalogueBackend()
        try bus.serving(backend) { () throws in
            let output = try Child.run([Child.which("dbus-send")!, "--bus=\(bus.address)", "--print-reply",
                                        "--dest=\(PrivateBus.serviceName)", PrivateBus.searchProviderPath,
                                        "org.gnome.Shell.SearchProvider2.GetInitialResultSet", "string:te"])
            #expect(output.status == 1)
            #expect(output.stderr.hasPrefix("Error org.freedesktop.DBus.Error.InvalidArgs:"), "\(output)")
        }
        #expect(backend.log.isEmpty)
    }
}
