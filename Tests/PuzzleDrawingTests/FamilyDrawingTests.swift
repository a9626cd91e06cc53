import ArithmeticDrills
import CrossSums
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MathCrossword
import MorseCode
import NumberSearch
import PuzzleDrawing
import PuzzleKit
import Testing

/// Every family's generated puzzles drawn as a person sees them: several
/// seeds per profile, puzzle and solution, on every paper; the SVG must be
/// well-formed XML, hold the puzzle's givens as text, and each explanation
/// step must mark cells that are drawn.
@Suite struct FamilyDrawingTests {
    static let seeds = 1...4

    @Test func mathCrossword() throws {
        try checkDrawings(MathCrosswordFamily()) { level in
            level.cells.compactMap { $0.type == .fixedOperand ? $0.fixedValue.map { "\($0)" } : nil }
                + level.numberPool.map { "\($0)" }
        }
    }

    @Test func crossSums() throws {
        try checkDrawings(CrossSumsFamily()) { puzzle in
            puzzle.grid.joined().map(String.init) + (puzzle.rowSums + puzzle.columnSums).map(String.init)
        }
    }

    @Test func numberSearch() throws {
        try checkDrawings(NumberSearchFamily()) { level in
            level.grid.joined().map(String.init) + level.questions.flatMap { $0.operands.map(String.init) }
        }
    }

    @Test func drills() throws {
        try checkDrawings(ArithmeticDrillsFamily()) { sheet in
            sheet.exercises.flatMap { [String($0.firstNumber), String($0.secondNumber)] }
        }
    }

    @Test func morse() throws {
        try checkDrawings(MorseCodeFamily()) { exercise in
            // The prompt's side: the code of each symbol, or the symbols.
            let symbols = exercise.text.filter { !$0.isWhitespace }.uppercased()
            return exercise.mode.promptIsCode
                ? symbols.compactMap { MorseTable.code(for: $0) }
                    .map { $0.map { $0 == "." ? "•" : "−" }.joined(separator: "\u{2009}") }
                : symbols.map(String.init)
        }
    }

    /// Draws seeds 1…4 of every profile of `family`.
    func checkDrawings<F: DrawableFamily>(_ family: F, givens: (F.Puzzle) -> [String]) throws {
        for profile in family.profiles {
            for seed in Self.seeds {
                let name = "\(family.info.name) \(family.id(of: profile)) seed \(seed)"
                let puzzle = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
                let expected = givens(puzzle)
                #expect(!expected.isEmpty, "\(name): no givens to look for")
                for paper in Paper.allCases {
                    let texts = try #require(SVGTexts.of(try family.draw(puzzle, paper: paper, title: name)), "\(name): not XML")
                    #expect(missing(expected, from: texts).isEmpty, "\(name) on \(paper): missing \(missing(expected, from: texts))")
                }
                let graded = try family.graded(puzzle, timeLimit: nil)
                let solved = try graded.solvedBoard(of: name)
                #expect(!solved.cells.contains { $0.style == .empty }, "\(name): the solution leaves a box empty")
                #expect(SVGTexts.of(try family.draw(puzzle, solution: true)) != nil, "\(name): the solution is not XML")

                let steps = graded.steps
                let explanation = graded.grade.explanation
                #expect(steps.count == explanation.count, "\(name): \(steps.count) marked steps, \(explanation.count) sentences")
                let drawn = Set(try family.board(puzzle, solved: false).cells.map(\.position))
                for (index, step) in steps.enumerated() {
                    // A step may decide nothing (a Morse confusable pair), but it marks what it reads.
                    #expect(!(step.uses + step.fixes).isEmpty, "\(name): step \(index + 1) marks no cell")
                    let outside = (step.uses + step.fixes).filter { !drawn.contains($0) }
                    #expect(outside.isEmpty, "\(name): step \(index + 1) marks cells that are not drawn: \(outside)")
                    #expect(F.Technique.allCases.contains { $0.code == step.technique }, "\(name): unknown technique \(step.technique)")
                }
                if !steps.isEmpty {
                    let marked = try #require(SVGTexts.of(try family.draw(puzzle, step: steps.count)))
                    #expect(missing(expected, from: marked).isEmpty, "\(name): a highlight hides givens")
                }
            }
        }
    }

    /// The expected texts not found among `texts`, counting repeats.
    func missing(_ expected: [String], from texts: [String]) -> [String] {
        var left = Dictionary(texts.map { ($0, 1) }, uniquingKeysWith: +)
        var missing: [String] = []
        for text in expected {
            if let n = left[text], n > 0 { left[text] = n - 1 } else { missing.append(text) }
        }
        return missing.sorted()
    }
}

/// The contents of an SVG document's `<text>` elements, read with
/// Foundation's XML parser; `nil` when the document is not well-formed.
final class SVGTexts: NSObject, XMLParserDelegate {
    private var texts: [String] = []
    private var current: String?
    private var root: String?

    static func of(_ svg: String) -> [String]? {
        let reader = SVGTexts()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        guard parser.parse(), reader.root == "svg" else { return nil }
        return reader.texts
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if root == nil { root = name }
        if name == "text" { current = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current? += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text", let current { texts.append(current) }
        if name == "text" { current = nil }
    }
}
