import Foundation
import Testing
import MathCrossword
import PuzzleKit

@Suite struct TextFormatTests {
    static let example = """
        # A class 1 puzzle (lines starting with '#' are comments)
        profile: class_1
        pool: 5 10
         7  +  ?  =  12
         .  .  x  .   .
         .  .  2  .   .
         .  .  =  .   .
         .  .  ?  .   .

        """

    @Test func readsTheFormatsExample() throws {
        let level = try TextFormat.read(Self.example, file: "dir/example.mcw")
        #expect(level.id == "example")
        #expect(level.difficulty == .class1)
        #expect((level.rows, level.columns) == (5, 5))
        #expect(level.numberPool == [5, 10])
        #expect(level.equations.map(\.orientation) == [.horizontal, .vertical])
        #expect(level.equations[1].cellPositions.map(\.row) == [0, 1, 2, 3, 4])
        #expect(level[GridPosition(row: 0, column: 2)].type == .emptyOperand)
        #expect(level[GridPosition(row: 0, column: 4)].fixedValue == 12)
        #expect(level[GridPosition(row: 1, column: 2)].operatorSymbol == "x")
    }

    @Test func roundTripsToTheCanonicalForm() throws {
        let level = try TextFormat.read(Self.example, file: "example.mcw")
        let text = TextFormat.write(level)
        #expect(text == """
            profile: class_1
            pool: 5 10
             7  +  ?  = 12
             .  .  x  .  .
             .  .  2  .  .
             .  .  =  .  .
             .  .  ?  .  .

            """)
        let again = try TextFormat.read(text, file: "example.mcw")
        #expect(again == level)
    }

    @Test func acceptsAliasesCRLFBOMAndHeaderSpacing() throws {
        let text = "\u{FEFF}profile :  my-profile_2\r\npool:4 3 8\r\n? X ? = 12\r\n. . . . .\r\n? ÷ 1 = 4\r\n"
        let level = try TextFormat.read(text, file: "a.mcw")
        #expect(level.difficulty.id == "my-profile_2")
        #expect(level.numberPool == [3, 4, 8])
        #expect(TextFormat.write(level).contains(" ?  x  ?  = 12\n"))
        #expect(TextFormat.write(level).contains(" ?  /  1  =  4\n"))
    }

    @Test func readsASolvedGridAndLongEquations() throws {
        let level = try TextFormat.read("pool:\n2 - 5 + 4 = 1\n", file: "s.mcw")
        #expect(level.numberPool.isEmpty)
        #expect(EquationEvaluator().evaluate(level) == [.correct])
        #expect(LevelCheck.notes(for: level).contains { $0.contains("more than two operands") })
    }

    @Test func writesTheSolvedGrid() throws {
        var level = try TextFormat.read("pool: 5\n7 + ? = 12\n", file: "s.mcw")
        level.solution = [SolutionEntry(row: 0, column: 2, value: 5)]
        #expect(TextFormat.write(level, solved: true) == "profile: custom\npool:\n 7  +  5  = 12\n")
    }

    /// One case per class of rejected input: the text, then the expected
    /// line, column and a part of the message.
    static let rejected: [(String, Int, Int?, String)] = [
        ("pool: 5\n7 + ? = 12 # note\n", 2, 12, "'#' starts a comment"),
        ("pool: 5\ncolor: red\n7 + ? = 12\n", 2, 1, "unknown header 'color:'"),
        ("Pool: 5\n7 + ? = 12\n", 1, 1, "unknown header 'Pool:'"),
        ("pool: 5\npool: 5\n7 + ? = 12\n", 2, 1, "repeated header 'pool:'"),
        ("pool: 5\n7 + ? = 12\nprofile: class_1\n", 3, 1, "after the first grid row"),
        ("profile:\npool: 5\n7 + ? = 12\n", 1, 9, "'profile:' needs a name"),
        ("profile: class 1\npool: 5\n7 + ? = 12\n", 1, 16, "one profile name"),
        ("profile: a.b\npool: 5\n7 + ? = 12\n", 1, 10, "one profile name"),
        ("pool: 05\n7 + ? = 12\n", 1, 7, "without leading zeros"),
        ("pool: -5\n7 + ? = 12\n", 1, 7, "ASCII digits, no sign"),
        ("7 + ? = 12\n", 1, nil, "missing 'pool:' header"),
        ("pool: 5\n", 1, nil, "expected grid rows"),
        ("pool: 5\n7 + ? = a\n", 2, 9, "expected '.', '?', a number"),
        ("pool: 5\n7 + ? = 012\n", 2, 9, "without leading zeros"),
        ("pool: 5\n7 + ? = 12\n. .\n", 3, 1, "grid row has 2 cells, expected 5"),
        ("pool: 5\n7 + ? + 12\n", 2, 7, "expected '='"),
        ("pool: 5\n7 + ? =\n", 2, 1, "has 4 cells"),
        ("pool: 5 1\n7 + ? = 12\n. . . . .\n. ? . . .\n", 4, 3, "lies in no equation"),
        ("pool: 5\n7 + ? = 12\n7 + 5 = 12\n", 2, 1, "vertical run starting at row 1, column 1 has 2 cells"),
        ("pool: 1\n. 1 . . .\n1 + 1 = 2\n. = . . .\n. ? . . .\n", 2, 3, "has 4 cells"),
        ("pool: 5 6\n7 + ? = 12\n", 1, nil, "the pool lists 2 tiles but the grid has 1"),
        ("pool:\n. . .\n. . .\n", 2, 1, "holds no equation"),
        ("pool:\n. . . . .\n. 3 . . .\n1 + 1 = 2\n. 1 . . .\n. = . . .\n. 4 . . .\n", 4, 3, "at a crossing"),
    ]

    #if !GMP
    @Test func rejectsNumbersBeyond64BitsAndSaysHowToBuildForThem() {
        for text in ["pool: 99999999999999999999\n7 + ? = 12\n", "pool: 5\n7 + ? = 99999999999999999999\n"] {
            #expect(throws: FormatError.self) { try TextFormat.read(text, file: "big.mcw") }
            do { _ = try TextFormat.read(text, file: "big.mcw") } catch {
                #expect(error.message.contains("does not fit in 64 bits") && error.message.contains("--traits GMP"))
            }
        }
        // Values that fit, but whose product does not, are rejected when solving.
        let level = try? TextFormat.read("pool: 4294967296 4294967296 7\n? x ? = ?\n", file: "p.mcw")
        #expect(throws: SolveError.self) { try level.map { try Solver(level: $0) } }
    }
    #else
    @Test func readsSolvesAndWritesNumbersOfAnySize() throws {
        let text = "pool: 1000000000000000000000000000000 1000000000000000\n1000000000000000 x ? = ?\n"
        let level = try TextFormat.read(text, file: "big.mcw")
        #expect(TextFormat.write(level).contains("1000000000000000000000000000000"))
        let solved = try Solver(level: level).solve(.init(keepSolutions: 1))
        #expect(solved.solutionCount == 1)
        #expect(solved.solutions.first?.last?.value.description == "1000000000000000000000000000000")
        #expect(try Grader().trace(level).difficulty == .medium)
        let json = JSONFormat.write(level, pretty: false)
        #expect(json.contains("\"1000000000000000000000000000000\""))
        #expect(try JSONFormat.read(Data(json.utf8), file: "big.json") == level)
    }
    #endif

    @Test(arguments: rejected.indices)
    func rejectsMalformedInputWithItsLocation(_ index: Int) {
        let (text, line, column, message) = Self.rejected[index]
        do {
            _ = try TextFormat.read(text, file: "bad.mcw")
            Issue.record("accepted case \(index): \(text.debugDescription)")
        } catch {
            #expect(error.location == SourceLocation(file: "bad.mcw", line: line, column: column), "case \(index): \(error)")
            #expect(error.message.contains(message), "case \(index): \(error)")
            #expect(!error.description.contains("\n"))
        }
    }
}
