import Foundation
import PuzzleKit

/// The exercise text format, `.morse` (docs/FORMATS.md section 8).
///
///     # a beginner exercise
///     mode: code-to-word
///     difficulty: beginner
///     prompt: - . -.
///     answer: TEN
///
/// Every meaningful line is `key: value`; the keys come in this order:
/// `id:` (optional), `mode:`, `difficulty:`, `prompt:`, `answer:`.
public enum TextFormat: PuzzleTextFormat {
    static let keys = ["id", "mode", "difficulty", "prompt", "answer"]

    /// Reads one exercise.
    ///
    /// - Throws: `FormatError` at the first fault, naming the
    ///   line and column and what was expected.
    public static func read(_ source: TextPuzzle) throws(FormatError) -> Puzzle {
        let file = source.file
        var values: [String: (value: String, line: Int, column: Int)] = [:]
        var next = 0
        var lastLine = 1
        for line in source.lines {
            lastLine = line.number
            let content = line.content
            guard let colon = content.firstIndex(of: ":") else {
                throw FormatError("expected 'key: value' with a key of \(keys.joined(separator: ", "))",
                                  at: SourceLocation(file: file, line: line.number, column: line.tokens[0].column))
            }
            // Blanks are spaces and tabs (docs/FORMATS.md section 0), not every Unicode space.
            let blanks = CharacterSet(charactersIn: " \t")
            let key = String(content[..<colon]).trimmingCharacters(in: blanks)
            let value = String(content[content.index(after: colon)...]).trimmingCharacters(in: blanks)
            let column = line.tokens[0].column
            guard let position = keys.firstIndex(of: key) else {
                throw FormatError("unknown key '\(key)'; expected one of \(keys.joined(separator: ", "))",
                                  at: SourceLocation(file: file, line: line.number, column: column))
            }
            guard values[key] == nil else {
                throw FormatError("repeated key '\(key)'", at: SourceLocation(file: file, line: line.number, column: column))
            }
            guard position >= next else {
                throw FormatError("'\(key):' must come before '\(keys[next - 1]):' (the order is \(keys.map { $0 + ":" }.joined(separator: " ")))",
                                  at: SourceLocation(file: file, line: line.number, column: column))
            }
            guard !value.isEmpty else {
                throw FormatError("'\(key):' needs a value", at: SourceLocation(file: file, line: line.number, column: column))
            }
            let valueColumn = column + line.content.distance(from: line.content.startIndex, to: colon) + 1
                + (String(content[content.index(after: colon)...]).prefix { $0 == " " || $0 == "\t" }.count)
            values[key] = (value, line.number, valueColumn)
            next = position + 1
        }
        for key in keys.dropFirst() where values[key] == nil {
            throw FormatError("missing '\(key):' line", at: SourceLocation(file: file, line: lastLine))
        }
        func at(_ key: String) -> SourceLocation {
            let entry = values[key]
            return SourceLocation(file: file, line: entry?.line ?? 1, column: entry?.column)
        }
        let modeText = values["mode"]?.value ?? ""
        guard let mode = ExerciseMode(code: modeText) else {
            throw FormatError("unknown mode '\(modeText)'; expected \(ExerciseMode.allCases.map(\.code).joined(separator: ", "))", at: at("mode"))
        }
        let difficultyText = values["difficulty"]?.value ?? ""
        guard let difficulty = Difficulty(rawValue: difficultyText) else {
            throw FormatError("unknown difficulty '\(difficultyText)'; expected beginner, intermediate or advanced", at: at("difficulty"))
        }
        let codeKey = mode.promptIsCode ? "prompt" : "answer"
        let textKey = mode.promptIsCode ? "answer" : "prompt"
        let codeWords: [[String]]
        let words: [String]
        do {
            codeWords = try MorseText.codeWords(of: values[codeKey]?.value ?? "")
        } catch {
            throw FormatError("expected code (dots and dashes, symbols apart by blanks, words by '/'): \(error)", at: at(codeKey))
        }
        do {
            words = try MorseText.words(of: values[textKey]?.value ?? "")
        } catch {
            throw FormatError("expected text: \(error)", at: at(textKey))
        }
        let wordCount = mode.isSentence ? "at least two words" : "exactly one word"
        guard mode.isSentence ? words.count >= 2 : words.count == 1 else {
            throw FormatError("a \(mode.code) exercise needs \(wordCount), found \(words.count)", at: at(textKey))
        }
        let code = codeWords.map { $0.joined(separator: " ") }.joined(separator: " / ")
        let normal = words.joined(separator: " ")
        let decoded = (try? MorseText.decode(code)) ?? ""
        guard decoded == normal else {
            throw FormatError("the \(textKey) '\(normal)' does not match the \(codeKey), which decodes to '\(decoded)'", at: at("answer"))
        }
        let id = values["id"]?.value ?? source.id
        return Puzzle(id: id, mode: mode, difficulty: difficulty,
                        prompt: mode.promptIsCode ? code : normal, answer: mode.promptIsCode ? normal : code)
    }

    /// Writes an exercise in the canonical form: comments, then `id:`,
    /// `mode:`, `difficulty:`, `prompt:`, `answer:`.
    public static func write(_ exercise: Puzzle, comments: [String] = []) -> String {
        var out = ""
        for comment in comments {
            out += "# " + comment.split(whereSeparator: \.isNewline).joined(separator: " ") + "\n"
        }
        out += "id: \(exercise.id)\nmode: \(exercise.mode.code)\ndifficulty: \(exercise.difficulty.rawValue)\n"
        out += "prompt: \(exercise.prompt)\nanswer: \(exercise.answer)\n"
        return out
    }
}
