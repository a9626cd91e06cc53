import Foundation
import PuzzleKit

/// The drill sheet text format, `.drill` (docs/FORMATS.md section 7).
///
///     # ten exercises for the 1–10 range
///     profile: hard
///     target: 5
///     7 + 2
///     9 - 4 = 5
public enum TextFormat: PuzzleTextFormat {
    /// Reads a sheet. Its id is the file name without its extension.
    ///
    /// - Throws: `FormatError` at the first fault, naming the line
    ///   and column and what was expected.
    public static func read(_ source: TextPuzzle) throws(FormatError) -> Puzzle {
        let lines = source.lines, file = source.file
        var difficulty: Difficulty?
        var target: Int?
        var seen: [String: Int] = [:]
        var exercises: [Exercise] = []
        var answers: [Int?] = []
        var firstExerciseLine: Int?
        for line in lines {
            let at = { (column: Int) in SourceLocation(file: file, line: line.number, column: column) }
            if let header = HeaderLine(line) {
                let (key, values, valueColumn) = (header.key, header.values, header.valueColumn)
                if let first = firstExerciseLine {
                    throw FormatError("header '\(key):' after the first exercise (line \(first)); headers come first", at: at(1))
                }
                guard key == "profile" || key == "target" else {
                    throw FormatError("unknown header '\(key):', expected 'profile:' or 'target:' (keys are lower case)", at: at(1))
                }
                if let earlier = seen[key] { throw FormatError("repeated header '\(key):' (first on line \(earlier))", at: at(1)) }
                seen[key] = line.number
                guard let value = values.first else {
                    let expected = key == "profile" ? "a difficulty (very-easy, easy, medium or hard)" : "a score (a non-negative integer)"
                    throw FormatError("'\(key):' needs \(expected)", at: at(valueColumn))
                }
                guard values.count == 1 else {
                    throw FormatError("'\(key):' takes one value, found also '\(values[1].text)'", at: at(values[1].column))
                }
                if key == "profile" {
                    guard let d = Difficulty.named(value.text) else {
                        throw FormatError("expected a difficulty (very-easy, easy, medium or hard), found '\(value.text)'", at: at(value.column))
                    }
                    difficulty = d
                } else {
                    switch parseNonNegativeInteger(value.text) {
                    case .success(let n): target = n
                    case .failure(let error): throw FormatError("target: " + error.message(for: value.text), at: at(value.column))
                    }
                }
                continue
            }
            firstExerciseLine = firstExerciseLine ?? line.number
            let (exercise, answer) = try exerciseLine(line, file: file)
            exercises.append(exercise)
            answers.append(answer)
        }
        guard !exercises.isEmpty else {
            throw FormatError("expected exercises such as '3 + 4' after the headers, found none", at: SourceLocation(file: file, line: max(1, lines.last?.number ?? 1)))
        }
        let largest = exercises.map { max($0.firstNumber, $0.secondNumber) }.max() ?? 1
        let id = source.id
        return Puzzle(id: id, difficulty: difficulty ?? Difficulty.smallest(holding: largest) ?? .hard,
                     target: target, exercises: exercises, answers: answers)
    }

    /// Writes a sheet in the canonical form: comments, `profile:`, `target:`
    /// when set, then one exercise per line, `= answer` where one is written in.
    public static func write(_ sheet: Puzzle, comments: [String] = []) -> String {
        var out = ""
        for comment in comments { out += "# \(comment)\n" }
        out += "profile: \(sheet.difficulty.name)\n"
        if let target = sheet.target { out += "target: \(target)\n" }
        for (i, exercise) in sheet.exercises.enumerated() {
            out += "\(exercise)"
            if i < sheet.answers.count, let answer = sheet.answers[i] { out += " = \(answer)" }
            out += "\n"
        }
        return out
    }

    /// `A op B` or `A op B = C`.
    private static func exerciseLine(_ line: TextLine, file: String) throws(FormatError) -> (Exercise, Int?) {
        let tokens = line.tokens
        let at = { (column: Int) in SourceLocation(file: file, line: line.number, column: column) }
        guard tokens.count == 3 || tokens.count == 5 else {
            throw FormatError("expected an exercise 'A + B' or 'A - B' (optionally '= C'), tokens separated by blanks; found \(tokens.count) token\(tokens.count == 1 ? "" : "s")", at: at(1))
        }
        func number(_ token: Token, _ what: String) throws(FormatError) -> Int {
            switch parseNonNegativeInteger(token.text) {
            case .success(let n): return n
            case .failure(let error): throw FormatError(error.message(for: token.text, expected: what), at: at(token.column))
            }
        }
        let a = try number(tokens[0], "a number")
        let type: OperationType
        switch tokens[1].text {
        case "+": type = .addition
        case "-", "\u{2212}", "\u{2013}": type = .subtraction
        default: throw FormatError("expected '+' or '-', found '\(tokens[1].text)'", at: at(tokens[1].column))
        }
        let b = try number(tokens[2], "a number")
        var answer: Int?
        if tokens.count == 5 {
            guard tokens[3].text == "=" else { throw FormatError("expected '=', found '\(tokens[3].text)'", at: at(tokens[3].column)) }
            answer = try number(tokens[4], "an answer")
        }
        return (Exercise(type, a, b, difficulty: .hard), answer)
    }
}
