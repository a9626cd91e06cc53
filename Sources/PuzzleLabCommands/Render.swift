import ArgumentParser
import Foundation
import PuzzleDrawing
import PuzzleKit

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a puzzle as an SVG page for print.",
        discussion: """
            Draws the puzzle as a player sees it (grid, givens, empty cells,
            tiles, targets, questions or exercise) as an SVG document sized
            for A4 or Letter, in black and white, every number and sign a
            <text> element. --solution fills the solution in (the file's own,
            else the grader's); --step N draws the board as it stands before
            step N of the grader's explanation (puzzlelab grade FILE
            --explain), what steps 1…N−1 decided filled in, with step N
            marked (dashed cells are read, dark cells are decided) and its
            sentence under the board. --paper fit draws just the board
            with 10 mm cells, for pictures. --language de writes the title
            and the step's sentence in German.

            A file of several puzzles (JSON array, JSON Lines) needs --index.
            Refuses to overwrite an existing --out file without --force.

            Examples:
              puzzlelab render puzzle.mcw --out puzzle.svg
              puzzlelab render puzzle.mcw --solution --paper letter --out solved.svg
              puzzlelab render puzzle.mcw --step 3 > step3.svg
              puzzlelab generate --kind cross-sums --seed 7 | puzzlelab render - --kind cross-sums --paper fit
            """
    )

    @Argument(help: "The puzzle file (any family's text format, .json, .jsonl); - reads standard input.")
    var file: String

    @Option(help: "The puzzle family: \(familyNames) (default: told apart by extension or content).")
    var kind: Kind?

    @Option(parsing: .unconditional, help: "Which puzzle of a file that holds several (1 is the first).")
    var index: Int?

    @Flag(help: "Fill the solution in.")
    var solution = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Draw the board before step N of the grader's explanation, the step marked (1 is the first).", valueName: "N"))
    var step: Int?

    @Option(help: "The sheet: a4, letter, or fit (just the board).")
    var paper: Paper = .a4

    @OptionGroup var output: DrawingOutput

    @OptionGroup var language: LanguageOption

    func validate() throws {
        if let index, index < 1 { throw ValidationError("--index must be at least 1.") }
        if let step, step < 1 { throw ValidationError("--step must be at least 1.") }
    }

    func run() throws {
        try output.refuseOverwrite()
        let (family, data) = try readPuzzleFile(file, kind: kind)
        try output.write(render(family, data))
    }

    private func render<F: DrawableFamily>(_ family: F, _ data: Data) throws -> String {
        let puzzle = try choosePuzzle(family, data, file: file, index: index)
        let words = DrawingMessages.catalogue, language = language.language
        let title = (["\(family.info.name) \(family.id(of: puzzle))"] + (solution ? [words.text("title.solution", language)] : [])
                     + (step.map { [words.text("title.step", language, ["step": language.number($0)])] } ?? [])).joined(separator: ", ")
        do {
            return try family.draw(puzzle, solution: solution, step: step, paper: paper, title: title, language: language)
        } catch {
            throw CLIError("\(file): \(error)", status: .failed)
        }
    }
}

extension Paper: ExpressibleByArgument {}

/// `--out` and `--force` of the commands that draw.
struct DrawingOutput: ParsableArguments {
    @Option(name: .shortAndLong, help: "The file to write (- for standard output, the default).")
    var out = "-"

    @Flag(help: "Overwrite the --out file if it exists.")
    var force = false

    /// Refuses, as one line, an existing `--out` file without `--force`
    /// (before any work; ``write(_:)`` checks again).
    func refuseOverwrite() throws {
        if out != "-" { try refuseExisting(out, replacing: force) }
    }

    /// Writes `text` to `--out`, atomically.
    func write(_ text: String) throws { try writeOutput(text, to: out, replacing: force) }
}
