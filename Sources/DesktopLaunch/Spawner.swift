import Glibc

/// Starts a `LaunchPlan` with posix_spawn: each argv as it is (looked up in
/// `$PATH`, never through a shell), in a session of its own (setsid) with its
/// standard streams on /dev/null, and not waited for — so the launcher (a
/// keystroke's `limelight open`) returns at once and the application outlives it.
public enum Spawner {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let program: String
        public let problem: String
        public var description: String { "cannot start \(program): \(problem)" }
    }

    /// glibc's POSIX_SPAWN_SETSID (spawn.h, behind _GNU_SOURCE): the child calls setsid().
    static let setsid: Int32 = 0x80

    /// Starts every argv of `plan`; returns their process ids.
    @discardableResult
    public static func spawn(_ plan: LaunchPlan) throws(Failure) -> [pid_t] {
        var pids: [pid_t] = []
        for argv in plan.argvs {
            guard let program = argv.first else { continue }
            do {
                pids.append(try spawn(argv, program: program, workingDirectory: plan.workingDirectory))
            } catch let failure where plan.terminal && failure.problem == String(cString: strerror(ENOENT)) {
                // `Terminal.command` fell back to the name of Debian's alternative: no terminal is installed.
                throw Failure(program: argv.dropFirst(2).first ?? program,
                              problem: "it runs in a terminal, and none is installed (tried $TERMINAL, \(Terminal.fallbacks.joined(separator: ", "))): install one, or set $TERMINAL to one")
            }
        }
        return pids
    }

    private static func spawn(_ argv: [String], program: String, workingDirectory: String?) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // Path=: the child starts there. (posix_spawn_file_actions_addchdir_np
        // is behind _GNU_SOURCE, which Swift's Glibc does not define; the CLI
        // is one thread, so the parent changes directory around the spawn.)
        var saved: Int32 = -1
        if let dir = workingDirectory, !dir.isEmpty {
            saved = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if chdir(dir) != 0 {
                if saved >= 0 { close(saved) }
                throw Failure(program: program, problem: "working directory \(dir): \(String(cString: strerror(errno)))")
            }
        }
        defer { if saved >= 0 { fchdir(saved); close(saved) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own session: not killed with the launcher's terminal or process group.
        // Default signal dispositions and an empty mask, whatever the launcher had.
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(Self.setsid | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
        cArgs.append(nil)
        defer { for p in cArgs { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, program, &actions, &attributes, cArgs, environ)
        if rc != 0 { throw Failure(program: program, problem: String(cString: strerror(rc))) }
        return pid
    }
}
