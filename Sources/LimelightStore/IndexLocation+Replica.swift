#if canImport(Glibc)
import Glibc
#endif
import Xapian
import LimelightSupport

/// A read replica kept by Xapian's own `xapian-replicate`:
///
///     REPLICA/XAPIANDB     a stub "auto replica_K", rewritten (by rename) on a full copy
///     REPLICA/replica_K/   the live copy of the master's current generation
///
/// The master is a Limelight index (or one shard of one) served by
/// `xapian-replicate-server PARENT`, replicated as `-m DIR/current`: the
/// server opens the stub, so a replica always copies the live generation.
/// New commits arrive as changesets applied in place (when the master's
/// writer ran with `XAPIAN_MAX_CHANGESETS`, else as a full copy); a rebuild
/// on the master is a new database (a new UUID), so it arrives as a full
/// copy into the other `replica_K`, made live by renaming the stub.
///
/// Limelight reads a replica as it reads an index, but never writes one:
/// `xapian-replicate` owns it (writes go to the master), so there are no
/// generations or reader locks of Limelight's here.
extension IndexLocation {
    static let replicaStubName = "XAPIANDB"

    /// True when the directory is a replica (its stub is there, and no `current`).
    package var isReplica: Bool {
        Files.exists(path + "/" + Self.replicaStubName) && !Files.exists(stubPath)
    }

    /// Which copy the replica's stub names (0 or 1), nil if this is not a
    /// replica. A new value means a full copy was made live: a long-lived
    /// reader opens it, as it opens a new generation of an index.
    package func replicaCopy() throws(StoreError) -> Int? {
        guard isReplica else { return nil }
        let stub = path + "/" + Self.replicaStubName
        let text: String
        do { text = String(decoding: try Files.read(stub), as: UTF8.self) } catch {
            throw StoreError.io("cannot read \(stub): \(error.description)")
        }
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            if parts.count == 2, parts[0] == "auto", parts[1] == "replica_0" || parts[1] == "replica_1" {
                return parts[1] == "replica_0" ? 0 : 1
            }
        }
        throw StoreError.notAnIndex("\(stub) is not the stub of a Xapian replica (expected 'auto replica_0' or 'auto replica_1')")
    }

    /// What a reader compares to see whether it must open the index again:
    /// the generation `current` names, or the copy a replica's stub names.
    package func liveGeneration() throws(StoreError) -> Int? {
        if let copy = try replicaCopy() { return copy }
        return try currentGeneration()
    }

    /// Opens the replica's live copy read-only; the generation is its copy number.
    /// A full copy made live between reading the stub and opening the copy
    /// removes the old one: read the stub again then.
    func openReplicaReader() throws(StoreError) -> OpenedReader? {
        guard var copy = try replicaCopy() else { return nil }
        for _ in 0..<10 {
            do {
                let directory = ReaderDirectory(path + "/replica_\(copy)")
                let db = try withXapian(at: path) { () throws(XapianError) in try Database(path: directory.path) }
                try Self.checkSchema(db, path: path)
                return (db, copy, -1, directory)
            } catch {
                guard let now = try replicaCopy(), now != copy else { throw error }
                copy = now
            }
        }
        throw StoreError.unstable("the replica at \(path) kept changing copy while opening; try again")
    }

    /// Throws `replicaIsReadOnly` for a replica, or a directory of replicated
    /// shards: for writes that do not go through `inspect` (the donation journal).
    package func checkWritable() throws(StoreError) {
        if isReplica || IndexLocation(path: path + "/shard-0").isReplica { throw replicaIsReadOnly }
    }

    /// The error a write to a replica gets: nothing is written there.
    var replicaIsReadOnly: StoreError {
        .notAnIndex("\(path) is a read replica kept by xapian-replicate: it is searched, never written. Nothing was changed; write to the master index (the replica follows it at its next replication)")
    }
}
