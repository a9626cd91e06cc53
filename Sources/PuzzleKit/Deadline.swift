/// A wall-clock budget that starts when it is made: the one way every
/// budgeted search, generator and grader reads the clock.
///
/// A deadline fixes its end once, so loops may ask ``passed`` as often as
/// they like, and hand ``remaining`` to a nested search as that search's
/// own budget. Without a budget (`nil`) it never passes and reads no clock
/// when asked.
///
///     let deadline = Deadline(.seconds(10))
///     while !deadline.passed { /* one more step */ }
public struct Deadline: Sendable {
    /// When the budget started.
    public let start: ContinuousClock.Instant
    /// When the budget runs out; `nil` without a budget.
    public let end: ContinuousClock.Instant?
    /// The budget in seconds, for messages; 0 without a budget.
    public let seconds: Double

    /// Starts a budget of `budget` from now; `nil` is no budget.
    ///
    /// - Parameter budget: the time allowed; zero or less has passed at once.
    public init(_ budget: Duration?) {
        let now = ContinuousClock.now
        start = now
        end = budget.map { now.advanced(by: $0) }
        seconds = budget.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 } ?? 0
    }

    /// True once the budget has run out; always false without one.
    public var passed: Bool { end.map { ContinuousClock.now >= $0 } ?? false }

    /// The time left (negative once passed), for a nested search's own
    /// budget; `nil` without a budget.
    public var remaining: Duration? { end.map { ContinuousClock.now.duration(to: $0) } }

    /// The time since the budget started.
    public var elapsed: Duration { start.duration(to: .now) }
}
