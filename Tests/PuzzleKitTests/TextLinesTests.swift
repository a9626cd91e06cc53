import Testing
import PuzzleKit

@Suite struct TextLinesTests {
    @Test func skipsBlankAndCommentLinesAndKeepsLineNumbers() throws {
        let lines = try meaningfulLines(of: "\u{FEFF}# c\r\n\n  a  b\t c \r\n   # also a comment\nd\n", file: "f")
        #expect(lines.map(\.number) == [3, 5])
        #expect(lines[0].tokens.map(\.text) == ["a", "b", "c"])
        #expect(lines[0].tokens.map(\.column) == [3, 6, 9])
        #expect(lines[0].content == "a  b\t c")
    }

    @Test func rejectsATrailingComment() {
        #expect(throws: FormatError("'#' starts a comment only at the beginning of a line",
                                    at: SourceLocation(file: "f", line: 2, column: 5))) {
            try meaningfulLines(of: "x\nab c#d\n", file: "f")
        }
    }

    @Test func parsesIntegersStrictly() {
        #expect(parseNonNegativeInteger("0") == .success(0))
        #expect(parseNonNegativeInteger("120") == .success(120))
        #expect(parseNonNegativeInteger("012") == .failure(.leadingZero))
        #expect(parseNonNegativeInteger("-1") == .failure(.notDigits))
        #expect(parseNonNegativeInteger("+1") == .failure(.notDigits))
        #expect(parseNonNegativeInteger("1_000") == .failure(.notDigits))
        #expect(parseNonNegativeInteger("٣") == .failure(.notDigits))
        #expect(parseNonNegativeInteger("99999999999999999999") == .failure(.tooLarge))
    }

    @Test func errorsPrintOnOneLine() {
        let error = FormatError("two\nlines", at: SourceLocation(file: "a.mcw", line: 3, column: 4))
        #expect(error.description == "a.mcw:3:4: two lines")
    }
}
