import DBusService
import DBusServiceFixtures
import Testing

/// A backend that throws fails the call with a D-Bus error, and the service
/// keeps serving.
@Suite(.enabled(if: DBusTools.available, "dbus-daemon or gdbus is not installed"))
struct BackendErrorTests {
    /// Every method with arguments of the right types.
    static let calls: [(interface: String, method: String, arguments: [String])] = [
        ("gnome", "GetInitialResultSet", [#"["te"]"#]),
        ("gnome", "GetSubsearchResultSet", [#"["a"]"#, #"["te"]"#]),
        ("gnome", "GetResultMetas", [#"["a"]"#]),
        ("gnome", "ActivateResult", ["'a'", #"["te"]"#, "uint32 1"]),
        ("gnome", "LaunchSearch", [#"["te"]"#, "uint32 1"]),
        ("krunner", "Match", ["'te'"]),
        ("krunner", "Actions", []),
        ("krunner", "Run", ["'a'", "''"]),
        ("krunner", "Teardown", []),
        ("krunner", "Config", []),
        ("krunner", "SetActivationToken", ["'t'"]),
    ]

    private func call(_ bus: PrivateBus, _ call: (interface: String, method: String, arguments: [String])) throws
        -> Child.Output {
        call.interface == "gnome" ? try bus.searchProvider(call.method, call.arguments)
                                  : try bus.krunner(call.method, call.arguments)
    }

    /// A BusMethodError keeps its name (if D-Bus allows it); any other error is
    /// Error.Failed with its description.
    static let failures: [(CatalogueBackend.Failure, String)] = [
        (.busError, "org.limelight.Limelight.Error.NoIndex: no index at /nonexistent/index"),
        (.swiftError, "org.limelight.Limelight.Error.Failed: the catalogue is unreadable"),
        (.invalidErrorName, "org.freedesktop.DBus.Error.Failed: no index at /nonexistent/index (the error name 'no index' is not a valid D-Bus name)"),
    ]

    @Test(arguments: BackendErrorTests.failures)
    func everyMethodFailsWithTheBackendsErrorAndTheServiceGoesOn(failure: CatalogueBackend.Failure,
                                                                 error: String) throws {
        let bus = try PrivateBus()
        try bus.serving(CatalogueBackend(failure: failure)) { () throws in
            for method in Self.calls {
                #expect(try call(bus, method) == Child.Output(status: 1, stdout: "",
                                                              stderr: "Error: GDBus.Error:\(error)\n"),
                        "\(method.method)")
            }
            #expect(try bus.call(PrivateBus.searchProviderPath, "org.freedesktop.DBus.Peer.Ping").stdout == "()\n")
        }
    }
}
