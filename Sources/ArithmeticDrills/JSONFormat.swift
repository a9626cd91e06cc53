import Foundation
import PuzzleKit

/// The drill sheet JSON form (docs/FORMATS.md section 7): the sheet's id, its
/// difficulty (1–4, ``Difficulty``'s raw value), an optional target score and
/// the exercises in ``Exercise``'s `Codable` keys, each with an optional `answer`.
///
///     {"difficulty":4,"exercises":[{"difficulty":4,"firstNumber":7,"secondNumber":5,"type":"plus"}],"id":"hard-1"}
public enum JSONFormat: PuzzleJSONFormat {
    struct ExerciseJSON: Codable {
        var type: OperationType
        var firstNumber: Int
        var secondNumber: Int
        var difficulty: Difficulty
        var answer: Int?
    }

    struct SheetJSON: Codable {
        var id: String
        var difficulty: Difficulty
        var target: Int?
        var exercises: [ExerciseJSON]
    }

    /// Reads one sheet object.
    ///
    /// - Throws: `FormatError` naming the file, the line and the
    ///   JSON path.
    public static func read(_ data: Data, file: String, line: Int = 1) throws(FormatError) -> Puzzle {
        try sheet(decodeJSON(SheetJSON.self, from: data, file: file, line: line), file: file, line: line)
    }

    /// Reads JSON Lines: one sheet object per line.
    public static func readLines(_ text: String, file: String) -> [Result<Puzzle, FormatError>] {
        readJSONLines(text) { (data, line) throws(FormatError) in try read(data, file: file, line: line) }
    }

    /// The sheet as one JSON object (keys sorted).
    public static func write(_ sheet: Puzzle, pretty: Bool) -> String {
        let json = SheetJSON(id: sheet.id, difficulty: sheet.difficulty, target: sheet.target,
                             exercises: sheet.exercises.enumerated().map { i, e in
                                 ExerciseJSON(type: e.type, firstNumber: e.firstNumber, secondNumber: e.secondNumber,
                                              difficulty: e.difficulty, answer: i < sheet.answers.count ? sheet.answers[i] : nil)
                             })
        let data = (try? canonicalJSONEncoder(pretty: pretty).encode(json)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func sheet(_ json: SheetJSON, file: String, line: Int) throws(FormatError) -> Puzzle {
        let at = SourceLocation(file: file, line: line)
        guard !json.exercises.isEmpty else { throw FormatError("exercises: expected at least one exercise", at: at) }
        if let target = json.target, target < 0 { throw FormatError("target: expected a non-negative integer, found \(target)", at: at) }
        for (i, e) in json.exercises.enumerated() {
            let here = "exercises[\(i)]"
            for (key, value) in [("firstNumber", e.firstNumber), ("secondNumber", e.secondNumber), ("answer", e.answer ?? 0)] where value < 0 {
                throw FormatError("\(here).\(key): expected a non-negative integer, found \(value)", at: at)
            }
            guard e.difficulty == json.difficulty else {
                throw FormatError("\(here).difficulty: \(e.difficulty.rawValue) differs from the sheet's difficulty \(json.difficulty.rawValue)", at: at)
            }
        }
        return Puzzle(id: json.id, difficulty: json.difficulty, target: json.target,
                     exercises: json.exercises.map { Exercise($0.type, $0.firstNumber, $0.secondNumber, difficulty: $0.difficulty) },
                     answers: json.exercises.map(\.answer))
    }
}
