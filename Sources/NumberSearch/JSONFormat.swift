import Foundation
import PuzzleKit

/// The JSON level (FORMATS.md section 6): the ``Level`` model with the
/// default `Codable` keys `id`, `profile`, `pathMode`, `grid` and
/// `questions` (`operands`, `target`, optional `solutionPositions` of
/// `{row, column}`, 0-based). A corpus is JSON Lines or a JSON array.
/// Writers sort keys, so output never depends on dictionary order.
public enum JSONFormat {
    /// Reads and validates one level (see ``Level/problem``).
    ///
    /// - Parameter line: the line the object starts on.
    /// - Throws: ``PuzzleKit/FormatError``: a decoding failure names the JSON
    ///   path, a malformed level what is wrong.
    public static func read(_ data: Data, file: String, line: Int = 1) throws(FormatError) -> Level {
        let level = try decodeJSON(Level.self, from: data, file: file, line: line)
        if let problem = level.problem { throw FormatError(problem, at: SourceLocation(file: file, line: line)) }
        return level
    }

    /// Reads a JSON array of levels: one result per element, so one bad
    /// level does not hide the others; a file that is not an array of
    /// objects is one failure.
    public static func readArray(_ data: Data, file: String) -> [Result<Level, FormatError>] {
        let elements: [AnyDecodableLevel]
        do {
            elements = try decodeJSON([AnyDecodableLevel].self, from: data, file: file, line: 1)
        } catch {
            return [.failure(error)]
        }
        return elements.enumerated().map { index, element in
            switch element.result {
            case .success(let level):
                if let problem = level.problem {
                    return .failure(FormatError("[\(index)] \(problem)", at: SourceLocation(file: file, line: 1)))
                }
                return .success(level)
            case .failure(let error):
                return .failure(FormatError("[\(index)] \(error.message)", at: SourceLocation(file: file, line: 1)))
            }
        }
    }

    /// Reads JSON Lines: one result per non-blank line.
    public static func readLines(_ text: String, file: String) -> [Result<Level, FormatError>] {
        readJSONLines(text) { data, line throws(FormatError) in try read(data, file: file, line: line) }
    }

    /// One level as JSON with sorted keys: pretty-printed, or compact on one line.
    public static func write(_ level: Level, pretty: Bool = false) -> String {
        guard let data = try? canonicalJSONEncoder(pretty: pretty).encode(level) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// One element of a JSON array decoded on its own, so a bad element is
/// reported without failing the others.
private struct AnyDecodableLevel: Decodable {
    var result: Result<Level, ElementError>

    init(from decoder: any Decoder) throws {
        do {
            result = .success(try Level(from: decoder))
        } catch let error as DecodingError {
            result = .failure(ElementError(message: Self.describe(error)))
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)'\(context.codingPath.count > 1 ? " in \(path(context.codingPath.dropFirst()))" : "")"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context.codingPath.dropFirst())): \(context.debugDescription)"
        @unknown default:
            return "invalid level"
        }
    }

    private static func path(_ keys: ArraySlice<any CodingKey>) -> String {
        var out = ""
        for key in keys {
            if let i = key.intValue { out += "[\(i)]" } else { out += out.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
        return out.isEmpty ? "the level" : out
    }
}

/// Why one array element did not decode.
private struct ElementError: Error {
    var message: String
}
