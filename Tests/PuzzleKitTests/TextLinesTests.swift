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

    /// A text file's puzzles start at each meaningful line after a blank
    /// line; comments and leading blank lines start none; ids get `-i` only
    /// when there are several.
    @Test func blankLinesSeparatePuzzles() throws {
        let puzzles = try textPuzzles(of: "\n# first\na\nb\n\n\n# second\n\n# still\nc\n  \t\nd\n\n", file: "dir/p.mcw")
        #expect(puzzles.map { $0.lines.map(\.number) } == [[3, 4], [10], [12]])
        #expect(puzzles.map(\.id) == ["p-1", "p-2", "p-3"])
        let one = try textPuzzles(of: "# c\n\na\n# c\nb\n", file: "-")
        #expect(one.map { $0.lines.map(\.number) } == [[3, 5]] && one.map(\.id) == ["stdin"])
        #expect(try textPuzzles(of: "", file: "e.mcw").map(\.lines.count) == [0])
    }

    /// Every part read on its own; a file whose parts do not all read but
    /// whose whole text reads as one puzzle (blank lines inside, as files
    /// before several puzzles were allowed could have) is that one puzzle.
    @Test func aFileOfPartsThatDoNotReadAloneIsOnePuzzle() throws {
        // A toy format: a `size: N` header, then N lines.
        func read(_ puzzle: TextPuzzle) throws(FormatError) -> [Int] {
            guard let first = puzzle.lines.first, first.tokens.first?.text == "size:", let n = Int(first.tokens.last?.text ?? ""),
                  puzzle.lines.count == n + 1 else {
                throw FormatError("expected size: N and N lines", at: SourceLocation(file: puzzle.file, line: puzzle.lines.first?.number ?? 1))
            }
            return puzzle.lines.map(\.number)
        }
        let two = PuzzleSource.readText("size: 1\nx\n\nsize: 2\ny\nz\n", file: "t", read: read)
        #expect(two.map { try? $0.get() } == [[1, 2], [4, 5, 6]])
        let old = PuzzleSource.readText("size: 2\nx\n\ny\n", file: "t", read: read)
        #expect(old.map { try? $0.get() } == [[1, 2, 4]])
        let bad = PuzzleSource.readText("size: 1\nx\n\nsize: 3\ny\n", file: "t", read: read)
        #expect(bad.count == 2 && (try? bad[0].get()) == [1, 2])
        #expect(bad.last.map { if case .failure(let error) = $0 { error.description == "t:4: expected size: N and N lines" } else { false } } == true)
    }

    @Test func rejectsATrailingComment() {
        #expect(throws: FormatError("'#' starts a comment only at the beginning of a line",
                                    at: SourceLocation(file: "f", line: 2, column: 5))) {
            try meaningfulLines(of: "x\nab c#d\n", file: "f")
        }
    }

    /// Lines end in LF or CRLF only: a lone CR, and any other control
    /// character but the tab, is an error where it stands, in a line that is
    /// not a comment (a CR before a CRLF was once dropped, so `id: \r\r\r\r`
    /// read as two CRs and did not read back from its own text).
    @Test func rejectsAControlCharacterInsideALine() throws {
        let cases: [(text: String, line: Int, column: Int, code: String)] = [
            ("id: \r\r\r\r\n", 1, 5, "000D"), ("a\nb\r", 2, 2, "000D"), ("a\rb\n", 1, 2, "000D"),
            ("x\r\ny\u{1}z\r\n", 2, 2, "0001"), ("a\u{7F}\n", 1, 2, "007F"), ("é\u{85}\n", 1, 2, "0085"),
            ("  \u{B}\n", 1, 3, "000B"),
        ]
        for (text, line, column, code) in cases {
            #expect(throws: FormatError("a control character (U+\(code)) inside a line; lines end in LF or CRLF",
                                        at: SourceLocation(file: "f", line: line, column: column)), "\(Array(text.utf8))") {
                try meaningfulLines(of: text, file: "f")
            }
        }
        #expect(try meaningfulLines(of: "# a \r comment\u{1}\na\tb\r\n", file: "f").map(\.content) == ["a\tb"])
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

    /// The parts of a place that are not known are left out: no column, or
    /// no line for the file as a whole (a missing file is not `file:1:`).
    @Test func unknownPartsOfAPlaceAreLeftOut() {
        #expect(FormatError("x", at: SourceLocation(file: "a.mcw", line: 3)).description == "a.mcw:3: x")
        #expect(FormatError("no such file", at: SourceLocation(file: "a.mcw")).description == "a.mcw: no such file")
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
