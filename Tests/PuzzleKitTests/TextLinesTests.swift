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

    /// A line's content is the line without blanks at either end: against
    /// trimming both ends character by character, on random lines.
    @Test func contentIsTheLineWithoutEndBlanks() throws {
        var rng = SplitMix64(seed: 21)
        let pieces = [" ", "\t", "a", "bc", "é", "1", "x y"]
        for _ in 0..<2_000 {
            var line = ""
            for _ in 0..<rng.uniform(in: 1...8) { line += pieces[rng.index(below: pieces.count)] }
            let lines = try meaningfulLines(of: line + "\n", file: "f")
            let blank = { (c: Character) in c == " " || c == "\t" }
            let expected = String(String(line.drop(while: blank).reversed().drop(while: blank).reversed()))
            if expected.isEmpty {
                #expect(lines.isEmpty, "\(Array(line.utf8))")
            } else {
                #expect(lines.map { String($0.content) } == [expected], "\(Array(line.utf8))")
            }
        }
    }
}
