import Foundation
import DBusService
import DBusServiceFixtures

/// The tools these tests drive. The Makefile's `deps` installs them; only
/// where they are truly absent do the suites skip.
enum DBusTools {
    static let daemon = Child.which("dbus-daemon")
    static let gdbus = Child.which("gdbus")
    static let available = daemon != nil && gdbus != nil
}

/// A `dbus-daemon --session` of the test's own (never the user's bus), stopped
/// by its PID when the test ends. `gdbus` calls go to it by address.
final class PrivateBus {
    static let serviceName = "org.limelight.Test"
    static let searchProviderPath = "/org/limelight/Limelight/SearchProvider"

    let address: String
    private let daemon: Child

    /// `environment` is added to the daemon's (XDG_DATA_HOME for activation).
    init(environment extra: [String: String] = [:]) throws {
        daemon = try Child([DBusTools.daemon!, "--session", "--nofork", "--nopidfile", "--print-address=1"],
                           environment: Child.environment(adding: extra))
        // The daemon prints its address once it listens.
        let line = daemon.readLine(timeout: 10) ?? ""
        guard line.hasPrefix("unix:") else {
            daemon.stop()
            throw Child.Failure(description: "dbus-daemon printed no address: '\(line)'")
        }
        address = line
    }

    deinit { stop() }

    func stop() { daemon.stop() }

    /// `gdbus call` on this bus; `arguments` are GVariant texts, one per argv slot.
    func call(_ path: String, _ method: String, _ arguments: [String] = [],
              destination: String = PrivateBus.serviceName) throws -> Child.Output {
        try Child.run([DBusTools.gdbus!, "call", "--address", address, "--timeout", "20",
                              "--dest", destination, "--object-path", path, "--method", method] + arguments)
    }

    func searchProvider(_ method: String, _ arguments: [String] = []) throws -> Child.Output {
        try call(Self.searchProviderPath, "org.gnome.Shell.SearchProvider2." + method, arguments)
    }

    func krunner(_ method: String, _ arguments: [String] = []) throws -> Child.Output {
        try call(BusService.krunnerPath, "org.kde.krunner1." + method, arguments)
    }

    /// org.freedesktop.DBus.NameHasOwner, as gdbus prints it: "(true,)" or "(false,)".
    func nameHasOwner(_ name: String = PrivateBus.serviceName) throws -> String {
        try call("/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", ["'\(name)'"],
                 destination: "org.freedesktop.DBus").stdout
    }

    /// Serves `backend` in this process on a thread of its own for the length of `body`.
    func serving(_ backend: CatalogueBackend, _ body: () throws -> Void) throws {
        let service = try BusService(name: Self.serviceName, searchProviderPath: Self.searchProviderPath,
                                     bus: .address(address))
        let thread = try service.start { backend }
        defer {
            thread.stop()
            thread.wait()
        }
        try body()
    }
}

/// A product of this package, built next to the test bundle.
enum BuiltProduct {
    static func path(_ name: String) -> String {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if dir.lastPathComponent.hasSuffix(".xctest") { dir = dir.deletingLastPathComponent() }
        for candidate in [dir, dir.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return dir.appendingPathComponent(name).path
    }
}

/// The built fixture service (`dbus-service-fixture`).
enum FixtureService {
    static let binary = BuiltProduct.path("dbus-service-fixture")
}
