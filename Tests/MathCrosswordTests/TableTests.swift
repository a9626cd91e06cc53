@testable import MathCrossword
import PuzzleKit
import Testing

/// The fast way of building an equation's table (machine integers, the last
/// operand solved for when the result is given) against the general
/// enumeration with the evaluator's arithmetic: the same tuples in the same
/// order, for random equations over random pools.
@Suite struct TableTests {
    /// A random equation: 1–3 left operands and the result, each empty or
    /// given (given values sometimes outside the pool, sometimes zero), over
    /// a random pool of distinct values with random tile counts.
    private func randomCase(_ rng: inout SplitMix64) -> (slots: [Solver.Slot], operators: [ArithmeticOperator],
                                                         values: [PuzzleNumber], multiplicity: [Int]) {
        let largest = [5, 20, 100, 1000, 70_000][rng.index(below: 5)]
        let distinct = rng.uniform(in: 0...12)
        var values: [PuzzleNumber] = []
        for _ in 0..<distinct {
            // Small values often, so that zeros, products and quotients occur.
            let v = rng.chance(1, in: 2) ? rng.uniform(in: 0...6) : rng.uniform(in: 0...largest)
            values.append(PuzzleNumber(v))
        }
        values = Array(Set(values)).sorted()
        let multiplicity = values.map { _ in rng.uniform(in: 1...3) }
        let leftCount = rng.uniform(in: 1...3)
        var slots: [Solver.Slot] = []
        var variable = 0
        for _ in 0...leftCount {
            if rng.chance(1, in: 2) {
                slots.append(.blank(variable))
                variable += 1
            } else {
                let v = rng.chance(1, in: 2) && !values.isEmpty ? values[rng.index(below: values.count)]
                    : PuzzleNumber(rng.uniform(in: 0...6))
                slots.append(.fixed(v))
            }
        }
        let operators = (0..<(leftCount - 1)).map { _ in ArithmeticOperator.allCases[rng.index(below: 4)] }
        return (slots, operators, values, multiplicity)
    }

    @Test func fastTablesMatchTheGeneralEnumeration() throws {
        var rng = SplitMix64(seed: 20_261_125)
        var nonEmpty = 0
        for round in 0..<20_000 {
            let c = randomCase(&rng)
            let start = GridPosition(row: 0, column: 0)
            var fast = Solver.TableScratch(used: c.values.map { _ in 0 })
            fast.lookup = Solver.SmallValues(c.values)
            #expect(fast.lookup != nil)
            var general = Solver.TableScratch(used: c.values.map { _ in 0 })
            let quick = try Solver.table(slots: c.slots, operators: c.operators, values: c.values,
                                                 multiplicity: c.multiplicity, start: start, scratch: &fast)
            let slow = try Solver.table(slots: c.slots, operators: c.operators, values: c.values,
                                                multiplicity: c.multiplicity, start: start, scratch: &general,
                                                generalOnly: true)
            #expect(quick == slow, "round \(round): \(c.slots) \(c.operators) over \(c.values)")
            #expect(fast.used.allSatisfy { $0 == 0 })
            if !slow.isEmpty { nonEmpty += 1 }
        }
        // The cases are not all trivially empty.
        #expect(nonEmpty > 5_000)
    }

    /// Whole levels: the models of generated levels of every class profile
    /// and of a large custom profile have the same tables either way.
    @Test func generatedLevelsHaveTheGeneralTables() throws {
        let big = Profile(
            id: "big", displayName: "big", minValue: 0, maxValue: 1000, allowedOperators: ["+", "-", "x", "/"],
            gridRows: 20, gridColumns: 20, minEquations: 20, maxEquations: 30, maxOperandsPerEquation: 2,
            minCrossingsPerEquation: 2)
        for profile in Profile.classProfiles + [big] {
            for seed in 1...40 {
                guard let level = try? Generator().generate(difficulty: profile, seed: seed).level else { continue }
                let model = try Solver(level: level)
                let reference = try Solver(level: level, generalTables: true)
                #expect(model.tables.map(\.variables) == reference.tables.map(\.variables), "\(profile.id) seed \(seed)")
                #expect(model.tables.map(\.tuples) == reference.tables.map(\.tuples), "\(profile.id) seed \(seed)")
            }
        }
    }
}

/// The grader derives each state's live tuples from the state before; the
/// reports must be those of filtering every state's tables anew.
@Suite struct LiveTupleTests {
    @Test func derivedLiveTuplesGradeAsFilteringAnew() throws {
        let big = Profile(
            id: "big", displayName: "big", minValue: 0, maxValue: 1000, allowedOperators: ["+", "-", "x", "/"],
            gridRows: 16, gridColumns: 16, minEquations: 14, maxEquations: 20, maxOperandsPerEquation: 2,
            minCrossingsPerEquation: 2)
        var graded = 0
        for profile in Profile.classProfiles + [big] {
            for seed in 1...30 {
                guard let level = try? Generator().generate(difficulty: profile, seed: seed).level else { continue }
                let model = try Solver(level: level)
                let fast = Grader().grade(level, model: model, solutionsUpTo2: nil, timeLimit: nil, deriving: true)
                let anew = Grader().grade(level, model: model, solutionsUpTo2: nil, timeLimit: nil, deriving: false)
                #expect(fast.steps == anew.steps, "\(profile.id) seed \(seed)")
                #expect(fast.score == anew.score && fast.label == anew.label && fast.backtracks == anew.backtracks,
                        "\(profile.id) seed \(seed)")
                graded += 1
            }
        }
        #expect(graded > 100)
    }
}
