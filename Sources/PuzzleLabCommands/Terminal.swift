import Dispatch
import Foundation
import PuzzleResearch

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
    ///   - enabled: draw it or not; by default only when stderr is a terminal.
    init(label: String, total: Int?, duration: Double?, alreadyDone: Int = 0, enabled: Bool? = nil) {
        self.label = label
        self.total = total
        self.duration = duration
        self.alreadyDone = alreadyDone
        self.enabled = enabled ?? (isatty(STDERR_FILENO) != 0)
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

    /// `m:ss` or `h:mm:ss`; `--:--` for a time too long to mean anything
    /// (over 10,000 hours, as a run of Int.max seeds at a few per second
    /// estimates) or not a number: the conversion to Int would trap.
    static func clock(_ seconds: Double) -> String {
        guard seconds >= 0 && seconds < 36_000_000 else { return "--:--" }
        let s = Int(seconds.rounded())
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}
