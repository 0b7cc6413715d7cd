import Xapian
import LimelightModel
import LimelightStore

extension BatchSession {
    /// The property schema is read from the metadata only when a record with
    /// properties needs it: a batch without any (an app, a donation, a plain
    /// entity) costs nothing however many properties the index has seen.
    mutating func loadProperties(for r: Record) throws(XapianError) {
        guard !propertiesLoaded, r.properties.count > 0 else { return }
        properties = try PropertySchema.load(db.shards[db.count - 1])
        propertiesLoaded = true
    }
}
