import CrossSums
import Foundation
import PuzzleKit
import Testing

@Suite struct TextFormatTests {
    static let example = """
        # bordered grid: top-left '.', first row column sums, first column row sums
         .  10  5  9
         7   3  5  4
         9   7  2  9
         8   9  3  5

        """

    @Test func readsTheFormatsExample() throws {
        let puzzle = try TextFormat.read(Self.example, file: "dir/example.xsum")
        #expect(puzzle.id == "example")
        #expect(puzzle.difficulty == "custom")
        #expect(puzzle.grid == [[3, 5, 4], [7, 2, 9], [9, 3, 5]])
        #expect(puzzle.rowSums == [7, 9, 8])
        #expect(puzzle.columnSums == [10, 5, 9])
        #expect(puzzle.solution == nil)
        #expect(puzzle.problem == nil)
    }

    @Test func roundTripsToTheCanonicalForm() throws {
        let puzzle = try TextFormat.read(Self.example, file: "example.xsum")
        let text = TextFormat.write(puzzle)
        #expect(text == """
             . 10  5  9
             7  3  5  4
             9  7  2  9
             8  9  3  5

            """)
        #expect(try TextFormat.read(text, file: "example.xsum") == puzzle)
        #expect(TextFormat.write(puzzle, comments: ["a note"]).hasPrefix("# a note\n . 10"))
    }

    @Test func writesASolutionWithDotsForRemovedNumbers() throws {
        var puzzle = try TextFormat.read(Self.example, file: "example.xsum")
        let result = try Solver(puzzle: puzzle).solve(.init(keepSolutions: 1))
        let mask = try #require(result.solutions.first)
        puzzle.solution = mask
        #expect(TextFormat.writeSolution(puzzle) == TextFormat.write(puzzle, mask: mask))
        let solved = TextFormat.write(puzzle, mask: mask)
        #expect(solved == """
             . 10  5  9
             7  3  .  4
             9  7  2  .
             8  .  3  5

            """)
    }

    @Test func acceptsBOMCRLFTabsCommentsAndNonSquareGrids() throws {
        let text = "\u{FEFF}# comment\r\n\t.\t4 0 6\r\n\r\n  # another\r\n 10  4 1 6 \r\n"
        let puzzle = try TextFormat.read(text, file: "-")
        #expect(puzzle.id == "stdin")
        #expect((puzzle.rows, puzzle.columns) == (1, 3))
        #expect(puzzle.countSolutions() == 1)
        let tall = try TextFormat.read(". 3\n1 1\n2 2\n0 5\n", file: "tall.xsum")
        #expect((tall.rows, tall.columns) == (3, 1))
    }

    /// One case per class of rejected input: the text, then the expected
    /// line, column and a part of the message.
    static let rejected: [(String, Int, Int?, String)] = [
        ("", 1, nil, "found no rows"),
        ("# only a comment\n\n", 1, nil, "found no rows"),
        (". 3 2 # sums\n3 3 5\n", 1, 7, "'#' starts a comment"),
        ("0 3 2\n3 3 5\n", 1, 1, "must start with '.'"),
        (".\n3\n", 1, 2, "expected column sums"),
        (". 3 2\n", 1, nil, "at least one row of numbers"),
        (". 3 -2\n3 3 5\n", 1, 5, "ASCII digits, no sign"),
        (". 3 02\n3 3 5\n", 1, 5, "without leading zeros"),
        (". 3 2x\n3 3 5\n", 1, 5, "a column sum"),
        (". 3 2\n3 3 5 1\n", 2, 1, "row has 4 tokens, expected 3"),
        (". 3 2\n3 3\n", 2, 1, "row has 2 tokens, expected 3"),
        (". 3 2\n. 3 5\n", 2, 1, "'.' is allowed only top-left"),
        (". 3 2\n3 3 .\n", 2, 5, "'.' is allowed only top-left"),
        (". . 2\n3 3 5\n", 1, 3, "'.' is allowed only top-left"),
        (". 3 2\n3 0 5\n", 2, 3, "expected a positive number, found '0'"),
        (". 3 2\n3 3 +5\n", 2, 5, "expected a positive number"),
        (". 3 2\n3 3 5.0\n", 2, 5, "expected a positive number"),
        (". 3 2\n-3 3 5\n", 2, 1, "a row sum"),
        (". 3 2\n3 3 99999999999999999999\n", 2, 5, "does not fit in 64 bits"),
        (". 3 2\n3 9223372036854775807 9223372036854775807\n", 2, 1, "this build cannot represent it"),
        (". 3\n3 9223372036854775807\n3 9223372036854775807\n", 1, 3, "column 1 add up to more than"),
    ]

    @Test(arguments: rejected.indices)
    func rejectsMalformedInputWithItsLocation(_ index: Int) {
        let (text, line, column, message) = Self.rejected[index]
        do {
            _ = try TextFormat.read(text, file: "bad.xsum")
            Issue.record("accepted case \(index): \(text.debugDescription)")
        } catch {
            #expect(error.location == SourceLocation(file: "bad.xsum", line: line, column: column), "case \(index): \(error)")
            #expect(error.message.contains(message), "case \(index): \(error)")
            #expect(!error.description.contains("\n"))
        }
    }
}
