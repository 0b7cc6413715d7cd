import Xapian

/// A filter on a typed entity property (`--where`), Apple's EntityPropertyQuery.
struct PropertyPredicate: Sendable {
    func query() throws(XapianError) -> Query { .matchAll }
}
