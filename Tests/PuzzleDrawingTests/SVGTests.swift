import Foundation
@testable import PuzzleDrawing
import PuzzleKit
import Testing

@Suite struct SVGTests {
    let board = Board(cells: [
        Cell(row: 0, column: 0, "<7 & \"8\">", .given), Cell(row: 0, column: 1, "+", .sign), Cell(row: 0, column: 2, "", .empty),
        Cell(row: 1, column: 0, width: 2, "kept", .kept), Cell(row: 1, column: 2, "9", .removed),
    ])

    @Test func textIsEscapedAndTheDocumentParses() throws {
        let svg = SVG.document(board, paper: .fit, title: "a 'title' & more")
        #expect(svg.contains("&lt;7 &amp; &quot;8&quot;&gt;"))
        #expect(svg.contains("<title>a &#39;title&#39; &amp; more</title>"))
        let texts = try #require(SVGTexts.of(svg))
        #expect(texts == ["a 'title' & more", "<7 & \"8\">", "+", "kept", "9"])
    }

    @Test func controlCharactersAreLeftOut() throws {
        #expect(escapeXML("a\u{1}b\tc") == "ab\tc")
        let odd = Board(cells: [Cell(row: 0, column: 0, "x\u{0}y", .given)])
        #expect(try #require(SVGTexts.of(SVG.document(odd, paper: .a4, title: nil))) == ["xy"])
    }

    @Test func papersSizeTheSheet() {
        #expect(SVG.document(board, paper: .a4, title: nil).hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"210mm\" height=\"297mm\""))
        #expect(SVG.document(board, paper: .letter, title: nil).contains("width=\"215.9mm\" height=\"279.4mm\""))
        // fit: 3 columns and 2 rows of 10 mm cells with 5 mm margins.
        #expect(SVG.document(board, paper: .fit, title: nil).contains("width=\"40mm\" height=\"30mm\""))
    }

    @Test func edgeRowsAndColumnsWithoutCellsAreLeftOut() {
        let shifted = Board(cells: board.cells.map { cell in
            var moved = cell
            moved.position = GridPosition(row: cell.position.row + 2, column: cell.position.column + 3)
            return moved
        })
        #expect(SVG.document(shifted, paper: .fit, title: nil) == SVG.document(board, paper: .fit, title: nil))
    }

    @Test func highlightLayersMarkTheirCells() {
        let step = StepMarks(technique: "t", uses: [GridPosition(row: 0, column: 0)], fixes: [GridPosition(row: 1, column: 0)])
        let shown = SVG.document(board, paper: .fit, title: nil, highlights: [step])
        #expect(shown.contains("stroke-dasharray"))
        // The wide cell's mark spans both its columns.
        #expect(shown.contains("<rect x=\"5.5\" y=\"15.5\" width=\"19\" height=\"9\" fill=\"black\" fill-opacity=\"0.22\""))
        let hidden = SVG.document(board, paper: .fit, title: nil, highlights: [step, step], hidden: true)
        #expect(hidden.components(separatedBy: "<g class=\"step\" data-step=\"").count == 3)
        #expect(hidden.contains("data-step=\"2\" visibility=\"hidden\""))
    }

    @Test func numbersHaveAtMostTwoDecimals() {
        #expect([number(0), number(10), number(2.5), number(215.9), number(0.05), number(1.004), number(-3.25)]
                == ["0", "10", "2.5", "215.9", "0.05", "1", "-3.25"])
    }
}
