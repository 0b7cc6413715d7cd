#if canImport(Glibc)
import Glibc
#endif
import Xapian
import LimelightSupport

/// Shards served by Xapian's own server, `xapian-tcpsrv DIR/shard-K/current`
/// (one per shard, any machine), searched as one index (`--remote HOST:PORT`,
/// repeatable). The server opens the stub per connection, so a new
/// connection reads the newest generation; `open()` is also how a searcher
/// reconnects.
public struct RemoteShards: Sendable, CustomStringConvertible {
    public struct Endpoint: Sendable, Equatable {
        public let host: String
        public let port: Int
    }

    public let endpoints: [Endpoint]
    /// How long a call may wait for a server, in milliseconds.
    public var timeoutMilliseconds = 10_000
    /// A long-lived view connects again after this many seconds, to see a
    /// new generation (a connection keeps the one it opened).
    package static let maxConnectionAge = 2.0

    /// Parses `HOST:PORT` arguments (`[::1]:7001` for an IPv6 address).
    public init(_ arguments: [String]) throws(StoreError) {
        var out: [Endpoint] = []
        for a in arguments {
            guard let colon = a.lastIndex(of: ":"), let port = Int(a[a.index(after: colon)...]), (1...65_535).contains(port) else {
                throw StoreError.badLocation("--remote \(a): expected HOST:PORT (a port from 1 to 65535), e.g. 127.0.0.1:7001")
            }
            var host = String(a[..<colon])
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            guard !host.isEmpty else { throw StoreError.badLocation("--remote \(a): no host before the port") }
            out.append(Endpoint(host: host, port: port))
        }
        endpoints = out
    }

    public var description: String { endpoints.map { "\($0.host):\($0.port)" }.joined(separator: ", ") }

    /// Connects to every shard, checking each one's schema, and that they
    /// are every shard of one index (`ShardIdentity`).
    package func open() throws(StoreError) -> [Database] {
        let names = endpoints.map { "\($0.host):\($0.port)" }
        var tries = 0
        while true {
            let shards = try connect()
            switch try ShardIdentity.mismatch(shards, names: names) {
            case nil:
                return shards
            case .twoSets? where tries < Self.swapRetries:
                // A rebuild moves each shard's stub in turn: a connection in
                // between sees both sets, for a moment.
                tries += 1
                usleep(Self.swapRetryMicroseconds)
            case .twoSets(let message)?, .other(let message)?:
                throw StoreError.badLocation(message)
            }
        }
    }

    /// How long `open` waits for a rebuild's swap to end: 20 × 50 ms.
    static let swapRetries = 20
    static let swapRetryMicroseconds: UInt32 = 50_000

    private func connect() throws(StoreError) -> [Database] {
        var out: [Database] = []
        for e in endpoints {
            let name = "\(e.host):\(e.port)"
            do {
                let db = try Database(host: e.host, port: e.port, timeoutMilliseconds: timeoutMilliseconds,
                                      connectTimeoutMilliseconds: timeoutMilliseconds)
                try IndexLocation.checkSchema(db, path: name)
                out.append(db)
            } catch let error as XapianError where error.kind == .network || error.kind == .networkTimeout {
                throw StoreError.missing("cannot reach the shard at \(name): \(error.message) (is xapian-tcpsrv serving DIR/shard-K/current there?)")
            } catch let error as StoreError {
                throw error
            } catch let error as XapianError {
                throw StoreError(error, path: name)
            } catch {
                throw StoreError.xapian("\(name): \(error)")
            }
        }
        return out
    }
}
