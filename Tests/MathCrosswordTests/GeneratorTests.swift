import Foundation
import Testing
import MathCrossword
import PuzzleKit

/// Every rule of the generator and of docs/FORMATS.md section 1 a generated level must
/// keep, as a list of violations (empty when the level is right).
func violations(_ level: Puzzle, _ profile: Profile) -> [String] {
    var found: [String] = []
    func fail(_ s: String) { found.append(s) }
    if (level.rows, level.columns) != (profile.gridRows, profile.gridColumns) { fail("grid size") }
    if !(profile.minEquations...profile.maxEquations).contains(level.equations.count) { fail("equation count \(level.equations.count)") }
    // The grid reads back as exactly these equations (runs rule, crossings on operands only).
    do {
        let runs = try level.tokenGrid.equations()
        if runs.map(\.positions) != level.equations.map(\.cellPositions) { fail("equations are not the grid's runs") }
    } catch {
        fail("grid: \(error.message)")
    }
    // One connected component; every equation crosses another.
    if LevelCheck.connectedComponents(level) != 1 { fail("not connected") }
    var owners: [GridPosition: Int] = [:]
    for equation in level.equations { for p in equation.cellPositions { owners[p, default: 0] += 1 } }
    for equation in level.equations where level.equations.count > 1 {
        if !equation.cellPositions.contains(where: { owners[$0] == 2 }) { fail("an equation crosses no other") }
        let blanks = equation.cellPositions.filter { level[$0].type == .emptyOperand }.count
        if !(1...2).contains(blanks) { fail("\(blanks) blanks in an equation") }
        if equation.cellPositions.count != 5 { fail("not A op B = C") }
    }
    // Operators, values and the pool.
    let allowed = Set(profile.allowedOperators)
    for cell in level.cells where cell.type == .operatorSymbol && !allowed.contains(cell.operatorSymbol ?? "") { fail("operator") }
    guard let solution = level.solution else { fail("no solution"); return found }
    if solution.map(\.position) != level.blankPositions { fail("solution does not cover the blanks in order") }
    if solution.map(\.value).sorted() != level.numberPool { fail("pool is not the blanks' multiset") }
    var solved = level
    for entry in solution { solved[entry.position].currentValue = entry.value }
    if EquationEvaluator().evaluate(solved).contains(where: { $0 != .correct }) { fail("solution breaks an equation") }
    let values = solved.cells.compactMap(\.value)
    if values.contains(where: { $0 < profile.minValue || $0 > profile.maxValue }) { fail("value out of range") }
    return found
}

@Suite struct GeneratorTests {
    @Test(arguments: Profile.classProfiles)
    func everyLevelOfAThousandSeedsKeepsEveryRule(_ profile: Profile) throws {
        let generator = Generator()
        var horizontal = 0, total = 0
        for seed in 1...1000 {
            let level = try generator.generateLevel(difficulty: profile, seed: seed)
            let problems = violations(level, profile)
            #expect(problems.isEmpty, "\(profile.id) seed \(seed): \(problems)")
            horizontal += level.equations.filter { $0.orientation == .horizontal }.count
            total += level.equations.count
        }
        // Orientation ~50/50 is a soft goal; over a thousand levels it holds closely.
        #expect(abs(Double(horizontal) / Double(total) - 0.5) < 0.05)
    }

    @Test(arguments: Profile.classProfiles)
    func theSameSeedGivesTheSameBytes(_ profile: Profile) throws {
        for seed in [0, 1, 99, -5, Int.max] {
            let a = try Generator().generateLevel(difficulty: profile, seed: seed)
            let b = try Generator().generateLevel(difficulty: profile, seed: seed)
            #expect(TextFormat.write(a) == TextFormat.write(b))
            #expect(JSONFormat.write(a, pretty: false) == JSONFormat.write(b, pretty: false))
        }
        let c = try Generator().generateLevel(difficulty: profile, seed: 2)
        let d = try Generator().generateLevel(difficulty: profile, seed: 3)
        #expect(TextFormat.write(c) != TextFormat.write(d))
    }

    @Test func throwsAfterThreeAttemptsThatMissMinEquations() {
        let cramped = Profile(id: "cramped", displayName: "Cramped", minValue: 0, maxValue: 20,
                                        allowedOperators: ["+"], gridRows: 5, gridColumns: 5, minEquations: 7,
                                        maxEquations: 8, maxOperandsPerEquation: 2, minCrossingsPerEquation: 1)
        #expect(throws: GenerationError.tooFewEquations(best: 6, required: 7, attempts: 3)) {
            try Generator().generateLevel(difficulty: cramped, seed: 1)
        }
    }

    @Test func rejectsProfilesThatCannotBeGenerated() {
        let narrow = Profile(id: "narrow", displayName: "", minValue: 0, maxValue: 9, allowedOperators: ["+"],
                                       gridRows: 4, gridColumns: 4, minEquations: 1, maxEquations: 1,
                                       maxOperandsPerEquation: 2, minCrossingsPerEquation: 0)
        #expect(throws: GenerationError.invalidProfile("a 4x4 grid cannot hold a five-cell equation")) {
            try Generator().generateLevel(difficulty: narrow, seed: 1)
        }
    }

    @Test func customProfilesGenerateWithinTheirSettings() throws {
        let custom = Profile(id: "times", displayName: "Times tables", minValue: 1, maxValue: 100,
                                       allowedOperators: ["x", "/"], gridRows: 9, gridColumns: 9, minEquations: 5,
                                       maxEquations: 7, maxOperandsPerEquation: 2, minCrossingsPerEquation: 2)
        for seed in 1...200 {
            let level = try Generator().generateLevel(difficulty: custom, seed: seed)
            #expect(violations(level, custom).isEmpty, "seed \(seed): \(violations(level, custom))")
        }
    }

    @Test func recordsSeedAndAttempts() throws {
        let generated = try Generator().generate(difficulty: .class3, seed: 11)
        #expect(generated.seed == 11)
        #expect((1...Generator.maxAttempts).contains(generated.attempts))
        #expect(generated.level.id == "class_3-11")
    }
}

/// Each generation step that can fail is named by its own error and reason.
struct GenerationFailureReasonTests {
    func profile(_ id: String, values: ClosedRange<PuzzleNumber>, operators: [String], size: Int, equations: Int,
                 crossings: Int) -> Profile {
        Profile(id: id, displayName: id, minValue: values.lowerBound,
                          maxValue: values.upperBound, allowedOperators: operators,
                          gridRows: size, gridColumns: size, minEquations: equations, maxEquations: equations,
                          maxOperandsPerEquation: 2, minCrossingsPerEquation: crossings)
    }

    func failure(_ profile: Profile, seed: Int) -> GenerationError? {
        do { _ = try Generator().generate(difficulty: profile, seed: seed) } catch { return error }
        return nil
    }

    @Test func aGridWithoutRoomIsALayoutShortfall() throws {
        let cramped = profile("cramped", values: 0...20, operators: ["+"], size: 5, equations: 7, crossings: 1)
        let error = try #require(failure(cramped, seed: 1))
        #expect(error == .tooFewEquations(best: 6, required: 7, attempts: 3))
        #expect(error.reason == "too-few-equations")
        #expect(error.description.hasPrefix("layout: placed at most 6 of the 7 equations required"))
    }

    @Test func noProductInRangeFailsAtValuesForTheFirstEquation() throws {
        // 2 x 2 = 4 is already beyond 3: no equation fits at all.
        let tight = profile("tight", values: 2...3, operators: ["x"], size: 9, equations: 3, crossings: 1)
        let error = try #require(failure(tight, seed: 1))
        guard case .noValues(equation: 1, places: 1, _, _, _, best: 0, required: 3, attempts: 3) = error else {
            Issue.record("expected values to fail for equation 1, got \(error)")
            return
        }
        #expect(error.reason == "no-values")
        #expect(error.description.hasPrefix("values: no values in range fit equation 1 ("))
    }

    @Test func crossingsThatNoValuesCompleteFailAtValues() throws {
        // Only 1 + 1 = 2 exists: a crossing on a 2 must be the result, so the
        // layout runs out of places that take values before 14 equations.
        let ones = profile("ones", values: 1...2, operators: ["+"], size: 12, equations: 14, crossings: 2)
        let error = try #require(failure(ones, seed: 10))
        guard case let .noValues(equation, places, row, column, _, best, 14, 3) = error else {
            Issue.record("expected values to fail, got \(error)")
            return
        }
        #expect(equation == best + 1 && best > 1 && best < 14)
        #expect(places >= 1 && (1...12).contains(row) && (1...12).contains(column))
        #expect(error.reason == "no-values")
        #expect(error.description.contains("with the crossings fixed"))
        #expect(error.description.contains("placed at most \(best) of the 14 equations required"))
    }

    @Test func enoughEquationsWithoutABlankForOneFailAtBlanks() throws {
        let ones = profile("ones", values: 1...2, operators: ["+"], size: 12, equations: 14, crossings: 2)
        let error = try #require(failure(ones, seed: 38))
        guard case let .noBlanks(equation, row, column, _, equations, 3) = error else {
            Issue.record("expected blanks to fail, got \(error)")
            return
        }
        #expect(equations >= 14 && (1...equations).contains(equation))
        #expect((1...12).contains(row) && (1...12).contains(column))
        #expect(error.reason == "no-blanks")
        #expect(error.description.hasPrefix("blanks: equation \(equation) of \(equations) ("))
    }

    @Test func uniquenessFailuresCountTheLayoutsThatFailedBeforeIt() {
        let plain = GenerationError.noUniqueLevel(layouts: 8)
        #expect(plain.description == "uniqueness: none of 8 layouts could be made unique while keeping an empty cell in every equation")
        let mixed = GenerationError.noUniqueLevel(layouts: 8, failedEarlier: ["no-blanks": 1, "no-values": 3], budgetStopped: 2)
        #expect(mixed.reason == "no-unique-level")
        #expect(mixed.description.hasSuffix("(4 failed before it: no-values 3, no-blanks 1; 2 stopped by the solver's node budget)"))
    }

    @Test func reasonsAreDistinct() {
        let errors: [GenerationError] = [
            .invalidProfile("x"), .tooFewEquations(best: 1, required: 2, attempts: 3),
            .noValues(equation: 2, places: 1, row: 1, column: 1, horizontal: true, best: 1, required: 2, attempts: 3),
            .noBlanks(equation: 1, row: 1, column: 1, horizontal: false, equations: 2, attempts: 3),
            .noUniqueLevel(layouts: 8), .tooFewBlanks(best: 1, required: 2, layouts: 64),
            .labelNotReached(.hard, layouts: 300, seen: [:]),
        ]
        #expect(Set(errors.map(\.reason)).count == errors.count)
    }
}
