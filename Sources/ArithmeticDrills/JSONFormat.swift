import Foundation
import PuzzleKit

/// The drill sheet JSON form (docs/FORMATS.md section 7): the sheet's id, its
/// difficulty (1–4, ``Difficulty``'s raw value), an optional target score and
/// the exercises in ``Exercise``'s `Codable` keys, each with an optional `answer`.
///
///     {"difficulty":4,"exercises":[{"difficulty":4,"firstNumber":7,"secondNumber":5,"type":"plus"}],"id":"hard-1"}
public enum JSONFormat: PuzzleJSONFormat {
    struct ExerciseJSON: Codable, Equatable {
        var type: OperationType
        var firstNumber: Int
        var secondNumber: Int
        var difficulty: Difficulty
        var answer: Int?
    }

    struct SheetJSON: Codable, Equatable {
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
        // The plain shape is read directly; anything else, errors included,
        // goes through the decoder and its messages.
        let json: SheetJSON
        if let direct = readDirectly(data) {
            json = direct
        } else {
            json = try decodeJSON(SheetJSON.self, from: data, file: file, line: line)
        }
        return try sheet(json, file: file, line: line)
    }

    /// The sheet in `data` when it is in the plain shape, read without the
    /// decoder; `nil` for anything else.
    static func readDirectly(_ data: Data) -> SheetJSON? { JSONScanner.read(data) { $0.sheet() } }

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

/// A sheet read straight from its bytes: exactly the keys of
/// `JSONFormat.SheetJSON` and `JSONFormat.ExerciseJSON`, each at most once,
/// in any order, `target` and `answer` absent or `null`; `nil` for anything
/// else (read by the decoder, which then reads the same sheet or says what
/// is wrong).
fileprivate extension JSONScanner {
    mutating func sheet() -> JSONFormat.SheetJSON? {
        var id: String?, difficulty: Difficulty?, target: Int?? = .none, exercises: [JSONFormat.ExerciseJSON]?
        let read = object { s in
            if s.key("difficulty"), difficulty == nil { difficulty = s.integer().flatMap(Difficulty.init(rawValue:)); return difficulty != nil }
            if s.key("exercises"), exercises == nil { exercises = s.array { $0.exercise() }; return exercises != nil }
            if s.key("id"), id == nil { id = s.string(); return id != nil }
            if s.key("target"), target == nil { return s.optional(&target) { $0.integer() } }
            return false
        }
        guard read, let id, let difficulty, let exercises else { return nil }
        return JSONFormat.SheetJSON(id: id, difficulty: difficulty, target: target ?? nil, exercises: exercises)
    }

    mutating func exercise() -> JSONFormat.ExerciseJSON? {
        var type: OperationType?, first: Int?, second: Int?, difficulty: Difficulty?, answer: Int?? = .none
        let read = object { s in
            if s.key("answer"), answer == nil { return s.optional(&answer) { $0.integer() } }
            if s.key("difficulty"), difficulty == nil { difficulty = s.integer().flatMap(Difficulty.init(rawValue:)); return difficulty != nil }
            if s.key("firstNumber"), first == nil { first = s.integer(); return first != nil }
            if s.key("secondNumber"), second == nil { second = s.integer(); return second != nil }
            if s.key("type"), type == nil { type = s.string().flatMap(OperationType.init(rawValue:)); return type != nil }
            return false
        }
        guard read, let type, let first, let second, let difficulty else { return nil }
        return JSONFormat.ExerciseJSON(type: type, firstNumber: first, secondNumber: second, difficulty: difficulty, answer: answer ?? nil)
    }
}
