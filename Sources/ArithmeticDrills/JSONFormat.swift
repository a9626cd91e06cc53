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

    /// The sheet as one JSON object (keys sorted): the bytes of `JSONEncoder`
    /// with `canonicalJSONEncoder(pretty:)` encoding `SheetJSON`,
    /// written directly.
    public static func write(_ sheet: Puzzle, pretty: Bool) -> String {
        var w = JSONWriter(pretty: pretty, capacity: 128 + sheet.exercises.count * (pretty ? 192 : 96))
        w.beginObject()
        w.key("difficulty"); w.integer(sheet.difficulty.rawValue)
        w.key("exercises")
        w.beginArray()
        for (i, exercise) in sheet.exercises.enumerated() {
            w.beginObject()
            if i < sheet.answers.count, let answer = sheet.answers[i] { w.key("answer"); w.integer(answer) }
            w.key("difficulty"); w.integer(exercise.difficulty.rawValue)
            w.key("firstNumber"); w.integer(exercise.firstNumber)
            w.key("secondNumber"); w.integer(exercise.secondNumber)
            w.key("type"); w.string(exercise.type.rawValue)
            w.endObject()
        }
        w.endArray()
        w.key("id"); w.string(sheet.id)
        if let target = sheet.target { w.key("target"); w.integer(target) }
        w.endObject()
        return w.text
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
