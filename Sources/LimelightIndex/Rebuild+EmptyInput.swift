import LimelightSupport
import LimelightModel

extension Maintenance {
    /// `rebuild --from` with no records would replace the whole index with an
    /// empty one — what a failed command upstream in a pipe produces. Refused
    /// (exit 65, nothing replaced) unless asked for with `allowEmpty`.
    static func refuseEmptyInput(_ records: [LocatedRecord]?, files: [String]?, allowEmpty: Bool) throws(IndexError) {
        guard let records, let files, records.isEmpty, !allowEmpty else { return }
        let names = files.map { $0 == "-" ? "<stdin>" : $0 }.joined(separator: ", ")
        throw IndexError.rejected(["\(names): no records: rebuilding from it would replace the whole index with an empty one. Nothing was replaced; pass --allow-empty if that is what you want"])
    }
}
