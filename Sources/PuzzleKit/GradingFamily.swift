/// A family with a grader: difficulty for a person, with explanations.
///
/// The grader returns a ``GradeTrace``: its grade, its JSON and CSV
/// fields, the explanation and the hints are computed from the trace here,
/// the same way for every family.
public protocol GradingFamily<Puzzle>: PuzzleFamily {
    /// The family's technique (or feature) table, easiest first.
    associatedtype Technique: TechniqueTier
    /// The grade labels, easiest first (bench counts them in this order).
    var gradeLabels: [String] { get }
    /// Grades a puzzle.
    ///
    /// - Parameters:
    ///   - puzzle: the puzzle to grade.
    ///   - solutionsUpTo2: the puzzle's solutions counted up to 2 (a
    ///     uniqueness check: 0, 1, or 2 for two or more) when the caller
    ///     already has them, so the grader need not count again.
    ///   - words: the words for people the grade writes, and their
    ///     language (``GradeWords``; bench and export ask for none).
    ///   - timeLimit: the CPU-time budget (``Deadline``) of the grade (and of the
    ///     uniqueness check in it); a grade stopped by it has
    ///     ``GradeResult/complete`` false. `nil`: none.
    func grade(_ puzzle: Puzzle, solutionsUpTo2: Int?, words: GradeWords, timeLimit: Duration?) throws -> GradeResult

    /// What one step's sentence needs to know beyond its places.
    associatedtype StepFacts: Sendable
    typealias Trace = GradeTrace<Technique, StepFacts>

    /// The grader's path through `puzzle`.
    ///
    /// - Parameters:
    ///   - puzzle: the puzzle to grade.
    ///   - solutionsUpTo2: its solutions counted up to 2, when the caller
    ///     already has them (else the grader's uniqueness check counts).
    ///   - timeLimit: the CPU-time budget (``Deadline``) of the grade and
    ///     its uniqueness check; `nil`: none.
    func trace(_ puzzle: Puzzle, solutionsUpTo2: Int?, timeLimit: Duration?) throws -> Trace

    /// The sentence a person reads for `step` of a trace of `puzzle`, in
    /// `language`, from the family's message catalogue.
    func sentence(_ step: Trace.Step, in puzzle: Puzzle, language: Language) -> String

    /// How the trace's steps give one label (stated in FORMATS.md section 7).
    var labelRule: LabelRule { get }

    /// The label of a trace; the default applies ``labelRule`` to
    /// ``GradingFamily/gradeLabels``.
    func label(_ trace: Trace) -> String

    /// The name people read for one of ``gradeLabels`` in `language`; by
    /// default `label.<label>` of the technique table's catalogue, or the
    /// label itself when the catalogue has no such key.
    func labelName(_ label: String, in language: Language) -> String

    /// The family's own fields of a grade, after the core keys.
    func familyFields(_ trace: Trace, of puzzle: Puzzle) -> [(key: String, value: ReportValue)]

    /// Lines the text output of `grade` shows under the summary line, in
    /// `language`.
    func details(_ trace: Trace, of puzzle: Puzzle, language: Language) -> [String]

    /// The grade a trace gives, with the words `words` asks for. A
    /// requirement (with its default below) so that generic callers
    /// (`bench`, `export`) reach the version specialised for the family.
    func grade(_ trace: Trace, of puzzle: Puzzle, words: GradeWords) -> GradeResult
}

/// The words for people a grade writes besides its codes and numbers.
public enum GradeWords: Sendable, Equatable {
    /// None: the label's and techniques' names in English, no details
    /// lines, no explanation (bench and export read only the fields).
    case none
    /// The label's and techniques' names and the details lines, in the
    /// language.
    case summary(Language)
    /// The summary's words and one sentence per step
    /// (``GradeResult/explanation``), in the language.
    case explanation(Language)

    /// The summary, with the explanation when `explain`.
    public init(explain: Bool, language: Language) {
        self = explain ? .explanation(language) : .summary(language)
    }

    /// The language of the words (English for ``none``).
    public var language: Language {
        switch self {
        case .none: .english
        case .summary(let language), .explanation(let language): language
        }
    }
}

extension GradingFamily {
    /// Grades a puzzle within ``DefaultBudget/time``: the summary's words
    /// in `language`, and the explanation when `explain`.
    public func grade(_ puzzle: Puzzle, solutionsUpTo2: Int?, explain: Bool, language: Language = .english) throws -> GradeResult {
        try grade(puzzle, solutionsUpTo2: solutionsUpTo2, words: GradeWords(explain: explain, language: language), timeLimit: DefaultBudget.time)
    }

    /// Grades a puzzle: the summary's words in `language`, and the
    /// explanation when `explain`.
    public func grade(_ puzzle: Puzzle, solutionsUpTo2: Int?, explain: Bool, language: Language = .english,
                      timeLimit: Duration?) throws -> GradeResult {
        try grade(puzzle, solutionsUpTo2: solutionsUpTo2, words: GradeWords(explain: explain, language: language), timeLimit: timeLimit)
    }

    public func label(_ trace: Trace) -> String { trace.label(labelRule, labels: gradeLabels) }

    public func familyFields(_ trace: Trace, of puzzle: Puzzle) -> [(key: String, value: ReportValue)] { [] }

    public func details(_ trace: Trace, of puzzle: Puzzle, language: Language) -> [String] { [] }

    public func labelName(_ label: String, in language: Language) -> String {
        let key = "label.\(label)"
        return Technique.catalogue.contains(key) ? Technique.catalogue.text(key, language) : label
    }

    @inlinable
    public func grade(_ puzzle: Puzzle, solutionsUpTo2: Int?, words: GradeWords, timeLimit: Duration?) throws -> GradeResult {
        grade(try trace(puzzle, solutionsUpTo2: solutionsUpTo2, timeLimit: timeLimit), of: puzzle, words: words)
    }

    /// The grade a trace gives: the summary's words in `language`, and the
    /// explanation when `explain`.
    @inlinable
    public func grade(_ trace: Trace, of puzzle: Puzzle, explain: Bool, language: Language = .english) -> GradeResult {
        grade(trace, of: puzzle, words: GradeWords(explain: explain, language: language))
    }

    /// The grade a trace gives, with the words `words` asks for.
    ///
    /// Inlinable, as are the trace's derived values it reads: specialised in
    /// each family's module they cost little; as generic code they cost the
    /// math crossword about as much as its grader's own steps.
    @inlinable
    public func grade(_ trace: Trace, of puzzle: Puzzle, words: GradeWords) -> GradeResult {
        let label = label(trace), language = words.language
        var details: [String] = [], explanation: [String] = []
        if words != .none { details = self.details(trace, of: puzzle, language: language) }
        if case .explanation = words { explanation = trace.steps.map { sentence($0, in: puzzle, language: language) } }
        return GradeResult(trace, label: label, labelName: words == .none ? label : labelName(label, in: language), language: language,
                           familyFields: familyFields(trace, of: puzzle), details: details, explanation: explanation)
    }

    /// The hint an app shows a player who has made `made` decisions: the
    /// sentence, in `language`, of the first step of the trace that decides
    /// something not yet made, or `nil` when every step's decisions are made.
    public func hint(_ trace: Trace, in puzzle: Puzzle, made: Set<TraceDecision>, language: Language = .english) -> String? {
        trace.steps.first { step in step.decides.contains { !made.contains($0) } }.map { sentence($0, in: puzzle, language: language) }
    }
}
