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
        read(Data(text.utf8), file: file)
    }

    /// The answers of a log's bytes and one error per bad line, read line by
    /// line (LF or CRLF; a leading byte-order mark is dropped): each line is
    /// checked as UTF-8 and parsed on its own, so the time is linear in the
    /// file and only the answers are kept.
    public static func read(_ data: Data, file: String) -> (answers: [LoggedAnswer], errors: [FormatError]) {
        if let error = PuzzleSource.secondByteOrderMark(data, file: file) { return ([], [error]) }
        var answers: [LoggedAnswer] = []
        var errors: [FormatError] = []
        let body = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        let json = body.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A } == UInt8(ascii: "{")
        var sawHeader = json
        forEachLine(of: body) { bytes, number in
            // A line of blanks is skipped.
            guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
            let at = SourceLocation(file: file, line: number)
            do throws(FormatError) {
                // Decoding repairs what is not UTF-8, so the text has other bytes exactly when the line is not UTF-8.
                let line = String(decoding: bytes, as: UTF8.self)
                guard line.utf8.elementsEqual(bytes) else { throw FormatError("expected UTF-8 text", at: at) }
                if json {
                    answers.append(try jsonAnswer(line, at: at))
                } else if !sawHeader {
                    let header = (try? CSV.records(line))?.first?.map { trimmed($0) } ?? []
                    guard header == columns else {
                        throw FormatError("expected the header 'child,item,correct,seconds,timestamp', found '\(line)'", at: at)
                    }
                    sawHeader = true
                } else {
                    let fields: [String]
                    do throws(CSV.Malformed) { fields = try CSV.records(line).first ?? [] } catch { throw FormatError(error.message, at: at) }
                    guard fields.count == columns.count else {
                        throw FormatError("expected 5 fields (child,item,correct,seconds,timestamp), found \(fields.count)", at: at)
                    }
                    guard let seconds = decimalSeconds(fields[3]) else { throw secondsError(fields[3], at: at) }
                    answers.append(try answer(child: fields[0], item: fields[1], correct: fields[2], seconds: seconds, timestamp: fields[4], at: at))
                }
            } catch {
                errors.append(error)
            }
        }
        if !sawHeader { errors.append(FormatError("expected the header 'child,item,correct,seconds,timestamp', found an empty file", at: SourceLocation(file: file, line: 1))) }
        return (answers, errors)
    }

    /// Calls `body` with each line of `data` (without its LF, or its CRLF)
    /// and the line's 1-based number.
    private static func forEachLine(of data: Data.SubSequence, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0, number = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                number += 1
                var last = end
                if last > start && bytes[last - 1] == 0x0D { last -= 1 }
                body(UnsafeBufferPointer(rebasing: bytes[start..<last]), number)
                start = end + 1
            }
        }
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
        guard row.seconds.isFinite, row.seconds >= 0, row.seconds <= 86_400 else { throw secondsError(String(row.seconds), at: at) }
        return try answer(child: row.child, item: row.item, correct: row.correct, seconds: row.seconds, timestamp: row.timestamp, at: at)
    }

    /// The seconds of a CSV field: a decimal (digits, optionally a point and
    /// more digits; blanks around it ignored) from 0 to 86400.
    private static func decimalSeconds(_ field: String) -> Double? {
        let text = trimmed(field)
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
              let time = Double(text), time <= 86_400 else { return nil }
        return time
    }

    /// `text` without the blanks at either end: spaces, tabs and the other
    /// space separators, as `CharacterSet.whitespaces` has them, without
    /// Foundation's cost on every field of every line.
    private static func trimmed(_ text: String) -> String {
        func isBlank(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || (!c.isASCII && c.properties.generalCategory == .spaceSeparator) }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isBlank($0) }), let last = scalars.lastIndex(where: { !isBlank($0) }) else { return "" }
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return text }
        return String(scalars[first...last])
    }

    private static func secondsError(_ found: String, at: SourceLocation) -> FormatError {
        FormatError("seconds: expected a number of seconds from 0 to 86400 (a decimal like 4.5), found '\(found)'", at: at)
    }

    /// One answer from its fields.
    static func answer(child: String, item: String, correct: String, seconds: Double, timestamp: String,
                       at: SourceLocation) throws(FormatError) -> LoggedAnswer {
        guard !trimmed(child).isEmpty else { throw FormatError("child: expected a non-empty id", at: at) }
        guard !child.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw FormatError("child: expected an id without control characters, found '\(child)'", at: at)
        }
        let exercise = try parseItem(item, at: at)
        let outcome: RatedAnswer
        switch trimmed(correct).lowercased() {
        case "1", "true": outcome = .right
        case "0", "false": outcome = .wrong
        case "?": outcome = .skipped
        default: throw FormatError("correct: expected 1, 0, true, false or ?, found '\(correct)'", at: at)
        }
        guard let date = parseTimestamp(trimmed(timestamp)) else {
            throw FormatError("timestamp: expected ISO 8601 with a zone, like 2026-03-02T08:15:00Z (a real date, hours 00-23, minutes and seconds 00-59, an offset from -18:00 to +18:00), found '\(timestamp)'", at: at)
        }
        return LoggedAnswer(child: child, exercise: exercise, outcome: outcome, seconds: seconds, timestamp: date, line: at.line)
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

    /// An ISO 8601 date-time with a zone, `YYYY-MM-DDThh:mm:ss`, optionally
    /// fractional seconds (`.` and digits), then `Z` or `±hh:mm`: ASCII
    /// digits only, a day that exists in its month (leap years included),
    /// hours 00–23, minutes and seconds 00–59, an offset from -18:00 to
    /// +18:00 with minutes 00–59; `nil` for anything else.
    public static func parseTimestamp(_ text: String) -> Date? {
        let b = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= b.count else { return nil }
            var n = 0
            for i in range {
                guard b[i] >= 0x30 && b[i] <= 0x39 else { return nil }
                n = n * 10 + Int(b[i] - 0x30)
            }
            return n
        }
        func at(_ i: Int, _ c: Character) -> Bool { i < b.count && b[i] == c.asciiValue }
        guard let year = number(0..<4), at(4, "-"), let month = number(5..<7), at(7, "-"), let day = number(8..<10), at(10, "T"),
              let hour = number(11..<13), at(13, ":"), let minute = number(14..<16), at(16, ":"), let second = number(17..<19),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60 else { return nil }
        var i = 19
        var fraction = 0.0
        if at(i, ".") {
            let digits = b[(i + 1)...].prefix { $0 >= 0x30 && $0 <= 0x39 }
            guard !digits.isEmpty, let value = Double("0." + String(decoding: digits, as: UTF8.self)) else { return nil }
            fraction = value
            i += 1 + digits.count
        }
        var offset = 0
        if at(i, "Z") {
            i += 1
        } else if at(i, "+") || at(i, "-") {
            guard let hours = number((i + 1)..<(i + 3)), at(i + 3, ":"), let minutes = number((i + 4)..<(i + 6)),
                  minutes < 60, hours * 60 + minutes <= 18 * 60 else { return nil }
            offset = (at(i, "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
            i += 6
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        let seconds = daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// The days of `month` (1–12) in `year` of the Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The days from 1970-01-01 to a date of the proleptic Gregorian
    /// calendar (years 0–9999), counting in 400-year eras from 0000-03-01.
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
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
