import CSQLite

/// A connection to an SQLite database through the system library, for reading
/// Firefox's places.sqlite. Used by one thread at a time (SQLite's default
/// serialized mode would allow more, but nothing here shares a connection).
///
/// SQLite C API: https://www.sqlite.org/cintro.html
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    let path: String
    private let sqlite: SQLiteLibrary

    init(path: String, readOnly: Bool = false) throws(DesktopSourceError) {
        self.path = path
        guard let sqlite = SQLiteLibrary.shared else {
            throw DesktopSourceError(file: path, line: 0, problem: "cannot load the SQLite library libsqlite3.so.0 (Debian: apt-get install libsqlite3-0)")
        }
        self.sqlite = sqlite
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let status = sqlite.open(path, &handle, flags, nil)
        if status != SQLITE_OK {
            let error = failure(status, "cannot open the database")
            _ = sqlite.close(handle)
            handle = nil
            throw error
        }
        _ = sqlite.extendedCodes(handle, 1)
    }

    deinit { _ = sqlite.close(handle) }

    /// Runs statements that return no rows.
    func execute(_ sql: String) throws(DesktopSourceError) {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite.exec(handle, sql, nil, nil, &message)
        if status != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? Self.string(sqlite.errstr(status))
            sqlite.free(UnsafeMutableRawPointer(message))
            throw DesktopSourceError(file: path, line: 0, problem: "SQLite error \(status): \(text)")
        }
    }

    /// Runs a query with integer parameters (`?1`, `?2`, …), calling `row` for each result row.
    func query(_ sql: String, _ parameters: [Int64] = [], row: (SQLiteRow) -> Void) throws(DesktopSourceError) {
        var statement: OpaquePointer?
        let prepared = sqlite.prepare(handle, sql, -1, &statement, nil)
        defer { _ = sqlite.finalize(statement) }
        guard prepared == SQLITE_OK else { throw failure(prepared, "cannot prepare a query") }
        for (index, value) in parameters.enumerated() {
            _ = sqlite.bindInt64(statement, Int32(index + 1), value)
        }
        while true {
            let status = sqlite.step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw failure(status, "a query failed") }
            row(SQLiteRow(statement: statement, sqlite: sqlite))
        }
    }

    /// Whether the schema has this table (to tell a places database from another file).
    func hasTable(_ name: String) throws(DesktopSourceError) -> Bool {
        var found = false
        try query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '\(name)'") { _ in found = true }
        return found
    }

    private static func string(_ text: UnsafePointer<CChar>?) -> String { text.map { String(cString: $0) } ?? "" }

    private func failure(_ status: Int32, _ what: String) -> DesktopSourceError {
        let message = handle.map { Self.string(sqlite.errmsg($0)) } ?? Self.string(sqlite.errstr(status))
        return DesktopSourceError(file: path, line: 0, problem: "\(what): \(message) (SQLite error \(status))")
    }
}

/// The current row of a query; valid only inside the `row` callback.
struct SQLiteRow {
    fileprivate let statement: OpaquePointer?
    fileprivate let sqlite: SQLiteLibrary

    func integer(_ column: Int32) -> Int64? {
        sqlite.columnType(statement, column) == SQLITE_NULL ? nil : sqlite.columnInt64(statement, column)
    }

    func text(_ column: Int32) -> String? {
        guard let bytes = sqlite.columnText(statement, column) else { return nil }
        let count = Int(sqlite.columnBytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
