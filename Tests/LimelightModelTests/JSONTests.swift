import Testing
@testable import LimelightModel

@Suite struct JSONTests {
    @Test func roundTripsNestedValuesInKeyOrder() throws {
        let text = #"{"b":1,"a":[true,false,null,"x\n\"y\""],"c":{"d":-2.5e3,"e":"한국어"}}"#
        let v = try JSON.parse(text)
        #expect(v.serialized == #"{"b":1,"a":[true,false,null,"x\n\"y\""],"c":{"d":-2500,"e":"한국어"}}"#)
        #expect(v.object?.keys == ["b", "a", "c"])
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try JSON.parse(#""\u00e9\ud83d\ude00\t""#).string == "é😀\t")
    }

    @Test(arguments: [
        (#"{"a":1,}"#, "expected a quoted key"),
        (#"{"a" 1}"#, "expected ':'"),
        (#"[1 2]"#, "expected ',' or ']'"),
        (#"{"a":1,"a":2}"#, "duplicate key"),
        (#""\ud800""#, "unpaired surrogate"),
        (#"01"#, "leading zero"),
        (#""abc"#, "unterminated string"),
        ("\"a\u{01}b\"", "control character"),
        (#"{"a":1} x"#, "unexpected text after the value"),
    ])
    func rejectsMalformedInputWithAReason(text: String, reason: String) {
        #expect(throws: JSONError.self) { try JSON.parse(text) }
        do { _ = try JSON.parse(text) } catch { #expect(error.message.contains(reason), "\(error.message)") }
    }

    @Test func reportsTheColumnInCharacters() {
        do { _ = try JSON.parse(#"{"한":1,}"#) } catch { #expect(error.column == 8) }
    }

    @Test func rejectsInvalidUTF8() {
        let bytes: [UInt8] = [0x22, 0xC3, 0x28, 0x22]
        #expect(throws: JSONError.self) { try JSON.parse(bytes) }
    }

    @Test func limitsNestingDepth() {
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        do { _ = try JSON.parse(deep); Issue.record("accepted 40 levels") } catch {
            #expect(error.message.contains("nested deeper"))
        }
        let ok = String(repeating: "[", count: 30) + String(repeating: "]", count: 30)
        #expect(throws: Never.self) { try JSON.parse(ok) }
    }
}
