import LimelightSupport
import LimelightStore

extension Maintenance {
    /// Writes the live generation, compacted, into a new one and swaps it in,
    /// under the writer's lock (`compact`). Xapian leaves deleted text in
    /// freed blocks of the tables until they are reused, and a compacted copy
    /// was measured to keep some in its blocks' slack too: `delete` and
    /// `forget` rebuild instead, from the stored records.
    /// - Returns: the new generation of each shard.
    @discardableResult
    public static func scrub(_ writer: IndexWriter) throws(IndexError) -> [Int] {
        var next: [Int] = []
        // Shard by shard: each new generation holds what the old one held, so
        // a reader that opens between two shards' swaps sees no mix of contents.
        for (k, location) in writer.shardLocations.enumerated() {
            let gen = try nextGenerationNumber(location)
            do {
                // Docids stay as they are: the suggestion lists refer to them.
                try writer.store.shards[k].compact(to: location.generationPath(gen), renumber: false)
            } catch {
                Files.removeTree(location.generationPath(gen))
                throw IndexError(error, path: location.path)
            }
            try swapIn(location, generation: gen)
            next.append(gen)
        }
        return next
    }
}
