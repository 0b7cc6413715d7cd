import Glibc
import Synchronization

/// A ``BusService`` running on a thread of its own (see ``BusService/start(idleTimeout:makeBackend:)``).
public final class BusServiceThread: Sendable {
    public let service: BusService
    private let outcome: Mutex<Result<StopReason, BusError>?>
    private let thread: Mutex<pthread_t?>

    fileprivate init(service: BusService) {
        self.service = service
        self.outcome = Mutex(nil)
        self.thread = Mutex(nil)
    }

    deinit {
        // Never waited for: let the thread clean up after itself when it ends.
        thread.withLock { thread in
            if let running = thread { pthread_detach(running) }
        }
    }

    /// Asks the loop to stop; ``wait()`` then returns ``StopReason/stopped``.
    public func stop() { service.stop() }

    /// Blocks until the loop ends and returns why it did. Later calls return
    /// the same outcome at once.
    @discardableResult
    public func wait() -> Result<StopReason, BusError> {
        thread.withLock { thread in
            if let running = thread {
                pthread_join(running, nil)
                thread = nil
            }
        }
        return outcome.withLock { $0 } ?? .failure(BusError(kind: .other, message: "the service thread did not report"))
    }

    fileprivate func record(_ result: Result<StopReason, BusError>) {
        outcome.withLock { $0 = result }
    }

    fileprivate func adopt(_ running: pthread_t) {
        thread.withLock { $0 = running }
    }
}

extension BusService {
    /// Runs the loop on a new thread and returns at once. The backend is made
    /// on that thread by `makeBackend`, so it never crosses threads and need
    /// not be `Sendable` (a Xapian reader, for one, must stay on its thread).
    public func start(idleTimeout: Duration? = nil,
                      makeBackend: @escaping @Sendable () -> any SearchProviderBackend) throws(BusError) -> BusServiceThread {
        let handle = BusServiceThread(service: self)
        let job = ThreadJob {
            handle.record(Result { () throws(BusError) -> StopReason in
                try self.run(backend: makeBackend(), idleTimeout: idleTimeout)
            })
        }
        let context = Unmanaged.passRetained(job).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            let job = Unmanaged<ThreadJob>.fromOpaque(context!).takeRetainedValue()
            job.body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<ThreadJob>.fromOpaque(context).release()
            throw BusError(kind: .other, code: status,
                           message: "could not start the bus thread: \(String(cString: strerror(status)))")
        }
        handle.adopt(thread)
        return handle
    }
}

/// The closure a new pthread runs, boxed to cross `pthread_create`'s `void *`.
private final class ThreadJob: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
