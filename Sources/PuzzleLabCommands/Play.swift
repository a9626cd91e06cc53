import ArgumentParser
import Foundation
import PuzzleDrawing
import PuzzleKit

struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a puzzle in the terminal: moves from standard input, the game after each.",
        discussion: """
            The line mode of the game logic `puzzlelab serve` plays in the
            browser, for scripts, tests and screen readers. It prints the
            game, then reads one move per line and prints what the game
            said and the game as it stands, until the game ends or the
            input does. A move is ACTION [ROW COLUMN] [VALUE], rows and
            columns counted from 1 as the hints count them ("place 2 3 5",
            "keep 1 4", "answer 12", "press 120"), or a JSON object as the
            server takes it ({"action": "place", "row": 1, "column": 2,
            "value": "5"}, rows from 0). "help" lists the moves on offer;
            lines starting with # are skipped. docs/PLAY.md lists every
            family's moves.

            A line that is not a move gets a one-line error naming
            stdin and its line; the game goes on, and the exit status is
            then non-zero.

            Examples:
              puzzlelab play puzzle.mcw
              puzzlelab play --kind number-search --profile level-1 --seed 3
              puzzlelab play puzzle.xsum --solution > moves.txt
              puzzlelab play puzzle.xsum < moves.txt
            """
    )

    @Argument(help: "A puzzle file (any family's text format, .json, .jsonl); - reads standard input. Or --profile / --seed: play a generated game.")
    var file: String?

    @Option(help: "The puzzle family: \(familyNames) (default: by file extension or content; \(Kind.standard.family.info.name) for a generated game).")
    var kind: Kind?

    @Option(name: .shortAndLong, help: "The profile of a generated game, by default the family's first; \(profileHelp).")
    var profile: String?

    @Option(name: .shortAndLong, parsing: .unconditional, help: "The seed of a generated game.")
    var seed: Int?

    @Option(parsing: .unconditional, help: "The puzzle to play of a file of several (1 is the first).")
    var index: Int?

    @Flag(help: "Print the moves that solve the game, one per line, and stop.")
    var solution = false

    @Flag(help: "Print the game and each reply as one JSON object per line (the server's reply) instead of text.")
    var json = false

    @OptionGroup var language: LanguageOption

    func validate() throws {
        if let index, index < 1 { throw ValidationError("--index must be at least 1.") }
        let generating = profile != nil || seed != nil
        guard (file == nil) == generating else {
            throw ValidationError(file == nil ? "Give a puzzle file (- for standard input), or --profile / --seed to play a generated game."
                                              : "Give a puzzle file or --profile / --seed, not both.")
        }
        if file == "-" && !solution { throw ValidationError("The moves come from standard input: give the puzzle as a file.") }
    }

    func run() throws {
        if let file {
            let (family, data) = try readPuzzleFile(file, kind: kind)
            try playFile(family, data, file: file)
        } else {
            let family = (kind ?? .standard).family
            try playGenerated(family)
        }
    }

    private func playFile<F: PlayableFamily>(_ family: F, _ data: Data, file: String) throws {
        try play(family, puzzles: [choosePuzzle(family, data, file: file, index: index)])
    }

    private func playGenerated<F: PlayableFamily>(_ family: F) throws {
        let profile = try profile.map { try family.profile(named: $0) } ?? family.profiles.first
        guard let profile else { throw CLIError("\(family.info.name) has no profiles") }
        let puzzles: [F.Puzzle]
        do {
            puzzles = try family.gamePuzzles(profile, seed: seed ?? 1)
        } catch {
            throw CLIError("profile \(family.id(of: profile)), seed \(seed ?? 1): \(error)", status: .failed)
        }
        try play(family, puzzles: puzzles)
    }

    private func play<F: PlayableFamily>(_ family: F, puzzles: [F.Puzzle]) throws {
        if solution {
            for move in family.solutionMoves(puzzles) { print(Self.line(move)) }
            return
        }
        var game: PlayGame
        do {
            game = try PlayGame(family, puzzles: puzzles, language: language.language)
        } catch {
            throw CLIError("\(file ?? family.info.name): \(error)", status: .failed)
        }
        show(game.view)
        var input = InputLines(FileHandle.standardInput)
        var lineNumber = 0, badLines = 0
        while !game.view.status.finished, let line = input.next() {
            lineNumber += 1
            guard let line else {
                reportError(FormatError("a line longer than \(InputLimits.lineBytes) bytes", at: SourceLocation(file: "stdin", line: lineNumber)))
                badLines += 1
                continue
            }
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { continue }
            if text == "help" || text == "?" {
                print(Self.movesLine(game.view, language: language.language))
                continue
            }
            do throws(FormatError) {
                let move = try Self.move(text, line: lineNumber)
                show(game.play(move))
            } catch {
                reportError(error)
                badLines += 1
            }
        }
        if badLines > 0 { throw ExitCode.failure }
    }

    private func show(_ view: PlayView) {
        if json { printJSON(view) } else { printLines(Self.text(view, language: language.language)) }
        flushStandardOutput()
    }

    private func show(_ reply: PlayReply) {
        if json {
            printJSON(reply)
        } else {
            let said = SharedWords.catalogue.text("play.result.\(reply.result.rawValue)", language.language)
            printReport(said + (reply.message.map { ": \($0)" } ?? ""))
            printLines(Self.text(reply.view, language: language.language))
        }
        flushStandardOutput()
    }

    private func printLines(_ text: String) {
        for line in text.split(separator: "\n") { printReport(String(line)) }
    }

    private func printJSON<T: Encodable>(_ value: T) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if let data = try? encoder.encode(value) { print(String(decoding: data, as: UTF8.self)) }
    }

    /// A move read from one line of input: `ACTION [ROW COLUMN] [VALUE…]`
    /// with 1-based rows and columns, or a JSON object with 0-based ones.
    ///
    /// - Throws: a one-line error naming standard input and `line`.
    static func move(_ text: String, line: Int) throws(FormatError) -> PlayMove {
        if text.hasPrefix("{") { return try decodeJSON(PlayMove.self, from: Data(text.utf8), file: "stdin", line: line) }
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var move = PlayMove(words.removeFirst())
        if words.count >= 2, let row = Int(words[0]), let column = Int(words[1]) {
            guard row >= 1, column >= 1 else {
                throw FormatError("rows and columns count from 1, found \(row) \(column)", at: SourceLocation(file: "stdin", line: line))
            }
            move.row = row - 1
            move.column = column - 1
            words.removeFirst(2)
        }
        guard !words.isEmpty else { return move }
        let value = words.joined(separator: " ")
        if move.action == "press" || move.action == "pause" {
            guard words.count == 1, let ms = Int(value), ms >= 0 else {
                throw FormatError("\(move.action) takes the milliseconds the key was \(move.action == "press" ? "held" : "up"), found '\(value)'",
                                  at: SourceLocation(file: "stdin", line: line))
            }
            move.ms = ms
        } else {
            move.value = value
        }
        return move
    }

    /// A move as a line `move(_:line:)` reads back.
    static func line(_ move: PlayMove) -> String {
        var words = [move.action]
        if let row = move.row, let column = move.column { words += [String(row + 1), String(column + 1)] }
        if let ms = move.ms { words.append(String(ms)) }
        if let value = move.value { words.append(value) }
        return words.joined(separator: " ")
    }

    /// The moves on offer, as the help line shows them.
    static func movesLine(_ view: PlayView, language: Language) -> String {
        SharedWords.catalogue.text("play.moves", language, ["moves": view.actions.joined(separator: ", ")])
    }

    /// The game as text: title, instructions, the grid with row and column
    /// numbers, tiles, prompt, entry, items, status and the moves on offer.
    static func text(_ view: PlayView, language: Language) -> String {
        let words = SharedWords.catalogue
        var lines = [view.title, view.instructions]
        if !view.grid.isEmpty {
            let cells = view.grid.map { $0.map(cellText) }
            let columns = cells.map(\.count).max() ?? 0
            let width = max(cells.joined().map(\.count).max() ?? 1, String(columns).count)
            let margin = String(view.grid.count).count
            func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
            // Rows and columns as moves and hints count them, from 1; none for the cells before the first (cross sums' sums).
            func number(_ index: Int, _ first: Int) -> String { index + first >= 0 ? String(index + first + 1) : "" }
            lines.append(pad("", margin) + " " + (0..<columns).map { pad(number($0, view.firstColumn), width) }.joined(separator: " "))
            for (row, line) in cells.enumerated() {
                lines.append(pad(number(row, view.firstRow), margin) + " " + line.map { pad($0, width) }.joined(separator: " "))
            }
        }
        if !view.tiles.isEmpty {
            let tiles = view.tiles.map { $0.available ? $0.value : "(\($0.value))" }.joined(separator: " ")
            lines.append(words.text("play.tiles", language, ["tiles": tiles]))
        }
        if let prompt = view.prompt { lines.append(words.text("play.prompt", language, ["prompt": prompt])) }
        if let entry = view.entry, !entry.isEmpty { lines.append(words.text("play.entry", language, ["entry": entry])) }
        for item in view.items {
            let mark = switch item.state {
            case "done": "[x]"
            case "wrong": "[!]"
            case "current": "[>]"
            default: "[ ]"
            }
            lines.append("\(mark) \(item.text)")
        }
        lines.append(statusLine(view.status, language: language))
        if !view.actions.isEmpty { lines.append(movesLine(view, language: language)) }
        return lines.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// A cell as the grid shows it: its text, with the player's marks
    /// around it (`[5]` kept, `-5-` removed, `<5>` selected, `(5)` found,
    /// `_` an empty cell, `#` a block).
    private static func cellText(_ cell: PlayCell) -> String {
        switch cell.kind {
        case "block": "#"
        case "blank": cell.text.isEmpty ? "_" : cell.text
        case "kept": "[\(cell.text)]"
        case "removed": "-\(cell.text)-"
        case "selected": "<\(cell.text)>"
        case "found": "(\(cell.text))"
        default: cell.text.isEmpty ? "." : cell.text
        }
    }

    /// The status line: finished or not, then the numbers the family has.
    static func statusLine(_ status: PlayStatus, language: Language) -> String {
        let words = SharedWords.catalogue
        var parts: [String] = []
        if let level = status.level, let levels = status.levels {
            parts.append(words.text("play.status.level", language, ["level": language.number(level), "levels": language.number(levels)]))
        }
        if let lives = status.lives, let most = status.maxLives {
            parts.append(words.text("play.status.lives", language, ["lives": language.number(lives), "most": language.number(most)]))
        }
        if let stars = status.stars { parts.append(words.text("play.status.stars", count: stars, language)) }
        if let streak = status.streak { parts.append(words.text("play.status.streak", language, ["streak": language.number(streak)])) }
        parts.append(words.text("play.status.mistakes", count: status.mistakes, language))
        parts.append(words.text("play.status.hints", count: status.hints, language))
        let state = status.completed ? "play.status.completed" : status.finished ? "play.status.over" : "play.status.playing"
        return words.text(state, language) + ": " + parts.joined(separator: ", ")
    }
}

/// The lines of a stream as they arrive (a move is answered as soon as its
/// line is in): `nil` at the end, `.some(nil)` for a line longer than
/// ``InputLimits/lineBytes`` (skipped whole).
struct InputLines {
    private let handle: FileHandle
    private var buffer = Data()
    private var ended = false

    init(_ handle: FileHandle) { self.handle = handle }

    mutating func next() -> String?? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[buffer.startIndex..<newline]
                buffer = Data(buffer[(newline + 1)...])
                return line.count > InputLimits.lineBytes ? .some(nil) : String(decoding: line, as: UTF8.self)
            }
            if ended {
                guard !buffer.isEmpty else { return nil }
                defer { buffer = Data() }
                return buffer.count > InputLimits.lineBytes ? .some(nil) : String(decoding: buffer, as: UTF8.self)
            }
            let chunk = handle.availableData
            if chunk.isEmpty { ended = true } else { buffer.append(chunk) }
            if buffer.count > InputLimits.lineBytes, !buffer.contains(UInt8(ascii: "\n")) {
                // Keep only the fact that the line is too long: skip to its end.
                buffer = Data(repeating: 0, count: InputLimits.lineBytes + 1)
            }
        }
    }
}

/// The one puzzle of a file a command works on: the file's only puzzle, or
/// the one `index` (1-based) chooses.
///
/// - Throws: a one-line error when the file holds several and no `index`
///   was given, when `index` is beyond them, or when the chosen one does
///   not read or is invalid (its problems printed as ``isValid(_:_:file:)``
///   prints them).
func choosePuzzle<F: PuzzleFamily>(_ family: F, _ data: Data, file: String, index: Int?) throws -> F.Puzzle {
    // Every puzzle is read (to count them), but only the chosen one is kept.
    let chosen = (index ?? 1) - 1
    var count = 0
    var result: Result<F.Puzzle, FormatError>?
    forEachPuzzle(family, data, file: file) { read in
        if count == chosen { result = read }
        count += 1
    }
    guard index != nil || count == 1 else {
        throw CLIError("\(file): the file holds \(count) puzzles; choose one with --index 1…\(count)")
    }
    guard let result else {
        throw CLIError("\(file): --index \(chosen + 1) is beyond the file's \(counted(count, "puzzle"))")
    }
    let puzzle: F.Puzzle
    switch result {
    case .success(let read): puzzle = read
    case .failure(let error): throw CLIError(error)
    }
    // What check calls invalid is refused here as by solve and grade (the problems on stderr).
    guard isValid(family, puzzle, file: file) else { throw ExitCode.failure }
    return puzzle
}
