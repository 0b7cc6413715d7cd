import Glibc
import Synchronization
import CSDBus
import LimelightSupport

/// Starts a `LaunchPlan` with posix_spawn: each argv as it is (looked up in
/// `$PATH`, never through a shell), in a session of its own (setsid) with its
/// standard streams on /dev/null, and not waited for — so the launcher (a
/// keystroke's `limelight open`) returns at once and the application outlives it.
/// A thread waits for each child, so that a long-lived launcher (`serve`)
/// leaves no zombie behind an app that exited.
public enum Spawner {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let program: String
        public let problem: String
        public var description: String { "cannot start \(program): \(problem)" }
    }

    /// The umask the session gave the launcher, which the apps it starts get
    /// (as from a shell or `gio launch`): `limelight` itself runs with 077, so
    /// that its index is private, and every file an app it started saved was
    /// private too (-rw-------, where the person's 022 or 002 gives
    /// -rw-r--r--). `main` stores it before setting its own; 022 until then.
    public static let sessionUmask = Atomic<UInt32>(0o022)

    /// glibc's POSIX_SPAWN_SETSID (spawn.h, behind _GNU_SOURCE): the child calls setsid().
    static let setsid: Int32 = 0x80

    /// Starts `plan`: over D-Bus if it says so (falling back on its argvs
    /// when that fails and it has any; see `activate`), else every argv;
    /// returns the process ids it spawned.
    @discardableResult
    public static func spawn(_ plan: LaunchPlan) throws(Failure) -> [pid_t] {
        if let dbus = plan.dbus {
            do {
                try activate(plan, dbus)
                return []
            } catch where !plan.argvs.isEmpty {
                // Started by its Exec line, as before the spec had D-Bus activation.
            }
        }
        return try spawnArgvs(plan)
    }

    /// Spawns every argv of `plan` (its Exec line).
    static func spawnArgvs(_ plan: LaunchPlan) throws(Failure) -> [pid_t] {
        var pids: [pid_t] = []
        for argv in plan.argvs {
            guard let program = argv.first else { continue }
            let pid = try spawn(argv, program: program, workingDirectory: plan.workingDirectory, token: plan.activationToken)
            llb_note_child(1)
            reapWhenDone(pid)
            pids.append(pid)
        }
        return pids
    }

    /// The launcher's token for the app it starts: the one handed for this
    /// start, else its own environment's.
    static func token(_ given: String?) -> String? {
        given ?? ["XDG_ACTIVATION_TOKEN", "DESKTOP_STARTUP_ID"].lazy.compactMap(Files.environment).first { !$0.isEmpty }
    }

    /// Waits for `pid` on a small thread of its own: a child that exits is
    /// reaped, not left a zombie of a launcher that runs for days, and no
    /// longer keeps `serve` from idling out (llb_note_child). (A one-shot
    /// `open` exits first, and init reaps the app.)
    private static func reapWhenDone(_ pid: pid_t) {
        let reaped = detach(stackSize: 64 * 1024) {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            llb_note_child(-1)
        }
        if !reaped { llb_note_child(-1) }
    }

    /// Runs `body` on a detached thread of its own (the default stack when
    /// `stackSize` is nil); false, and `body` not run, if none could be made.
    static func detach(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(&thread, &attributes, { argument in
            Unmanaged<ThreadBody>.fromOpaque(argument!).takeRetainedValue().body()
            return nil
        }, box)
        if rc != 0 { Unmanaged<ThreadBody>.fromOpaque(box).release() }
        return rc == 0
    }

    /// Serializes spawns: the working directory and the umask are set
    /// around each one, process-wide, and a D-Bus start that failed late
    /// falls back on its Exec line from a thread of its own.
    private static let launching = Mutex(())

    private static func spawn(_ argv: [String], program: String, workingDirectory: String?,
                              token: String?) throws(Failure) -> pid_t {
        try launching.withLock { _ throws(Failure) in
            try spawnAlone(argv, program: program, workingDirectory: workingDirectory ?? homeIfAtRoot(), token: token)
        }
    }

    /// Where an app with no Path= starts when the launcher is at `/`: the
    /// person's home, as from GNOME Shell or a terminal. A D-Bus-activated
    /// `serve` runs where the bus daemon does (`dbus-launch`, `--fork`:
    /// `/`), and a terminal opened from a search started in `/`.
    static func homeIfAtRoot() -> String? {
        var buffer = [CChar](repeating: 0, count: 4)
        guard getcwd(&buffer, buffer.count) != nil, buffer[0] == 0x2F, buffer[1] == 0,
              let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") else { return nil }
        var st = stat()
        return stat(home, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR ? home : nil
    }

    private static func spawnAlone(_ argv: [String], program: String, workingDirectory: String?,
                                   token: String?) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // Nothing else of the launcher's: a caller's lock or pipe held by a
        // long-running app would keep it from ever being released.
        let closing = llb_spawn_close_from(&actions, 3)
        if closing != 0 { throw Failure(program: program, problem: String(cString: strerror(closing))) }
        // Path=: the child starts there. (posix_spawn_file_actions_addchdir_np
        // is behind _GNU_SOURCE, which Swift's Glibc does not define; the
        // parent changes directory around the spawn, one spawn at a time.)
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
        // A token handed for this start, else the launcher's own (from either
        // variable), goes to the app as GLib passes it: in both
        // XDG_ACTIVATION_TOKEN (Wayland) and DESKTOP_STARTUP_ID (X11).
        let token = Self.token(token)
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = []
        if let token {
            var index = 0
            while let entry = environ[index] {
                let text = String(cString: entry)
                if !text.hasPrefix("XDG_ACTIVATION_TOKEN="), !text.hasPrefix("DESKTOP_STARTUP_ID=") { cEnvironment.append(strdup(entry)) }
                index += 1
            }
            cEnvironment += [strdup("XDG_ACTIVATION_TOKEN=" + token), strdup("DESKTOP_STARTUP_ID=" + token), nil]
        }
        defer { for p in cEnvironment { free(p) } }
        var pid: pid_t = 0
        // posix_spawn has no umask of its own: the child inherits the
        // caller's, so the launcher's is the session's for the spawn only
        // (one spawn at a time, as for the working directory above).
        let launcherUmask = umask(mode_t(Self.sessionUmask.load(ordering: .relaxed)))
        defer { umask(launcherUmask) }
        let rc = token == nil ? posix_spawnp(&pid, program, &actions, &attributes, cArgs, environ)
            : posix_spawnp(&pid, program, &actions, &attributes, cArgs, cEnvironment)
        if rc != 0 { throw Failure(program: program, problem: String(cString: strerror(rc))) }
        return pid
    }
}

/// The closure a detached pthread runs, boxed to cross `pthread_create`'s `void *`.
private final class ThreadBody: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
