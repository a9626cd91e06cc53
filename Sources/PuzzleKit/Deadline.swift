#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A budget of the working thread's CPU time that starts when it is made:
/// the one way every budgeted search, generator and grader reads the clock.
///
/// CPU time, not wall-clock time, so whether a count finishes within its
/// budget does not depend on what else the machine runs (a thread that
/// waits for a core spends none of it). A deadline is read on the thread
/// that made it: each search runs on one thread, and a worker of `bench`
/// or `export` makes the deadlines of its own puzzles. The search-node
/// budgets (`--nodes`) are the ones identical on every machine.
///
/// A deadline fixes its end once, so loops may ask ``passed`` as often as
/// they like (for very unequal steps, through a ``WorkMeter``), and hand
/// ``remaining`` to a nested search on the same thread as that search's own
/// budget. Without a budget (`nil`) it never passes and reads no clock
/// when asked.
///
///     let deadline = Deadline(.seconds(10))
///     while !deadline.passed { /* one more step */ }
public struct Deadline: Sendable {
    /// The thread's CPU time when the budget started.
    public let start: Duration
    /// The thread's CPU time at which the budget runs out; `nil` without a budget.
    public let end: Duration?
    /// The budget in seconds, for messages; 0 without a budget.
    public let seconds: Double
    /// The monotonic clock's reading at which the budget could first have
    /// run out: a thread spends at most as much CPU time as passes on the
    /// clock, so before then ``passed`` needs no (slower) CPU-clock reading.
    private let earliestEnd: Duration?

    /// Starts a budget of `budget` of CPU time from now; `nil` is no budget.
    ///
    /// - Parameter budget: the time allowed; zero or less has passed at once.
    public init(_ budget: Duration?) {
        let now = Self.now()
        start = now
        end = budget.map { now + $0 }
        let monotonic = Self.reading(CLOCK_MONOTONIC)
        earliestEnd = budget.map { monotonic + $0 }
        seconds = budget.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 } ?? 0
    }

    /// True once the budget has run out; always false without one.
    public var passed: Bool {
        guard let end, let earliestEnd, Self.reading(CLOCK_MONOTONIC) >= earliestEnd else { return false }
        return Self.now() >= end
    }

    /// The time left (negative once passed), for a nested search's own
    /// budget; `nil` without a budget.
    public var remaining: Duration? { end.map { $0 - Self.now() } }

    /// The CPU time the thread has spent since the budget started.
    public var elapsed: Duration { Self.now() - start }

    /// A time budget as messages name it: `10 s CPU`, `0.25 s CPU`.
    public static func describe(_ budget: Duration) -> String {
        let milliseconds = (budget / .milliseconds(1)).rounded(.up)
        guard milliseconds.isFinite, abs(milliseconds) < 1e15 else { return "\(budget) CPU" }
        let whole = Int(milliseconds)
        return (whole % 1000 == 0 ? String(whole / 1000) : String(Double(whole) / 1000)) + " s CPU"
    }

    /// The CPU time the calling thread has used so far (POSIX
    /// `CLOCK_THREAD_CPUTIME_ID`, on Linux and Darwin alike).
    public static func now() -> Duration { reading(CLOCK_THREAD_CPUTIME_ID) }

    /// The time on `clock`; the monotonic clock's should reading `clock` fail
    /// (never seen), which still ends every budget.
    private static func reading(_ clock: clockid_t) -> Duration {
        var time = timespec()
        if clock_gettime(clock, &time) != 0 { clock_gettime(CLOCK_MONOTONIC, &time) }
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }
}

/// A ``Deadline`` read once per so much work, for loops whose steps cost
/// very different amounts (a line of a wide grid, a search node that scans
/// every variable): the clock is read after every ``workPerReading`` units
/// of work, so no step runs far past the deadline and cheap steps do not
/// read the clock each time.
///
///     var meter = WorkMeter(Deadline(.seconds(1)))
///     for line in lines where !meter.passed(after: line.count) { /* settle the line */ }
public struct WorkMeter: Sendable {
    /// The work between two readings of the clock.
    public static let workPerReading = 1 << 16

    public let deadline: Deadline
    /// True once a reading found the deadline passed (it stays true).
    public private(set) var hasPassed = false
    @usableFromInline var work: Int

    /// Meters `deadline`; the first check reads the clock.
    public init(_ deadline: Deadline) {
        self.deadline = deadline
        work = Self.workPerReading
    }

    /// Counts `units` of work and, every ``workPerReading`` units, reads the
    /// clock; `true` once the deadline has passed. Never true without a
    /// budget.
    @inlinable
    public mutating func passed(after units: Int) -> Bool {
        work &+= units
        if work >= Self.workPerReading { return read() }
        return hasPassed
    }

    @usableFromInline mutating func read() -> Bool {
        work = 0
        if deadline.passed { hasPassed = true }
        return hasPassed
    }
}
