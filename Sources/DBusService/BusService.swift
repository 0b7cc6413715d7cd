import CSDBus
import Synchronization

/// Where to connect.
public enum BusAddress: Sendable, Equatable {
    /// The session bus: `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`.
    case session
    /// A D-Bus address such as `unix:path=/tmp/dbus-XYZ` (a private bus, in tests).
    case address(String)
}

/// Why ``BusService/run(backend:idleTimeout:)`` returned.
public enum StopReason: Sendable, Equatable {
    /// ``BusService/stop()`` was called.
    case stopped
    /// No call for the idle timeout; the name was released first, so the next
    /// call D-Bus-activates a fresh process.
    case idle
    /// The bus went away (the session ended): a normal shutdown.
    case busClosed
}

/// A connection to the session bus that owns a name and serves GNOME Shell's
/// `org.gnome.Shell.SearchProvider2` at `searchProviderPath` and KRunner's
/// `org.kde.krunner1` at `/runner`, answering from a ``SearchProviderBackend``.
///
/// ```swift
/// let service = try BusService(name: "org.limelight.Limelight",
///                              searchProviderPath: "/org/limelight/Limelight/SearchProvider")
/// let reason = try service.run(backend: catalogue, idleTimeout: .seconds(30))
/// ```
///
/// Threads: the connection is made on the thread that creates the service;
/// afterwards only the thread inside `run` touches it (sd-bus objects are
/// single-threaded, see sd-bus(3)). ``stop()`` may be called from any thread.
/// Built on [sd-bus](https://www.freedesktop.org/software/systemd/man/sd-bus.html).
public final class BusService: @unchecked Sendable {
    // @unchecked Sendable: `handle` is used by one thread at a time (the creator,
    // then the single runner that `running` admits); `stop()` only writes the
    // eventfd, which llb_service_stop documents as safe from any thread.
    private let handle: OpaquePointer
    private let dispatcher: Dispatcher
    private let running = Atomic<Bool>(false)

    /// The bus name this service owns.
    public let name: String
    /// Where `org.gnome.Shell.SearchProvider2` is exported.
    public let searchProviderPath: String
    /// Where `org.kde.krunner1` is exported.
    public static let krunnerPath = LLB_KRUNNER_PATH

    /// Connects, exports both interfaces and takes `name` (without queueing:
    /// a second instance fails with ``BusError/Kind/nameTaken``).
    public init(name: String, searchProviderPath: String, bus: BusAddress = .session) throws(BusError) {
        let dispatcher = Dispatcher()
        var callbacks = dispatcher.callbacks()
        var error = llb_error()
        let created: OpaquePointer? = name.withCString { cName in
            searchProviderPath.withCString { cPath in
                switch bus {
                case .session:
                    return llb_service_new(nil, cName, cPath, &callbacks, &error)
                case .address(let address):
                    return address.withCString { llb_service_new($0, cName, cPath, &callbacks, &error) }
                }
            }
        }
        guard let created else { throw BusError(error) }
        self.handle = created
        self.dispatcher = dispatcher
        self.name = name
        self.searchProviderPath = searchProviderPath
    }

    deinit {
        llb_service_free(handle)
    }

    /// The connection's unique name (`:1.42`), for logs.
    public var uniqueName: String { String(cString: llb_service_unique_name(handle)) }

    /// Serves calls on the calling thread until ``stop()``, an idle timeout
    /// (`nil`: never; zero: at the first idle moment), or the bus going away.
    /// Only one `run` at a time.
    public func run(backend: any SearchProviderBackend, idleTimeout: Duration? = nil) throws(BusError) -> StopReason {
        guard !running.exchange(true, ordering: .acquiring) else {
            throw BusError(kind: .other, message: "the service on \(name) is already running")
        }
        defer { running.store(false, ordering: .releasing) }
        dispatcher.backend = backend
        defer { dispatcher.backend = nil }

        var error = llb_error()
        let result = llb_service_run(handle, idleTimeout.map(Self.milliseconds) ?? 0, &error)
        switch result {
        case Int32(LLB_STOP_REQUESTED.rawValue): return .stopped
        case Int32(LLB_STOP_IDLE.rawValue): return .idle
        case Int32(LLB_STOP_BUS_CLOSED.rawValue): return .busClosed
        default: throw BusError(error)
        }
    }

    /// Makes `run` return ``StopReason/stopped`` (or the next `run`, if none is
    /// running). Safe from any thread.
    public func stop() {
        llb_service_stop(handle)
    }

    /// Whole milliseconds, at least 1, since the shim reads 0 as "never".
    private static func milliseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, duration > .zero else { return 1 }
        let (ms, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1000)
        guard !overflow else { return .max }
        return max(ms + UInt64(attoseconds / 1_000_000_000_000_000), 1)
    }
}

extension BusError {
    init(_ error: llb_error) {
        let kind: Kind
        switch error.kind {
        case LLB_ERROR_NO_BUS: kind = .noBus
        case LLB_ERROR_NAME_TAKEN: kind = .nameTaken
        default: kind = .other
        }
        var error = error
        let message = withUnsafeBytes(of: &error.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        self.init(kind: kind, code: -error.code, message: message)
    }
}
