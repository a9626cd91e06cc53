import ConstraintSolver
import Foundation
@testable import MathCrossword
import PuzzleKit
import Testing

@Suite struct MinBlanksTests {
    /// Real games ask for about 17 blanks at class_3 and class_4: every level
    /// has at least that many, exactly one solution (counted with no limit),
    /// keeps the generator's rules and reads back from both formats.
    @Test(arguments: [Profile.class3, .class4])
    func uniqueLevelsWithSeventeenBlanks(_ profile: Profile) throws {
        let family = MathCrosswordFamily()
        for seed in 1...100 {
            let generated = try Generator().generateUnique(difficulty: profile, seed: seed, minBlanks: 17)
            let level = generated.level
            #expect(level.blankPositions.count >= 17, "\(profile.id) seed \(seed)")
            #expect(violations(level, profile).isEmpty, "\(profile.id) seed \(seed): \(violations(level, profile))")
            let count = try MathCrossword.Solver(level: level).solve()
            #expect(count.solutionCount == 1 && count.complete, "\(profile.id) seed \(seed): \(count.solutionCount)")
            #expect(family.check(level).problems.isEmpty)
            #expect(LevelCheck.notes(for: level).isEmpty, "\(LevelCheck.notes(for: level))")
            let json = JSONFormat.write(level, pretty: false)
            #expect(try JSONFormat.read(Data(json.utf8), file: "m.json") == level)
            let text = TextFormat.write(level)
            #expect(TextFormat.write(try TextFormat.read(text, file: "m.mcw")) == text)
        }
    }

    @Test func theSameSeedGivesTheSameLevel() throws {
        let a = try Generator().generateUnique(difficulty: .class4, seed: 7, minBlanks: 18)
        let b = try Generator().generateUnique(difficulty: .class4, seed: 7, minBlanks: 18)
        #expect(JSONFormat.write(a.level, pretty: false) == JSONFormat.write(b.level, pretty: false))
        #expect(a.emptied > 0)
    }

    @Test func aMinimumAlreadyMetChangesNothing() throws {
        for seed in 1...20 {
            let plain = try Generator().generateUnique(difficulty: .class2, seed: seed)
            let asked = try Generator().generateUnique(difficulty: .class2, seed: seed, minBlanks: 1)
            #expect(JSONFormat.write(plain.level, pretty: false) == JSONFormat.write(asked.level, pretty: false))
            #expect(asked.emptied == 0)
        }
    }

    @Test func anUnreachableMinimumFailsWithItsReason() {
        do {
            _ = try Generator().generateUnique(difficulty: .class1, seed: 1, minBlanks: 60)
            Issue.record("60 blanks on an 8x8 grid")
        } catch {
            guard case .tooFewBlanks(let best, 60, Generator.maxMinBlanksLayouts) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(best < 60)
            #expect(error.reason == "too-few-blanks")
        }
    }

    @Test func theBlankBoundHoldsForEveryLevelMade() throws {
        for seed in 1...50 {
            let level = try Generator().generateUnique(difficulty: .class4, seed: seed, minBlanks: 17).level
            #expect(Generator.blankBound(level) >= level.blankPositions.count)
        }
    }

    @Test func familiesRefuseWhatTheyCannotHonour() {
        let family = MathCrosswordFamily()
        #expect(family.unsupported(GenerationRequest(seed: 1, minBlanks: 17)) != nil)
        #expect(family.unsupported(GenerationRequest(seed: 1, unique: true, minBlanks: 0)) != nil)
        #expect(family.unsupported(GenerationRequest(seed: 1, unique: true, minBlanks: 17)) == nil)
        #expect(family.unsupported(GenerationRequest(seed: 1, label: "hard", minBlanks: 17)) == nil)
    }

    @Test func theFamilyNotesTheBlankCount() throws {
        let generated = try MathCrosswordFamily().generate(.class3, GenerationRequest(seed: 3, unique: true, minBlanks: 17))
        #expect(generated.notes.contains { $0.hasSuffix("given cells emptied)") })
    }
}
