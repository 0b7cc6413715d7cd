import Xapian
import LimelightModel

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

/// Stored records by item key, for the writer (inside its open transaction,
/// too) and the readers alike.
extension Database {
    /// The document that stores the item, if it is indexed.
    package func documentID(of key: ItemKey) throws(XapianError) -> UInt32? {
        try postings(key.uniqueTerm).first
    }

    package func contains(_ key: ItemKey) throws(XapianError) -> Bool { try documentID(of: key) != nil }

    /// The item's stored record, if it is indexed.
    package func storedRecord(_ key: ItemKey) throws(XapianError) -> Record? {
        guard let id = try documentID(of: key) else { return nil }
        return try storedRecord(at: id)
    }

    /// The record a document stores (nil for one that stores none).
    package func storedRecord(at id: UInt32) throws(XapianError) -> Record? {
        StoredRecord.decode(try document(id).data())
    }

    /// Stored records of one kind and app (not derived documents), in docid order.
    package func storedRecords(kind: RecordKind, app: String) throws(XapianError) -> [(UInt32, Record)] {
        var kindIDs = Set(try postings(Schema.kind + kind.rawValue))
        if kind == .shortcut { kindIDs.subtract(try postings(Schema.derived)) }
        var out: [(UInt32, Record)] = []
        for id in try postings(Schema.term(Schema.app, app)) where kindIDs.contains(id) {
            if let r = try storedRecord(at: id) { out.append((id, r)) }
        }
        return out
    }
}
