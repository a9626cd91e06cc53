/// A place a grader's step reads or decides, in the puzzle's own terms
/// (0-based): a drawing maps it to its cells, a sentence names it.
public enum TracePlace: Hashable, Comparable, Sendable {
    /// A cell of the puzzle's grid.
    case cell(GridPosition)
    /// A whole row of the grid, read through its clue or target.
    case row(Int)
    /// A whole column of the grid, read through its clue or target.
    case column(Int)
    /// The puzzle's n-th item: an equation, a question, an exercise, a symbol.
    case item(Int)
}

/// What a step decides about a place.
public enum TraceMark: Hashable, Sendable {
    /// A value written in (a number placed, an answer found), as it is written.
    case value(String)
    /// A number kept.
    case kept
    /// A number taken out.
    case removed
    /// A cell on the path of an answer found, in the path's order.
    case path
}

/// One decision of a step: a place and its mark.
public struct TraceDecision: Hashable, Sendable {
    public var place: TracePlace
    public var mark: TraceMark

    public init(_ place: TracePlace, _ mark: TraceMark) {
        self.place = place
        self.mark = mark
    }
}

/// How a grader's trace ends.
public enum TraceOutcome: String, Sendable, CaseIterable {
    /// The steps reach a solution.
    case solved
    /// The techniques allowed (and the guesses within budget) stop short.
    case stuck
    /// The puzzle cannot be completed: its steps end in a contradiction.
    case noSolution
}

/// A grader's solution path as data: every step with its technique, the
/// places it read and decided, its round and the moves on offer, and the
/// facts its sentence needs (not the sentence). Score, label, metrics,
/// explanation, hints, drawings and the grade's JSON and CSV fields are all
/// computed from it (``GradingFamily``), once.
///
/// A family whose grade lists features instead of deductions (number
/// search, drills, Morse) has one step per item, in the order a person
/// meets them.
public struct GradeTrace<Technique: TechniqueTier, Facts: Sendable>: Sendable {
    /// One step of the path.
    public struct Step: Sendable {
        /// The technique (or feature) that makes the step.
        public var technique: Technique
        /// The places the step reads.
        public var reads: [TracePlace]
        /// What the step decides, in order.
        public var decides: [TraceDecision]
        /// Steps that became possible at the same time share a round (1-based).
        public var round: Int
        /// How many moves the step's technique offered at that point (1: forced).
        public var movesOnOffer: Int
        /// Open places left before the step, where the family counts them.
        public var openCells: Int?
        /// How many guesses the step rests on (0 for pure logic; a guess counts itself).
        public var guessDepth: Int
        /// The step is a guess (a trial that worked out), not a deduction.
        public var isGuess: Bool
        /// The step's part of the score (the technique's weight unless the
        /// family's score rule says otherwise).
        public var points: Int
        /// What the step's sentence says, as data.
        public var facts: Facts

        public init(technique: Technique, reads: [TracePlace], decides: [TraceDecision], round: Int, movesOnOffer: Int,
                    openCells: Int? = nil, guessDepth: Int = 0, isGuess: Bool = false, points: Int? = nil, facts: Facts) {
            self.technique = technique
            self.reads = reads
            self.decides = decides
            self.round = round
            self.movesOnOffer = movesOnOffer
            self.openCells = openCells
            self.guessDepth = guessDepth
            self.isGuess = isGuess
            self.points = points ?? technique.weight
            self.facts = facts
        }
    }

    public var steps: [Step]
    public var outcome: TraceOutcome
    /// Why the grader stopped: ``StopReason/exhausted`` when it went to its
    /// end (solved, stuck or a contradiction), else the budget that stopped
    /// it (the label and score are then lower bounds).
    public var stopReason: StopReason
    /// The uniqueness check: solutions counted up to 2 (2: two or more);
    /// `nil` when a budget stopped it before it knew.
    public var solutionsUpTo2: Int?
    /// Guesses that led to a dead end and were taken back (the guesses
    /// that worked out are the path's guess steps, ``guesses``).
    public var backtracks: Int
    /// Score beyond the steps' points, as the family's score rule says
    /// (rounds, failed trials).
    public var extraPoints: Int
    /// Decisions that complete the puzzle when the steps do not reach its
    /// end but a count found a solution (for drawing it); empty otherwise.
    public var foundSolution: [TraceDecision]

    public init(steps: [Step], outcome: TraceOutcome, stopReason: StopReason = .exhausted, solutionsUpTo2: Int?,
                backtracks: Int = 0, extraPoints: Int = 0,
                foundSolution: [TraceDecision] = []) {
        self.steps = steps
        self.outcome = outcome
        self.stopReason = stopReason
        self.solutionsUpTo2 = solutionsUpTo2
        self.backtracks = backtracks
        self.extraPoints = extraPoints
        self.foundSolution = foundSolution
    }

    /// The guess steps on the path (the trials that worked out; those that
    /// did not are ``backtracks``).
    @inlinable
    public var guesses: Int { steps.count { $0.isGuess } }

    /// The deepest nesting of guesses on the path.
    @inlinable
    public var maxGuessDepth: Int { steps.reduce(0) { max($0, $1.guessDepth) } }

    /// The grader went to its end and the uniqueness check knew.
    public var complete: Bool { stopReason == .exhausted && solutionsUpTo2 != nil }

    /// The sum of the steps' points and ``extraPoints``.
    @inlinable
    public var score: Int { steps.reduce(extraPoints) { $0 + $1.points } }

    /// The hardest technique on the path.
    @inlinable
    public var hardestTechnique: Technique? { steps.lazy.map(\.technique).max() }

    /// The dependency metrics of the path.
    @inlinable
    public var metrics: TraceMetrics {
        TraceMetrics(steps.map { TraceStep(round: $0.round, movesOnOffer: $0.movesOnOffer, openCells: $0.openCells, isGuess: $0.isGuess) })
    }

    /// Steps per technique, in the technique table's order.
    @inlinable
    public var stepsPerTechnique: [(technique: Technique, steps: Int)] {
        // One pass that reads only each step's technique (a step's facts
        // are not copied).
        let techniques = Array(Technique.allCases)
        var counts = [Int](repeating: 0, count: techniques.count)
        for index in steps.indices {
            if let position = techniques.firstIndex(of: steps[index].technique) { counts[position] += 1 }
        }
        return zip(techniques, counts).map { (technique: $0, steps: $1) }
    }

    /// The label `rule` gives the path, from the technique table's label
    /// column; `labels` (easiest first) orders them; the easiest for a path
    /// without steps.
    public func label(_ rule: LabelRule, labels: [String]) -> String {
        let ranks = steps.map { labels.firstIndex(of: $0.technique.gradeLabel) ?? 0 }
        guard let first = labels.first else { return "" }
        switch rule {
        case .hardest:
            return hardestTechnique.map(\.gradeLabel) ?? first
        case .quantile(let share):
            guard !ranks.isEmpty else { return first }
            let sorted = ranks.sorted()
            return labels[sorted[min(sorted.count - 1, max(0, Int(Double(sorted.count) * share)))]]
        }
    }
}

/// How a family turns a path into one label, stated once (FORMATS.md
/// section 7 and the family page).
public enum LabelRule: Sendable, Equatable {
    /// The label of the hardest technique on the path.
    case hardest
    /// The label of the step at this share of the path, its steps ordered
    /// easiest first by label (`0.5`: the label at least half of the steps
    /// reach, the median).
    case quantile(Double)
}

/// A technique named in a result: its code and the name people read.
public struct NamedTechnique: Sendable, Equatable {
    public var code: String
    public var name: String

    /// The technique's code and its name in `language`.
    @inlinable
    public init<T: TechniqueTier>(_ technique: T, _ language: Language = .english) {
        code = technique.code
        name = technique.name(in: language)
    }

    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }
}
