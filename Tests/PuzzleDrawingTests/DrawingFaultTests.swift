import ArithmeticDrills
import CrossSums
import Foundation
import MathCrossword
import MorseCode
import NumberSearch
@testable import PuzzleDrawing
import PuzzleKit
import Testing

/// The drawing faults of issue 38: row and column numbers exactly for the
/// rows and columns drawn, as the explanations count them; a Morse key at
/// the prompt's size with upright dashes; a step page with its sentence;
/// a board too big for a sheet refused.
@Suite struct DrawingFaultTests {
    /// A level whose rows 1, 2 and 8 and columns 1 and 7 are blocks.
    static let framed = """
        pool: 5 10
         .  .  .  .  .  .   .
         .  .  .  .  .  .   .
         .  7  +  ?  =  12  .
         .  .  .  x  .  .   .
         .  .  .  2  .  .   .
         .  .  .  =  .  .   .
         .  .  .  ?  .  .   .
         .  .  .  .  .  .   .
        """

    @Test func mathCrosswordNumbersTheRowsAndColumnsItDrawsAsHintsCountThem() throws {
        let family = MathCrosswordFamily()
        let level = try #require(family.read(Data(Self.framed.utf8), file: "framed.mcw").first).get()
        let svg = try family.draw(level, paper: .fit)
        // Rows 3…7 and columns 2…6 hold the grid: those are drawn and numbered, no others.
        #expect(rulerLabels(svg) == ["3", "4", "5", "6", "7", "2", "3", "4", "5", "6"])
        // Five columns (the pool wraps at the grid's width) and rows 3…7, a gap and the pool, with the numbers' band.
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"66mm\" height=\"86mm\""))
        // The explanation names the cells by the same numbers.
        #expect(Explain.cell(GridPosition(row: 2, column: 1)) == "row 3, column 2")
        let named = try family.graded(level, timeLimit: nil).grade.explanation.flatMap(namedLines)
        #expect(!named.isEmpty)
        #expect(named.allSatisfy { rulerLabels(svg).contains($0) }, "\(named)")
    }

    @Test func mathCrosswordNumbersOnlyRowsAndColumnsHoldingTheGrid() throws {
        let family = MathCrosswordFamily()
        for profile in family.profiles {
            for seed in 1...3 {
                let level = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
                let grid = level.cells.filter { $0.type != .block }.map(\.position)
                let expected = (Set(grid.map(\.row)).sorted() + Set(grid.map(\.column)).sorted()).map { String($0 + 1) }
                #expect(rulerLabels(try family.draw(level, paper: .a4)) == expected, "\(family.id(of: profile)) seed \(seed)")
            }
        }
    }

    @Test func crossSumsNumberTheirRowsAndColumnsWithoutTheSums() throws {
        let family = CrossSumsFamily()
        for profile in family.profiles {
            let puzzle = try family.generate(profile, GenerationRequest(seed: 3)).puzzle
            let svg = try family.draw(puzzle, paper: .a4)
            let expected = (1...puzzle.rowSums.count).map(String.init) + (1...puzzle.columnSums.count).map(String.init)
            #expect(rulerLabels(svg) == expected)
            let named = try family.graded(puzzle, timeLimit: nil).grade.explanation.flatMap(namedLines)
            #expect(named.allSatisfy { expected.contains($0) }, "\(named)")
        }
    }

    @Test func morseKeyKeepsThePromptsSizeAndDrawsUprightDashes() throws {
        let family = MorseCodeFamily()
        let exercise = MorseCode.Puzzle(id: "sos", mode: .wordToCode, difficulty: .beginner, prompt: "SOS 50", answer: "")
        for paper in [Paper.a4, .fit] {
            let prompt = textElements(try family.draw(exercise, paper: paper))
            let key = textElements(try family.draw(exercise, solution: true, paper: paper))
            let promptSizes = Set(prompt.filter { $0.content == "S" }.map { attribute("font-size", $0.attributes) })
            let keySizes = Set(key.filter { $0.content == "S" }.map { attribute("font-size", $0.attributes) })
            #expect(promptSizes.count == 1 && promptSizes == keySizes, "\(paper): \(promptSizes) then \(keySizes)")
            let codes = key.filter { $0.content.contains("•") || $0.content.contains("−") }
            #expect(codes.map(\.content) == ["•\u{2009}•\u{2009}•", "−\u{2009}−\u{2009}−", "•\u{2009}•\u{2009}•",
                                             "•\u{2009}•\u{2009}•\u{2009}•\u{2009}•", "−\u{2009}−\u{2009}−\u{2009}−\u{2009}−"])
            #expect(codes.allSatisfy { !$0.attributes.contains("italic") })
            // The codes' size is the largest at which the longest fits: smaller than the letters', never shrinking them.
            let codeSize = Double(attribute("font-size", codes[0].attributes) ?? "") ?? 0
            #expect(codeSize > 0 && codeSize < Double(promptSizes.first.flatMap { $0 } ?? "") ?? 0)
        }
        // Letters written in (code to word) stay italic.
        let reading = MorseCode.Puzzle(id: "e", mode: .codeToWord, difficulty: .beginner, prompt: ".", answer: "E")
        let written = textElements(try family.draw(reading, solution: true, paper: .fit)).filter { $0.content == "E" }
        #expect(written.count == 1 && written.allSatisfy { $0.attributes.contains("font-style=\"italic\"") })
    }

    @Test func aStepPagePrintsItsSentence() throws {
        try checkStepSentences(MathCrosswordFamily())
        try checkStepSentences(CrossSumsFamily())
        try checkStepSentences(NumberSearchFamily())
        try checkStepSentences(ArithmeticDrillsFamily())
        try checkStepSentences(MorseCodeFamily())
    }

    @Test func aBoardTooBigToReadIsRefusedOnASheet() throws {
        let family = NumberSearchFamily()
        func level(_ side: Int) -> NumberSearch.Puzzle {
            NumberSearch.Puzzle(id: "big", profile: "custom", pathMode: .straight,
                                grid: (0..<side).map { row in (0..<side).map { (row + $0) % 10 } },
                                questions: [NumberSearch.Question(operands: [1, 2], target: 3)])
        }
        let a4 = #expect(throws: DrawingError.self) { try family.draw(level(40), paper: .a4) }
        #expect(a4?.description == "the board is too big for one A4 page (210 × 297 mm): its text would be 2.44 mm high, "
                + "under 2.5 mm; draw it with --paper fit")
        // Letter is a little wider: 40 columns still read (2.52 mm), 44 do not.
        #expect(throws: Never.self) { try family.draw(level(40), paper: .letter) }
        let letter = #expect(throws: DrawingError.self) { try family.draw(level(44), paper: .letter) }
        #expect(letter?.description.hasPrefix("the board is too big for one Letter page (215.9 × 279.4 mm): its text would be 2.29 mm") == true)
        #expect(try SVGTexts.of(family.draw(level(40), paper: .fit)) != nil)
        // The bound: one-character text of 2.5 mm or more is drawn, less is refused.
        let row = { (n: Int) in PuzzleDrawing.Board(cells: (0..<n).map { Cell(row: 0, column: $0, "1", .given) }) }
        let widest = Int(180 / (SVG.smallestText / Canvas.textShare))
        #expect(throws: Never.self) { try SVG.checkReadable(row(widest), paper: .a4, title: nil) }
        #expect(throws: DrawingError.self) { try SVG.checkReadable(row(widest + 1), paper: .a4, title: nil) }
    }

    /// Every step of seed 1 of the family's first profile, drawn on each
    /// sheet, prints `N. sentence` under the board.
    func checkStepSentences<F: DrawableFamily>(_ family: F) throws {
        let puzzle = try family.generate(family.profiles[0], GenerationRequest(seed: 1)).puzzle
        let explanation = try family.graded(puzzle, timeLimit: nil).grade.explanation
        #expect(!explanation.isEmpty, "\(family.info.name)")
        for (index, sentence) in explanation.enumerated() {
            for paper in [Paper.a4, .fit] {
                let texts = try #require(SVGTexts.of(try family.draw(puzzle, step: index + 1, paper: paper)))
                let printed = texts.joined().filter { !$0.isWhitespace }
                let expected = "\(index + 1). \(sentence)".filter { !$0.isWhitespace }
                #expect(printed.hasSuffix(expected), "\(family.info.name) step \(index + 1) on \(paper)")
            }
        }
    }
}

/// The row and column numbers of an SVG drawing (grey text), in order:
/// the rows' down the left, then the columns' along the top.
func rulerLabels(_ svg: String) -> [String] {
    textElements(svg).filter { $0.attributes.contains("fill=\"#555555\"") }.map(\.content)
}

/// The `<text>` elements of an SVG document, one to a line: attributes and content.
func textElements(_ svg: String) -> [(attributes: String, content: String)] {
    svg.split(separator: "\n").compactMap { line in
        guard line.hasPrefix("<text"), line.hasSuffix("</text>"), let close = line.firstIndex(of: ">") else { return nil }
        return (String(line[..<close]), String(line[line.index(after: close)...].dropLast("</text>".count)))
    }
}

/// The value of attribute `name` among `attributes`, or `nil`.
func attribute(_ name: String, _ attributes: String) -> String? {
    guard let start = attributes.range(of: " \(name)=\"") else { return nil }
    return String(attributes[start.upperBound...].prefix { $0 != "\"" })
}

/// The numbers a sentence names rows and columns by ("Row 3", "column 2").
func namedLines(_ sentence: String) -> [String] {
    let words = sentence.split { $0 == " " || $0 == "," || $0 == ":" || $0 == "." || $0 == ";" }.map(String.init)
    return zip(words, words.dropFirst()).compactMap { word, next in
        ["row", "column", "rows", "columns"].contains(word.lowercased()) && Int(next) != nil ? next : nil
    }
}
