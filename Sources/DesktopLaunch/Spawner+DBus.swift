import Dispatch
import Glibc
import Synchronization
import CSDBus
import LimelightSupport

/// Starting a DBusActivatable app: a call of org.freedesktop.Application,
/// kept open until the app answers. The bus starts the app and hands it the
/// call once it owns its name, but only while the caller is still connected
/// (dbus-daemon's bus/activation.c drops the queued calls of a sender that
/// hung up): hanging up after half a second, as Limelight did, left an app
/// slow to start (a cold GNOME app) running with no window.
extension Spawner {
    /// How long `spawn` waits for the answer before it returns: an error (no
    /// such service, a program that would not start) comes at once, so the
    /// caller can still fall back on the Exec line or report it; an app still
    /// starting is waited for on a thread of its own, so that `serve` keeps
    /// answering the shell meanwhile.
    static let activationAnswerWait: DispatchTimeInterval = .milliseconds(500)

    /// How long an app has to take its name and answer: D-Bus's default
    /// method-call timeout, which GLib's calls wait too.
    static let activationTimeoutMilliseconds: UInt64 = 25_000

    /// Calls still waiting for an app that is starting (`finishStarting`).
    private static let starting = DispatchGroup()
    /// Whether one of them failed with no Exec line to fall back on.
    private static let lateFailure = Atomic<Bool>(false)

    /// Who handles a call's outcome: the caller, if it came within
    /// `activationAnswerWait`, else the thread that waits for it.
    private enum Handover: Sendable {
        case waiting
        case answered(Result<Void, Failure>)
        case leftToThread
    }

    /// Calls the app, waiting for its answer only `activationAnswerWait`:
    /// throws what failed by then. An app still starting is left to a thread
    /// that keeps the call open until it answers, and should that fail (or
    /// time out), runs `plan`'s Exec line, or says why on standard error.
    static func activate(_ plan: LaunchPlan, _ d: LaunchPlan.DBusActivation) throws(Failure) {
        let handover = Mutex(Handover.waiting)
        let done = DispatchSemaphore(value: 0)
        starting.enter()
        // Counted as a program this process runs: `serve` does not idle out
        // (closing the call) while an app it is starting has not answered.
        llb_note_child(1)
        let body: @Sendable () -> Void = {
            let result = Result { () throws(Failure) in try call(d, token: plan.activationToken) }
            let mine = handover.withLock { state in
                if case .leftToThread = state { return true }
                state = .answered(result)
                return false
            }
            done.signal()
            if mine, case .failure(let failure) = result {
                if plan.argvs.isEmpty {
                    lateFailure.store(true, ordering: .relaxed)
                    report(failure)
                } else {
                    do throws(Failure) { _ = try spawnArgvs(plan) } catch { report(error) }
                }
            }
            llb_note_child(-1)
            starting.leave()
        }
        // With no thread to spare, the call is waited for here.
        if !detach(body) { body() }
        _ = done.wait(timeout: .now() + activationAnswerWait)
        let early = handover.withLock { state -> Result<Void, Failure>? in
            if case .answered(let result) = state { return result }
            state = .leftToThread
            return nil
        }
        if case .failure(let failure) = early { throw failure }
    }

    /// Waits until every app being started over D-Bus has answered (or its
    /// call failed and was handled); false if one could not be started at
    /// all. A one-shot launcher calls it before it exits: exiting would hang
    /// up, and the bus would never hand the app its call.
    public static func finishStarting() -> Bool {
        starting.wait()
        return !lateFailure.load(ordering: .relaxed)
    }

    /// A late failure, on standard error (`serve`'s goes to the journal).
    private static func report(_ failure: Failure) {
        let line = "Error: \(TerminalText.escape(failure.description))\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    /// Calls org.freedesktop.Application on the session bus
    /// (`DBUS_SESSION_BUS_ADDRESS`) and waits for the answer, with the
    /// launcher's activation token (`XDG_ACTIVATION_TOKEN`, else
    /// `DESKTOP_STARTUP_ID`) so the app may take the focus.
    static func call(_ d: LaunchPlan.DBusActivation, token given: String? = nil) throws(Failure) {
        let token = token(given)
        var error = llb_error()
        var cURIs: [UnsafePointer<CChar>?] = d.uris.map { UnsafePointer(strdup($0)) }
        defer { for p in cURIs { free(UnsafeMutablePointer(mutating: p)) } }
        let rc = cURIs.withUnsafeMutableBufferPointer { uris in
            llb_activate_application(nil, d.name, d.path, d.action, uris.baseAddress, uris.count,
                                     token, activationTimeoutMilliseconds, &error)
        }
        if rc < 0 {
            let message = withUnsafeBytes(of: &error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw Failure(program: d.name, problem: "over D-Bus (\(d.method)): \(message)")
        }
    }
}
