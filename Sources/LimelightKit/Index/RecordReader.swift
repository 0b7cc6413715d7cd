/// Reads JSON Lines files into validated records, collecting every problem as
/// `file:line: what is wrong` so that one run reports them all at once.
public enum RecordReader {
    /// Stop listing problems after this many (the batch is rejected anyway).
    public static let maxReportedErrors = 20

    /// Parses `bytes` (the contents of `name`). Blank lines are skipped.
    public static func parse(_ bytes: [UInt8], name: String,
                             into records: inout [LocatedRecord], errors: inout [String]) {
        for (index, raw) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let line = raw.last == 0x0D ? raw.dropLast() : raw
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            if errors.count >= maxReportedErrors { break }
            let at = "\(name):\(lineNumber)"
            if line.count > RecordLimits.maxLineBytes {
                errors.append("\(at): the line is \(line.count) bytes long; a record is at most \(RecordLimits.maxLineBytes) bytes")
                continue
            }
            let json: JSON
            do { json = try JSON.parse(line) } catch {
                errors.append("\(at): \(error.description)")
                continue
            }
            do { records.append(LocatedRecord(try Record(json: json), at: at)) } catch {
                errors.append("\(at): \(error.message)")
            }
        }
    }

    /// Reads and parses files (`-` is standard input). Throws `.badInput` with
    /// every problem found, or `.failure` if a file cannot be read.
    public static func read(_ paths: [String]) throws(LimelightError) -> [LocatedRecord] {
        var records: [LocatedRecord] = []
        var errors: [String] = []
        for path in paths {
            let bytes: [UInt8]
            do { bytes = try Files.read(path) } catch { throw LimelightError(.failure, error.description) }
            parse(bytes, name: path == "-" ? "<stdin>" : path, into: &records, errors: &errors)
        }
        if !errors.isEmpty {
            var lines = errors
            if errors.count >= maxReportedErrors { lines.append("(stopped after \(maxReportedErrors) problems)") }
            throw LimelightError(.badInput, lines)
        }
        return records
    }
}
