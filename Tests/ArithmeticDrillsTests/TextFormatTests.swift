import ArithmeticDrills
import Foundation
import PuzzleKit
import Testing

@Suite struct TextFormatTests {
    func read(_ text: String, file: String = "sheet.drill") throws(FormatError) -> Puzzle {
        try TextFormat.read(text, file: file)
    }

    func error(_ text: String) -> String {
        do {
            _ = try read(text)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func readsHeadersExercisesAndAnswers() throws {
        let sheet = try read("\u{FEFF}# ten exercises\r\nprofile: hard\ntarget: 5\n\n  7 + 2\n9\t-  4 = 5\n10 \u{2212} 3\n")
        #expect(sheet.id == "sheet" && sheet.difficulty == .hard && sheet.target == 5)
        #expect(sheet.exercises == [Exercise(.addition, 7, 2, difficulty: .hard), Exercise(.subtraction, 9, 4, difficulty: .hard),
                                    Exercise(.subtraction, 10, 3, difficulty: .hard)])
        #expect(sheet.answers == [nil, 5, nil])
    }

    @Test func withoutAProfileTheSmallestRangeHoldingTheOperandsIsTaken() throws {
        #expect(try read("1 + 2\n3 - 3\n").difficulty == .veryEasy)
        #expect(try read("1 + 4\n").difficulty == .easy)
        #expect(try read("7 - 1\n").difficulty == .medium)
        #expect(try read("8 + 1\n").difficulty == .hard)
        #expect(try read("12 + 1\n").difficulty == .hard)  // check reports the operand
        #expect(try read("profile:easy\n1 + 1\n").difficulty == .easy)
    }

    @Test func writesTheCanonicalFormAndReadsItBack() throws {
        let sheet = Puzzle(id: "s", difficulty: .medium, target: 4, exercises: [Exercise(.addition, 3, 4, difficulty: .medium),
                                                                              Exercise(.subtraction, 7, 2, difficulty: .medium)],
                          answers: [7, nil])
        let text = TextFormat.write(sheet, comments: ["seed 3"])
        #expect(text == "# seed 3\nprofile: medium\ntarget: 4\n3 + 4 = 7\n7 - 2\n")
        #expect(try read(text, file: "dir/s.drill") == sheet)
        // Generated sheets round-trip, for every profile and many seeds.
        for profile in ArithmeticDrillsFamily().profiles {
            for seed in 1...50 {
                let generated = try Generator.sheet(profile, seed: seed)
                var back = try read(TextFormat.write(generated), file: "\(generated.id).drill")
                back.id = generated.id
                #expect(back == generated)
            }
        }
    }

    @Test(arguments: [
        ("", "sheet.drill:1: expected exercises such as '3 + 4' after the headers, found none"),
        ("profile: hard\n", "sheet.drill:1: expected exercises such as '3 + 4' after the headers, found none"),
        ("3 + 4\nprofile: hard\n", "sheet.drill:2:1: header 'profile:' after the first exercise (line 1); headers come first"),
        ("level: 3\n3 + 4\n", "sheet.drill:1:1: unknown header 'level:', expected 'profile:' or 'target:' (keys are lower case)"),
        ("Profile: hard\n3 + 4\n", "sheet.drill:1:1: unknown header 'Profile:', expected 'profile:' or 'target:' (keys are lower case)"),
        ("profile: hard\nprofile: easy\n3 + 4\n", "sheet.drill:2:1: repeated header 'profile:' (first on line 1)"),
        ("profile:\n3 + 4\n", "sheet.drill:1:9: 'profile:' needs a difficulty (very-easy, easy, medium or hard)"),
        ("profile: huge\n3 + 4\n", "sheet.drill:1:10: expected a difficulty (very-easy, easy, medium or hard), found 'huge'"),
        ("profile: hard easy\n3 + 4\n", "sheet.drill:1:15: 'profile:' takes one value, found also 'easy'"),
        ("target: -1\n3 + 4\n", "sheet.drill:1:9: target: expected a non-negative integer (ASCII digits, no sign), found '-1'"),
        ("target: 05\n3 + 4\n", "sheet.drill:1:9: target: expected a non-negative integer without leading zeros, found '05'"),
        ("3+4\n", "sheet.drill:1:1: expected an exercise 'A + B' or 'A - B' (optionally '= C'), tokens separated by blanks; found 1 token"),
        ("3 + 4 =\n", "sheet.drill:1:1: expected an exercise 'A + B' or 'A - B' (optionally '= C'), tokens separated by blanks; found 4 tokens"),
        ("3 x 4\n", "sheet.drill:1:3: expected '+' or '-', found 'x'"),
        ("3 + 4 + 5\n", "sheet.drill:1:7: expected '=', found '+'"),
        ("three + 4\n", "sheet.drill:1:1: expected a number (ASCII digits, no sign), found 'three'"),
        ("3 + 04\n", "sheet.drill:1:5: expected a number without leading zeros, found '04'"),
        ("3 + 4 = x\n", "sheet.drill:1:9: expected an answer (ASCII digits, no sign), found 'x'"),
        ("3 + 4 # seven\n", "sheet.drill:1:7: '#' starts a comment only at the beginning of a line"),
        ("3 + 99999999999999999999\n", "sheet.drill:1:5: the integer '99999999999999999999' does not fit in 64 bits (the largest is 9223372036854775807); this build cannot represent it (build with --traits GMP for larger numbers)"),
    ])
    func rejections(_ text: String, _ expected: String) {
        #expect(error(text) == expected)
    }

    @Test func readsRulesBreakingExercisesForCheckToReport() throws {
        let sheet = try read("profile: easy\n3 - 5\n4 + 6\n0 + 1\n2 + 2 = 5\n")
        #expect(Grader.problems(sheet) == [
            "exercise 1 (3 - 5): the subtraction has a negative result",
            "exercise 2 (4 + 6): the operand 6 is outside the easy range 1…5",
            "exercise 3 (0 + 1): the operand 0 is outside 1…10",
            "exercise 4 (2 + 2): the written answer 5 is wrong, expected 4",
        ])
    }
}
