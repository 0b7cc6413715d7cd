#if canImport(Glibc)
import Glibc
#endif
import CXapian

/// Writes down the Xapian reads a reader makes — every match set (the query
/// serialised, the enquire's settings, what came back), metadata, document,
/// value and term reads — as JSON Lines, one object per call, so that
/// `Benchmarks/raw-xapian/replay.cc` can make the very same calls with the
/// plain C++ API: the raw floor replays the plan instead of copying it
/// (Benchmarks/ANALYSIS.md §6).
///
/// ```swift
/// CallRecorder.active = try CallRecorder(path: "/tmp/plan.jsonl")
/// CallRecorder.active?.begin("mont")   // a keystroke starts
/// _ = try searcher.search(request)
/// CallRecorder.active = nil            // flushes and closes the file
/// ```
///
/// Off (nil), recording costs each wrapped call one nil check.
public final class CallRecorder {
    /// The recorder the wrapper writes this thread's calls to, or nil. Per
    /// thread: a traced pass records the calls of the thread that runs it,
    /// and other threads (tests running beside it, a service's other work)
    /// neither write into it nor race with setting it — a process-wide
    /// reference read by every thread while one replaces it was a
    /// use-after-free (a "double free" abort in the parallel tests).
    public static var active: CallRecorder? {
        get { pthread_getspecific(activeKey).map { Unmanaged<CallRecorder>.fromOpaque($0).takeUnretainedValue() } }
        set {
            let old = pthread_getspecific(activeKey)
            pthread_setspecific(activeKey, newValue.map { Unmanaged.passRetained($0).toOpaque() })
            if let old { Unmanaged<CallRecorder>.fromOpaque(old).release() }
        }
    }

    private static let activeKey: pthread_key_t = {
        var key = pthread_key_t()
        // A thread that ends with a recorder set releases it (closing its file).
        pthread_key_create(&key) { if let r = $0 { Unmanaged<CallRecorder>.fromOpaque(r).release() } }
        return key
    }()

    private let file: UnsafeMutablePointer<FILE>

    /// Creates (or truncates) the file at `path`.
    public init(path: String) throws(XapianError) {
        guard let f = fopen(path, "w") else {
            throw XapianError(.standard, "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        file = f
    }

    deinit { fclose(file) }

    /// Marks the start of a keystroke: the calls until the next `begin` are its.
    public func begin(_ label: String) { line("{\"keystroke\":\(Self.quoted(label))}") }

    func line(_ s: String) { fputs(s + "\n", file) }  // one write per line: lines stay whole

    // The fields are written by hand (this target has no JSON coder): strings
    // escaped as JSON, bytes (a serialised query) as hex.

    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where u.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(u.value, radix: 16).count) + String(u.value, radix: 16)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = [0x22]
        out.reserveCapacity(bytes.count * 2 + 2)
        for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }

    func read(_ op: String, _ fields: String = "") {
        line("{\"op\":\"\(op)\"\(fields.isEmpty ? "" : "," + fields)}")
    }
}
