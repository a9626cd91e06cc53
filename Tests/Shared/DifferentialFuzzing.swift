import Foundation
import PuzzleKit
import Testing

// The settings of the differential fuzzer (docs/DEVELOPMENT.md, "Differential
// fuzzing"): one file, linked into each test target that runs a part of it.

/// How many random cases each family's differential test runs, from which
/// seed, and the message that makes a disagreement reproducible.
///
/// `swift test` runs a fixed number of cases per family from seed 1;
/// `PUZZLELAB_DIFF_CASES=N` and `PUZZLELAB_DIFF_SEED=S` (what
/// `scripts/diff-fuzz.sh [CASES] [SEED]` sets) run more, or others.
enum DifferentialFuzzing {
    /// The first seed: `PUZZLELAB_DIFF_SEED`, 1 by default.
    static let seed: UInt64 = setting("PUZZLELAB_DIFF_SEED") ?? 1

    /// The cases to run: `PUZZLELAB_DIFF_CASES`, or the test's fixed number.
    static func cases(fixed: Int) -> Int {
        setting("PUZZLELAB_DIFF_CASES").map { Int(clamping: $0) } ?? fixed
    }

    /// The seed of case `index` of the family tagged `family`: every case has
    /// its own generator, so one case reruns alone from its seed.
    static func caseSeed(family: UInt64, index: Int) -> UInt64 {
        ((seed &* 0x9E37_79B9_7F4A_7C15) ^ (family << 48)) &+ UInt64(index)
    }

    /// What a failure prints: the case, how to run it again, and the puzzle in
    /// its text format (to save as a reproducer in Tests/Fixtures/crashes/).
    static func report(_ what: String, case index: Int, puzzle: String) -> String {
        "\(what)\ncase \(index) of PUZZLELAB_DIFF_SEED=\(seed) (rerun: PUZZLELAB_DIFF_SEED=\(seed) PUZZLELAB_DIFF_CASES=\(index + 1)); the puzzle:\n\(puzzle)"
    }

    /// Records a disagreement as a test failure, with ``report(_:case:puzzle:)``.
    static func fail(_ what: String, case index: Int, puzzle: String) {
        Issue.record(Comment(rawValue: report(what, case: index, puzzle: puzzle)))
    }

    private static func setting(_ name: String) -> UInt64? {
        ProcessInfo.processInfo.environment[name].flatMap { UInt64($0) }
    }

    /// What the library answers for one puzzle: an exact count, a refusal
    /// (a thrown error, whose message must be one line), or a count a budget
    /// stopped (never right for these small puzzles).
    enum Outcome: Equatable, CustomStringConvertible {
        case count(Int)
        case refused(String)
        case incomplete(String)

        var description: String {
            switch self {
            case .count(let n): return "count \(n)"
            case .refused(let message): return "refused: \(message)"
            case .incomplete(let reason): return "incomplete (\(reason))"
            }
        }

        var isOneLineRefusal: Bool {
            if case .refused(let message) = self { return !message.isEmpty && !message.contains("\n") }
            return false
        }
    }

    /// The family's count without a time budget (so the machine's load
    /// cannot change it), as `solve` counts.
    static func outcome<Family: CountingFamily>(_ family: Family, _ puzzle: Family.Puzzle) -> Outcome {
        do {
            let counted = try family.count(puzzle, limits: CountLimits(time: nil))
            return counted.complete ? .count(counted.solutionCount) : .incomplete(counted.stopReason.rawValue)
        } catch {
            return .refused("\(error)")
        }
    }

    /// The one puzzle of `text` as the CLI reads a file of that name (the
    /// family's reader, format told by the extension), or the reader's error.
    static func read<Family: CountingFamily>(_ family: Family, _ text: String, file: String) -> Result<Family.Puzzle, FormatError> {
        let puzzles = family.read(Data(text.utf8), file: file)
        guard puzzles.count == 1 else {
            return .failure(FormatError("expected one puzzle, read \(puzzles.count)", at: SourceLocation(file: file, line: 1)))
        }
        return puzzles[0]
    }
}
