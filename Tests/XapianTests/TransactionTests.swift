import Testing
@testable import Xapian

@Suite struct TransactionTests {
    @Test func commitTransactionMakesChangesVisible() throws {
        try withTempDirectory { dir in
            let path = dir + "/db"
            let writer = try WritableDatabase(path: path)
            try writer.add(try makeDocument(terms: ["before"]))
            try writer.commit()
            let reader = try Database(path: path)

            try writer.beginTransaction()
            try writer.add(try makeDocument(terms: ["inside"]))
            try writer.add(try makeDocument(terms: ["inside"]))
            try writer.setMetadata("state", "in-transaction")
            #expect(try writer.documentCount == 3)  // the writer sees its own changes
            #expect(try reader.reopen() == false)
            #expect(try reader.documentCount == 1)

            try writer.commitTransaction()
            #expect(try reader.reopen() == true)
            #expect(try reader.documentCount == 3)
            #expect(try reader.termFrequency("inside") == 2)
            #expect(try reader.metadataString("state") == "in-transaction")
        }
    }

    @Test func cancelTransactionDiscardsChanges() throws {
        try withTempDirectory { dir in
            let path = dir + "/db"
            let writer = try WritableDatabase(path: path)
            try writer.add(try makeDocument(terms: ["keep"], data: "original"))
            try writer.commit()
            let revision = try writer.revision

            try writer.beginTransaction()
            try writer.add(try makeDocument(terms: ["discard"]))
            try writer.replace(1, with: try makeDocument(terms: ["changed"], data: "changed"))
            try writer.setMetadata("state", "discarded")
            #expect(try writer.documentCount == 2)
            try writer.cancelTransaction()

            #expect(try writer.documentCount == 1)
            #expect(try !writer.termExists("discard"))
            #expect(try writer.document(1).data() == bytes("original"))
            #expect(try writer.metadata("state") == [])
            #expect(try writer.revision == revision)
            let reader = try Database(path: path)
            #expect(try reader.documentCount == 1)
            #expect(try reader.termExists("keep"))
        }
    }

    @Test func unflushedTransactionWaitsForTheNextCommit() throws {
        try withTempDirectory { dir in
            let path = dir + "/db"
            let writer = try WritableDatabase(path: path)
            try writer.add(try makeDocument(terms: ["first"]))
            try writer.commit()
            let reader = try Database(path: path)
            #expect(try reader.revision == 1)

            try writer.beginTransaction(flushed: false)
            try writer.add(try makeDocument(terms: ["pending"]))
            try writer.commitTransaction()
            #expect(try writer.documentCount == 2)
            #expect(try reader.reopen() == false)  // not committed to disk yet
            #expect(try reader.documentCount == 1)
            #expect(try reader.revision == 1)

            try writer.commit()
            #expect(try reader.reopen() == true)
            #expect(try reader.documentCount == 2)
            #expect(try reader.revision == 2)
        }
    }

    @Test func transactionMisuseIsAnInvalidOperation() throws {
        try withTempDirectory { dir in
            let writer = try WritableDatabase(path: dir + "/db")
            expectXapianError(.invalidOperation) { try writer.commitTransaction() }
            expectXapianError(.invalidOperation) { try writer.cancelTransaction() }
            try writer.beginTransaction()
            expectXapianError(.invalidOperation) { try writer.beginTransaction() }
            expectXapianError(.invalidOperation) { try writer.commit() }
            try writer.cancelTransaction()
            try writer.commit()  // fine again outside the transaction
        }
    }
}
