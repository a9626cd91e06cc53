/// A grader's verdict in the terms every family shares, with the family's
/// full report as row fields.
public struct GradeResult: Sendable {
    /// The grade label (one of the family's ``GradingFamily/gradeLabels``).
    public var label: String
    public var score: Int
    /// The hardest technique needed: its code and its name.
    public var hardestTechnique: (code: String, name: String)?
    public var steps: Int
    public var rounds: Int
    public var guesses: Int
    public var backtracks: Int
    /// The uniqueness check: solutions counted up to 2 — 0 none, 1 unique,
    /// 2 two or more (not the count: `solve` counts exactly). Every family
    /// also writes it to ``fields`` as `solutionsUpTo2`; `nil` (null) only
    /// when the puzzle could not be counted.
    public var solutionsUpTo2: Int?
    public var forcedShare: Double
    public var longestForcedRun: Int
    /// Mean over steps of moves on offer ÷ open cells left, where defined.
    public var visibility: Double?
    /// Lines the text output shows under the summary line.
    public var details: [String]
    /// The steps as sentences, for `--explain` and hints.
    public var explanation: [String]
    /// The family's full report as row fields, for JSON and CSV.
    public var fields: [(key: String, value: ReportValue)]
    /// False when the time budget stopped the grader before the end: the
    /// label and score are then lower bounds (what the steps so far needed).
    public var complete: Bool

    public init(label: String, score: Int, hardestTechnique: (code: String, name: String)?, steps: Int, rounds: Int,
                guesses: Int, backtracks: Int, solutionsUpTo2: Int?, forcedShare: Double, longestForcedRun: Int,
                visibility: Double?, details: [String], explanation: [String], fields: [(key: String, value: ReportValue)],
                complete: Bool = true) {
        self.label = label
        self.score = score
        self.hardestTechnique = hardestTechnique
        self.steps = steps
        self.rounds = rounds
        self.guesses = guesses
        self.backtracks = backtracks
        self.solutionsUpTo2 = solutionsUpTo2
        self.forcedShare = forcedShare
        self.longestForcedRun = longestForcedRun
        self.visibility = visibility
        self.details = details
        self.explanation = explanation
        self.fields = fields
        self.complete = complete
    }

    /// The same grade when its uniqueness check ran out of budget: the
    /// solution count is unknown (`nil`, and null in ``fields``) and the
    /// grade is incomplete.
    public func withUnknownSolutionCount() -> GradeResult {
        var result = self
        result.solutionsUpTo2 = nil
        result.complete = false
        result.fields = fields.map { field in
            ["solutionsUpTo2", "multipleSolutions", "unique"].contains(field.key) ? (field.key, .null) : field
        }
        return result
    }
}
