import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Servers a test starts on 127.0.0.1 (`xapian-tcpsrv`,
/// `xapian-replicate-server`): each on a free port, under
/// `timeout --signal=KILL` so that none outlives a crashed test, and stopped
/// by PID in every exit path (`stop`, from a `defer` and `deinit`).
public final class LoopbackServers {
    private var processes: [Process] = []
    /// The port of each server started, in order.
    public private(set) var ports: [Int] = []

    public init() {}

    /// Starts `command` with the arguments made for a free port, and waits
    /// until it accepts connections there. Returns the port.
    /// `port`: a given one (a server started again where clients look for it).
    @discardableResult
    public func start(_ command: String, lifetime seconds: Int = 300, port given: Int? = nil,
                      _ arguments: (Int) -> [String]) throws -> Int {
        let port = try given ?? Self.freePort()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        p.arguments = ["--signal=KILL", String(seconds), command] + arguments(port)
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        processes.append(p)
        ports.append(port)
        for _ in 0..<200 {
            if Self.accepts(port) { return port }
            Thread.sleep(forTimeInterval: 0.025)
        }
        throw ServerError("\(command) did not start listening on 127.0.0.1:\(port)")
    }

    /// Kills each server (SIGKILL: a child of a test process starts with
    /// every signal blocked, TERM included), then its `timeout` exits.
    public func stop() {
        for p in processes where p.isRunning {
            let pid = p.processIdentifier
            let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            for child in children.split(separator: " ").compactMap({ Int32($0) }) { kill(child, SIGKILL) }
            p.waitUntilExit()
        }
        processes = []
    }

    deinit { stop() }

    /// Runs a command that should end by itself, under `timeout` all the
    /// same (killed after `seconds`): its exit status and what it printed
    /// (standard output and error together).
    public static func run(_ command: String, _ arguments: [String], seconds: Int = 60) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        p.arguments = ["--signal=KILL", String(seconds), command] + arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A port nothing listens on now: bind port 0 and read what the kernel chose.
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = loopback(port: 0)
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
        }
        guard ok else { throw ServerError("no free port on 127.0.0.1") }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    /// True once something accepts a TCP connection on the port.
    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = loopback(port: port)
        return withUnsafePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = UInt16(port).bigEndian
        return addr
    }
}

/// A server that could not be started.
public struct ServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
