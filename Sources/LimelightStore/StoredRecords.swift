import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
/// Every document stores its canonical record as JSON (so the index can export
/// and rebuild itself); this is the one place that reads it back.
package enum StoredRecord {
    /// The record stored as a document's data, or nil for data that is not one.
    package static func decode(_ data: [UInt8]) -> Record? {
        guard let json = try? JSON.parse(data), let o = json.object,
              let k = o["kind"]?.string, let kind = RecordKind(rawValue: k) else { return nil }
        return Record(kind: kind, fields: o)
    }
}
