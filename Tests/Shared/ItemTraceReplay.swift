import PuzzleDrawing
import PuzzleKit
import Testing

/// Replays the trace of `puzzle` onto its board, as `render --step N` and
/// the review page do: before step N the board shows the writes and paths
/// of steps 1…N−1, and every position a later step decides still as the
/// start board has it; after the last step it is the solved board (when the
/// puzzle carries its solution and the trace is solved); `draw(step: N)`
/// prints step N's sentence under the board. Paths are compared as a set:
/// the trace finds them in its own order, the solved board lists them in
/// the puzzle's.
func checkTraceReplay<F: DrawableFamily>(_ family: F, _ puzzle: F.Puzzle, name: String) throws {
    let graded = try family.graded(puzzle, timeLimit: nil)
    let trace = try family.trace(puzzle, solutionsUpTo2: nil, timeLimit: nil)
    let steps = graded.steps
    #expect(steps.count == trace.steps.count && steps.count == graded.grade.explanation.count, "\(name): step counts")
    let start = cellsByPosition(graded.start)
    for n in 1...(steps.count + 1) {
        let board = graded.board(before: n)
        let cells = cellsByPosition(board)
        var written: [GridPosition: Cell] = [:]
        for step in steps.prefix(n - 1) {
            for cell in step.writes { written[cell.position] = cell }
        }
        for (position, cell) in written {
            #expect(cells[position] == cell, "\(name): before step \(n), \(position) lacks an earlier step's write")
        }
        for step in steps.dropFirst(n - 1) {
            for position in step.fixes where written[position] == nil {
                #expect(cells[position] == start[position], "\(name): before step \(n), \(position) shows a later step's decision")
            }
        }
        #expect(board.paths == graded.start.paths + steps.prefix(n - 1).map(\.path).filter { !$0.isEmpty },
                "\(name): before step \(n), the paths drawn are not those of steps 1…\(n - 1)")
        if n <= steps.count {
            let svg = try family.draw(puzzle, step: n, paper: .fit, timeLimit: nil)
            #expect(svgText(svg).contains(escapeXML("\(n). \(steps[n - 1].sentence)")), "\(name): step \(n)'s sentence is not drawn")
            #expect(steps[n - 1].sentence == family.sentence(trace.steps[n - 1], in: puzzle, language: .english), "\(name): step \(n)'s sentence")
        }
    }
    if trace.outcome == .solved, let solved = try? family.board(puzzle, solved: true) {
        let replayed = graded.board(before: steps.count + 1)
        #expect(cellsByPosition(replayed) == cellsByPosition(solved), "\(name): the replayed board is not the solved board")
        #expect(sortedPaths(replayed) == sortedPaths(solved), "\(name): the replayed paths are not the solution's")
    }
}

/// A board's cells by position.
func cellsByPosition(_ board: Board) -> [GridPosition: Cell] {
    Dictionary(board.cells.map { ($0.position, $0) }, uniquingKeysWith: { first, _ in first })
}

/// A board's paths in one order, to compare them as a set.
private func sortedPaths(_ board: Board) -> [[GridPosition]] {
    board.paths.sorted { $0.lexicographicallyPrecedes($1) }
}

/// The contents of an SVG document's `<text>` elements (still XML-escaped),
/// joined by blanks: a caption wrapped over several lines reads as one.
private func svgText(_ svg: String) -> String {
    svg.components(separatedBy: "<text").dropFirst().compactMap { element -> String? in
        guard let open = element.firstIndex(of: ">"), let close = element.range(of: "</text>") else { return nil }
        return String(element[element.index(after: open)..<close.lowerBound])
    }.joined(separator: " ")
}
