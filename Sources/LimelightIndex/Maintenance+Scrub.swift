import LimelightSupport
import LimelightStore

extension Maintenance {
    /// Writes the live generation, compacted, into a new one and swaps it in,
    /// under the writer's lock. Xapian leaves deleted text in freed blocks of
    /// the tables until they are reused; a compacted copy holds live entries
    /// only. So `delete` and `forget` scrub: once they return, no file of a
    /// generation on disk holds what they removed (an old generation a reader
    /// still has open goes when it closes — see `removeOldGenerations`).
    /// - Returns: the new generation.
    @discardableResult
    public static func scrub(_ writer: IndexWriter) throws(IndexError) -> Int {
        let location = writer.location
        let next = try nextGenerationNumber(location)
        do {
            // Docids stay as they are: the suggestion lists refer to them.
            try writer.db.compact(to: location.generationPath(next), renumber: false)
        } catch {
            Files.removeTree(location.generationPath(next))
            throw IndexError(error, path: location.path)
        }
        try swapIn(location, generation: next)
        return next
    }
}
