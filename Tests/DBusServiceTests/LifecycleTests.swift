import DBusService
import DBusServiceFixtures
import Foundation
import Testing

/// Starting, stopping, idling out, a taken name, no bus, and D-Bus activation.
@Suite(.enabled(if: DBusTools.available, "dbus-daemon or gdbus is not installed"))
struct LifecycleTests {
    static let geditIds = "(['app:org.gnome.gedit.desktop'],)\n"

    /// `thread.wait()`, bounded: fails the test instead of hanging it.
    private func wait(_ thread: BusServiceThread, seconds: Double = 10) -> Result<StopReason, BusError>? {
        nonisolated(unsafe) var outcome: Result<StopReason, BusError>?
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            outcome = thread.wait()
            done.signal()
        }
        if done.wait(timeout: .now() + seconds) == .timedOut {
            thread.stop()
            done.wait()
            return nil
        }
        return outcome
    }

    private func waitForName(_ bus: PrivateBus) throws {
        let waited = try Child.run([DBusTools.gdbus!, "wait", "--address", bus.address,
                                           "--timeout", "10", PrivateBus.serviceName])
        #expect(waited.status == 0, "the service never took its name: \(waited)")
    }

    @Test func stopEndsTheLoopAndTheBusGoingAwayIsANormalShutdown() throws {
        let bus = try PrivateBus()
        let service = try BusService(name: PrivateBus.serviceName, searchProviderPath: PrivateBus.searchProviderPath,
                                     bus: .address(bus.address))
        #expect(service.uniqueName.hasPrefix(":1."))
        let thread = try service.start { CatalogueBackend() }
        #expect(try bus.searchProvider("GetInitialResultSet", [#"["te"]"#]).stdout == Self.geditIds)
        // A second loop on the same service is refused while the first runs.
        #expect(throws: BusError(kind: .other, message: "the service on org.limelight.Test is already running")) {
            try service.run(backend: CatalogueBackend())
        }
        thread.stop()
        #expect(wait(thread) == .success(.stopped))

        let again = try service.start { CatalogueBackend() }
        #expect(try bus.searchProvider("GetInitialResultSet", [#"["te"]"#]).stdout == Self.geditIds)
        bus.stop()
        #expect(wait(again) == .success(.busClosed))
    }

    @Test func aTakenNameIsATypedErrorInProcessAndExit69FromAProcess() throws {
        let bus = try PrivateBus()
        try bus.serving(CatalogueBackend()) { () throws in
            let message = "the bus name org.limelight.Test is already owned by another process"
            #expect(throws: BusError(kind: .nameTaken, code: EEXIST, message: message)) {
                try BusService(name: PrivateBus.serviceName, searchProviderPath: "/other", bus: .address(bus.address))
            }
            let second = try Child.run([FixtureService.binary, "--name", PrivateBus.serviceName,
                                               "--address", bus.address])
            #expect(second == Child.Output(
                status: 69, stdout: "",
                stderr: "dbus-service-fixture: \(message). Another instance is already serving; stop it first.\n"))
            // The first owner still answers.
            #expect(try bus.searchProvider("GetInitialResultSet", [#"["te"]"#]).stdout == Self.geditIds)
        }
    }

    @Test func noBusIsATypedErrorAndExit69() throws {
        let socket = "/nonexistent/limelight-test-bus"
        #expect(throws: BusError(kind: .noBus, code: ENOENT,
                                 message: "no D-Bus session bus at unix:path=\(socket): No such file or directory")) {
            try BusService(name: PrivateBus.serviceName, searchProviderPath: PrivateBus.searchProviderPath,
                           bus: .address("unix:path=\(socket)"))
        }
        // No DBUS_SESSION_BUS_ADDRESS and no XDG_RUNTIME_DIR: sd-bus has nowhere to look.
        var environment = Child.environment()
        environment["XDG_RUNTIME_DIR"] = nil
        let output = try Child.run([FixtureService.binary, "--name", PrivateBus.serviceName],
                                          environment: environment)
        #expect(output == Child.Output(
            status: 69, stdout: "",
            stderr: "dbus-service-fixture: no D-Bus session bus: neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set. Run this inside a desktop session, or set DBUS_SESSION_BUS_ADDRESS.\n"))
    }

    @Test func theServiceExitsAfterItsIdleTimeoutAndReleasesTheName() throws {
        let bus = try PrivateBus()
        let idle = 0.7
        let fixture = try Child([FixtureService.binary, "--name", PrivateBus.serviceName,
                                 "--address", bus.address, "--idle-ms", "700"], capture: false)
        defer { fixture.stop() }
        try waitForName(bus)
        let beforeLastCall = Date()
        #expect(try bus.searchProvider("GetInitialResultSet", [#"["te"]"#]).stdout == Self.geditIds)
        #expect(fixture.waitForExit(timeout: 10), "the service did not idle out")
        // The idle clock restarts at each call: the exit cannot come sooner.
        #expect(Date().timeIntervalSince(beforeLastCall) >= idle)
        #expect(fixture.status == 0)
        #expect(try bus.nameHasOwner() == "(false,)\n")
    }

    @Test func dBusActivationStartsTheServiceOnTheFirstCallAndAgainAfterIdleExit() throws {
        let dataHome = FileManager.default.temporaryDirectory
            .appendingPathComponent("limelight-dbus-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: dataHome) }
        let services = dataHome.appendingPathComponent("dbus-1/services")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        try """
        [D-BUS Service]
        Name=\(PrivateBus.serviceName)
        Exec=\(FixtureService.binary) --name \(PrivateBus.serviceName) --idle-ms 500

        """.write(to: services.appendingPathComponent("\(PrivateBus.serviceName).service"),
                  atomically: true, encoding: .utf8)

        // The stock session config's <standard_session_servicedirs/> reads $XDG_DATA_HOME/dbus-1/services.
        let bus = try PrivateBus(environment: ["XDG_DATA_HOME": dataHome.path])
        let activatable = try bus.call("/org/freedesktop/DBus", "org.freedesktop.DBus.ListActivatableNames",
                                       destination: "org.freedesktop.DBus").stdout
        #expect(activatable.contains("'\(PrivateBus.serviceName)'"))
        #expect(try bus.nameHasOwner() == "(false,)\n")

        var pids: [Int32] = []
        for round in 1...2 {
            #expect(try bus.searchProvider("GetInitialResultSet", [#"["te"]"#]).stdout == Self.geditIds,
                    "round \(round)")
            let owner = try bus.call("/org/freedesktop/DBus", "org.freedesktop.DBus.GetConnectionUnixProcessID",
                                     ["'\(PrivateBus.serviceName)'"], destination: "org.freedesktop.DBus").stdout
            // "(uint32 1234,)\n"
            let pid = Int32(owner.drop { $0 != " " }.dropFirst().prefix { $0.isNumber }) ?? 0
            #expect(pid > 0, "no owner pid in \(owner)")
            pids.append(pid)

            let deadline = Date().addingTimeInterval(10)
            while try bus.nameHasOwner() != "(false,)\n" || kill(pid, 0) == 0, Date() < deadline {
                usleep(50_000)
            }
            #expect(try bus.nameHasOwner() == "(false,)\n", "round \(round): the service did not idle out")
            #expect(kill(pid, 0) == -1 && errno == ESRCH, "round \(round): process \(pid) still exists")
        }
        #expect(pids[0] != pids[1])
    }
}
