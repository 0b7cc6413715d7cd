import Glibc
import CSQLite

/// The system SQLite, loaded with dlopen on first use: linking it would cost
/// every `limelight` process its load (a C program that does nothing starts
/// ~0.4 ms slower at p50 linked with -lsqlite3 on this machine), and only
/// `sync firefox` needs it.
struct SQLiteLibrary: @unchecked Sendable {
    // Function pointers resolved once from a library that stays loaded for the
    // life of the process; immutable after `load`, so sharing them is safe.
    typealias Open = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?) -> Int32
    typealias Close = @convention(c) (OpaquePointer?) -> Int32
    typealias ExtendedCodes = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias Exec = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeRawPointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32
    typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias ErrStr = @convention(c) (Int32) -> UnsafePointer<CChar>?
    typealias ErrMsg = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    typealias Prepare = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
    typealias Finalize = @convention(c) (OpaquePointer?) -> Int32
    typealias BindInt64 = @convention(c) (OpaquePointer?, Int32, Int64) -> Int32
    typealias Step = @convention(c) (OpaquePointer?) -> Int32
    typealias ColumnType = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias ColumnInt64 = @convention(c) (OpaquePointer?, Int32) -> Int64
    typealias ColumnText = @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<UInt8>?
    typealias ColumnBytes = @convention(c) (OpaquePointer?, Int32) -> Int32

    let open: Open, close: Close, extendedCodes: ExtendedCodes, exec: Exec, free: Free
    let errstr: ErrStr, errmsg: ErrMsg, prepare: Prepare, finalize: Finalize, bindInt64: BindInt64
    let step: Step, columnType: ColumnType, columnInt64: ColumnInt64, columnText: ColumnText, columnBytes: ColumnBytes

    /// nil if the library is not installed (then the problem says which package).
    static let shared: SQLiteLibrary? = load()

    private static func load() -> SQLiteLibrary? {
        guard let lib = dlopen("libsqlite3.so.0", RTLD_NOW) ?? dlopen("libsqlite3.so", RTLD_NOW) else { return nil }
        func symbol<T>(_ name: String, _: T.Type) -> T? {
            dlsym(lib, name).map { unsafeBitCast($0, to: T.self) }
        }
        guard let open = symbol("sqlite3_open_v2", Open.self), let close = symbol("sqlite3_close_v2", Close.self),
              let extendedCodes = symbol("sqlite3_extended_result_codes", ExtendedCodes.self),
              let exec = symbol("sqlite3_exec", Exec.self), let free = symbol("sqlite3_free", Free.self),
              let errstr = symbol("sqlite3_errstr", ErrStr.self), let errmsg = symbol("sqlite3_errmsg", ErrMsg.self),
              let prepare = symbol("sqlite3_prepare_v2", Prepare.self), let finalize = symbol("sqlite3_finalize", Finalize.self),
              let bindInt64 = symbol("sqlite3_bind_int64", BindInt64.self), let step = symbol("sqlite3_step", Step.self),
              let columnType = symbol("sqlite3_column_type", ColumnType.self),
              let columnInt64 = symbol("sqlite3_column_int64", ColumnInt64.self),
              let columnText = symbol("sqlite3_column_text", ColumnText.self),
              let columnBytes = symbol("sqlite3_column_bytes", ColumnBytes.self) else { return nil }
        return SQLiteLibrary(open: open, close: close, extendedCodes: extendedCodes, exec: exec, free: free,
                             errstr: errstr, errmsg: errmsg, prepare: prepare, finalize: finalize, bindInt64: bindInt64,
                             step: step, columnType: columnType, columnInt64: columnInt64, columnText: columnText,
                             columnBytes: columnBytes)
    }
}
