import ConstraintSolver
import Testing
import MathCrossword
import PuzzleKit

/// Counts solutions the obvious way: every distinct way to deal the pool's
/// tiles to the empty cells, checked with the evaluator.
func bruteForceCount(_ level: Puzzle) -> Int {
    let blanks = level.blankPositions
    var remaining = level.numberPool.sorted()
    var filled = level
    var count = 0
    func deal(_ k: Int) {
        if k == blanks.count {
            if EquationEvaluator().evaluate(filled).allSatisfy({ $0 == .correct }) { count += 1 }
            return
        }
        var previous: PuzzleNumber?
        for i in remaining.indices where remaining[i] != previous {
            let value = remaining.remove(at: i)
            filled[blanks[k]].currentValue = value
            deal(k + 1)
            remaining.insert(value, at: i)
            previous = value
        }
    }
    deal(0)
    return count
}

/// A random small puzzle: a generated layout with a perturbed pool or extra
/// blanks, or a chain with three or four operands crossed by a short equation.
func randomSmallPuzzle(_ rng: inout SplitMix64) throws -> Puzzle {
    let ops = ["+", "-", "x", "/"]
    if rng.chance(1, in: 3) {
        let operands = rng.uniform(in: 3...4)
        var values = (0..<operands).map { _ in rng.uniform(in: 0...9) }
        var symbols = (1..<operands).map { _ in ops[rng.index(below: 4)] }
        var left = values[0]
        for (i, s) in symbols.enumerated() {
            let op = ArithmeticOperator(symbol: s) ?? .add
            if case .value(let v) = op.apply(PuzzleNumber(left), PuzzleNumber(values[i + 1])), let int = v.intValue {
                left = int
            } else {
                symbols[i] = "+"
                left += values[i + 1]
            }
        }
        values.append(max(0, left))
        var tokens: [String] = []
        var pool: [Int] = []
        for (i, v) in values.enumerated() {
            let blank = rng.chance(1, in: 2) && pool.count < 5
            tokens.append(blank ? "?" : String(v))
            if blank { pool.append(rng.chance(1, in: 4) ? rng.uniform(in: 0...9) : v) }
            if i < symbols.count { tokens.append(symbols[i]) } else if i == symbols.count { tokens.append("=") }
        }
        // A vertical equation through the first operand: first op c = d.
        let c = rng.uniform(in: 1...5)
        let first = values[0]
        let d = first + c
        let down = rng.chance(1, in: 2)
        var rows = [tokens.joined(separator: " ")]
        if down {
            let pad = Array(repeating: ".", count: tokens.count - 1)
            let d0 = rng.chance(1, in: 2)
            if d0 { pool.append(d) }
            rows += [(["+"] + pad), ([String(c)] + pad), (["="] + pad), ([d0 ? "?" : String(d)] + pad)].map { $0.joined(separator: " ") }
        }
        let text = "pool: \(pool.map(String.init).joined(separator: " "))\n" + rows.joined(separator: "\n") + "\n"
        return try TextFormat.read(text, file: "random.mcw")
    }
    let profile = Profile(id: "small", displayName: "Small", minValue: 0, maxValue: 12,
                                    allowedOperators: ops, gridRows: 7, gridColumns: 7, minEquations: 2,
                                    maxEquations: 4, maxOperandsPerEquation: 2, minCrossingsPerEquation: 1)
    let level = try Generator().generateLevel(difficulty: profile, seed: rng.uniform(in: 0...1_000_000))
    var grid = level.tokenGrid
    var pool = level.numberPool
    switch rng.uniform(in: 0...2) {
    case 0:  // a wrong tile: often no solution
        pool[rng.index(below: pool.count)] = PuzzleNumber(rng.uniform(in: 0...12))
    case 1:  // more blanks: often several solutions
        for i in grid.tokens.indices {
            if case .number(let v) = grid.tokens[i], rng.chance(1, in: 3), pool.count < 7 {
                grid.tokens[i] = .empty
                pool.append(v)
            }
        }
    default:
        break
    }
    let text = TextFormat.write(Puzzle(id: "r", difficulty: profile, grid: grid,
                                      equations: try grid.equations(), numberPool: pool, solution: nil, idNamespace: 0))
    return try TextFormat.read(text, file: "random.mcw")
}

@Suite struct SolverTests {
    func count(_ text: String, _ limits: SearchLimits = .init()) throws -> SolveResult {
        try MathCrossword.Solver(level: TextFormat.read(text, file: "t.mcw")).solve(limits)
    }

    @Test func countsEqualBruteForceOnThousandsOfRandomPuzzles() throws {
        var rng = SplitMix64(seed: 2024)
        var seen = (zero: 0, one: 0, many: 0, long: 0, duplicates: 0)
        for _ in 0..<3000 {
            let level = try randomSmallPuzzle(&rng)
            let solved = try MathCrossword.Solver(level: level).solve(SearchLimits(keepSolutions: 1000))
            let expected = bruteForceCount(level)
            #expect(solved.solutionCount == expected, "\(TextFormat.write(level))")
            #expect(solved.complete)
            // Every reported solution is a real, distinct one.
            #expect(Set(solved.solutions.map { $0.map(\.value) }).count == solved.solutions.count)
            for solution in solved.solutions {
                var filled = level
                for entry in solution { filled[entry.position].currentValue = entry.value }
                #expect(EquationEvaluator().evaluate(filled).allSatisfy { $0 == .correct })
                #expect(solution.map(\.value).sorted() == level.numberPool.sorted())
            }
            switch expected {
            case 0: seen.zero += 1
            case 1: seen.one += 1
            default: seen.many += 1
            }
            if level.equations.contains(where: { $0.cellPositions.count > 5 }) { seen.long += 1 }
            if Set(level.numberPool).count < level.numberPool.count { seen.duplicates += 1 }
        }
        // The random mix really covers every kind of case.
        #expect(seen.zero > 200 && seen.one > 200 && seen.many > 200 && seen.long > 200 && seen.duplicates > 100, "\(seen)")
    }

    /// A level built in code may list equation cells outside its grid; the
    /// model reads them as a given 0 or a `+` and never traps.
    @Test func equationCellsOutsideTheGridDoNotTrap() throws {
        let level = try Generator().generate(difficulty: .class1, seed: 5).level
        var equations = level.equations
        let first = equations[0]
        equations[0] = Equation(id: first.id, orientation: first.orientation,
                                cellPositions: first.cellPositions.map { GridPosition(row: $0.row - 100, column: $0.column + 100) })
        let odd = Puzzle(id: level.id, difficulty: level.difficulty, rows: level.rows, columns: level.columns,
                         cells: level.cells, equations: equations, numberPool: level.numberPool)
        let counted = try Solver(level: odd).solve(SearchLimits(solutions: 2))
        #expect(counted.complete)
    }

    @Test func handCases() throws {
        #expect(try count("pool: 5 7\n? + ? = 12\n").solutionCount == 2)
        #expect(try count("pool: 6 6\n? + ? = 12\n").solutionCount == 1)  // equal tiles are interchangeable
        #expect(try count("pool: 5 8\n? + ? = 12\n").solutionCount == 0)  // a pool that cannot fit
        #expect(try count("pool:\n5 + 7 = 13\n").solutionCount == 0)     // a given equation that fails
        #expect(try count("pool:\n5 + 7 = 12\n").solutionCount == 1)     // nothing to fill
        // ? + ? = 12 alone has two solutions; the crossing ? - 2 = 3 forces the first to 5.
        #expect(try count("pool: 5 7\n? + ? = 12\n- . . . .\n2 . . . .\n= . . . .\n3 . . . .\n").solutionCount == 1)
        // 1 - 2 + 4 = 3 (a negative step), 4 - 2 + 1 = 3, 2 - 1 + 3 = 4, … as the brute force counts.
        let chain = "pool: 1 2 3 4\n? - ? + ? = ?\n"
        #expect(try count(chain).solutionCount == bruteForceCount(try TextFormat.read(chain, file: "t.mcw")))
        #expect(try count(chain).solutionCount >= 3)
    }

    @Test func limitsAndBudgetsStopTheCountHonestly() throws {
        let many = "pool: 1 2 3 4 5 6 7 8\n? + ? - ? - ? + ? - ? + ? = ?\n"
        let all = try count(many)
        #expect(all.complete && all.stopReason == .exhausted && all.solutionCount > 2)
        let two = try count(many, SearchLimits(solutions: 2))
        #expect(two.solutionCount == 2 && !two.complete && two.stopReason == .solutionLimit)
        let budget = try count(many, SearchLimits(nodes: 1))
        #expect(!budget.complete && budget.stopReason == .nodeLimit)
        let kept = try count(many, SearchLimits(keepSolutions: 3))
        #expect(kept.solutions.count == 3 && kept.solutionCount == all.solutionCount)
    }

    @Test func excludingTheKnownSolutionChecksUniqueness() throws {
        let level = try TextFormat.read("pool: 5 7\n? + ? = 12\n", file: "t.mcw")
        let model = try MathCrossword.Solver(level: level)
        let known = [SolutionEntry(row: 0, column: 0, value: 5), SolutionEntry(row: 0, column: 2, value: 7)]
        let other = model.solveExcluding(known, SearchLimits(solutions: 1, keepSolutions: 1))
        #expect(other.solutionCount == 1)
        #expect(other.solutions.first?.map(\.value) == [7, 5])
    }

    @Test func rejectsEquationsTooLargeToTabulate() throws {
        let text = "pool: " + (1...9).map(String.init).joined(separator: " ") + "\n? + ? + ? + ? + ? + ? + ? + ? = ?\n"
        #expect(throws: SolveError.self) { try MathCrossword.Solver(level: TextFormat.read(text, file: "t.mcw")) }
    }

    @Test(arguments: Profile.classProfiles)
    func everyUniquePuzzleOfAThousandSeedsCountsExactlyOne(_ profile: Profile) throws {
        var revealed = 0, blanks = 0
        for seed in 1...1000 {
            let generated = try Generator().generateUnique(difficulty: profile, seed: seed)
            let level = generated.level
            let solved = try MathCrossword.Solver(level: level).solve(SearchLimits(solutions: 2))
            #expect(solved.solutionCount == 1 && solved.complete, "\(profile.id) seed \(seed)")
            #expect(violations(level, profile).isEmpty, "\(profile.id) seed \(seed): \(violations(level, profile))")
            revealed += generated.revealed
            blanks += level.blankPositions.count
        }
        #expect(blanks > 5 * revealed, "\(profile.id): \(revealed) revealed, \(blanks) blanks left")
    }

    @Test func uniqueGenerationIsDeterministic() throws {
        let a = try Generator().generateUnique(difficulty: .class3, seed: 77)
        let b = try Generator().generateUnique(difficulty: .class3, seed: 77)
        #expect(JSONFormat.write(a.level, pretty: false) == JSONFormat.write(b.level, pretty: false))
    }
}
