import Foundation
import PuzzleKit

/// The exercise as JSON: the keys `id`, `mode` (the ``ExerciseMode`` raw value,
/// `codeToWord`…, or in a level pack its ``ExerciseMode/code``, `code-to-word`…),
/// `difficulty` (`beginner`…), `prompt`, `answer`.
public enum JSONFormat: PuzzleJSONFormat {
    /// Reads one exercise and checks it as the text format does.
    public static func read(_ data: Data, file: String, line: Int = 1) throws(FormatError) -> Puzzle {
        // The plain shape is read directly; anything else, errors included,
        // goes through the decoder and its messages.
        let exercise: Puzzle
        if let direct = readDirectly(data) {
            exercise = direct
        } else {
            exercise = try decodeJSON(Puzzle.self, from: data, file: file, line: line)
        }
        // The same rules as the text form: re-read it through the text
        // reader, whose lines hold no control character but the tab.
        for (key, text) in [("id", exercise.id), ("prompt", exercise.prompt), ("answer", exercise.answer)]
        where text.unicodeScalars.contains(where: \.isNonTabControl) {
            throw FormatError("\(key): expected text without control characters, found '\(text)'", at: SourceLocation(file: file, line: line))
        }
        do {
            var checked = try TextFormat.read(TextFormat.write(exercise), file: file)
            checked.id = exercise.id
            return checked
        } catch {
            throw FormatError(error.message, at: SourceLocation(file: file, line: line))
        }
    }

    /// The exercise in `data` when it is in the plain shape, read without
    /// the decoder; `nil` for anything else.
    static func readDirectly(_ data: Data) -> Puzzle? { JSONScanner.read(data) { $0.exercise() } }

    /// One exercise as JSON with sorted keys. The bytes are those of
    /// `JSONEncoder` with `canonicalJSONEncoder(pretty:)`
    /// encoding the ``Puzzle``, written directly.
    public static func write(_ exercise: Puzzle, pretty: Bool) -> String {
        write(exercise, pretty: pretty, modeAsCode: false)
    }

    /// One exercise as JSON with sorted keys, its `mode` spelled as the JSON
    /// format (`wordToCode`) or, when `modeAsCode`, as the command line and
    /// a level pack (`word-to-code`); the reader takes both.
    ///
    /// - Parameters:
    ///   - exercise: the exercise.
    ///   - pretty: whether to break lines and indent.
    ///   - modeAsCode: whether to spell `mode` as the command line does.
    public static func write(_ exercise: Puzzle, pretty: Bool, modeAsCode: Bool) -> String {
        var w = JSONWriter(pretty: pretty, capacity: 128 + exercise.prompt.utf8.count + exercise.answer.utf8.count)
        w.beginObject()
        w.key("answer"); w.string(exercise.answer)
        w.key("difficulty"); w.string(exercise.difficulty.rawValue)
        w.key("id"); w.string(exercise.id)
        w.key("mode"); w.string(modeAsCode ? exercise.mode.code : exercise.mode.rawValue)
        w.key("prompt"); w.string(exercise.prompt)
        w.endObject()
        return w.text
    }
}

/// An exercise read straight from its bytes: exactly the keys of ``Puzzle``,
/// each once, in any order; `nil` for anything else (read by the decoder,
/// which then reads the same exercise or says what is wrong).
fileprivate extension JSONScanner {
    mutating func exercise() -> Puzzle? {
        var id: String?, mode: ExerciseMode?, difficulty: Difficulty?, prompt: String?, answer: String?
        let read = object { s in
            if s.key("answer"), answer == nil { answer = s.string(); return answer != nil }
            if s.key("difficulty"), difficulty == nil { difficulty = s.string().flatMap(Difficulty.init(rawValue:)); return difficulty != nil }
            if s.key("id"), id == nil { id = s.string(); return id != nil }
            if s.key("mode"), mode == nil { mode = s.string().flatMap(ExerciseMode.init(rawValue:)); return mode != nil }
            if s.key("prompt"), prompt == nil { prompt = s.string(); return prompt != nil }
            return false
        }
        guard read, let id, let mode, let difficulty, let prompt, let answer else { return nil }
        return Puzzle(id: id, mode: mode, difficulty: difficulty, prompt: prompt, answer: answer)
    }
}
