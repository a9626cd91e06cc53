import Foundation
import PuzzleKit

/// The exercise as JSON: the keys `id`, `mode` (the ``ExerciseMode`` raw value,
/// `codeToWord`…), `difficulty` (`beginner`…), `prompt`, `answer`.
public enum JSONFormat: PuzzleJSONFormat {
    /// Reads one exercise and checks it as the text format does.
    public static func read(_ data: Data, file: String, line: Int = 1) throws(FormatError) -> Puzzle {
        let exercise = try decodeJSON(Puzzle.self, from: data, file: file, line: line)
        // The same rules as the text form: re-read it through the text reader.
        do {
            var checked = try TextFormat.read(TextFormat.write(exercise), file: file)
            checked.id = exercise.id
            return checked
        } catch {
            throw FormatError(error.message, at: SourceLocation(file: file, line: line))
        }
    }

    /// One exercise as JSON with sorted keys.
    public static func write(_ exercise: Puzzle, pretty: Bool) -> String {
        guard let data = try? canonicalJSONEncoder(pretty: pretty).encode(exercise) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
