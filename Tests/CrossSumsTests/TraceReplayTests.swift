import CrossSums
import PuzzleDrawing
import PuzzleKit
import Testing

/// The drawings replay the grader's trace: the board before step N shows
/// what steps 1…N−1 kept and removed and nothing of the later steps, the
/// board after the last step is the solution, and step N's drawing prints
/// its sentence under the board.
@Suite struct TraceReplayTests {
    static let family = CrossSumsFamily()

    @Test(arguments: Profile.allCases)
    func generatedPuzzlesReplayStepByStep(_ profile: Profile) throws {
        for seed in 1...8 {
            let puzzle = try Self.family.generate(profile, GenerationRequest(seed: seed)).puzzle
            try Self.checkReplay(puzzle, drawEverySeed: seed <= 2)
        }
    }

    /// Hand-made puzzles: one per technique, one that needs a guess, and
    /// one without its own solution (whose solved board is the trace's).
    @Test func handMadePuzzlesReplayStepByStep() throws {
        for (technique, _) in GraderTests.fixtures {
            var puzzle = try GraderTests.puzzle(technique)
            puzzle.solution = try GraderTests.onlySolution(puzzle)
            try Self.checkReplay(puzzle, drawEverySeed: true)
        }
        let guessing = try TextFormat.read(". 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 1\n", file: "perm.xsum")
        try Self.checkReplay(guessing, drawEverySeed: true)
        let graded = try Self.family.graded(guessing, timeLimit: nil)
        #expect(graded.steps.contains { $0.technique == Technique.guess.code })
        #expect(throws: DrawingError.self) { try Self.family.board(guessing, solved: true) }
        // Without its own solution, the solved board is where the steps end.
        #expect(Self.cells(try #require(graded.solved)) == Self.cells(graded.board(before: graded.steps.count + 1)))
    }

    /// Checks the replay of `puzzle`'s trace (and draws every step when `drawEverySeed`).
    static func checkReplay(_ puzzle: Puzzle, drawEverySeed: Bool) throws {
        let trace = try family.trace(puzzle, solutionsUpTo2: nil, timeLimit: nil)
        let graded = try family.graded(puzzle, timeLimit: nil)
        #expect(trace.outcome == .solved)
        #expect(graded.steps.count == trace.steps.count && graded.grade.explanation.count == trace.steps.count)
        let start = cells(graded.start)
        #expect(start == cells(try family.board(puzzle, solved: false)))
        // Where each step decides, on the board.
        let decided = trace.steps.map { step in step.moves.map { GridPosition(row: $0.position.row + 1, column: $0.position.column + 1) } }
        for n in 1...(trace.steps.count + 1) {
            let board = cells(graded.board(before: n))
            var earlier: Set<GridPosition> = []
            for k in 0..<(n - 1) {
                for (position, move) in zip(decided[k], trace.steps[k].moves) {
                    earlier.insert(position)
                    let style: Cell.Style = move.decision == .keep ? .kept : .removed
                    #expect(board[position]?.style == style, "\(puzzle.id) before step \(n): step \(k + 1) at \(position)")
                    #expect(board[position]?.text == String(puzzle[move.position]))
                }
            }
            for k in (n - 1)..<trace.steps.count {
                for position in decided[k] where !earlier.contains(position) {
                    #expect(board[position]?.style == start[position]?.style && board[position]?.text == start[position]?.text,
                            "\(puzzle.id) before step \(n): step \(k + 1)'s cell \(position) is already decided")
                }
            }
        }
        if puzzle.solution != nil {
            #expect(cells(graded.board(before: trace.steps.count + 1)) == cells(try family.board(puzzle, solved: true)),
                    "\(puzzle.id): the last step does not reach the solution")
        }
        for (index, step) in trace.steps.enumerated() where drawEverySeed || index == trace.steps.count - 1 {
            let sentence = family.sentence(step, in: puzzle, language: .english)
            #expect(graded.steps[index].sentence == sentence && graded.grade.explanation[index] == sentence)
            let svg = try family.draw(puzzle, step: index + 1, timeLimit: nil)
            #expect(texts(svg).contains(escapeXML("\(index + 1). \(sentence)")), "\(puzzle.id) step \(index + 1)")
        }
    }

    /// A board's cells by position (text and style).
    static func cells(_ board: Board) -> [GridPosition: Cell] {
        Dictionary(board.cells.map { ($0.position, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The contents of an SVG's text elements, joined by spaces (a caption
    /// wrapped over several lines reads as one).
    static func texts(_ svg: String) -> String {
        svg.components(separatedBy: "<text").dropFirst().compactMap { element in
            guard let open = element.firstIndex(of: ">"), let close = element.range(of: "</text>") else { return nil }
            return String(element[element.index(after: open)..<close.lowerBound])
        }.joined(separator: " ")
    }
}
