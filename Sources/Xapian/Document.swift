import CXapian

/// A Xapian document: terms (with wdf and positions), values and data.
///
/// ```swift
/// let doc = Document()
/// try doc.addBooleanTerm("Qtrail:monterey-bay")
/// try doc.setData("{...}")
/// ```
/// See https://xapian.org/docs/apidoc/html/classXapian_1_1Document.html
public final class Document {
    let handle: OpaquePointer

    init(handle: OpaquePointer) { self.handle = handle }
    public init() { handle = cx_doc_new() }
    deinit { cx_doc_free(handle) }

    /// The id in the database it came from (0 for a new document).
    public var id: UInt32 { cx_doc_docid(handle) }

    public func addTerm(_ term: String, wdf: Int = 1) throws(XapianError) {
        _ = try checked { err in term.withBytes { cx_doc_add_term(handle, $0, $1, UInt32(wdf), err) } }
    }

    /// A term that only filters (wdf 0, so it does not change the length).
    public func addBooleanTerm(_ term: String) throws(XapianError) {
        _ = try checked { err in term.withBytes { cx_doc_add_boolean_term(handle, $0, $1, err) } }
    }

    public func addPosting(_ term: String, position: Int, wdf: Int = 1) throws(XapianError) {
        _ = try checked { err in
            term.withBytes { cx_doc_add_posting(handle, $0, $1, UInt32(position), UInt32(wdf), err) }
        }
    }

    public func removeTerm(_ term: String) throws(XapianError) {
        _ = try checked { err in term.withBytes { cx_doc_remove_term(handle, $0, $1, err) } }
    }

    public func setData(_ bytes: [UInt8]) throws(XapianError) {
        _ = try checked { err in bytes.withBytes { cx_doc_set_data(handle, $0, $1, err) } }
    }

    public func setData(_ text: String) throws(XapianError) {
        _ = try checked { err in text.withBytes { cx_doc_set_data(handle, $0, $1, err) } }
    }

    public func data() throws(XapianError) -> [UInt8] {
        CallRecorder.active?.read("data", "\"docid\":\(id)")
        return try takeBytes { cx_doc_get_data(handle, $0, $1, $2) }
    }

    public func setValue(_ slot: UInt32, _ bytes: [UInt8]) throws(XapianError) {
        _ = try checked { err in bytes.withBytes { cx_doc_add_value(handle, slot, $0, $1, err) } }
    }

    /// Stores `number` so that value ranges and sorting treat it as a number.
    public func setValue(_ slot: UInt32, number: Double) throws(XapianError) {
        try setValue(slot, sortableSerialise(number))
    }

    public func value(_ slot: UInt32) throws(XapianError) -> [UInt8] {
        CallRecorder.active?.read("value", "\"docid\":\(id),\"slot\":\(slot)")
        return try takeBytes { cx_doc_get_value(handle, slot, $0, $1, $2) }
    }

    /// Terms with their wdf, in term order.
    public func terms() throws(XapianError) -> [(term: String, wdf: Int)] {
        takeStrings(try checked { cx_doc_termlist(handle, $0) }).map { ($0.0, Int($0.1)) }
    }
}
