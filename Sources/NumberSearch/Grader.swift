import PuzzleKit

/// Why a level cannot be graded.
public enum GradeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The level breaks the format's rules.
    case invalidLevel(String)
    /// A question has no path in the grid (1-based question number).
    case unsolvable(question: Int, text: String)

    public var description: String {
        switch self {
        case .invalidLevel(let problem): return "invalid level: \(problem)"
        case .unsolvable(let question, let text): return "question \(question) (\(text)) has no path in the grid"
        }
    }
}

/// The grade of one question: its answer path, its features and its score.
public struct QuestionGrade: Sendable, Equatable {
    public var question: Question
    /// Paths spelling the target.
    public var pathCount: Int
    /// The answer graded: the question's own `solutionPositions`, or else the
    /// easiest path (lowest direction feature, then first found).
    public var path: [GridPosition]
    /// Paths spelling the target's first digits that begin no answer.
    public var prefixNearMisses: Int
    /// Paths spelling the first digits of the target's reversal that begin
    /// no answer read backwards.
    public var reversalNearMisses: Int
    /// The cells the near misses start from (a child's false starts), in
    /// reading order, each once.
    public var nearMissStarts: [GridPosition]
    /// The features used, easiest first (``Technique/nearMiss`` when there
    /// is at least one near miss).
    public var techniques: [Technique]
    /// The sum of the features' weights (near misses once each).
    public var score: Int

    /// All near misses.
    public var nearMisses: Int { prefixNearMisses + reversalNearMisses }
    /// The hardest feature used.
    public var hardest: Technique { techniques.max() ?? .forward }
    /// The path's direction feature.
    public var direction: Technique { Technique.direction(of: path) }
}

/// A level's questions graded, in the level's order; the family's
/// ``NumberSearchFamily/trace(_:solutionsUpTo2:timeLimit:)`` makes them its
/// steps and computes score and label from them.
public struct GradeReport: Sendable, Equatable {
    public var questions: [QuestionGrade]
}

/// What a step of a number search trace says: the question (0-based) and its grade.
public struct QuestionStep: Sendable, Equatable {
    public var index: Int
    public var grade: QuestionGrade
}

/// Rates how hard a level is for a child, from the features of each answer
/// (direction, length, carry, near misses) and the weights of ``Technique``.
///
///     let questions = try Grader.grade(level).questions
///     print(questions.map(\.score))
///     // Prints "[2, 3]" for an easy level of two questions
public enum Grader {
    /// Grades every question of a well-formed level.
    ///
    /// - Throws: ``GradeError`` for a malformed level or a question without a path.
    public static func grade(_ level: Puzzle) throws(GradeError) -> GradeReport {
        if let problem = level.problem { throw .invalidLevel(problem) }
        let board = Board(level)
        var questions: [QuestionGrade] = []
        for (i, q) in level.questions.enumerated() {
            guard let graded = grade(q, on: board, mode: level.pathMode) else {
                throw .unsolvable(question: i + 1, text: q.text)
            }
            questions.append(graded)
        }
        return GradeReport(questions: questions)
    }

    /// Grades one question, or `nil` when it has no path.
    static func grade(_ q: Question, on board: Board, mode: PathMode) -> QuestionGrade? {
        let digits = Rules.boardDigits(of: q.target)
        var nodes = 0
        var paths: [[Int]] = []
        board.forEachPath(digits, mode: mode, nodes: &nodes) { paths.append($0); return paths.count < 100_000 }
        guard !paths.isEmpty else { return nil }
        let path: [GridPosition]
        if let given = q.solutionPositions {
            path = given
        } else {
            let all = paths.map { $0.map(board.position) }
            path = all.min { Technique.direction(of: $0) < Technique.direction(of: $1) } ?? all[0]
        }
        let misses = board.nearMisses(digits, answers: paths, mode: mode)
        let total = misses.prefix + misses.reversal
        let techniques = features(of: q, path: path, nearMisses: total)
        let score = score(of: techniques, nearMisses: total)
        return QuestionGrade(question: q, pathCount: paths.count, path: path, prefixNearMisses: misses.prefix,
                             reversalNearMisses: misses.reversal, nearMissStarts: misses.starts.map(board.position),
                             techniques: techniques, score: score)
    }

    /// The features a question uses, easiest first: its path's direction,
    /// carry, a long answer, near misses and crowding.
    public static func features(of q: Question, path: [GridPosition], nearMisses: Int) -> [Technique] {
        var techniques: [Technique] = []
        forEachFeature(of: q, path: path, nearMisses: nearMisses) { techniques.append($0) }
        return techniques.sorted()
    }

    /// A question's score: its features' weights, ``Technique/nearMiss``
    /// once per near miss.
    static func score(of techniques: [Technique], nearMisses: Int) -> Int {
        techniques.reduce(0) { $0 + ($1 == .nearMiss ? nearMisses : $1.weight) }
    }

    /// The hardest of ``features(of:path:nearMisses:)`` and the question's
    /// score (what the generator checks against a profile's grade).
    static func hardestFeatureAndScore(of q: Question, path: [GridPosition], nearMisses: Int) -> (Technique, Int) {
        var hardest = Technique.direction(of: path)
        var score = 0
        forEachFeature(of: q, path: path, nearMisses: nearMisses) { feature in
            hardest = max(hardest, feature)
            score += feature == .nearMiss ? nearMisses : feature.weight
        }
        return (hardest, score)
    }

    /// The feature rules, written once: `body` gets each feature the
    /// question uses, its path's direction first.
    @inline(__always)
    private static func forEachFeature(of q: Question, path: [GridPosition], nearMisses: Int, _ body: (Technique) -> Void) {
        body(Technique.direction(of: path))
        if q.hasCarry { body(.carry) }
        if q.target >= 100 { body(.longAnswer) }  // three digits or more
        if nearMisses > 0 { body(.nearMiss) }
        if nearMisses >= Technique.crowdedThreshold { body(.crowded) }
    }

    /// The hint for a question, in `language`: where its answer starts.
    ///
    ///     print(Grader.hint(path: [GridPosition(row: 1, column: 2)], in: level))
    ///     // Prints "The 6 in row 2, column 3 starts it."
    ///     print(Grader.hint(path: [GridPosition(row: 1, column: 2)], in: level, language: .german))
    ///     // Prints "Die 6 in Zeile 2, Spalte 3 ist der Anfang."
    public static func hint(path: [GridPosition], in level: Puzzle, language: Language = .english) -> String {
        let words = Words(level: level, language: language)
        guard let first = path.first, let digit = level.digit(at: first) else { return words.text("hint.none") }
        return words.text("hint.start", ["digit": language.number(digit), "cell": words.cell(first)])
    }

    /// How to find a graded question's answer, as a sentence in `language`.
    public static func explanation(_ g: QuestionGrade, in level: Puzzle, language: Language = .english) -> String {
        let words = Words(level: level, language: language)
        let q = g.question
        let read = g.path.compactMap { level.digit(at: $0) }.map(language.number).joined(separator: ", ")
        let way: String
        if g.path.count < 2 {
            way = words.text("explain.one-cell")
        } else if let d = Rules.direction(of: g.path) {
            way = words.text("explain.read", ["direction": words.text("direction.\(d.rawValue)"), "digits": read])
        } else {
            way = words.text("explain.bent", ["digits": read])
        }
        let start = g.path.first.flatMap { first in
            level.digit(at: first).map { words.text("explain.start", ["digit": language.number($0), "cell": words.cell(first)]) }
        } ?? words.text("explain.none")
        var sentences = [words.text("explain.question", ["question": words.question(q), "start": start, "way": way])]
        if q.hasCarry {
            let units = q.operands.map { $0 % 10 }
            sentences.append(words.text("explain.carry", ["units": units.map(language.number).joined(separator: " + "),
                                                          "sum": language.number(units.reduce(0, +))]))
        }
        if g.nearMisses > 0 {
            let shown = 4
            var starts = [words.language.list(g.nearMissStarts.prefix(shown).map { start in
                words.text("explain.near-miss-start", ["digit": level.digit(at: start).map(language.number) ?? "?", "cell": words.cell(start)])
            })]
            if g.nearMissStarts.count > shown { starts.append(words.text("explain.more", ["count": language.number(g.nearMissStarts.count - shown)])) }
            let digits = Rules.digits(of: q.target)
            sentences.append(words.text("explain.near-misses", count: g.nearMisses))
            sentences.append(words.text("explain.near-miss-starts", count: g.nearMissStarts.count, [
                "starts": starts.joined(separator: " "),
                "first": digits.dropLast().map(language.number).joined(separator: ", "),
                "last": digits.dropFirst().map(language.number).joined(separator: ", "),
                "target": language.number(q.target),
            ]))
        }
        if g.pathCount > 1 { sentences.append(words.text("explain.paths", count: g.pathCount)) }
        return sentences.joined(separator: " ")
    }
}

/// Number search's words in one language, from ``NumberSearchMessages``.
struct Words {
    let level: Puzzle
    let language: Language

    /// The template `key` filled with `arguments`.
    func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        NumberSearchMessages.catalogue.text(key, language, arguments)
    }

    /// The plural form of `key` that `count` takes, filled with `arguments`.
    func text(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> String {
        NumberSearchMessages.catalogue.text(key, count: count, language, arguments)
    }

    /// "row 2, column 3", 1-based as people count; never traps.
    func cell(_ position: GridPosition) -> String {
        text("cell", ["row": Self.counted(position.row), "column": Self.counted(position.column)])
    }

    /// "83 + 13 = 96": a question with its answer.
    func question(_ q: Question) -> String {
        q.operands.map(language.number).joined(separator: " + ") + " = " + language.number(q.target)
    }

    private static func counted(_ index: Int) -> String {
        index >= 0 ? String(UInt(index) + 1) : String(index + 1)
    }
}

extension Board {
    /// A path's cells packed into one integer (cells are below 512).
    @inline(__always)
    static func key<C: Collection>(_ cells: C) -> Int where C.Element == Int {
        cells.reduce(0) { $0 &* 512 &+ $1 + 1 }
    }

    /// The near misses of a target given its answer paths: paths spelling
    /// its first `n − 1` digits that begin no answer, and paths spelling the
    /// first `n − 1` digits of its reversal that begin no answer read
    /// backwards.
    func nearMisses(_ digits: [UInt8], answers: [[Int]], mode: PathMode) -> (prefix: Int, reversal: Int, starts: [Int]) {
        let n = digits.count
        guard n >= 2 else { return (0, 0, []) }
        var starts: Set<Int> = []
        let leadKeys = answers.map { Board.key($0.prefix(n - 1)) }
        let backKeys = answers.map { Board.key($0.reversed().prefix(n - 1)) }
        var nodes = 0
        var prefix = 0, reversal = 0
        forEachPath(Array(digits.prefix(n - 1)), mode: mode, nodes: &nodes) { p in
            if !leadKeys.contains(Board.key(p)) {
                prefix += 1
                if let first = p.first { starts.insert(first) }
            }
            return true
        }
        forEachPath(Array(digits.reversed().prefix(n - 1)), mode: mode, nodes: &nodes) { p in
            if !backKeys.contains(Board.key(p)) {
                reversal += 1
                if let first = p.first { starts.insert(first) }
            }
            return true
        }
        return (prefix, reversal, starts.sorted())
    }
}
