import LimelightSupport
/// A record with where it came from, so errors can say `file:line`.
public struct LocatedRecord: Sendable {
    public let record: Record
    public let location: String
    public init(_ record: Record, at location: String) {
        self.record = record
        self.location = location
    }
}

/// Reads JSON Lines files into validated records, collecting every problem as
/// `file:line: what is wrong` so that one run reports them all at once.
public enum RecordReader {
    /// Stop listing problems after this many (the batch is rejected anyway).
    public static let maxReportedErrors = 20

    /// The problems to tell: the first `maxReportedErrors`, and a note when
    /// there were more (one more is read to know; exactly 20 said it stopped).
    static func reported(_ errors: [String]) -> [String] {
        errors.count <= maxReportedErrors ? errors
            : Array(errors.prefix(maxReportedErrors)) + [stopNote]
    }

    static let stopNote = "(stopped after \(maxReportedErrors) problems)"

    /// Whether a line of `reported` is the note that it stopped, not a problem.
    public static func isStopNote(_ line: String) -> Bool { line == stopNote }

    /// Parses `bytes` (the contents of `name`). Blank lines are skipped.
    public static func parse(_ bytes: [UInt8], name: String,
                             into records: inout [LocatedRecord], errors: inout [String]) {
        forEachRecord(bytes, name: name, stopAfterErrors: maxReportedErrors + 1 - errors.count) { result in
            switch result {
            case .success(let r): records.append(r)
            case .failure(let e): errors.append(e.message)
            }
        }
    }

    /// Calls `body` with each non-blank line's record, or its `file:line: …`
    /// problem; stops after `stopAfterErrors` problems.
    static func forEachRecord(_ bytes: [UInt8], name: String, stopAfterErrors: Int = .max,
                              _ body: (Result<LocatedRecord, RecordError>) throws -> Void) rethrows {
        try forEachLine(bytes, name: name, stopAfterErrors: stopAfterErrors) { result, _ in try body(result) }
    }

    /// `forEachRecord`, also saying where each line is (to parse it again).
    static func forEachLine(_ bytes: [UInt8], name: String, stopAfterErrors: Int = .max,
                            _ body: (Result<LocatedRecord, RecordError>, LineRef) throws -> Void) rethrows {
        // UTF-16 (a Windows editor's "Unicode") is every line wrong at column 1: say what it is, once.
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let order = bytes[0] == 0xFF ? "FF FE" : "FE FF"
            try body(.failure(RecordError("\(name):1: the file is UTF-16 (it starts with \(order)); records are UTF-8: convert it (iconv -f UTF-16 -t UTF-8)")),
                     LineRef(bytes: 0..<0, number: 1))
            return
        }
        var problems = 0
        for (index, raw) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            var line = raw.last == 0x0D ? raw.dropLast() : raw
            // A byte order mark that Windows editors put first says the file is
            // UTF-8; files so saved and joined with cat have one on a later line.
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            if problems >= stopAfterErrors { break }
            let ref = LineRef(bytes: line.startIndex..<line.endIndex, number: index + 1)
            let result = parseLine(line, at: "\(name):\(ref.number)")
            if case .failure = result { problems += 1 }
            try body(result, ref)
        }
    }

    /// A line of a file: its bytes (without the line break) and its number.
    struct LineRef {
        let bytes: Range<Int>
        let number: Int
    }

    static func parseLine(_ line: ArraySlice<UInt8>, at: String) -> Result<LocatedRecord, RecordError> {
        if line.count > RecordLimits.maxLineBytes {
            return .failure(RecordError("\(at): the line is \(line.count) bytes long; a record is at most \(RecordLimits.maxLineBytes) bytes"))
        }
        do {
            let json = try JSON.parse(line)
            do { return .success(LocatedRecord(try Record(json: json), at: at)) } catch {
                return .failure(RecordError("\(at): \(error.message)"))
            }
        } catch {
            return .failure(RecordError("\(at): \(error.description)"))
        }
    }

    /// Reads and parses files (`-` is standard input). Throws `.rejected` with
    /// every problem found, or `.unreadable` if a file cannot be read.
    public static func read(_ paths: [String]) throws(ModelError) -> [LocatedRecord] {
        var records: [LocatedRecord] = []
        var errors: [String] = []
        for path in paths {
            let bytes: [UInt8]
            do { bytes = try Files.read(path) } catch { throw ModelError.unreadable(error.description) }
            parse(bytes, name: path == "-" ? "<stdin>" : path, into: &records, errors: &errors)
        }
        if !errors.isEmpty { throw ModelError.rejected(reported(errors)) }
        return records
    }
}

/// Records a writer applies, read in passes: every record with where it is,
/// and a record again by where it is. JSON Lines files (`RecordSource`) and
/// arrays of parsed records alike, so that the writer has one apply path.
public protocol RecordStream {
    associatedtype Place
    /// Every record, in order, with its place.
    func forEachWithPlace(_ body: (LocatedRecord, Place) throws -> Void) throws
    /// The record at `place` (again).
    func record(at place: Place) throws -> LocatedRecord
}

extension RecordStream {
    /// Every record, in order.
    public func forEach(_ body: (LocatedRecord) throws -> Void) throws {
        try forEachWithPlace { r, _ in try body(r) }
    }
}

extension Array: RecordStream where Element == LocatedRecord {
    public func forEachWithPlace(_ body: (LocatedRecord, Int) throws -> Void) throws {
        for (i, r) in enumerated() { try body(r, i) }
    }
    public func record(at place: Int) throws -> LocatedRecord { self[place] }
}

/// JSON Lines files kept as bytes and parsed on demand: a large run costs its
/// file size in memory, not its parsed records (about four times as much).
/// `validate()` reads every line once before anything is written; writing then
/// parses again, in the order it needs.
public struct RecordSource: Sendable, RecordStream {
    let files: [(name: String, bytes: [UInt8])]

    /// Reads the files (`-` is standard input).
    public static func load(_ paths: [String]) throws(ModelError) -> RecordSource {
        var files: [(String, [UInt8])] = []
        for path in paths {
            do { files.append((path == "-" ? "<stdin>" : path, try Files.read(path))) } catch {
                throw ModelError.unreadable(error.description)
            }
        }
        return RecordSource(files: files)
    }

    /// Parses and checks every record; throws `.rejected` with the problems.
    /// Returns how many records there are.
    @discardableResult
    public func validate() throws(ModelError) -> Int {
        var errors: [String] = []
        var count = 0
        for (name, bytes) in files {
            RecordReader.forEachRecord(bytes, name: name, stopAfterErrors: RecordReader.maxReportedErrors + 1 - errors.count) { result in
                switch result {
                case .success: count += 1
                case .failure(let e): errors.append(e.message)
                }
            }
        }
        if !errors.isEmpty { throw ModelError.rejected(RecordReader.reported(errors)) }
        return count
    }

    /// Where a record is, to parse it again later (`record(at:)`).
    public struct Place {
        let file: Int
        let line: RecordReader.LineRef
    }

    /// `forEach`, also saying where each record is.
    public func forEachWithPlace(_ body: (LocatedRecord, Place) throws -> Void) throws {
        for (n, (name, bytes)) in files.enumerated() {
            try RecordReader.forEachLine(bytes, name: name) { result, line in
                if case .success(let r) = result { try body(r, Place(file: n, line: line)) }
            }
        }
    }

    /// The record at `place`, parsed again (it parsed before: `validate()`).
    public func record(at place: Place) throws -> LocatedRecord {
        let (name, bytes) = files[place.file]
        return try RecordReader.parseLine(bytes[place.line.bytes], at: "\(name):\(place.line.number)").get()
    }
}
