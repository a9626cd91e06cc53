import Foundation

/// A calendar day (proleptic Gregorian), written `2026-11-23` in JSON.
///
/// Days are what streaks count; which day a moment falls on depends on a
/// time zone, which is always passed in.
public struct Day: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `date` falls on in `timeZone` (dates are clamped to about
    /// ±30 000 years, so a corrupt file cannot overflow day arithmetic).
    public init(_ date: Date, in timeZone: TimeZone) {
        let parts = Day.calendar(timeZone).dateComponents([.year, .month, .day], from: Day.clamped(date))
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// The hour (0–23) of `date` in `timeZone`.
    public static func hour(of date: Date, in timeZone: TimeZone) -> Int {
        calendar(timeZone).component(.hour, from: clamped(date))
    }

    static func clamped(_ date: Date) -> Date {
        let limit = 1e12
        let t = date.timeIntervalSinceReferenceDate
        return t.isNaN ? Date(timeIntervalSinceReferenceDate: 0) : Date(timeIntervalSinceReferenceDate: min(limit, max(-limit, t)))
    }

    static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// The Julian day number: consecutive days differ by exactly 1.
    public var julianDay: Int {
        let a = (14 - month) / 12
        let y = year + 4800 - a
        let m = month + 12 * a - 3
        return day + (153 * m + 2) / 5 + 365 * y + y / 4 - y / 100 + y / 400 - 32045
    }

    public var description: String {
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (a: Day, b: Day) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let y = parts[0], let m = parts[1], let d = parts[2], (1...12).contains(m), (1...31).contains(d) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected a day YYYY-MM-DD, found '\(text)'"))
        }
        self.init(year: y, month: m, day: d)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Current and longest streak of consecutive practice days.
public struct Streaks: Sendable, Equatable {
    /// The run of consecutive practice days that ends today, or yesterday
    /// when today has no practice yet (a streak lapses only once a whole day
    /// is missed); 0 otherwise.
    public var current: Int
    /// The longest run of consecutive practice days ever.
    public var longest: Int

    public init(current: Int, longest: Int) {
        self.current = current
        self.longest = longest
    }

    /// The streaks of the practice `days` (any order, repeats allowed) seen
    /// on `today`.
    public init(days: [Day], today: Day) {
        let numbers = Array(Set(days.map(\.julianDay))).sorted()
        var longest = 0
        var run = 0
        var previous: Int?
        var runEnd: [Int: Int] = [:]  // last day of a run → its length
        for n in numbers {
            run = previous == n - 1 ? run + 1 : 1
            previous = n
            runEnd[n] = run
            longest = max(longest, run)
        }
        let t = today.julianDay
        self.current = runEnd[t] ?? runEnd[t - 1] ?? 0
        self.longest = longest
    }
}
