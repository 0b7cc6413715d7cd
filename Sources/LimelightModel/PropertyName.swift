extension PropertyValue {
    /// A property name is a key, like an identifier: at most 200 bytes, no
    /// control characters — checked before any work that it would bound (a
    /// 500,000-character name once took minutes to index).
    static func checkName(_ name: String) throws(RecordError) {
        if name.utf8.count > RecordLimits.maxIdentifierBytes {
            throw RecordError("a property name is \(name.utf8.count) bytes long; property names are at most \(RecordLimits.maxIdentifierBytes)")
        }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw RecordError("a property name contains a control character")
        }
    }
}
