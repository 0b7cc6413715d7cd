import Foundation
import Glibc

/// A program run as a child with an argv (never through a shell), spawned
/// directly with posix_spawn.
///
/// Why not Foundation's Process: on Linux it hands children the signal mask of
/// its own thread, with nearly every signal blocked; a dbus-daemon started that
/// way ignored SIGTERM. Here the mask is cleared and dispositions reset.
final class Child {
    struct Output: Equatable, CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        var description: String { "status \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let pid: pid_t
    let argv: [String]
    /// Read ends of the child's stdout and stderr, or -1 when not captured.
    private(set) var stdoutFD: Int32 = -1
    private var stderrFD: Int32 = -1
    /// The exit status, or 128 + the signal that ended it; nil while it runs.
    private(set) var status: Int32?

    /// The environment children get: ours, minus anything naming a bus, so
    /// nothing a test starts can reach the user's own session bus.
    static func environment(adding extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["DBUS_SESSION_BUS_ADDRESS", "DBUS_STARTER_ADDRESS", "DBUS_STARTER_BUS_TYPE"] {
            environment[key] = nil
        }
        environment.merge(extra) { $1 }
        return environment
    }

    /// The absolute path of `program` on $PATH, if it is there.
    static func which(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts `argv`; stdin is /dev/null, stdout and stderr are pipes when
    /// `capture`, else /dev/null.
    init(_ argv: [String], environment: [String: String] = Child.environment(), capture: Bool = true) throws {
        self.argv = argv
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)

        var pipes: [(read: Int32, write: Int32)] = []
        for target: Int32 in [1, 2] {
            if capture {
                var fds: [Int32] = [-1, -1]
                guard systemPipe2(&fds, O_CLOEXEC) == 0 else { throw Failure(description: "pipe2 failed: \(errno)") }
                pipes.append((fds[0], fds[1]))
                posix_spawn_file_actions_adddup2(&actions, fds[1], target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            }
        }

        // Other suites in this test process spawn children too; whatever they
        // have open (a pipe end, a listening socket) stays out of ours.
        _ = systemAddCloseFrom(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let cArgv = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArgv + cEnvironment).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArgv, cEnvironment)
        for pipe in pipes { close(pipe.write) }
        guard spawned == 0 else {
            for pipe in pipes { close(pipe.read) }
            throw Failure(description: "could not start \(argv[0]): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        if capture {
            stdoutFD = pipes[0].read
            stderrFD = pipes[1].read
        }
    }

    deinit {
        stop()
        closePipes()
    }

    private func closePipes() {
        if stdoutFD >= 0 { close(stdoutFD); stdoutFD = -1 }
        if stderrFD >= 0 { close(stderrFD); stderrFD = -1 }
    }

    /// Reaps the child if it has ended; true once it has.
    @discardableResult
    func poll(blocking: Bool = false) -> Bool {
        if status != nil { return true }
        var raw: Int32 = 0
        let reaped = waitpid(pid, &raw, blocking ? 0 : WNOHANG)
        guard reaped == pid else { return false }
        let signal = raw & 0x7f
        status = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
        return true
    }

    /// Waits at most `timeout` seconds for the child to end; true if it did.
    func waitForExit(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !poll() {
            if Date() >= deadline { return false }
            usleep(2_000)
        }
        return true
    }

    /// Stops the child by its PID: SIGTERM, then SIGKILL if it lingers.
    func stop() {
        guard !poll() else { return }
        kill(pid, SIGTERM)
        if !waitForExit(timeout: 5) {
            kill(pid, SIGKILL)
            poll(blocking: true)
        }
    }

    /// Reads stdout and stderr to their end and reaps the child, within
    /// `timeout` seconds; past it the child is killed and this throws.
    func finish(timeout: Double = 20) throws -> Output {
        let deadline = Date().addingTimeInterval(timeout)
        var out = [UInt8](), err = [UInt8]()
        var open = [(fd: stdoutFD, sink: 0), (fd: stderrFD, sink: 1)].filter { $0.fd >= 0 }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { break }
            var fds = open.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            guard Glibc.poll(&fds, nfds_t(fds.count), Int32(min(left, 1) * 1000) + 1) >= 0 || errno == EINTR else { break }
            for (index, entry) in fds.enumerated().reversed() where entry.revents != 0 {
                let count = read(entry.fd, &buffer, buffer.count)
                if count > 0 {
                    if open[index].sink == 0 { out += buffer[0..<count] } else { err += buffer[0..<count] }
                } else if count == 0 || errno != EINTR {
                    open.remove(at: index)
                }
            }
        }
        closePipes()
        if !open.isEmpty || !waitForExit(timeout: max(deadline.timeIntervalSinceNow, 0)) {
            kill(pid, SIGKILL)
            poll(blocking: true)
            throw Failure(description: "timed out after \(timeout) s: \(argv.joined(separator: " "))")
        }
        return Output(status: status ?? -1, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self))
    }

    /// Runs `argv` to completion, bounded by `timeout` seconds.
    static func run(_ argv: [String], environment: [String: String] = Child.environment(),
                    timeout: Double = 20) throws -> Output {
        try Child(argv, environment: environment).finish(timeout: timeout)
    }

    /// Reads one line from stdout (without the newline), within `timeout` seconds.
    func readLine(timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var line = [UInt8]()
        var byte: UInt8 = 0
        while deadline.timeIntervalSinceNow > 0 {
            var fds = [pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)]
            guard Glibc.poll(&fds, 1, Int32(deadline.timeIntervalSinceNow * 1000) + 1) > 0 else { continue }
            guard read(stdoutFD, &byte, 1) == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return nil
    }
}

/// pipe2(2), which Glibc's Swift module hides behind _GNU_SOURCE. O_CLOEXEC at
/// creation matters: tests spawn children concurrently, and a pipe end leaked
/// into another child would keep our read from ever seeing EOF.
@_silgen_name("pipe2")
private func systemPipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32

/// posix_spawn_file_actions_addclosefrom_np (glibc 2.34+), also behind _GNU_SOURCE.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func systemAddCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32
