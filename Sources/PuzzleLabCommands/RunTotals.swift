import PuzzleKit

/// What a run over several puzzles did, for the one line `generate` and
/// `grade` end with on standard error: how many puzzles, the labels they
/// got (in the family's label order) and the failures by reason (by name).
struct RunTotals {
    private(set) var puzzles = 0
    private var labels = Tally()
    private var failures = Tally()

    /// The failures counted.
    var failed: Int { failures.total }

    /// The puzzles done and failed.
    var attempted: Int { puzzles + failed }

    /// Counts a puzzle done, with its grade label when it was graded.
    mutating func add(label: String? = nil) {
        puzzles += 1
        if let label { labels.add(label) }
    }

    /// Counts `count` failures, by a short stable reason (`no-unique`, `unreadable`).
    mutating func fail(_ reason: String, count: Int = 1) {
        if count > 0 { failures.add(reason, count: count) }
    }

    /// Prints ``line(_:labelOrder:)`` on standard error when the run
    /// covered more than one puzzle and standard output took everything.
    func report(_ verb: String, labelOrder: [String]) {
        if attempted > 1 && !standardOutputHasFailed() { printError(line(verb, labelOrder: labelOrder)) }
    }

    /// The line: `VERB N puzzles (LABEL N, …); N failed (REASON N, …)`,
    /// labels in `labelOrder` first (others after them by name), the
    /// failures by reason name.
    func line(_ verb: String, labelOrder: [String]) -> String {
        let list = { (tally: Tally, order: [String]) in tally.ordered(order).map { "\($0.name) \($0.count)" }.joined(separator: ", ") }
        var line = "puzzlelab: \(verb) \(counted(puzzles, "puzzle"))"
        if labels.total > 0 { line += " (" + list(labels, labelOrder) + ")" }
        if failed > 0 { line += "; \(failed) failed (" + list(failures, []) + ")" }
        return line
    }
}
