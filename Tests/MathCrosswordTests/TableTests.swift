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
            if slow.count > 0 { nonEmpty += 1 }
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
                #expect(model.tables == reference.tables, "\(profile.id) seed \(seed)")
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
                let fast = Grader().trace(level, model: model, solutionsUpTo2: nil, timeLimit: nil, deriving: true)
                let anew = Grader().trace(level, model: model, solutionsUpTo2: nil, timeLimit: nil, deriving: false)
                #expect(GraderTests.stepTexts(fast) == GraderTests.stepTexts(anew), "\(profile.id) seed \(seed)")
                #expect(fast.score == anew.score && fast.difficulty == anew.difficulty && fast.backtracks == anew.backtracks,
                        "\(profile.id) seed \(seed)")
                graded += 1
            }
        }
        #expect(graded > 100)
    }
}

/// The live-tuple structure moved from state to state (deriving, and undoing
/// back to earlier states) against one built from the tables for every
/// state: the same live tuples, supports, candidates and counts.
@Suite struct LiveTupleStructureTests {
    /// Everything the structure tells about the state it was prepared for.
    private func readings(_ live: _LiveTuples, _ state: _DeductionState) -> [[Int]] {
        live.prepare(state)
        var result: [[Int]] = []
        for e in 0..<live.equationCount {
            result.append([e, live.liveCount(e), live.openCount(e)] + (0..<live.liveCount(e)).map { live.liveTuple(e, $0) }.sorted())
        }
        for cell in live.blankOfCell.indices {
            result.append(live.support(ofCell: cell).map { Int(bitPattern: UInt($0)) })
        }
        var mask: [UInt64] = []
        for b in state.assigned.indices where state.assigned[b] < 0 {
            result.append(live.candidates(b, into: &mask) ? mask.map { Int(bitPattern: UInt($0)) } : [-1])
        }
        for cell in live.blankOfCell.indices {
            result.append((0..<live.valueCount).map { live.supporters(ofCell: cell, value: $0) })
        }
        result.append(state.remaining.indices.map { live.holders($0) })
        result.append([live.deadEquations, live.blanksWithoutCandidate, live.shortValues])
        result.append(live.singleTupleEquations(open: 1))
        result.append(live.singleTupleEquations(open: 2))
        return result
    }

    /// Walks random states of `level`, comparing the two structures on each; returns how many states it compared.
    private func walk(_ level: Puzzle, _ rng: inout SplitMix64, steps: Int, _ name: String) throws -> Int {
        let model = try Solver(level: level)
        let engine = _DeductionEngine(model: model, level: level)
        let derived = _LiveTuples(model: model)
        let anew = _LiveTuples(model: model)
        anew.deriving = false
        // States visited; each step places a random tile in a random
        // empty cell of one of them (often the latest, sometimes an
        // earlier one, which the structure reaches by undoing).
        var visited = [engine.initialState()]
        for _ in 0..<steps {
            var state = rng.chance(3, in: 4) ? visited[visited.count - 1] : visited[rng.index(below: visited.count)]
            let open = state.assigned.indices.filter { state.assigned[$0] < 0 }
            let values = state.remaining.indices.filter { state.remaining[$0] > 0 }
            if !open.isEmpty && !values.isEmpty {
                engine.assign(&state, open[rng.index(below: open.count)], values[rng.index(below: values.count)])
            }
            visited.append(state)
            #expect(readings(derived, state) == readings(anew, state), "\(name)")
        }
        return steps
    }

    @Test func derivingAndUndoingMatchBuildingAnew() throws {
        var rng = SplitMix64(seed: 2024)
        var compared = 0
        for profile in Profile.classProfiles {
            for seed in 1...8 {
                guard let level = try? Generator().generate(difficulty: profile, seed: seed).level else { continue }
                compared += try walk(level, &rng, steps: 60, "\(profile.id) seed \(seed)")
            }
        }
        #expect(compared > 1000)
    }

    /// Equations without empty cells, one that holds and one that does not,
    /// next to equations with some.
    @Test func equationsWithoutEmptyCellsDeriveAsBuiltAnew() throws {
        var rng = SplitMix64(seed: 7)
        for text in ["pool: 3 4 9\n1 + 2 = ?\n. . . . .\n2 + 2 = 4\n. . . . .\n? + ? = 13\n",
                     "pool: 3 4\n2 + 2 = 5\n. . . . .\n? + 1 = ?\n"] {
            let level = try TextFormat.read(text, file: "given.mcw")
            _ = try walk(level, &rng, steps: 20, text)
        }
    }
}

/// Narrowing passes over equations and pairs whose cells' candidates have
/// not changed since they were last filled in; the result must be that of
/// filling in every one on every pass (the plain fixpoint below), including
/// which equations narrowed each cell.
@Suite struct NarrowingTests {
    private func plainNarrow(_ engine: _DeductionEngine, _ state: _DeductionState, pairs: Bool) -> _DeductionEngine.Narrowing? {
        let model = engine.model
        let pool = model.values.indices.map { state.remaining[$0] > 0 }
        var result = _DeductionEngine.Narrowing(domains: model.blanks.indices.map { state.assigned[$0] < 0 ? pool : [] },
                                                narrowedBy: Array(repeating: [], count: model.blanks.count))
        func keep(_ blank: Int, _ support: [Bool], by equations: [Int]) -> Bool? {
            var changed = false
            for v in model.values.indices where result.domains[blank][v] && !support[v] {
                result.domains[blank][v] = false
                result.narrowedBy[blank] = equations
                changed = true
            }
            return result.domains[blank].contains(true) ? changed : nil
        }
        var changed = true
        while changed {
            changed = false
            for e in model.tables.indices {
                let variables = model.tables[e].variables
                let open = variables.indices.filter { state.assigned[variables[$0]] < 0 }
                if open.isEmpty {
                    if engine.liveTuples(e, state).isEmpty { return nil }
                    continue
                }
                var support = variables.map { _ in [Bool](repeating: false, count: model.values.count) }
                for tuple in engine.liveTuples(e, state, domains: result.domains) {
                    for k in open { support[k][tuple[k]] = true }
                }
                for k in open {
                    guard let narrowed = keep(variables[k], support[k], by: [e]) else { return nil }
                    changed = changed || narrowed
                }
            }
            if changed || !pairs { continue }
            // Every pair of equations sharing an empty cell, in order.
            for e1 in model.tables.indices {
                for e2 in (e1 + 1)..<model.tables.count
                where model.tables[e1].variables.contains(where: { state.assigned[$0] < 0 && model.tables[e2].variables.contains($0) }) {
                    guard let support = engine.pairSupport(e1, e2, state, result.domains) else { continue }
                    for (b, values) in support {
                        guard let narrowed = keep(b, values, by: [e1, e2]) else { return nil }
                        changed = changed || narrowed
                    }
                    if changed { break }
                }
                if changed { break }
            }
        }
        return result
    }

    @Test func passingOverUnchangedEquationsNarrowsAsThePlainFixpoint() throws {
        var rng = SplitMix64(seed: 77)
        var compared = 0, narrowedSome = 0
        for profile in Profile.classProfiles {
            for seed in 1...12 {
                guard let level = try? Generator().generate(difficulty: profile, seed: seed).level,
                      let solution = level.solution else { continue }
                let model = try Solver(level: level)
                let engine = _DeductionEngine(model: model, level: level)
                let valueAt = Dictionary(solution.map { ($0.position, $0.value) }, uniquingKeysWith: { a, _ in a })
                // States with a random share of the solution placed, some
                // with a wrong tile in one cell.
                for _ in 0..<6 {
                    var state = engine.initialState()
                    for (b, position) in model.blanks.enumerated() where rng.chance(1, in: 2) {
                        guard let value = valueAt[position], let v = model.values.firstIndex(of: value),
                              state.remaining[v] > 0 else { continue }
                        engine.assign(&state, b, v)
                    }
                    let open = state.assigned.indices.filter { state.assigned[$0] < 0 }
                    let spare = state.remaining.indices.filter { state.remaining[$0] > 0 }
                    if rng.chance(1, in: 3), !open.isEmpty, !spare.isEmpty {
                        engine.assign(&state, open[rng.index(below: open.count)], spare[rng.index(below: spare.count)])
                    }
                    for pairs in [false, true] {
                        let fast = engine.narrow(state, pairs: pairs), plain = plainNarrow(engine, state, pairs: pairs)
                        #expect(fast?.domains == plain?.domains && fast?.narrowedBy == plain?.narrowedBy,
                                "\(profile.id) seed \(seed) pairs \(pairs)")
                        if let plain, plain.narrowedBy.contains(where: { !$0.isEmpty }) { narrowedSome += 1 }
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 300)
        #expect(narrowedSome > 100)
    }
}
