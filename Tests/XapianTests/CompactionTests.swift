import Testing
@testable import Xapian

@Suite struct CompactionTests {
    /// 40 documents, then docs 1...10 deleted: 30 left, ids 11...40.
    private func withSource<R>(_ body: (String, String) throws -> R) throws -> R {
        try withTempDirectory { dir in
            let source = dir + "/source"
            let db = try WritableDatabase(path: source)
            for i in 1...40 {
                try db.add(try makeDocument(terms: ["all", i % 2 == 0 ? "even" : "odd", "n\(i)"],
                                            data: "doc \(i)", numbers: [0: Double(i)]))
            }
            try db.commit()
            for id: UInt32 in 1...10 { try db.delete(id) }
            try db.setMetadata("built-by", "compaction test")
            try db.addSynonym("every", "all")
            try db.commit()
            try db.close()
            return try body(dir, source)
        }
    }

    @Test func compactToANewDirectoryKeepsTheDocuments() throws {
        try withSource { dir, source in
            let db = try Database(path: source)
            let dest = dir + "/compact"
            try db.compact(to: dest)
            #expect(isDirectory(dest))
            #expect(isRegularFile(dest + "/iamglass"))

            let out = try Database(path: dest)
            #expect(try out.documentCount == 30)
            #expect(try out.termFrequency("all") == 30)
            #expect(try out.termFrequency("even") == 15)
            #expect(try out.termExists("n40"))
            #expect(try !out.termExists("n5"))
            #expect(try out.metadataString("built-by") == "compaction test")
            #expect(try out.synonyms(of: "every") == ["all"])
            let hit = try search(out, Query(term: "n40"))
            #expect(hit.matches.map(\.data) == [bytes("doc 40")])
            let ranged = try search(out, try Query.numberRange(slot: 0, from: 35, to: nil))
            #expect(ranged.matches.count == 6)
        }
    }

    @Test func noRenumberKeepsDocumentIDs() throws {
        try withSource { dir, source in
            let db = try Database(path: source)
            try db.compact(to: dir + "/same-ids", renumber: false)
            let out = try Database(path: dir + "/same-ids")
            #expect(try out.postings("n11") == [11])
            #expect(try out.postings("n40") == [40])
            #expect(try out.lastDocumentID == 40)
            #expect(try out.document(25).data() == bytes("doc 25"))
        }
    }

    @Test func compactToASingleFile() throws {
        try withSource { dir, source in
            let db = try Database(path: source)
            let dest = dir + "/single.glass"
            try db.compact(to: dest, singleFile: true)
            #expect(isRegularFile(dest))
            #expect(fileSize(dest) > 0)

            let out = try Database(path: dest)
            #expect(try out.documentCount == 30)
            #expect(try out.termFrequency("odd") == 15)
            #expect(try out.metadataString("built-by") == "compaction test")
            let hits = try search(out, try Query.and([Query(term: "all"), Query(term: "n33")]))
            #expect(hits.matches.map(\.data) == [bytes("doc 33")])
            // A single-file database is read-only: glass finds no writable database there.
            let err = expectXapianError(.databaseNotFound) { try WritableDatabase(path: dest, mode: .open) }
            #expect(err?.kind.isOpeningError == true)
        }
    }

    @Test func compactingAWritableDatabaseWorksToo() throws {
        try withTempDirectory { dir in
            let db = try WritableDatabase(path: dir + "/db")
            for i in 0..<5 { try db.add(try makeDocument(terms: ["w\(i)"])) }
            try db.commit()
            try db.compact(to: dir + "/out")
            #expect(try Database(path: dir + "/out").documentCount == 5)
            // Compacting onto the source itself is refused.
            expectXapianError(.invalidArgument) { try db.compact(to: dir + "/db") }
        }
    }
}
