import Dispatch
import Foundation

/// The result of working through one chunk of consecutive seeds.
protocol SeedChunkResult: Sendable {
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
struct SeedRunner: Sendable {
    /// How long one chunk should take.
    static let chunkTarget: UInt64 = 20_000_000  // 20 ms
    /// The largest chunk.
    static let maxChunk = 4096

    var first: Int
    /// Seeds to do; the run may stop earlier at `deadline` or on `stop`.
    var count: Int
    var jobs: Int
    /// No chunk is started after this monotonic time (nanoseconds).
    var deadline: UInt64? = nil
    /// Set to stop early: chunks stop after the seed at hand, no new ones start.
    var stop: StopFlag? = nil

    /// Runs `work` over chunks of seeds and calls `deliver` with each chunk's
    /// result, in seed order, on the calling task.
    ///
    /// After a chunk that stopped early, later chunks are dropped, so the
    /// delivered seeds are always `first ..< first + done`.
    ///
    /// - Returns: the number of seeds delivered.
    func run<R: SeedChunkResult>(
        work: @escaping @Sendable (_ seeds: Range<Int>, _ stop: StopFlag?) -> R,
        deliver: (R) throws -> Void,
        progress: (_ done: Int) -> Void = { _ in }
    ) async throws -> Int {
        try await withThrowingTaskGroup(of: (index: Int, expected: Int, result: R, nanoseconds: UInt64).self) { group in
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
                    let seeds = lower ..< lower + size
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

/// A flag set from a signal handler or another task and read by workers.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
}

/// Turns Ctrl-C (SIGINT) and SIGTERM into a ``StopFlag`` while it lives: the
/// first signal asks the work to stop cleanly, a second one ends the process
/// at once.
final class InterruptWatch: @unchecked Sendable {
    let flag = StopFlag()
    private var sources: [DispatchSourceSignal] = []

    init() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [flag] in
                if flag.isSet {
                    signal(number, SIG_DFL)
                    raise(number)
                }
                flag.set()
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Restores the default signal handling.
    func cancel() {
        for source in sources { source.cancel() }
        sources = []
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}

/// A one-line progress bar with rate and ETA on standard error, drawn only
/// when standard error is a terminal.
final class ProgressBar {
    private let label: String
    private let total: Int?
    private let duration: Double?
    private let alreadyDone: Int
    private let start = monotonicNanoseconds()
    private var lastDraw: UInt64 = 0
    private let enabled: Bool
    private var drawn = false

    /// - Parameters:
    ///   - total: the seeds to do, when known.
    ///   - duration: the time budget in seconds, for `--duration` runs.
    ///   - alreadyDone: seeds done by an earlier run (`--resume`), left out
    ///     of the rate.
    init(label: String, total: Int?, duration: Double?, alreadyDone: Int = 0) {
        self.label = label
        self.total = total
        self.duration = duration
        self.alreadyDone = alreadyDone
        enabled = isatty(STDERR_FILENO) != 0
    }

    func update(done: Int) {
        guard enabled else { return }
        let now = monotonicNanoseconds()
        guard now &- lastDraw >= 100_000_000 else { return }
        lastDraw = now
        let elapsed = Double(now &- start) / 1e9
        let rate = elapsed > 0 ? Double(max(0, done - alreadyDone)) / elapsed : 0
        var fraction = 0.0
        var eta = 0.0
        if let duration, duration > 0 {
            fraction = min(1, elapsed / duration)
            eta = max(0, duration - elapsed)
        }
        if let total, total > 0 {
            let byCount = Double(done) / Double(total)
            if duration == nil || byCount > fraction {
                fraction = byCount
                eta = rate > 0 ? Double(total - done) / rate : 0
            }
        }
        let width = 24
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let counted = total.map { "\(done)/\($0)" } ?? "\(done)"
        let line = "\(label) [\(bar)] \(Int(fraction * 100))%  \(counted)  \(Int(rate))/s  ETA \(Self.clock(eta))"
        FileHandle.standardError.write(Data(("\r" + line + "\u{1B}[K").utf8))
        drawn = true
    }

    /// Clears the bar's line.
    func finish() {
        guard enabled, drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    private static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}
