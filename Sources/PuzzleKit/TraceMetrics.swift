/// The dependency metrics of a grader's trace, computed the same way for
/// every family, so a CSV column means the same thing whatever the puzzle.
///
/// A trace is the grader's solution path: one step per deduction (or guess),
/// in order. Guesses are steps too, but only logical steps count as forced
/// or offer moves; a guess breaks a forced run.
///
///     let metrics = TraceMetrics([
///         TraceStep(round: 1, movesOnOffer: 1, openCells: 4),
///         TraceStep(round: 2, movesOnOffer: 2, openCells: 3),
///     ])
///     print(metrics.forcedShare, metrics.longestForcedRun)
///     // Prints "0.5 1"
public struct TraceMetrics: Sendable, Equatable {
    /// Steps on the solution path, guesses included.
    public var steps: Int
    /// The length of the longest chain of steps that wait for each other
    /// (the largest round number).
    public var rounds: Int
    public var meanStepsPerRound: Double
    /// Share of logical steps that had only one move on offer.
    public var forcedShare: Double
    /// The longest run of consecutive forced steps.
    public var longestForcedRun: Int
    /// Mean moves on offer over the logical steps.
    public var meanMovesOnOffer: Double
    /// Mean over logical steps of moves on offer ÷ open cells left; `nil`
    /// when the family does not count open cells.
    public var visibility: Double?

    public init(_ trace: [TraceStep]) {
        let logical = trace.filter { !$0.isGuess }
        let n = Double(max(1, logical.count))
        steps = trace.count
        rounds = trace.map(\.round).max() ?? 0
        meanStepsPerRound = rounds == 0 ? 0 : Double(trace.count) / Double(rounds)
        forcedShare = Double(logical.filter(\.isForced).count) / n
        var longest = 0, run = 0
        for step in trace {
            run = step.isForced ? run + 1 : 0
            longest = max(longest, run)
        }
        longestForcedRun = longest
        meanMovesOnOffer = Double(logical.reduce(0) { $0 + $1.movesOnOffer }) / n
        let open = logical.compactMap { step in step.openCells.map { Double(step.movesOnOffer) / Double(max(1, $0)) } }
        visibility = open.count == logical.count && !open.isEmpty ? open.reduce(0, +) / n : nil
    }
}

/// What ``TraceMetrics`` needs of one step of a trace.
public struct TraceStep: Sendable, Equatable {
    /// Steps that became possible at the same time share a round (1-based).
    public var round: Int
    /// How many moves the step's technique offered at that point.
    public var movesOnOffer: Int
    /// Open cells left before the step, where the family counts them.
    public var openCells: Int?
    public var isGuess: Bool

    public init(round: Int, movesOnOffer: Int, openCells: Int? = nil, isGuess: Bool = false) {
        self.round = round
        self.movesOnOffer = movesOnOffer
        self.openCells = openCells
        self.isGuess = isGuess
    }

    /// A logical step with only one move on offer.
    public var isForced: Bool { !isGuess && movesOnOffer == 1 }
}
