import Foundation

/// Recording practice and reading it back.
public protocol ProgressTracking {
    /// Records one attempt at a symbol; `duration` is how long it took, in
    /// seconds (passed in; nothing reads a clock).
    mutating func recordAttempt(symbol: Character, isCorrect: Bool, duration: TimeInterval)
    /// Totals over every attempt.
    func getStatistics() -> Statistics
    /// The symbols that need practice, weakest first.
    func getWeakSymbols() -> [Character]
}

/// Totals over every attempt.
public struct Statistics: Codable, Sendable, Equatable {
    public var totalAttempts: Int
    public var correctAttempts: Int
    /// Correct ÷ total, 0 when there are no attempts.
    public var accuracy: Double
    /// Correct attempts in a row up to the last one.
    public var currentStreak: Int
    /// The longest run of correct attempts so far.
    public var bestStreak: Int
}

/// Attempts at one symbol.
public struct SymbolProgress: Codable, Sendable, Equatable {
    public var attempts: Int = 0
    public var errors: Int = 0
    /// The seconds all attempts took together.
    public var totalDuration: TimeInterval = 0

    /// Errors ÷ attempts (0 without attempts).
    public var errorRate: Double { attempts == 0 ? 0 : Double(errors) / Double(attempts) }
}

/// A player's progress: totals, streaks and per-symbol error counts.
///
/// Weak symbols are those tried at least `minimumAttempts` times with at
/// least one error, ranked by error rate (highest first), then by attempts
/// (more first), then in table order — exact ratios, no floating point, so
/// the ranking is deterministic.
///
///     var progress = ProgressRecord(minimumAttempts: 2)
///     for ok in [true, false, false] { progress.recordAttempt(symbol: "H", isCorrect: ok, duration: 1.5) }
///     for ok in [true, true] { progress.recordAttempt(symbol: "e", isCorrect: ok, duration: 0.5) }
///     print(progress.getStatistics().currentStreak, progress.getWeakSymbols())
///     // Prints "2 ["H"]"
public struct ProgressRecord: ProgressTracking, Codable, Sendable, Equatable {
    /// Attempts a symbol needs before it can count as weak.
    public var minimumAttempts: Int
    /// Per-symbol progress, keyed by the upper-case symbol.
    public private(set) var symbols: [String: SymbolProgress] = [:]
    public private(set) var totalAttempts = 0
    public private(set) var correctAttempts = 0
    public private(set) var currentStreak = 0
    public private(set) var bestStreak = 0

    public init(minimumAttempts: Int = 3) {
        self.minimumAttempts = max(minimumAttempts, 1)
    }

    public mutating func recordAttempt(symbol: Character, isCorrect: Bool, duration: TimeInterval) {
        let key = symbol.uppercased()
        var entry = symbols[key] ?? SymbolProgress()
        entry.attempts += 1
        if !isCorrect { entry.errors += 1 }
        if duration.isFinite && duration > 0 { entry.totalDuration += duration }
        symbols[key] = entry
        totalAttempts += 1
        if isCorrect {
            correctAttempts += 1
            currentStreak += 1
            bestStreak = max(bestStreak, currentStreak)
        } else {
            currentStreak = 0
        }
    }

    /// Records every symbol of a checked answer; `duration` (the whole
    /// answer's) is shared out evenly.
    public mutating func record(_ check: AnswerCheck, duration: TimeInterval) {
        let share = check.symbols.isEmpty ? 0 : duration / Double(check.symbols.count)
        for result in check.symbols {
            recordAttempt(symbol: result.symbol, isCorrect: result.correct, duration: share)
        }
    }

    public func getStatistics() -> Statistics {
        Statistics(totalAttempts: totalAttempts, correctAttempts: correctAttempts,
                   accuracy: totalAttempts == 0 ? 0 : Double(correctAttempts) / Double(totalAttempts),
                   currentStreak: currentStreak, bestStreak: bestStreak)
    }

    public func getWeakSymbols() -> [Character] {
        let order = Dictionary(uniqueKeysWithValues: MorseTable.entries.enumerated().map { (String($1.character), $0) })
        return symbols
            .filter { $0.value.attempts >= minimumAttempts && $0.value.errors > 0 }
            .sorted { a, b in
                let left = a.value.errors * b.value.attempts, right = b.value.errors * a.value.attempts
                if left != right { return left > right }
                if a.value.attempts != b.value.attempts { return a.value.attempts > b.value.attempts }
                let x = order[a.key] ?? Int.max, y = order[b.key] ?? Int.max
                return x != y ? x < y : a.key < b.key
            }
            .compactMap { $0.key.first }
    }
}
