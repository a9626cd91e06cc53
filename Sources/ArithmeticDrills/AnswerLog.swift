import Foundation
import PuzzleKit

/// One answer of an answer log (docs/FORMATS.md section 7, "Answer logs").
public struct LoggedAnswer: Sendable, Equatable {
    /// The child's id, any non-empty text.
    public var child: String
    public var exercise: Exercise
    public var outcome: RatedAnswer
    public var seconds: TimeInterval
    public var timestamp: Date
    /// The 1-based line of the log it came from.
    public var line: Int
}

/// Reads answer logs — CSV with the header `child,item,correct,seconds,timestamp`
/// or JSON lines with those keys — and replays them through the uncertainty
/// model with one item bank shared by every child.
///
///     let log = AnswerLog.read("child,item,correct,seconds,timestamp\nmia,7 + 5,1,4.5,2026-03-02T08:15:00Z\n", file: "log.csv")
///     print(log.answers.count, log.errors.count)
///     // Prints "1 0"
public enum AnswerLog {
    /// The CSV header, in this order.
    public static let columns = ["child", "item", "correct", "seconds", "timestamp"]

    /// The answers of a log and one error per bad line (a log is JSON lines
    /// when its first meaningful character is `{`, else CSV).
    public static func read(_ text: String, file: String) -> (answers: [LoggedAnswer], errors: [FormatError]) {
        var answers: [LoggedAnswer] = []
        var errors: [FormatError] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        let json = text.first { !$0.isWhitespace } == "{"
        var sawHeader = json
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let line = index == 0 && raw.hasPrefix("\u{FEFF}") ? String(raw.dropFirst()) : raw
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let at = SourceLocation(file: file, line: number)
            do throws(FormatError) {
                if json {
                    answers.append(try jsonAnswer(line, at: at))
                } else if !sawHeader {
                    let header = CSV.parse(line)?.first?.map { $0.trimmingCharacters(in: .whitespaces) } ?? []
                    guard header == columns else {
                        throw FormatError("expected the header 'child,item,correct,seconds,timestamp', found '\(line)'", at: at)
                    }
                    sawHeader = true
                } else {
                    guard let fields = CSV.parse(line)?.first else { throw FormatError("expected a CSV record, found an unclosed quote", at: at) }
                    guard fields.count == columns.count else {
                        throw FormatError("expected 5 fields (child,item,correct,seconds,timestamp), found \(fields.count)", at: at)
                    }
                    answers.append(try answer(child: fields[0], item: fields[1], correct: fields[2], seconds: fields[3], timestamp: fields[4], at: at))
                }
            } catch {
                errors.append(error)
            }
        }
        if !sawHeader { errors.append(FormatError("expected the header 'child,item,correct,seconds,timestamp', found an empty file", at: SourceLocation(file: file, line: 1))) }
        return (answers, errors)
    }

    private struct JSONRow: Decodable {
        var child: String
        var item: String
        var correct: String
        var seconds: Double
        var timestamp: String

        enum CodingKeys: String, CodingKey { case child, item, correct, seconds, timestamp }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            child = try c.decode(String.self, forKey: .child)
            item = try c.decode(String.self, forKey: .item)
            if let flag = try? c.decode(Bool.self, forKey: .correct) {
                correct = flag ? "true" : "false"
            } else if let text = try? c.decode(String.self, forKey: .correct) {
                correct = text
            } else if c.contains(.correct) {
                correct = "(not true, false or a string)"
            } else {
                throw DecodingError.keyNotFound(CodingKeys.correct, .init(codingPath: [], debugDescription: "missing"))
            }
            seconds = try c.decode(Double.self, forKey: .seconds)
            timestamp = try c.decode(String.self, forKey: .timestamp)
        }
    }

    private static func jsonAnswer(_ line: String, at: SourceLocation) throws(FormatError) -> LoggedAnswer {
        let row = try decodeJSON(JSONRow.self, from: Data(line.utf8), file: at.file, line: at.line)
        guard ["true", "false", "?"].contains(row.correct) else {
            throw FormatError("correct: expected true, false or \"?\", found \(row.correct.hasPrefix("(") ? row.correct : "\"" + row.correct + "\"")", at: at)
        }
        return try answer(child: row.child, item: row.item, correct: row.correct, seconds: String(row.seconds), timestamp: row.timestamp, at: at)
    }

    /// One answer from its five fields as text.
    static func answer(child: String, item: String, correct: String, seconds: String, timestamp: String,
                       at: SourceLocation) throws(FormatError) -> LoggedAnswer {
        guard !child.trimmingCharacters(in: .whitespaces).isEmpty else { throw FormatError("child: expected a non-empty id", at: at) }
        let exercise = try parseItem(item, at: at)
        let outcome: RatedAnswer
        switch correct.trimmingCharacters(in: .whitespaces).lowercased() {
        case "1", "true": outcome = .right
        case "0", "false": outcome = .wrong
        case "?": outcome = .skipped
        default: throw FormatError("correct: expected 1, 0, true, false or ?, found '\(correct)'", at: at)
        }
        guard let time = Double(seconds.trimmingCharacters(in: .whitespaces)), time.isFinite, time >= 0, time <= 86_400 else {
            throw FormatError("seconds: expected a number of seconds from 0 to 86400, found '\(seconds)'", at: at)
        }
        guard let date = parseTimestamp(timestamp.trimmingCharacters(in: .whitespaces)) else {
            throw FormatError("timestamp: expected ISO 8601 with a zone, like 2026-03-02T08:15:00Z, found '\(timestamp)'", at: at)
        }
        return LoggedAnswer(child: child, exercise: exercise, outcome: outcome, seconds: time, timestamp: date, line: at.line)
    }

    /// An item name: `A + B` or `A - B`, operands 1–10, single blanks
    /// (a subtraction never goes below 0).
    public static func parseItem(_ text: String, at: SourceLocation) throws(FormatError) -> Exercise {
        let tokens = text.split(separator: " ", omittingEmptySubsequences: false)
        let expected = "item: expected an exercise 'A + B' or 'A - B' with operands 1-10 and single blanks, found '\(text)'"
        guard tokens.count == 3, let a = Int(tokens[0]), let b = Int(tokens[2]), (1...10).contains(a), (1...10).contains(b),
              tokens[0].allSatisfy(\.isASCII), tokens[2].allSatisfy(\.isASCII), !tokens[0].hasPrefix("+"), !tokens[2].hasPrefix("+") else {
            throw FormatError(expected, at: at)
        }
        let type: OperationType
        switch tokens[1] {
        case "+": type = .addition
        case "-": type = .subtraction
        default: throw FormatError(expected, at: at)
        }
        guard type == .addition || a >= b else { throw FormatError("item: '\(text)' goes below 0", at: at) }
        let range = Difficulty.allCases.first { max(a, b) <= $0.range.upperBound } ?? .hard
        return Exercise(type, a, b, difficulty: range)
    }

    /// An ISO 8601 date-time with a zone (`Z` or `±hh:mm`), optionally with fractional seconds.
    public static func parseTimestamp(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }

    /// The ratings after replaying `answers` in time order (ties in log order).
    public static func replay(_ answers: [LoggedAnswer], constants: RatingConstants = .standard) -> (children: [(name: String, rating: EloRating)], items: ItemBank) {
        var children: [String: EloRating] = [:]
        var bank = ItemBank()
        for answer in answers.sorted(by: { ($0.timestamp, $0.line) < ($1.timestamp, $1.line) }) {
            var child = children[answer.child] ?? EloRating(uncertainty: constants.startUncertainty)
            bank.rate(answer.exercise, outcome: answer.outcome, seconds: answer.seconds, child: &child, at: answer.timestamp, constants: constants)
            children[answer.child] = child
        }
        return (children.keys.sorted().map { ($0, children[$0] ?? EloRating()) }, bank)
    }
}
