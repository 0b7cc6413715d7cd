import Foundation
import Testing

/// `desktop install` names the program as the person invoked it, through
/// whatever symbolic link (a Homebrew or Nix profile, ~/bin/limelight to a
/// versioned directory): it wrote the link's target, which an upgrade removes,
/// and D-Bus could then start nothing.
@Suite struct DesktopInstallTests {
    let dir = TempDir()

    /// The program the installed D-Bus service file starts, after `command`
    /// ran in `cwd` through `sh` with `$PATH` = `path`.
    func installedProgram(_ command: String, cwd: String, path: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", command]
        p.currentDirectoryURL = URL(fileURLWithPath: cwd)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dir.path + "/data"
        environment["PATH"] = path
        environment["LIMELIGHT_INDEX"] = nil
        p.environment = environment
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(command)")
        let service = try String(contentsOfFile: dir.path + "/data/dbus-1/services/org.limelight.Limelight.service", encoding: .utf8)
        let exec = try #require(service.split(separator: "\n").first { $0.hasPrefix("Exec=") })
        return String(exec.dropFirst("Exec=".count).prefix { $0 != " " })
    }

    @Test func theServiceStartsTheProgramByThePathItWasInvokedBy() throws {
        // ~/bin/limelight -> the built binary (as a profile's link to a versioned directory).
        try FileManager.default.createDirectory(atPath: dir.path + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/bin/limelight", withDestinationPath: CLI.binary)
        // By $PATH: the first match, the link itself.
        #expect(try installedProgram("limelight desktop install", cwd: dir.path, path: dir.path + "/bin:/usr/bin:/bin")
                == dir.path + "/bin/limelight")
        // By a relative path: made absolute against the working directory, not resolved.
        #expect(try installedProgram("./bin/limelight desktop install", cwd: dir.path, path: "/usr/bin:/bin")
                == dir.path + "/bin/limelight")
        #expect(try installedProgram("bin/limelight desktop install", cwd: dir.path, path: "/usr/bin:/bin")
                == dir.path + "/bin/limelight")
        // By an absolute path, as it is.
        #expect(try installedProgram("\(dir.path)/bin/limelight desktop install", cwd: "/", path: "/usr/bin:/bin")
                == dir.path + "/bin/limelight")
    }
}
