import Foundation
import Testing

/// `limelight open` starts a DBusActivatable app as the Desktop Entry spec
/// asks: org.freedesktop.Application on the session bus, the bus starting it
/// from its D-Bus service file. A private dbus-daemon, watched by
/// dbus-monitor, stands for the session bus; each "app" is a service file
/// whose program (dbus-application-fixture) logs the calls it answers.
@Suite(.enabled(if: DBusTools.available && Child.which("dbus-monitor") != nil, "dbus-daemon, gdbus or dbus-monitor is not installed"))
struct DBusActivationTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("activation-\(UUID().uuidString)").path

    func write(_ relative: String, _ text: String) -> String {
        let path = root + "/" + relative
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    func waitFor(_ path: String, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: path) { return true }
            usleep(50_000)
        }
        return false
    }

    @Test func openCallsTheAppOverTheBusAndFallsBackOnItsExecLine() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The bus's services: Act, a fake app that logs the calls it answers; Gone has none.
        let app = BuiltProduct.path("dbus-application-fixture")
        _ = write("bus/dbus-1/services/org.example.Act.service",
                  "[D-BUS Service]\nName=org.example.Act\nExec=\(app) org.example.Act /org/example/Act 0 \(root)/act-calls.log\n")
        let bus = try PrivateBus(environment: ["XDG_DATA_HOME": root + "/bus"])
        defer { bus.stop() }
        let monitor = try Child([Child.which("dbus-monitor")!, "--address", bus.address, "interface='org.freedesktop.Application'"])
        defer { monitor.stop() }
        // It says it is monitoring once BecomeMonitor is done.
        var seen: [String] = []
        while let line = monitor.readLine(timeout: 5) {
            seen.append(line)
            if line.contains("NameLost") || seen.count > 20 { break }
        }

        _ = write("share/applications/org.example.Act.desktop", """
            [Desktop Entry]
            Type=Application
            Name=Act Thing
            Exec=/bin/sh -c 'echo exec > \(root)/act-exec'
            DBusActivatable=true
            Actions=second;

            [Desktop Action second]
            Name=Second Window
            """)
        _ = write("share/applications/org.example.Gone.desktop", """
            [Desktop Entry]
            Type=Application
            Name=Gone Thing
            Exec=/bin/sh -c 'echo exec > \(root)/gone-exec'
            DBusActivatable=true
            """)
        _ = write("share/applications/org.example.Nothing.desktop", """
            [Desktop Entry]
            Type=Application
            Name=Nothing Thing
            DBusActivatable=true
            """)
        let env = Child.environment(adding: [
            "HOME": root + "/home", "XDG_DATA_HOME": root + "/home/.local/share", "XDG_DATA_DIRS": root + "/share",
            "XDG_CONFIG_HOME": root + "/home/.config", "DBUS_SESSION_BUS_ADDRESS": bus.address,
            "XDG_ACTIVATION_TOKEN": "token-42", "LANGUAGE": "",
        ])
        func limelight(_ args: [String]) throws -> Child.Output {
            try Child.run([LimelightBinary.path, "--index", root + "/index"] + args, environment: env)
        }
        #expect(try limelight(["sync", "apps"]).status == 0)
        let plan = try limelight(["open", "--app", "org.example.Act", "--dry-run", "--json"])
        #expect(plan.stdout.contains(#""dbus":{"name":"org.example.Act","path":"/org/example/Act","method":"Activate"}"#), "\(plan)")

        // Activate, with the launcher's token: the bus starts the app, its Exec line is not run.
        let opened = try limelight(["open", "--app", "org.example.Act"])
        #expect(opened.status == 0, "\(opened)")
        #expect(waitFor(root + "/act-calls.log"), "the bus did not start the service")
        func call(containing member: String) -> [String] {
            var lines: [String] = []
            // A message's lines follow its header at once: a pause ends it.
            while let line = monitor.readLine(timeout: lines.isEmpty ? 5 : 0.5) {
                if !lines.isEmpty, line.hasPrefix("method call") || line.hasPrefix("signal") || line.hasPrefix("error") { break }
                if !lines.isEmpty || (line.hasPrefix("method call") && line.contains("member=\(member)")) { lines.append(line) }
            }
            return lines
        }
        let activate = call(containing: "Activate")
        #expect(activate.first?.contains("destination=org.example.Act") == true && activate.first?.contains("path=/org/example/Act") == true, "\(activate)")
        #expect(activate.contains { $0.contains(#"string "activation-token""#) } && activate.contains { $0.contains(#"string "token-42""#) }, "\(activate)")
        #expect(!FileManager.default.fileExists(atPath: root + "/act-exec"))

        // A desktop action (no Exec of its own) is ActivateAction, once the
        // app (which exits after a call) has left the bus.
        while try bus.nameHasOwner("org.example.Act") == "(true,)\n" { usleep(50_000) }
        #expect(try limelight(["open", "--app", "org.example.Act", "--shortcut", "second"]).status == 0)
        let action = call(containing: "ActivateAction")
        #expect(action.contains { $0.contains(#"string "second""#) }, "\(action)")
        #expect(try String(contentsOfFile: root + "/act-calls.log", encoding: .utf8) == "Activate token-42\nActivateAction token-42\n")

        // No D-Bus service: the Exec line; and with none, an error naming why.
        #expect(try limelight(["open", "--app", "org.example.Gone"]).status == 0)
        #expect(waitFor(root + "/gone-exec"), "no fallback on the Exec line")
        let nothing = try limelight(["open", "--app", "org.example.Nothing"])
        #expect(nothing.status == 1 && nothing.stderr.contains("org.freedesktop.DBus.Error.ServiceUnknown"), "\(nothing)")
    }

    /// An app slow to start (it owns its name 1.5 s after the bus starts it,
    /// as a cold GNOME app may) gets Activate and the token: the bus hands a
    /// queued call only to a caller still connected, and `open` and `serve`
    /// hung up after half a second, so such an app started with no window.
    /// `serve` answers ActivateResult, and other calls, without waiting for it.
    @Test func anAppSlowToStartGetsTheCall() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let app = BuiltProduct.path("dbus-application-fixture")
        let log = root + "/calls.log"
        _ = write("bus/dbus-1/services/org.example.Slow.service",
                  "[D-BUS Service]\nName=org.example.Slow\nExec=\(app) org.example.Slow /org/example/Slow 1500 \(log)\n")
        let bus = try PrivateBus(environment: ["XDG_DATA_HOME": root + "/bus"])
        defer { bus.stop() }
        _ = write("share/applications/org.example.Slow.desktop", """
            [Desktop Entry]
            Type=Application
            Name=Slow Thing
            Exec=/bin/sh -c 'echo exec > \(root)/slow-exec'
            DBusActivatable=true
            """)
        let env = Child.environment(adding: [
            "HOME": root + "/home", "XDG_DATA_HOME": root + "/home/.local/share", "XDG_DATA_DIRS": root + "/share",
            "XDG_CONFIG_HOME": root + "/home/.config", "DBUS_SESSION_BUS_ADDRESS": bus.address,
            "XDG_ACTIVATION_TOKEN": "token-42", "LANGUAGE": "",
        ])
        func calls() -> [String] {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        #expect(try Child.run([LimelightBinary.path, "--index", root + "/index", "sync", "apps"], environment: env).status == 0)

        let opened = try Child.run([LimelightBinary.path, "--index", root + "/index", "open", "--app", "org.example.Slow"], environment: env)
        #expect(opened.status == 0, "\(opened)")
        #expect(waitFor(log), "the app was never called")
        #expect(calls() == ["Activate token-42"])

        // Through serve: the app, still running, is called at once; after it
        // exits, the bus starts it again and serve answers in the meantime.
        let serve = try Child([LimelightBinary.path, "--index", root + "/index", "serve"], environment: env)
        defer { serve.stop() }
        #expect(try Child.run([DBusTools.gdbus!, "wait", "--address", bus.address, "--timeout", "10", "org.limelight.Limelight"]).status == 0)
        func gnome(_ method: String, _ arguments: [String]) throws -> Child.Output {
            try bus.call("/org/limelight/Limelight/SearchProvider", "org.gnome.Shell.SearchProvider2." + method, arguments,
                         destination: "org.limelight.Limelight")
        }
        while try bus.nameHasOwner("org.example.Slow") == "(true,)\n" { usleep(100_000) }
        try? FileManager.default.removeItem(atPath: log)
        let started = Date()
        #expect(try gnome("ActivateResult", ["app/org.example.Slow", "@as []", "0"]).stdout == "()\n")
        #expect(try gnome("GetInitialResultSet", [#"["slow"]"#]).stdout.contains("app/org.example.Slow"))
        #expect(Date().timeIntervalSince(started) < 1.4, "serve waited for the app to start")
        #expect(waitFor(log), "the app was never called through serve")
        #expect(calls() == ["Activate token-42"])
        #expect(!FileManager.default.fileExists(atPath: root + "/slow-exec"), "the Exec line ran as well")
    }
}
