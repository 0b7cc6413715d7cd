import Testing
@testable import Xapian

@Suite struct DatabaseTests {
    @Test func libraryVersionIsXapian14() {
        #expect(xapianVersion.hasPrefix("1.4."))
    }

    @Test func createModeMakesANewDatabaseAndRefusesAnExistingOne() throws {
        try withTempDirectory { dir in
            let path = dir + "/db"
            let db = try WritableDatabase(path: path, mode: .create)
            #expect(try db.documentCount == 0)
            #expect(try db.add(try makeDocument(terms: ["alpha"])) == 1)
            try db.commit()
            try db.close()
            #expect(isRegularFile(path + "/iamglass"))
            expectXapianError(.databaseCreate) { try WritableDatabase(path: path, mode: .create) }
        }
    }

    @Test func openModeOpensOnlyAnExistingDatabase() throws {
        try withTempDirectory { dir in
            let path = dir + "/db"
            expectXapianError(.databaseNotFound) { try WritableDatabase(path: path, mode: .open) }
            #expect(!pathExists(path))

            let first = try WritableDatabase(path: path, mode: .create)
            try first.add(try makeDocument(terms: ["alpha"]))
            try first.add(try makeDocument(terms: ["beta"]))
            try first.commit()
            try first.close()

            let db = try reopenWritable { try WritableDatabase(path: path, mode: .open) }
            #expect(try db.documentCount == 2)
            #expect(try db.add(try makeDocument(terms: ["gamma"])) == 3)
            try db.commit()
            #expect(try db.documentCount == 3)
        }
    }

    @Test func createOrOpenKeepsExistingDocuments() throws {
        try withTempDirectory { dir in
            let path = dir + "/db"
            do {
                let db = try WritableDatabase(path: path, mode: .createOrOpen)  // creates
                #expect(try db.documentCount == 0)
                try db.add(try makeDocument(terms: ["alpha"]))
                try db.commit()
                try db.close()
            }
            let db = try reopenWritable { try WritableDatabase(path: path, mode: .createOrOpen) }  // opens
            #expect(try db.documentCount == 1)
            #expect(try db.termExists("alpha"))
        }
    }

    @Test func defaultModeIsWritableCreateOrOpen() throws {
        // WritableDatabase(path:) must not fall back to the inherited read-only
        // Database.init(path:) (which fails on a missing path).
        try withTempDirectory { dir in
            let path = dir + "/db"
            let db = try WritableDatabase(path: path)
            #expect(try db.add(try makeDocument(terms: ["alpha"])) == 1)
            try db.commit()
            try db.close()
            let again = try reopenWritable { try WritableDatabase(path: path) }
            #expect(try again.documentCount == 1)
        }
    }

    @Test func createOrOverwriteDiscardsExistingDocuments() throws {
        try withTempDirectory { dir in
            let path = dir + "/db"
            do {
                let db = try WritableDatabase(path: path, mode: .createOrOverwrite)  // creates
                for word in ["a", "b", "c"] { try db.add(try makeDocument(terms: [word])) }
                try db.commit()
                #expect(try db.documentCount == 3)
                try db.close()
            }
            let db = try reopenWritable { try WritableDatabase(path: path, mode: .createOrOverwrite) }
            #expect(try db.documentCount == 0)
            #expect(try !db.termExists("a"))
            #expect(try db.add(try makeDocument(terms: ["d"])) == 1)
        }
    }

    @Test func readOnlyOpenSeesOnlyCommittedDocuments() throws {
        try withTempDirectory { dir in
            let path = dir + "/db"
            let writer = try WritableDatabase(path: path)
            try writer.add(try makeDocument(terms: ["apple", "pie"]))
            try writer.add(try makeDocument(terms: ["apple", "tart"]))
            try writer.add(try makeDocument(terms: ["cherry"]))
            try writer.commit()
            try writer.add(try makeDocument(terms: ["apple", "uncommitted"]))  // pending

            let reader = try Database(path: path)
            #expect(try reader.documentCount == 3)
            #expect(try reader.lastDocumentID == 3)
            #expect(try reader.termFrequency("apple") == 2)
            #expect(try reader.termFrequency("missing") == 0)
            #expect(try reader.termExists("cherry"))
            #expect(try !reader.termExists("uncommitted"))
            #expect(try reader.postings("apple") == [1, 2])
            #expect(try reader.postings("nothing") == [])
            let terms = try reader.allTerms()
            #expect(terms.map(\.term) == ["apple", "cherry", "pie", "tart"])
            #expect(terms.map(\.frequency) == [2, 1, 1, 1])
            #expect(try reader.allTerms(prefix: "p").map(\.term) == ["pie"])
            #expect(try reader.revision == 1)

            // The writer sees its own pending change.
            #expect(try writer.documentCount == 4)
            #expect(try writer.postings("apple") == [1, 2, 4])
        }
    }

    @Test func inMemoryDatabaseHoldsDocumentsAndSearches() throws {
        let db = try WritableDatabase.inMemory()
        #expect(try db.documentCount == 0)
        #expect(try db.add(try makeDocument(terms: ["red", "apple"])) == 1)
        #expect(try db.add(try makeDocument(terms: ["green", "apple"])) == 2)
        #expect(try db.add(try makeDocument(terms: ["red", "cherry"])) == 3)
        try db.commit()  // a no-op for in-memory, but allowed
        #expect(try db.documentCount == 3)
        #expect(try db.termFrequency("red") == 2)
        let hits = try search(db, try Query.and([Query(term: "red"), Query(term: "apple")]))
        #expect(ids(hits) == [1])
    }

    @Test func reopenSeesANewCommitAndReportsWhetherItMoved() throws {
        try withTempDirectory { dir in
            let path = dir + "/db"
            let writer = try WritableDatabase(path: path)
            try writer.add(try makeDocument(terms: ["one"]))
            try writer.commit()
            #expect(try writer.revision == 1)

            let reader = try Database(path: path)
            #expect(try reader.documentCount == 1)
            #expect(try reader.reopen() == false)

            try writer.add(try makeDocument(terms: ["two"]))
            try writer.commit()
            #expect(try writer.revision == 2)

            // Still the old snapshot until reopen.
            #expect(try reader.documentCount == 1)
            #expect(try reader.revision == 1)
            #expect(try !reader.termExists("two"))

            #expect(try reader.reopen() == true)
            #expect(try reader.documentCount == 2)
            #expect(try reader.revision == 2)
            #expect(try reader.termExists("two"))
            #expect(try reader.reopen() == false)
        }
    }

    @Test func closeThenUseThrowsDatabaseClosed() throws {
        try withTempDirectory { dir in
            let path = dir + "/db"
            let writer = try WritableDatabase(path: path)
            try writer.add(try makeDocument(terms: ["kept"], data: "saved"))
            try writer.close()  // commits implicitly
            expectXapianError(.databaseClosed) { try writer.add(Document()) }
            expectXapianError(.databaseClosed) { try writer.document(1) }

            let reader = try Database(path: path)
            #expect(try reader.documentCount == 1)
            try reader.close()
            expectXapianError(.databaseClosed) { try reader.document(1) }
            expectXapianError(.databaseClosed) { try reader.postings("kept") }
            try reader.close()  // closing twice is fine

            let memory = try WritableDatabase.inMemory()
            try memory.close()
            expectXapianError(.databaseClosed) { try memory.documentCount }
        }
    }

    @Test func combinedDatabasesSearchAsOne() throws {
        try withTempDirectory { dir in
            let first = try WritableDatabase(path: dir + "/first")
            try first.add(try makeDocument(terms: ["shared", "first"], data: "first-1"))
            try first.add(try makeDocument(terms: ["shared", "firstonly"], data: "first-2"))
            try first.commit()
            let second = try WritableDatabase(path: dir + "/second")
            try second.add(try makeDocument(terms: ["shared", "second"], data: "second-1"))
            try second.commit()

            let a = try Database(path: dir + "/first")
            let b = try Database(path: dir + "/second")
            let both = try Database.combined([a, b])
            #expect(try both.documentCount == 3)
            #expect(try both.termFrequency("shared") == 3)

            // Docids interleave: shard i's docid d becomes (d - 1) * 2 + i + 1.
            let hits = try search(both, Query(term: "shared")) { $0.setBooleanWeighting() }
            #expect(ids(hits) == [1, 2, 3])
            #expect(Set(hits.matches.map { String(decoding: $0.data, as: UTF8.self) })
                    == ["first-1", "first-2", "second-1"])
            #expect(try both.document(2).data() == bytes("second-1"))
            #expect(try both.document(3).data() == bytes("first-2"))

            // Many frequencies at once, summed over the shards, absent terms 0.
            #expect(try both.termFrequencies(["shared", "first", "nope", "second"]) == [3, 1, 0, 1])
            #expect(try both.termFrequencies([]) == [])

            let fromSecond = try search(both, Query(term: "second"))
            #expect(ids(fromSecond) == [2])
            let fromFirst = try search(both, try Query.or([Query(term: "first"), Query(term: "second")]))
            #expect(Set(ids(fromFirst)) == [1, 2])
        }
    }

    @Test func addBuildsACombinedDatabaseIncrementally() throws {
        let one = try WritableDatabase.inMemory()
        try one.add(try makeDocument(terms: ["x"]))
        let two = try WritableDatabase.inMemory()
        try two.add(try makeDocument(terms: ["x"]))
        try two.add(try makeDocument(terms: ["y"]))

        let all = try Database.combined([])
        #expect(try all.documentCount == 0)
        try all.add(one)
        #expect(try all.documentCount == 1)
        try all.add(two)
        #expect(try all.documentCount == 3)
        #expect(try all.termFrequency("x") == 2)
        #expect(ids(try search(all, Query(term: "y"))) == [4])  // two's docid 2 -> (2-1)*2+2
    }
}
