import PuzzleDrawing
import PuzzleKit
import Testing
@testable import MorseCode

/// The grade is computed from one trace, and the drawings replay it.
@Suite struct TraceTests {
    let family = MorseCodeFamily()

    @Test(arguments: MorseCodeFamily().profiles.map(\.id))
    func drawingsReplayTheTrace(_ profileID: String) throws {
        let profile = try family.profile(named: profileID)
        for seed in 1...25 {
            let exercise = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
            try checkTraceReplay(family, exercise, name: "\(profileID) seed \(seed)")
        }
    }

    /// Each symbol step reads and decodes its own occurrence (the second S
    /// of SOS is its own step); a confusable pair reads every occurrence of
    /// its two symbols and decides nothing.
    @Test func stepsAreAboutTheirOwnSymbols() throws {
        for mode in [ExerciseMode.codeToWord, .wordToCode] {
            let exercise = Puzzle(id: "x", mode: mode, difficulty: .intermediate, prompt: mode.promptIsCode ? "... --- ... .." : "SOSI",
                                  answer: mode.promptIsCode ? "SOSI" : "... --- ... ..")
            let trace = try family.trace(exercise, solutionsUpTo2: nil, timeLimit: nil)
            let symbolSteps = trace.steps.filter { $0.facts.decodesSymbol }
            #expect(symbolSteps.flatMap(\.reads).sorted() == [.item(0), .item(1), .item(2), .item(3)] && symbolSteps.allSatisfy { $0.reads.count == 1 })
            for step in symbolSteps {
                guard case .item(let i) = step.reads.first else { continue }
                let symbol = Array("SOSI")[i]
                let text = mode.promptIsCode ? String(symbol) : MorseTable.drawn(MorseTable.code(for: symbol) ?? "")
                #expect(step.decides == [TraceDecision(.item(i), .value(text))])
            }
            let pair = try #require(trace.steps.first { $0.technique == .confusablePair })
            #expect(pair.facts.subject == "I/S" && pair.reads == [.item(0), .item(2), .item(3)] && pair.decides.isEmpty)
            #expect(trace.steps.enumerated().allSatisfy { $0.element.round == 1 && $0.element.movesOnOffer == trace.steps.count - $0.offset })
            // Drawn: a symbol step reads the prompt's box and writes the answer's box below or above it.
            for (step, mark) in zip(trace.steps, try family.graded(exercise, timeLimit: nil).steps) where step.facts.decodesSymbol {
                #expect(mark.uses.count == 1 && mark.fixes.count == 1 && mark.uses[0].column == mark.fixes[0].column)
                #expect(mark.uses[0].row == mark.fixes[0].row + (mode.promptIsCode ? 1 : -1))
            }
            try checkTraceReplay(family, exercise, name: "SOSI \(mode)")
        }
    }

    /// The grade row: the core keys, direction, units, signals and maxWordAmbiguity,
    /// one count per feature; each key with one JSON type.
    @Test func gradeFieldsFollowTheOneSchema() throws {
        var types: [String: Set<String>] = [:]
        for profile in family.profiles {
            for seed in 1...10 {
                let exercise = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
                let grade = try family.grade(exercise, solutionsUpTo2: nil, explain: false, timeLimit: nil)
                #expect(grade.fields.map(\.key) == GradeResult.coreKeys + ["direction", "units", "signals", "maxWordAmbiguity"]
                    + Technique.allCases.map { "steps_" + $0.code })
                for (key, value) in grade.fields { types[key, default: []].insert(jsonType(value)) }
            }
        }
        #expect(types.filter { $0.value.count != 1 }.isEmpty, "keys with more than one type: \(types.filter { $0.value.count != 1 })")
    }

    private func jsonType(_ value: ReportValue) -> String {
        switch value {
        case .int: "int"
        case .double: "double"
        case .string: "string"
        case .bool: "bool"
        case .null: "null"
        case .json: "json"
        }
    }
}
