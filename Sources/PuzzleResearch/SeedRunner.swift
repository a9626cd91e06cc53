import Dispatch
import Foundation

/// The result of working through one chunk of consecutive seeds.
public protocol SeedChunkResult: Sendable {
    /// How many seeds of the chunk were done, from its first; fewer than the
    /// chunk's size only when a stop was asked for.
    var seedsDone: Int { get }
}

/// Works through seeds `first`, `first + 1`, … in chunks on up to `jobs`
/// concurrent tasks, and hands the chunk results back in seed order.
///
/// Each task works on its own chunk and keeps its own state, so nothing is
/// shared while the work runs; results depend only on the seeds, never on
/// `jobs` or on which task finished first. Chunk sizes adapt so that a chunk
/// takes about ``chunkTarget`` (timing decides only how the seeds are cut,
/// not which seeds are done).
public struct SeedRunner: Sendable {
    /// How long one chunk should take.
    public static let chunkTarget: UInt64 = 20_000_000  // 20 ms
    /// The largest chunk.
    public static let maxChunk = 4096

    public var first: Int
    /// Seeds to do; the run may stop earlier at `deadline` or on `stop`.
    public var count: Int
    public var jobs: Int
    /// No chunk is started after this monotonic time (nanoseconds).
    public var deadline: UInt64? = nil
    /// Set to stop early: chunks stop after the seed at hand, no new ones start.
    public var stop: StopFlag? = nil

    public init(first: Int, count: Int, jobs: Int, deadline: UInt64? = nil, stop: StopFlag? = nil) {
        self.first = first
        self.count = count
        self.jobs = jobs
        self.deadline = deadline
        self.stop = stop
    }

    /// Runs `work` over chunks of seeds and calls `deliver` with each chunk's
    /// result, in seed order, on the calling task.
    ///
    /// After a chunk that stopped early, later chunks are dropped, so the
    /// delivered seeds are always the first `done` of `first`, `first + 1`, ….
    /// The seeds may end at `Int.max`; chunks are closed ranges, so no bound
    /// past it is ever computed.
    ///
    /// - Returns: the number of seeds delivered.
    /// - Throws: ``SeedRangeError`` (before any work) when the last seed,
    ///   `first + count - 1`, would lie past `Int.max`; whatever `deliver`
    ///   throws.
    public func run<R: SeedChunkResult>(
        work: @escaping @Sendable (_ seeds: ClosedRange<Int>, _ stop: StopFlag?) -> R,
        deliver: (R) throws -> Void,
        progress: (_ done: Int) -> Void = { _ in }
    ) async throws -> Int {
        guard count <= 0 || !first.addingReportingOverflow(count - 1).overflow else {
            throw SeedRangeError(first: first, count: count)
        }
        return try await withThrowingTaskGroup(of: (index: Int, expected: Int, result: R, nanoseconds: UInt64).self) { group in
            var issued = 0           // seeds handed out so far
            var nextIndex = 0        // index of the next chunk to hand out
            var nextToDeliver = 0
            var pending: [Int: (expected: Int, result: R)] = [:]
            var inFlight = 0
            var done = 0
            var broken = false
            var chunk = 4
            let jobs = max(1, self.jobs)
            while true {
                // Hand out chunks while there is room and work.
                while inFlight < jobs, issued < count, !broken, !(stop?.isSet ?? false),
                      deadline.map({ monotonicNanoseconds() < $0 }) ?? true {
                    let remaining = count - issued
                    // Keep the last chunks small enough to share among the jobs.
                    let size = max(1, min(chunk, remaining, remaining / jobs + (remaining % jobs == 0 ? 0 : 1)))
                    let lower = first + issued
                    let seeds = lower ... lower + (size - 1)
                    let index = nextIndex
                    let stop = self.stop
                    group.addTask {
                        let start = monotonicNanoseconds()
                        let result = work(seeds, stop)
                        return (index, size, result, monotonicNanoseconds() &- start)
                    }
                    issued += size
                    nextIndex += 1
                    inFlight += 1
                }
                guard let finished = try await group.next() else { break }
                inFlight -= 1
                let perSeed = max(1, finished.nanoseconds / UInt64(max(1, finished.result.seedsDone)))
                chunk = Int(min(UInt64(Self.maxChunk), max(1, Self.chunkTarget / perSeed)))
                pending[finished.index] = (finished.expected, finished.result)
                while let next = pending.removeValue(forKey: nextToDeliver) {
                    nextToDeliver += 1
                    guard !broken else { continue }
                    try deliver(next.result)
                    done += next.result.seedsDone
                    if next.result.seedsDone < next.expected { broken = true }
                }
                progress(done)
            }
            return done
        }
    }
}

/// Seeds that cannot all exist: the last, `first + count - 1`, lies past
/// `Int.max`.
public struct SeedRangeError: Error, CustomStringConvertible {
    public var first: Int
    public var count: Int

    public var description: String {
        "\(count) seeds from \(first) run past the largest seed, \(Int.max)"
    }
}

/// A flag set from a signal handler or another task and read by workers.
public final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    public init() {}

    public var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    public func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
}
