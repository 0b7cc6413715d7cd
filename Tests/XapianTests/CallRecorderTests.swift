#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Xapian

/// The recorder the benchmarks' raw floor replays (Benchmarks/raw-xapian/replay.cc).
@Suite(.serialized) struct CallRecorderTests {
    private func lines(_ path: String) -> [String] {
        guard let f = fopen(path, "r") else { return [] }
        defer { fclose(f) }
        var out: [String] = []
        var buffer = [CChar](repeating: 0, count: 1 << 16)
        while fgets(&buffer, Int32(buffer.count), f) != nil {
            out.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).trimmingSuffix("\n"))
        }
        return out
    }

    @Test func everyReadOfAKeystrokeIsWrittenWithWhatTheMatchSetReturned() throws {
        try withTempDirectory { dir in
            let db = try WritableDatabase(path: dir + "/db")
            for i in 1...5 { _ = try db.add(try makeDocument(terms: ["all", "n\(i)"], data: "doc \(i)", numbers: [0: Double(i)])) }
            try db.setMetadata("recorder-test-list", "x")
            try db.commit()
            let trace = dir + "/trace.jsonl"
            CallRecorder.active = try CallRecorder(path: trace)
            CallRecorder.active?.begin("a \"quoted\" keystroke")
            let enquire = try Enquire(db)
            enquire.query = try Query(term: "all").filter(try .or([Query(term: "n2"), Query(term: "n3"), Query(term: "n4")]))
            try enquire.setBM25(k1: 1.2)
            let hits = try enquire.matches(count: 10, checkAtLeast: 3, values: [0], data: false)
            _ = try db.metadata("recorder-test-list")
            _ = try db.document(unchecked: 3).value(0)
            _ = try db.termFrequency("recorder-test-n1")
            let bounded = Query(term: "recorder-test-n5")
            _ = try db.matchBound(bounded)
            CallRecorder.active = nil
            #expect(hits.matches.map(\.documentID) == [2, 3, 4])
            // Only this thread's calls are recorded (tests of other suites
            // run Xapian meanwhile on other threads): look for this test's
            // lines, in order.
            let written = lines(trace)
            #expect(written.first == #"{"keystroke":"a \"quoted\" keystroke"}"#)
            let mset = try #require(written.first { $0.hasPrefix(#"{"op":"mset","query":""#) && $0.contains(#""checkatleast":3,"#) })
            #expect(mset.contains(#""weighting":["bm25",1.2,0.0,1.0,0.5,0.5]"#), "\(mset)")
            #expect(mset.contains(#""checkatleast":3,"values":[0],"data":false,"docids":[2, 3, 4]"#), "\(mset)")
            let expected = [mset, #"{"op":"metadata","key":"recorder-test-list"}"#,
                            #"{"op":"document","docid":3,"unchecked":true}"#, #"{"op":"value","docid":3,"slot":0}"#,
                            #"{"op":"termfreq","term":"recorder-test-n1"}"#,
                            #"{"op":"bound","query":"# + CallRecorder.hex(try bounded.serialised()) + "}"]
            var rest = written[...]
            for e in expected {
                guard let i = rest.firstIndex(of: e) else { Issue.record("missing, in order: \(e)\n\(written)"); return }
                rest = rest[(i + 1)...]
            }
        }
    }

    @Test func aQueryWithThePlansPostingSourceSerialises() throws {
        // The plan's prior is Xapian's own ValueWeightPostingSource, which
        // the replay's default registry unserialises.
        let bytes = try Query(term: "all").andMaybe(try .valueWeight(slot: 0)).serialised()
        #expect(String(decoding: bytes, as: UTF8.self).contains("ValueWeightPostingSource"))
    }

}

private extension String {
    func trimmingSuffix(_ s: String) -> String { hasSuffix(s) ? String(dropLast(s.count)) : self }
}
