import ArithmeticDrills
import Foundation
import PuzzleKit
import Testing

@Suite struct AnswerLogTests {
    static let csv = """
    child,item,correct,seconds,timestamp
    mia,7 + 5,1,4.5,2026-03-02T08:15:00Z
    mia,3 + 1,true,2,2026-03-02T08:15:10Z
    ben,7 + 5,0,12,2026-03-02T09:00:00+01:00
    ben,9 - 4,?,8,2026-03-05T09:00:00.250Z

    """

    @Test func csvAndJSONLinesReadTheSameAnswers() {
        let csv = AnswerLog.read(Self.csv, file: "log.csv")
        #expect(csv.errors.isEmpty)
        #expect(csv.answers.map(\.child) == ["mia", "mia", "ben", "ben"])
        #expect(csv.answers.map(\.outcome) == [.right, .right, .wrong, .skipped])
        #expect(csv.answers.map(\.line) == [2, 3, 4, 5])
        #expect(csv.answers[2].timestamp == AnswerLog.parseTimestamp("2026-03-02T08:00:00Z"))
        let jsonl = """
        {"child": "mia", "item": "7 + 5", "correct": true, "seconds": 4.5, "timestamp": "2026-03-02T08:15:00Z"}
        {"child": "mia", "item": "3 + 1", "correct": true, "seconds": 2, "timestamp": "2026-03-02T08:15:10Z"}
        {"child": "ben", "item": "7 + 5", "correct": false, "seconds": 12, "timestamp": "2026-03-02T09:00:00+01:00"}
        {"child": "ben", "item": "9 - 4", "correct": "?", "seconds": 8, "timestamp": "2026-03-05T09:00:00.250Z"}
        """
        let json = AnswerLog.read(jsonl, file: "log.jsonl")
        #expect(json.errors.isEmpty)
        #expect(json.answers.map { [$0.child, $0.exercise.description] } == csv.answers.map { [$0.child, $0.exercise.description] })
        #expect(json.answers.map(\.outcome) == csv.answers.map(\.outcome))
        #expect(json.answers.map(\.timestamp) == csv.answers.map(\.timestamp))
    }

    @Test(arguments: [
        ("mia,7+5,1,4,2026-03-02T08:15:00Z", "log.csv:2: item: expected an exercise 'A + B' or 'A - B' with operands 1-10 and single blanks, found '7+5'"),
        ("mia,11 + 5,1,4,2026-03-02T08:15:00Z", "log.csv:2: item: expected an exercise"),
        ("mia,3 - 5,1,4,2026-03-02T08:15:00Z", "log.csv:2: item: '3 - 5' goes below 0"),
        ("mia,3 + 5,yes,4,2026-03-02T08:15:00Z", "log.csv:2: correct: expected 1, 0, true, false or ?, found 'yes'"),
        ("mia,3 + 5,1,-4,2026-03-02T08:15:00Z", "log.csv:2: seconds: expected a number of seconds from 0 to 86400 (a decimal like 4.5), found '-4'"),
        ("mia,3 + 5,1,inf,2026-03-02T08:15:00Z", "log.csv:2: seconds:"),
        ("mia,3 + 5,1,4,2026-03-02 08:15", "log.csv:2: timestamp: expected ISO 8601 with a zone"),
        ("mia,3 + 5,1,4,2026-03-02T08:15:00", "log.csv:2: timestamp: expected ISO 8601 with a zone"),
        (",3 + 5,1,4,2026-03-02T08:15:00Z", "log.csv:2: child: expected a non-empty id"),
        ("mia,3 + 5,1,4", "log.csv:2: expected 5 fields (child,item,correct,seconds,timestamp), found 4"),
        ("mia,\"3 + 5,1,4", "log.csv:2: expected a CSV record, found an unclosed quote"),
        // Issue 33: dates and times that do not exist, offsets beyond ±18:00,
        // seconds not in decimal, stray quotes, control characters in ids.
        ("mia,3 + 5,1,4,2026-02-30T08:15:00Z", "log.csv:2: timestamp: expected ISO 8601 with a zone"),
        ("mia,3 + 5,1,4,2025-02-29T08:15:00Z", "log.csv:2: timestamp: expected ISO 8601 with a zone"),
        ("mia,3 + 5,1,4,2100-02-29T08:15:00Z", "log.csv:2: timestamp: expected ISO 8601 with a zone"),
        ("mia,3 + 5,1,4,2026-04-31T08:15:00Z", "log.csv:2: timestamp:"),
        ("mia,3 + 5,1,4,2026-13-01T08:15:00Z", "log.csv:2: timestamp:"),
        ("mia,3 + 5,1,4,2026-00-01T08:15:00Z", "log.csv:2: timestamp:"),
        ("mia,3 + 5,1,4,2026-03-00T08:15:00Z", "log.csv:2: timestamp:"),
        ("mia,3 + 5,1,4,2026-03-02T24:00:00Z", "log.csv:2: timestamp:"),
        ("mia,3 + 5,1,4,2026-03-02T08:60:00Z", "log.csv:2: timestamp:"),
        ("mia,3 + 5,1,4,2026-03-02T08:15:60Z", "log.csv:2: timestamp:"),
        ("mia,3 + 5,1,4,2026-03-02T08:15:00+99:99", "log.csv:2: timestamp:"),
        ("mia,3 + 5,1,4,2026-03-02T08:15:00+18:01", "log.csv:2: timestamp:"),
        ("mia,3 + 5,1,4,2026-03-02T08:15:00-05:60", "log.csv:2: timestamp:"),
        ("mia,3 + 5,1,4,2026-03-02T08:15:00+0100", "log.csv:2: timestamp:"),
        ("mia,3 + 5,1,4,2026-03-02T08:15:00.Z", "log.csv:2: timestamp:"),
        ("mia,3 + 5,1,4,2026-03-02T08:15:00Zx", "log.csv:2: timestamp:"),
        ("mia,3 + 5,1,4,٢٠٢٦-03-02T08:15:00Z", "log.csv:2: timestamp:"),
        ("mia,3 + 5,1,0x10,2026-03-02T08:15:00Z", "log.csv:2: seconds: expected a number of seconds from 0 to 86400 (a decimal like 4.5), found '0x10'"),
        ("mia,3 + 5,1,1e3,2026-03-02T08:15:00Z", "log.csv:2: seconds:"),
        ("mia,3 + 5,1,.5,2026-03-02T08:15:00Z", "log.csv:2: seconds:"),
        ("mia,3 + 5,1,4.,2026-03-02T08:15:00Z", "log.csv:2: seconds:"),
        ("mia,3 + 5,1,+4,2026-03-02T08:15:00Z", "log.csv:2: seconds:"),
        ("mia,3 + 5,1,nan,2026-03-02T08:15:00Z", "log.csv:2: seconds:"),
        ("mia,3 + 5,1,86400.5,2026-03-02T08:15:00Z", "log.csv:2: seconds:"),
        ("mi\"a,3 + 5,1,4,2026-03-02T08:15:00Z", "log.csv:2: field 1: expected a quote only around a whole field"),
        ("\"mia\"x,3 + 5,1,4,2026-03-02T08:15:00Z", "log.csv:2: field 1: expected a quote only around a whole field"),
        ("mia,3 + 5,1,4,2026-03-02T08:15:00Z\"", "log.csv:2: field 5: expected a quote only around a whole field"),
        ("evil\u{1B}[2J,3 + 5,1,4,2026-03-02T08:15:00Z", "log.csv:2: child: expected an id without control characters, found 'evil\\u{1b}[2J'"),
    ])
    func badRowsGiveOneLineErrorsNamingFileAndLine(_ row: String, _ expected: String) {
        let read = AnswerLog.read("child,item,correct,seconds,timestamp\n" + row + "\n", file: "log.csv")
        #expect(read.errors.count == 1 && read.answers.isEmpty)
        let message = read.errors.first?.description ?? ""
        #expect(message.hasPrefix(expected), "\(message)")
        #expect(!message.contains("\n"))
    }

    /// Issue 33: a CRLF log (RFC 4180) was read as one line: nothing
    /// replayed, and bad lines went unreported.
    @Test func crlfLogsReadLikeLFLogsLineByLine() {
        let lf = AnswerLog.read(Self.csv, file: "log.csv")
        let crlf = AnswerLog.read(Self.csv.replacingOccurrences(of: "\n", with: "\r\n"), file: "log.csv")
        #expect(crlf.errors.isEmpty)
        #expect(crlf.answers == lf.answers)
        #expect(crlf.answers.count == 4)
        let bad = "child,item,correct,seconds,timestamp\r\nmia,7+5,1,4,2026-03-02T08:15:00Z\r\nmia,3 + 1,1,2,2026-03-02T08:15:10Z\r\n\r\nben,3 + 1,maybe,2,2026-03-02T08:15:10Z\r\n"
        let read = AnswerLog.read(bad, file: "log.csv")
        #expect(read.answers.count == 1)
        #expect(read.errors.map(\.location.line) == [2, 5])
        // JSON lines too.
        let jsonl = #"{"child": "a", "item": "3 + 4", "correct": true, "seconds": 2, "timestamp": "2026-03-02T08:15:00Z"}"# + "\r\n"
        let json = AnswerLog.read(jsonl + jsonl + "{}\r\n", file: "l.jsonl")
        #expect(json.answers.map(\.line) == [1, 2] && json.errors.map(\.location.line) == [3])
    }

    /// Each line is checked as UTF-8 on its own: a bad byte is an error on
    /// its line, and the other lines still read.
    @Test func aLineThatIsNotUTF8IsAnErrorOnThatLine() {
        var data = Data("child,item,correct,seconds,timestamp\nmia,7 + 5,1,4.5,2026-03-02T08:15:00Z\n".utf8)
        data += Data("mi".utf8) + Data([0xFF]) + Data("a,7 + 5,1,4.5,2026-03-02T08:15:00Z\r\nben,3 + 1,1,2,2026-03-02T08:15:10Z\n".utf8)
        let read = AnswerLog.read(data, file: "log.csv")
        #expect(read.answers.map(\.line) == [2, 4])
        #expect(read.errors.map(\.description) == ["log.csv:3: expected UTF-8 text"])
        #expect(AnswerLog.read("child,item,correct,seconds,timestamp\nmia,7 + 5,1,4.5,2026-03-02T08:15:00Z", file: "l").answers.count == 1)
    }

    /// Dates, times and offsets as the format says, checked against the
    /// seconds since 1970 a calendar gives.
    @Test(arguments: [
        ("2026-03-02T08:15:00Z", 1_772_439_300.0), ("2024-02-29T23:59:59Z", 1_709_251_199), ("2000-02-29T00:00:00Z", 951_782_400),
        ("1970-01-01T00:00:00Z", 0), ("1969-12-31T23:59:59Z", -1), ("2100-02-28T12:00:00Z", 4_107_499_200),
        ("0001-01-01T00:00:00Z", -62_135_596_800), ("9999-12-31T23:59:59Z", 253_402_300_799),
        ("2026-03-02T09:15:00+01:00", 1_772_439_300), ("2026-03-02T02:45:00-05:30", 1_772_439_300),
        ("2026-03-03T02:15:00+18:00", 1_772_439_300), ("2026-03-01T14:15:00-18:00", 1_772_439_300),
        ("2026-03-02T08:15:00.250Z", 1_772_439_300.25), ("2026-03-02T08:15:00.5+00:00", 1_772_439_300.5),
    ])
    func timestampsAreReadExactly(_ text: String, _ seconds: Double) {
        #expect(AnswerLog.parseTimestamp(text)?.timeIntervalSince1970 == seconds)
    }

    @Test func asecondByteOrderMarkIsRefused() {
        let one = AnswerLog.read("\u{FEFF}" + Self.csv, file: "log.csv")
        #expect(one.errors.isEmpty && one.answers.count == 4)
        let two = AnswerLog.read("\u{FEFF}\u{FEFF}" + Self.csv, file: "log.csv")
        #expect(two.answers.isEmpty && two.errors.map(\.description) == ["log.csv:1: a second byte-order mark; a file may start with one only"])
    }

    @Test func jsonLinesRefuseControlCharactersInIdsAndBadSeconds() {
        let evil = AnswerLog.read(#"{"child": "evil\u001b[2J\nFAKE", "item": "3 + 4", "correct": true, "seconds": 2, "timestamp": "2026-03-02T08:15:00Z"}"#, file: "l.jsonl")
        #expect(evil.answers.isEmpty)
        let message = evil.errors.first?.description ?? ""
        #expect(message.hasPrefix("l.jsonl:1: child: expected an id without control characters"), "\(message)")
        #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control })
        let late = AnswerLog.read(#"{"child": "a", "item": "3 + 4", "correct": true, "seconds": 90000, "timestamp": "2026-02-30T08:15:00Z"}"#, file: "l.jsonl")
        #expect(late.errors.first?.description.hasPrefix("l.jsonl:1: seconds: expected a number of seconds from 0 to 86400") == true)
        let day = AnswerLog.read(#"{"child": "a", "item": "3 + 4", "correct": true, "seconds": 0.00001, "timestamp": "2026-02-30T08:15:00Z"}"#, file: "l.jsonl")
        #expect(day.errors.first?.description.hasPrefix("l.jsonl:1: timestamp: expected ISO 8601") == true)
    }

    @Test func aMissingHeaderAndBadJSONAreErrors() {
        #expect(AnswerLog.read("mia,3 + 5,1,4,2026-03-02T08:15:00Z\n", file: "l.csv").errors.first?.description.hasPrefix("l.csv:1: expected the header") == true)
        #expect(AnswerLog.read("", file: "l.csv").errors.first?.description.hasPrefix("l.csv:1: expected the header") == true)
        let json = AnswerLog.read(#"{"child": "a", "item": "3 + 4", "correct": true, "seconds": 2, "timestamp": "2026-03-02T08:15:00Z"}"# + "\n{\"child\": \"a\"}\n", file: "l.jsonl")
        #expect(json.answers.count == 1 && json.errors.first?.description.hasPrefix("l.jsonl:2: missing key") == true)
        let wrong = AnswerLog.read(#"{"child": "a", "item": "3 + 4", "correct": 3, "seconds": 2, "timestamp": "2026-03-02T08:15:00Z"}"#, file: "l.jsonl")
        #expect(wrong.errors.first?.description == #"l.jsonl:1: correct: expected true, false or "?", found (not true, false or a string)"#)
        let word = AnswerLog.read(#"{"child": "a", "item": "3 + 4", "correct": "yes", "seconds": 2, "timestamp": "2026-03-02T08:15:00Z"}"#, file: "l.jsonl")
        #expect(word.errors.first?.description == #"l.jsonl:1: correct: expected true, false or "?", found "yes""#)
    }

    /// The ratings do not depend on the order of the log's lines: answers
    /// are replayed in time order.
    @Test func replayIsIndependentOfLineOrder() {
        var lines: [String] = []
        var rng = SplitMix64(seed: 11)
        let children = ["ann", "bo", "cy"]
        for i in 0..<90 {
            let a = 1 + rng.index(below: 10), b = 1 + rng.index(below: 10)
            let outcome = ["1", "0", "?"][rng.index(below: 3)]
            let stamp = String(format: "2026-03-%02dT08:%02d:00Z", 1 + i / 30, i % 30)
            lines.append("\(children[i % 3]),\(a) + \(b),\(outcome),\(1 + rng.index(below: 20)),\(stamp)")
        }
        let first = AnswerLog.replay(AnswerLog.read("child,item,correct,seconds,timestamp\n" + lines.joined(separator: "\n"), file: "l").answers)
        for seed in 1...20 {
            var shuffler = SplitMix64(seed: UInt64(seed))
            var shuffled = lines
            for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, shuffler.index(below: i + 1)) }
            let again = AnswerLog.replay(AnswerLog.read("child,item,correct,seconds,timestamp\n" + shuffled.joined(separator: "\n"), file: "l").answers)
            #expect(again.items == first.items)
            #expect(again.children.map(\.name) == children && again.children.map(\.rating) == first.children.map(\.rating))
        }
        #expect(first.children.allSatisfy { $0.rating.answers == 30 })
    }
}
