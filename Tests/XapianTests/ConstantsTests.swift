import Testing
import CXapian
@testable import Xapian

/// Swift enums need literal raw values; these tests hold them to the header's
/// named constants (flags and operators use the constants directly).
@Suite struct ConstantsTests {
    @Test func operatorsAreTheHeaders() {
        let pairs: [(Query.Operator, Int32)] = [
            (.and, Int32(CX_OP_AND)), (.or, Int32(CX_OP_OR)), (.andNot, Int32(CX_OP_AND_NOT)), (.xor, Int32(CX_OP_XOR)),
            (.andMaybe, Int32(CX_OP_AND_MAYBE)), (.filter, Int32(CX_OP_FILTER)), (.near, Int32(CX_OP_NEAR)), (.phrase, Int32(CX_OP_PHRASE)),
            (.eliteSet, Int32(CX_OP_ELITE_SET)), (.synonym, Int32(CX_OP_SYNONYM)), (.max, Int32(CX_OP_MAX)),
        ]
        for (op, c) in pairs { #expect(op.rawValue == c, "\(op)") }
    }

    @Test func openModesAndStemStrategiesAreTheHeaders() {
        #expect(WritableDatabase.OpenMode.createOrOpen.rawValue == Int32(CX_DB_CREATE_OR_OPEN))
        #expect(WritableDatabase.OpenMode.createOrOverwrite.rawValue == Int32(CX_DB_CREATE_OR_OVERWRITE))
        #expect(WritableDatabase.OpenMode.create.rawValue == Int32(CX_DB_CREATE))
        #expect(WritableDatabase.OpenMode.open.rawValue == Int32(CX_DB_OPEN))
        #expect(StemStrategy.none.rawValue == Int32(CX_STEM_NONE))
        #expect(StemStrategy.some.rawValue == Int32(CX_STEM_SOME))
        #expect(StemStrategy.all.rawValue == Int32(CX_STEM_ALL))
        #expect(StemStrategy.allZ.rawValue == Int32(CX_STEM_ALL_Z))
        #expect(StemStrategy.someFullPositions.rawValue == Int32(CX_STEM_SOME_FULL_POS))
    }
}
