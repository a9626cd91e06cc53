/// A grade in the terms every family shares (the core keys of the grade
/// schema, docs/FORMATS.md section 7), the family's own fields and its
/// sentences: everything a grader's ``GradeTrace`` gives, computed once.
public struct GradeResult: Sendable {
    /// The grade label (one of the family's ``GradingFamily/gradeLabels``).
    public var label: String
    /// The label's name in the grade's language (the text output shows it;
    /// JSON and CSV keep ``label``).
    public var labelName: String
    public var score: Int
    /// The hardest technique needed.
    public var hardestTechnique: NamedTechnique?
    public var outcome: TraceOutcome
    /// Why grading stopped (``StopReason/exhausted``: it went to its end).
    public var stopReason: StopReason
    /// The uniqueness check: solutions counted up to 2 — 0 none, 1 unique,
    /// 2 two or more (not the count: `solve` counts exactly); `nil` when a
    /// budget stopped it before it knew.
    public var solutionsUpTo2: Int?
    public var guesses: Int
    public var backtracks: Int
    public var maxGuessDepth: Int
    /// Steps, rounds, forced share, longest forced run, moves on offer and visibility.
    public var metrics: TraceMetrics
    /// Steps per technique, in the technique table's order (every technique, also those with none).
    public var stepsPerTechnique: [TechniqueSteps]
    /// The family's own fields, after the core keys in JSON and CSV.
    public var familyFields: [(key: String, value: ReportValue)]
    /// Lines the text output shows under the summary line.
    public var details: [String]
    /// The steps as sentences (when asked for), for `--explain` and hints.
    public var explanation: [String]

    /// False when a budget stopped the grader or its uniqueness check
    /// before the end: the label and score are then lower bounds (what the
    /// steps so far needed).
    public var complete: Bool { stopReason == .exhausted && solutionsUpTo2 != nil }

    public var steps: Int { metrics.steps }
    public var rounds: Int { metrics.rounds }

    /// The grade of a trace: its label by `labelRule` over `labels`, the
    /// family's fields and details, and its sentences when given.
    @inlinable
    public init<T: TechniqueTier, F: Sendable>(_ trace: GradeTrace<T, F>, label: String, labelName: String, language: Language,
                                               familyFields: [(key: String, value: ReportValue)], details: [String],
                                               explanation: [String]) {
        self.label = label
        self.labelName = labelName
        score = trace.score
        hardestTechnique = trace.hardestTechnique.map { NamedTechnique($0, language) }
        outcome = trace.outcome
        stopReason = trace.stopReason
        solutionsUpTo2 = trace.solutionsUpTo2
        guesses = trace.guesses
        backtracks = trace.backtracks
        maxGuessDepth = trace.maxGuessDepth
        metrics = trace.metrics
        stepsPerTechnique = trace.stepsPerTechnique.map { TechniqueSteps(technique: NamedTechnique($0.technique, language), steps: $0.steps) }
        self.familyFields = familyFields
        self.details = details
        self.explanation = explanation
    }

    /// The prefix of every technique count's key: `steps_` and the
    /// technique's code (`steps_one-blank`).
    public static let techniqueKeyPrefix = "steps_"

    /// The grade as row fields: the core keys (the same names, meanings and
    /// types in every family), then the family's own fields, then one
    /// count per technique (``techniqueKeyPrefix`` and its code).
    public var fields: [(key: String, value: ReportValue)] {
        var fields: [(key: String, value: ReportValue)] = [
            ("label", .string(label)), ("score", .int(score)),
            ("hardestTechnique", hardestTechnique.map { .string($0.code) } ?? .null),
            ("outcome", .string(outcome.rawValue)), ("complete", .bool(complete)), ("stopReason", .string(stopReason.rawValue)),
            ("solutionsUpTo2", solutionsUpTo2.map { .int($0) } ?? .null),
            ("steps", .int(metrics.steps)), ("rounds", .int(metrics.rounds)), ("guesses", .int(guesses)),
            ("backtracks", .int(backtracks)), ("maxGuessDepth", .int(maxGuessDepth)),
            ("forcedShare", .double(metrics.forcedShare)), ("longestForcedRun", .int(metrics.longestForcedRun)),
            ("meanStepsPerRound", .double(metrics.meanStepsPerRound)), ("meanMovesOnOffer", .double(metrics.meanMovesOnOffer)),
            ("visibility", metrics.visibility.map { .double($0) } ?? .null),
        ]
        fields += familyFields
        for count in stepsPerTechnique { fields.append((Self.techniqueKeyPrefix + count.technique.code, .int(count.steps))) }
        return fields
    }

    /// The core keys of ``fields``, in order: every family's grade row has them.
    public static let coreKeys = [
        "label", "score", "hardestTechnique", "outcome", "complete", "stopReason", "solutionsUpTo2", "steps", "rounds",
        "guesses", "backtracks", "maxGuessDepth", "forcedShare", "longestForcedRun", "meanStepsPerRound",
        "meanMovesOnOffer", "visibility",
    ]
}

/// How many steps of a trace one technique made.
public struct TechniqueSteps: Sendable, Equatable {
    public var technique: NamedTechnique
    public var steps: Int

    @inlinable
    public init(technique: NamedTechnique, steps: Int) {
        self.technique = technique
        self.steps = steps
    }
}
