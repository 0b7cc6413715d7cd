import Testing
@testable import Xapian

/// Spelling and synonym tables and user metadata (glass: in-memory databases
/// implement neither spelling nor synonyms).
@Suite struct TablesTests {
    @Test func spellingTableAddRemoveAndList() throws {
        try withTempDirectory { dir in
            let db = try WritableDatabase(path: dir + "/db")
            #expect(try db.spellings().isEmpty)
            try db.addSpelling("monterey", frequency: 2)
            try db.addSpelling("bay")
            try db.addSpelling("monterey")
            var list = try db.spellings()
            #expect(list.map(\.word) == ["bay", "monterey"])
            #expect(list.map(\.frequency) == [1, 3])

            #expect(try db.spellingSuggestion("montery") == "monterey")
            #expect(try db.spellingSuggestion("bya") == "bay")
            #expect(try db.spellingSuggestion("xylophone") == nil)
            #expect(try db.spellingSuggestion("monterey") == nil)  // already right
            #expect(try db.spellingSuggestion("mnteery", maxEdits: 1) == nil)
            #expect(try db.spellingSuggestion("mnteery", maxEdits: 2) == "monterey")

            try db.removeSpelling("monterey", frequency: 2)
            list = try db.spellings()
            #expect(list.map(\.frequency) == [1, 1])
            try db.removeSpelling("monterey")
            #expect(try db.spellings().map(\.word) == ["bay"])
            #expect(try db.spellingSuggestion("montery") == nil)
            try db.removeSpelling("never-added")  // no-op
            try db.commit()

            let reader = try Database(path: dir + "/db")
            #expect(try reader.spellings().map(\.word) == ["bay"])
        }
    }

    @Test func inMemorySynonymsAreUnimplemented() throws {
        let db = try WritableDatabase.inMemory()
        let err = expectXapianError(.unimplemented) { try db.addSynonym("a", "b") }
        #expect(err?.message.contains("synonyms") == true)
    }

    @Test func synonymTableAddRemoveAndList() throws {
        try withTempDirectory { dir in
            let db = try WritableDatabase(path: dir + "/db")
            try db.addSynonym("car", "automobile")
            try db.addSynonym("car", "auto")
            try db.addSynonym("car", "auto")  // duplicates are ignored
            try db.addSynonym("bike", "bicycle")
            try db.addSynonym("Zrun", "Zjog")
            #expect(try db.synonyms(of: "car") == ["auto", "automobile"])
            #expect(try db.synonyms(of: "bike") == ["bicycle"])
            #expect(try db.synonyms(of: "truck") == [])
            #expect(try db.synonymKeys() == ["Zrun", "bike", "car"])
            #expect(try db.synonymKeys(prefix: "c") == ["car"])
            #expect(try db.synonymKeys(prefix: "Z") == ["Zrun"])

            try db.removeSynonym("car", "auto")
            #expect(try db.synonyms(of: "car") == ["automobile"])
            try db.clearSynonyms("car")
            #expect(try db.synonyms(of: "car") == [])
            #expect(try db.synonymKeys() == ["Zrun", "bike"])
            try db.removeSynonym("bike", "bicycle")
            #expect(try db.synonymKeys() == ["Zrun"])
            try db.commit()

            let reader = try Database(path: dir + "/db")
            #expect(try reader.synonyms(of: "Zrun") == ["Zjog"])
            #expect(try reader.synonymKeys() == ["Zrun"])
        }
    }

    @Test func metadataSetGetMissingAndBinary() throws {
        try withTempDirectory { dir in
            let db = try WritableDatabase(path: dir + "/db")
            #expect(try db.metadata("missing") == [])
            #expect(try db.metadataString("missing") == "")

            try db.setMetadata("schema", "v3")
            #expect(try db.metadataString("schema") == "v3")
            let blob: [UInt8] = [0x00, 0xFF, 0x00, 0x7F, 0x80, 0x00]
            try db.setMetadata("blob", blob)
            #expect(try db.metadata("blob") == blob)
            try db.setMetadata("schema", "v4")  // overwrite
            #expect(try db.metadataString("schema") == "v4")
            try db.setMetadata("gone", "x")
            try db.setMetadata("gone", [])  // an empty value deletes the key
            #expect(try db.metadata("gone") == [])
            expectXapianError(.invalidArgument) { try db.setMetadata("", "no empty keys") }
            try db.commit()

            let reader = try Database(path: dir + "/db")
            #expect(try reader.metadataString("schema") == "v4")
            #expect(try reader.metadata("blob") == blob)
            #expect(try reader.metadata("missing") == [])

            // Uncommitted metadata isn't visible to readers.
            try db.setMetadata("later", "soon")
            #expect(try db.metadataString("later") == "soon")
            #expect(try reader.metadataString("later") == "")
            try db.commit()
            try reader.reopen()
            #expect(try reader.metadataString("later") == "soon")
        }
    }

    @Test func inMemoryMetadataWorks() throws {
        let db = try WritableDatabase.inMemory()
        try db.setMetadata("k", [0x00, 0x01])
        #expect(try db.metadata("k") == [0x00, 0x01])
        #expect(try db.metadata("other") == [])
    }
}
