import Testing
import PuzzleKit
@testable import NumberSearch

@Suite struct TextFormatTests {
    static let sample = """
        # a comment
        id: demo-1
        profile: level-1
        mode: straight
        6 8 1
        2 4 7
        9 5 3
        45 + 23 = ?
        12 + 12 = 24 at 2,1 2,2

        """

    @Test func readsHeadersGridAndQuestions() throws {
        let level = try TextFormat.read(Self.sample, file: "x.nsearch")
        #expect(level.id == "demo-1" && level.profile == "level-1" && level.pathMode == .straight)
        #expect(level.grid == [[6, 8, 1], [2, 4, 7], [9, 5, 3]])
        #expect(level.questions == [
            Question(operands: [45, 23], target: 68),
            Question(operands: [12, 12], target: 24, solutionPositions: [GridPosition(row: 1, column: 0), GridPosition(row: 1, column: 1)]),
        ])
    }

    @Test func defaultsAndLexicalRules() throws {
        let level = try TextFormat.read("\u{FEFF}1 2\r\n3 4\r\n\t# c\r\n1 + 11 = ?\r\n", file: "dir/name.nsearch")
        #expect(level.id == "name" && level.profile == Puzzle.customProfile && level.pathMode == .straight)
        #expect(try TextFormat.read("1\n0 + 1 = ?\n", file: "-").id == "stdin")
        #expect(try TextFormat.read("mode : any\n1\n0 + 1 = ?\n", file: "a").pathMode == .any)
    }

    @Test func roundTripsPuzzleAndSolution() throws {
        for n in 1...5 {
            let level = try Generator.generate(Profile.level(of: n), seed: n).level
            var unsolved = level
            for i in unsolved.questions.indices { unsolved.questions[i].solutionPositions = nil }
            #expect(try TextFormat.read(TextFormat.write(level), file: "f") == unsolved)
            #expect(try TextFormat.read(TextFormat.write(level, solved: true), file: "f") == level)
            #expect(try TextFormat.read(TextFormat.write(level, comments: ["hello\nworld"]), file: "f") == unsolved)
        }
    }

    /// Every rejection rule of FORMATS.md section 6, with the line and column.
    @Test(arguments: [
        ("", "1", "found nothing"),
        ("# only\n", "1", "found nothing"),
        ("id: a\n", "1:1", "expected a grid"),
        ("1 2\n1 + 1 = ? # no\n", "2:11", "'#' starts a comment only"),
        ("name: x\n1\n0 + 1 = ?\n", "1:1", "unknown header 'name:'"),
        ("id: a\nid: b\n1\n0 + 1 = ?\n", "2:1", "repeated header 'id:'"),
        ("1\nid: a\n0 + 1 = ?\n", "2:1", "header 'id:' after the grid"),
        ("id:\n1\n0 + 1 = ?\n", "1:4", "expected a value after 'id:'"),
        ("id: a b\n1\n0 + 1 = ?\n", "1:5", "expected a id of letters"),
        ("mode: diagonal\n1\n0 + 1 = ?\n", "1:7", "expected 'straight' or 'any'"),
        ("1 x\n0 + 1 = ?\n", "1:3", "one digit 0-9, found 'x'"),
        ("1 12\n0 + 1 = ?\n", "1:3", "one digit 0-9, found '12'"),
        ("1 2\n3\n0 + 1 = ?\n", "2:1", "grid row has 1 digits, expected 2"),
        (String(repeating: "1 ", count: 21) + "\n0 + 1 = ?\n", "1:1", "at most 20 columns"),
        (String(repeating: "1\n", count: 21) + "0 + 1 = ?\n", "21:1", "more than 20 grid rows"),
        ("1\n", "1", "expected at least one question"),
        ("0 + 1 = ?\n1\n", "1:1", "expected the grid"),
        ("1\n0 + 1 = ?\n1\n", "3:1", "grid rows come before the questions"),
        ("1\n0 - 1 = ?\n", "2:3", "expected '+', found '-'"),
        ("1\n0 + 1 ?\n", "2:7", "expected '=', found '?'"),
        ("1\n0 + 1 =\n", "2:1", "expected '?' or the answer 1"),
        ("1\n0 +\n", "2:1", "expected the second operand"),
        ("1\n-1 + 1 = ?\n", "2:1", "ASCII digits, no sign"),
        ("1\n01 + 1 = ?\n", "2:1", "without leading zeros"),
        ("1\n99999999999999999999 + 1 = ?\n", "2:1", "does not fit in 64 bits"),
        ("1\n500 + 500 = ?\n", "2:1", "more than three digits"),
        ("1\n1 + 1 = 3\n", "2:9", "1 + 1 is 2, not 3"),
        ("1\n0 + 1 = 1 then\n", "2:11", "expected 'at'"),
        ("1\n0 + 1 = 1 at\n", "2:11", "expected 1 cell"),
        ("1 2\n10 + 2 = 12 at 1,1\n", "2:13", "expected 2 cells"),
        ("1 2\n10 + 2 = 12 at 1,1 1;2\n", "2:20", "expected a cell 'row,column'"),
        ("1 2\n10 + 2 = 12 at 1,1 0,2\n", "2:20", "expected a cell 'row,column'"),
        ("1 2\n10 + 2 = 12 at 1,1 1,3\n", "2:20", "outside the 1x2 grid"),
        ("1 2 1\n10 + 1 = 11 at 1,1 1,3\n", "2:13", "is not next to cell 1"),
        ("1 1\n10 + 1 = 11 at 1,1 1,1\n", "2:13", "repeats cell 1"),
        ("1 2 0\n1 0 0\n100 + 20 = 120 at 2,1 1,2 1,3\n", "3:16", "turns at cell 2"),
        ("1 2\n11 + 10 = 21 at 1,1 1,2\n", "2:14", "reads 12, not 21"),
        ("1\n" + String(repeating: "0 + 1 = ?\n", count: 10), "11:1", "more than 9 questions"),
    ])
    func rejects(_ text: String, _ location: String, _ message: String) {
        do {
            _ = try TextFormat.read(text, file: "bad.nsearch")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description.hasPrefix("bad.nsearch:\(location):"), "\(error)")
            #expect(error.description.contains(message), "\(error)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func anyModeAcceptsBentAnswers() throws {
        let level = try TextFormat.read("mode: any\n1 2 0\n1 0 0\n100 + 20 = 120 at 2,1 1,2 1,3\n", file: "a")
        #expect(level.questions[0].solutionPositions?.count == 3)
    }

    @Test func writerCleansHeaderValues() throws {
        var level = try TextFormat.read(Self.sample, file: "x")
        level.id = "has space"
        #expect(TextFormat.write(level).contains("id: has_space\n"))
        #expect(try TextFormat.read(TextFormat.write(level), file: "x").id == "has_space")
    }
}
