import ConstraintSolver
import Testing

/// Invalid input is reported, never trapped on, and leaves the model unchanged.
struct ModelErrorTests {
    private func kind(_ body: (inout Model) throws -> Void) -> ModelError.Kind? {
        var model = Model()
        model.addVariable(domainSize: 3)
        model.addVariable(domainSize: 2)
        do {
            try body(&model)
            return nil
        } catch {
            guard let error = error as? ModelError else {
                Issue.record("unexpected error \(error)")
                return nil
            }
            #expect(!error.description.isEmpty)
            #expect(model.count() == 6, "a rejected call must not change the model")
            return error.kind
        }
    }

    @Test func variablesOutOfRange() {
        #expect(kind { try $0.restrict(2, to: [0]) } == .variableOutOfRange)
        #expect(kind { try $0.addTable([0, -1], tuples: []) } == .variableOutOfRange)
        #expect(kind { try $0.addTable([2], flatTuples: [0], count: 1) } == .variableOutOfRange)
        #expect(kind { try $0.addCardinality([5], counts: [1]) } == .variableOutOfRange)
        #expect(kind { try $0.addLinearSum([1, 7], coefficients: [1, 1], equals: 1) } == .variableOutOfRange)
        #expect(kind { try $0.addNogood([Int.max], values: [0]) } == .variableOutOfRange)
    }

    @Test func valuesOutOfRange() {
        #expect(kind { try $0.restrict(1, to: [2]) } == .valueOutOfRange)
        #expect(kind { try $0.addTable([0, 1], tuples: [[0, 0], [3, 0]]) } == .valueOutOfRange)
        #expect(kind { try $0.addTable([0, 1], tuples: [[0, -1]]) } == .valueOutOfRange)
        #expect(kind { try $0.addTable([0, 1], flatTuples: [0, 0, 2, 1, 1, 2], count: 3) } == .valueOutOfRange)
        #expect(kind { try $0.addNogood([0, 1], values: [0, 5]) } == .valueOutOfRange)
    }

    @Test func malformedArguments() {
        #expect(kind { try $0.addTable([0, 1], tuples: [[0]]) } == .lengthMismatch)
        #expect(kind { try $0.addTable([0, 1], flatTuples: [0, 1, 2], count: 2) } == .lengthMismatch)
        #expect(kind { try $0.addTable([0, 1], flatTuples: [0, 1], count: 2) } == .lengthMismatch)
        #expect(kind { try $0.addTable([], flatTuples: [], count: -1) } == .lengthMismatch)
        #expect(kind { try $0.addTable([], flatTuples: [0], count: 1) } == .lengthMismatch)
        #expect(kind { try $0.addLinearSum([1], coefficients: [], equals: 0) } == .lengthMismatch)
        #expect(kind { try $0.addNogood([0], values: []) } == .lengthMismatch)
        #expect(kind { try $0.addCardinality([0, 1], counts: [1, -1]) } == .negativeNumber)
        #expect(kind { try $0.addLinearSum([1], coefficients: [-2], equals: 0) } == .negativeNumber)
        #expect(kind { try $0.addLinearSum([0], coefficients: [1], equals: 1) } == .notBoolean)
        #expect(kind { try $0.addCardinality([0, 1], counts: [.max, .max]) } == .overflow)
        #expect(kind { try $0.addLinearSum([1, 1], coefficients: [.max, .max], equals: 1) } == .overflow)
    }

    @Test func validCallsDoNotThrow() {
        #expect(kind { try $0.restrict(0, to: [0, 1, 2, 2]) } == nil)
        #expect(kind { try $0.addTable([0, 1], tuples: [[0, 0], [1, 1], [2, 0], [0, 1], [1, 0], [2, 1]]) } == nil)
    }
}
