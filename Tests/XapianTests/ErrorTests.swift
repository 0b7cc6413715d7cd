import Testing
@testable import Xapian

/// Every error kind the bridge maps, produced with the real library.
@Suite struct ErrorTests {
    @Test func databaseLockForASecondWriter() throws {
        try withTempDirectory { dir in
            let path = dir + "/db"
            let first = try WritableDatabase(path: path)
            let err = expectXapianError(.databaseLock) { try WritableDatabase(path: path) }
            #expect(err?.message.contains(path) == true)
            expectXapianError(.databaseLock) { try WritableDatabase(path: path, mode: .open) }
            // The first writer is unaffected, and readers are not blocked.
            try first.add(try makeDocument(terms: ["ok"]))
            try first.commit()
            #expect(try Database(path: path).documentCount == 1)
            // Once the lock is released, a new writer gets in.
            try first.close()
            let second = try reopenWritable { try WritableDatabase(path: path, mode: .open) }
            #expect(try second.documentCount == 1)
        }
    }

    @Test func databaseModifiedForAReaderLeftBehind() throws {
        // Glass keeps the blocks of the previous revision only; after several
        // commits that rewrite every document, the blocks of the reader's old
        // revision have been reused and reading them throws.
        try withTempDirectory { dir in
            let path = dir + "/db"
            let count = 2000
            let writer = try WritableDatabase(path: path)
            func writeAll(_ round: Int) throws {
                for i in 0..<count {
                    let d = Document()
                    try d.addBooleanTerm("Q\(i)")
                    try d.addTerm("common")
                    try d.addTerm("t\(i)r\(round)")
                    try d.setData("round \(round) doc \(i) " + String(repeating: "x", count: 40))
                    try writer.replace(uniqueTerm: "Q\(i)", with: d)
                }
                try writer.commit()
            }
            try writeAll(0)
            let reader = try Database(path: path)
            #expect(try reader.revision == 1)
            for round in 1...3 { try writeAll(round) }

            let err = expectXapianError(.databaseModified) { try reader.postings("common") }
            #expect(err?.message.contains("reopen") == true)
            expectXapianError(.databaseModified) { try search(reader, Query(term: "common"), count: 10) }

            // The documented recovery: reopen and retry.
            #expect(try reader.reopen() == true)
            #expect(try reader.postings("common").count == count)
            #expect(try reader.document(1).data().starts(with: bytes("round 3 doc 0 ")))
        }
    }

    @Test func databaseNotFoundForAMissingPath() throws {
        try withTempDirectory { dir in
            let path = dir + "/does-not-exist"
            let err = expectXapianError(.databaseNotFound) { try Database(path: path) }
            // The message crosses the shim intact, errno text included.
            #expect(err?.message == "Couldn't stat '\(path)' (No such file or directory)")
            #expect(err?.kind.isOpeningError == true)
            // An existing directory that is not a database.
            expectXapianError(.databaseNotFound) { try Database(path: dir) }
        }
    }

    @Test(arguments: ["postlist.glass", "termlist.glass", "docdata.glass", "iamglass"])
    func databaseCorruptForOverwrittenTables(file: String) throws {
        try withTempDirectory { dir in
            let path = dir + "/db"
            let writer = try WritableDatabase(path: path)
            for i in 0..<20 { try writer.add(try makeDocument(terms: ["common", "t\(i)"], data: "d\(i)")) }
            try writer.commit()
            try writer.close()
            let table = path + "/" + file
            let size = fileSize(table)
            #expect(size > 0)
            try overwrite(table, at: 0, with: [UInt8](repeating: 0xA5, count: size))

            // Depending on the table, opening or the first read notices.
            let err = expectXapianError(.databaseCorrupt) {
                let db = try Database(path: path)
                _ = try db.postings("common")
                _ = try db.document(3).terms()
                return try db.document(3).data()
            }
            #expect(err?.message.isEmpty == false)
        }
    }

    @Test func queryParserErrorKeepsXapianMessage() throws {
        let qp = try QueryParser()
        let err = expectXapianError(.queryParser) { try qp.parse("foo AND", flags: .boolean) }
        #expect(err?.message == "Syntax: <expression> AND <expression>")
    }

    @Test func invalidArgumentForUnknownStemmer() throws {
        let err = expectXapianError(.invalidArgument) { try TermGenerator(language: "klingon") }
        #expect(err?.message == "Language code klingon unknown")
        expectXapianError(.invalidArgument) { try QueryParser(language: "klingon") }
        #expect(err == XapianError(.invalidArgument, "Language code klingon unknown"))
        #expect(err?.description == "InvalidArgumentError: Language code klingon unknown")
    }

    @Test func invalidOperationForTransactionMisuse() throws {
        try withTempDirectory { dir in
            let db = try WritableDatabase(path: dir + "/db")
            let err = expectXapianError(.invalidOperation) { try db.commitTransaction() }
            #expect(err?.message.lowercased().contains("transaction") == true)
        }
        // Indexing with .spelling but no database to put the spellings in.
        let tg = try TermGenerator(flags: .spelling)
        tg.document = Document()
        expectXapianError(.invalidOperation) { try tg.index("word") }
    }

    @Test func docNotFoundForAMissingDocument() throws {
        try withTempDirectory { dir in
            let db = try WritableDatabase(path: dir + "/db")
            try db.add(try makeDocument(terms: ["one"]))
            try db.commit()
            let err = expectXapianError(.docNotFound) { try db.document(999) }
            #expect(err?.message == "Document 999 not found")
            expectXapianError(.docNotFound) { try db.delete(999) }
            expectXapianError(.docNotFound) { try Database(path: dir + "/db").document(2) }
            // docid 0 is never valid: Xapian reports that as an invalid argument.
            expectXapianError(.invalidArgument) { try db.document(0) }
        }
    }

    @Test func anUncheckedReadOfAMissingDocumentHasNoValues() throws {
        try withTempDirectory { dir in
            let db = try WritableDatabase(path: dir + "/db")
            let id = try db.add(try makeDocument(terms: ["one"], values: [1: "card"]))
            try db.commit()
            let reader = try Database(path: dir + "/db")
            #expect(try reader.document(unchecked: id).value(1) == Array("card".utf8))
            #expect(try reader.document(unchecked: 999).value(1) == [])
            try db.delete(id)
            try db.commit()
            _ = try reader.reopen()
            #expect(try reader.document(unchecked: id).value(1) == [])
        }
    }

    @Test func databaseClosedAfterClose() throws {
        try withTempDirectory { dir in
            let db = try WritableDatabase(path: dir + "/db")
            try db.add(try makeDocument(terms: ["x"]))
            try db.close()
            let err = expectXapianError(.databaseClosed) { try db.document(1) }
            #expect(err?.message == "Database has been closed")
            expectXapianError(.databaseClosed) { try db.add(Document()) }
            expectXapianError(.databaseClosed) { try db.postings("x") }
        }
    }

    @Test func wildcardErrorAtMatchTime() throws {
        let db = try WritableDatabase.inMemory()
        for t in ["pa", "pb", "pc"] { try db.add(try makeDocument(terms: [t])) }
        let q = try Query.wildcard("p", maxExpansion: 2, keepMostFrequent: false)  // building is fine
        let err = expectXapianError(.wildcard) { try search(db, q) }
        #expect(err?.message.contains("p") == true)
    }

    @Test func databaseCreateWhenTheDatabaseExistsOrCannotBeMade() throws {
        try withTempDirectory { dir in
            let path = dir + "/db"
            try WritableDatabase(path: path, mode: .create).close()
            let exists = expectXapianError(.databaseCreate) { try WritableDatabase(path: path, mode: .create) }
            #expect(exists?.message.contains("already exists") == true)

            try writeFile(dir + "/plain-file", bytes("not a directory"))
            let err = expectXapianError(.databaseCreate) {
                try WritableDatabase(path: dir + "/plain-file/db", mode: .createOrOpen)
            }
            #expect(err?.message.contains("Not a directory") == true)
            expectXapianError(.databaseCreate) { try WritableDatabase(path: dir + "/missing/parent/db") }
        }
    }

    @Test func databaseOpeningForABadStubFile() throws {
        try withTempDirectory { dir in
            let stub = dir + "/bad.stub"
            try writeFile(stub, bytes("this is not a stub line\n"))
            let err = expectXapianError(.databaseOpening) { try Database(path: stub) }
            #expect(err?.message.contains("Bad line") == true)
            #expect(err?.kind.isOpeningError == true)
        }
    }

    @Test func databaseVersionForAnUnknownFormatVersion() throws {
        // iamglass starts with the 14-byte magic "\u{0f}\u{0d}Xapian Glass", then
        // the format version; bumping it gives a version this library can't read.
        try withTempDirectory { dir in
            let path = dir + "/db"
            let db = try WritableDatabase(path: path)
            try db.add(try makeDocument(terms: ["x"]))
            try db.commit()
            try db.close()
            try overwrite(path + "/iamglass", at: 14, with: [0x07])
            let err = expectXapianError(.databaseVersion) { try Database(path: path) }
            #expect(err?.message.contains("format version") == true)
            #expect(err?.kind.isOpeningError == true)
        }
    }

    @Test func stubFileNamingADatabaseOpensIt() throws {
        // The positive counterpart of the bad stub above.
        try withTempDirectory { dir in
            let db = try WritableDatabase(path: dir + "/real")
            try db.add(try makeDocument(terms: ["via-stub"]))
            try db.commit()
            try writeFile(dir + "/good.stub", bytes("glass \(dir)/real\n"))
            #expect(try Database(path: dir + "/good.stub").termExists("via-stub"))
            try writeFile(dir + "/dangling.stub", bytes("glass \(dir)/nowhere\n"))
            expectXapianError(.databaseNotFound) { try Database(path: dir + "/dangling.stub") }
        }
    }

    @Test func unimplementedForInMemoryTransactions() throws {
        let db = try WritableDatabase.inMemory()
        let err = expectXapianError(.unimplemented) { try db.beginTransaction() }
        #expect(err?.message.contains("transactions") == true)
    }

    @Test func everyKindMapsFromItsXapianClassName() {
        for kind in XapianError.Kind.allCases {
            #expect(XapianError.Kind(rawValue: kind.rawValue) == kind)
        }
        #expect(XapianError.Kind(rawValue: "NoSuchError") == nil)
        #expect(XapianError.Kind.databaseNotFound.isOpeningError)
        #expect(XapianError.Kind.databaseVersion.isOpeningError)
        #expect(!XapianError.Kind.databaseLock.isOpeningError)
    }
}
