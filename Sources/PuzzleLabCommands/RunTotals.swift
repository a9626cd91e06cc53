/// What a run over several puzzles did, for the one line `generate` and
/// `grade` end with on standard error: how many puzzles, the labels they
/// got (in the family's label order) and the failures by reason (by name).
struct RunTotals {
    private(set) var puzzles = 0
    private var labels: [String: Int] = [:]
    private var failures: [String: Int] = [:]

    /// The failures counted.
    var failed: Int { failures.values.reduce(0, +) }

    /// The puzzles done and failed.
    var attempted: Int { puzzles + failed }

    /// Counts a puzzle done, with its grade label when it was graded.
    mutating func add(label: String? = nil) {
        puzzles += 1
        if let label { labels[label, default: 0] += 1 }
    }

    /// Counts `count` failures, by a short stable reason (`no-unique`, `unreadable`).
    mutating func fail(_ reason: String, count: Int = 1) {
        if count > 0 { failures[reason, default: 0] += count }
    }

    /// Prints ``line(_:labelOrder:)`` on standard error when the run
    /// covered more than one puzzle and standard output took everything.
    func report(_ verb: String, labelOrder: [String]) {
        if attempted > 1 && !standardOutputHasFailed() { printError(line(verb, labelOrder: labelOrder)) }
    }

    /// The line: `VERB N puzzles (LABEL N, …); N failed (REASON N, …)`,
    /// labels in `labelOrder` first (others after them by name), the
    /// failures by reason name. Dictionaries never reach it unsorted.
    func line(_ verb: String, labelOrder: [String]) -> String {
        let ordered = labelOrder.filter { labels[$0] != nil } + labels.keys.filter { !labelOrder.contains($0) }.sorted()
        var line = "puzzlelab: \(verb) \(counted(puzzles, "puzzle"))"
        if !ordered.isEmpty { line += " (" + ordered.map { "\($0) \(labels[$0] ?? 0)" }.joined(separator: ", ") + ")" }
        if failed > 0 {
            line += "; \(failed) failed (" + failures.keys.sorted().map { "\($0) \(failures[$0] ?? 0)" }.joined(separator: ", ") + ")"
        }
        return line
    }
}
