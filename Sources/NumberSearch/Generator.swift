import PuzzleKit

/// A generated level and what it took.
public struct GenerationOutcome: Sendable {
    public var level: Level
    /// Candidate levels built, the accepted one included.
    public var attempts: Int
    /// Why the other candidates were rejected: reason codes and counts, by code.
    public var rejections: [(reason: String, count: Int)]
}

/// Generates levels from a seed, byte for byte the same for the same seed.
///
/// A candidate is built in four steps, each of which can reject it (the
/// reason codes of ``GenerationFailure/reason``):
/// 1. pick distinct targets and operands (`targets`: no palindrome, no
///    target's digits or their reversal inside another's, the profile's
///    carry rule);
/// 2. place each answer on free cells (`no-room`): a straight line in one of
///    the profile's directions, or a random king-move walk in any mode, so
///    answers never share a cell;
/// 3. fill every other cell, in random order, with a random digit that
///    completes no path spelling any target and keeps every question within
///    the profile's near misses (`dead-end` when no digit fits);
/// 4. verify with the solver and the grader: every target has exactly one
///    path (`extra-path`, for paths through answer cells only), near misses
///    within bounds (`near-misses`), a crowded question where the profile
///    needs one (`not-crowded`), and the profile's grade (`wrong-grade`).
///
///     let outcome = try Generator.generate(Profile.level(of: 1), seed: 7)
///     print(TextFormat.write(outcome.level))
public enum Generator {
    /// Generates the level of `seed` for `profile`.
    ///
    /// - Throws: ``PuzzleKit/GenerationFailure`` with the most frequent
    ///   rejection reason when ``Profile/attempts`` candidates all fail.
    public static func generate(_ profile: Profile, seed: Int) throws(GenerationFailure) -> GenerationOutcome {
        var rng = SplitMix64(seed: UInt64(bitPattern: Int64(seed)) ^ (UInt64(profile.level) &* 0xD1B5_4A32_D192_ED03)
                                 ^ (profile.pathMode == .any ? 0xA5A5_A5A5 : 0))
        var rejections: [String: Int] = [:]
        let attempts = max(1, profile.attempts)
        for attempt in 1...attempts {
            switch candidate(profile, rng: &rng) {
            case .success(let board, let questions):
                let level = Level(id: "\(profile.id)-\(seed)", profile: profile.id, pathMode: profile.pathMode,
                                  grid: board.grid, questions: questions)
                if let reason = verify(level, profile) {
                    rejections[reason, default: 0] += 1
                    continue
                }
                return GenerationOutcome(level: level, attempts: attempt,
                                         rejections: rejections.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            case .failure(let rejection):
                rejections[rejection.reason, default: 0] += 1
            }
        }
        let tally = rejections.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let reason = tally.first?.key ?? "budget"
        throw GenerationFailure(reason: reason, "no \(profile.id) level for seed \(seed) in \(attempts) attempts ("
            + tally.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")")
    }

    /// A game: the five levels of rising difficulty, all from `seed`.
    public static func game(seed: Int, mode: PathMode = .straight) throws(GenerationFailure) -> [Level] {
        var levels: [Level] = []
        for n in 1...5 { levels.append(try generate(Profile.level(of: n, mode: mode), seed: seed).level) }
        return levels
    }

    struct Rejection: Error { var reason: String }

    enum Candidate {
        case success(Board, [Question])
        case failure(Rejection)
    }

    /// One candidate level (steps 1 to 3).
    static func candidate(_ profile: Profile, rng: inout SplitMix64) -> Candidate {
        guard let questions = pickQuestions(profile, rng: &rng) else { return .failure(Rejection(reason: "targets")) }
        var board = Board(rows: profile.rows, columns: profile.columns)
        var placed: [Question] = []
        for (i, q) in questions.enumerated() {
            let digits = Rules.boardDigits(of: q.target)
            guard let path = place(digits.count, first: i == 0, profile, on: board, rng: &rng) else {
                return .failure(Rejection(reason: "no-room"))
            }
            for (k, cell) in path.enumerated() { board.cells[cell] = digits[k] }
            placed.append(Question(operands: q.operands, target: q.target, solutionPositions: path.map(board.position)))
        }
        // Paths through filler cells are prevented while filling, so every
        // extra path lies on answer cells alone: reject those before filling.
        var nodes = 0
        for q in placed where board.count(Rules.boardDigits(of: q.target), mode: profile.pathMode, nodes: &nodes) != 1 {
            return .failure(Rejection(reason: "extra-path"))
        }
        guard fill(&board, questions: placed, profile, rng: &rng) else { return .failure(Rejection(reason: "dead-end")) }
        return .success(board, placed)
    }

    /// Step 1: the questions' targets and operands.
    static func pickQuestions(_ profile: Profile, rng: inout SplitMix64) -> [Question]? {
        var questions: [Question] = []
        var strings: [String] = []
        for i in 0..<profile.questions {
            let range = i == 0 ? profile.firstTargets : profile.targets
            var chosen: Question?
            for _ in 0..<50 {
                let t = rng.uniform(in: range)
                let s = String(t)
                let r = String(s.reversed())
                guard !Rules.isPalindrome(t),
                      !strings.contains(where: { $0.contains(s) || $0.contains(r) || s.contains($0) || r.contains($0) }) else { continue }
                let lo = max(profile.operands.lowerBound, t - profile.operands.upperBound)
                let hi = min(profile.operands.upperBound, t - profile.operands.lowerBound)
                guard lo <= hi else { continue }
                var a: Int
                if profile.allowsCarry {
                    a = rng.uniform(in: lo...hi)
                } else {
                    let fits = (lo...hi).filter { $0 % 10 <= t % 10 }
                    guard !fits.isEmpty else { continue }
                    a = fits[rng.index(below: fits.count)]
                }
                chosen = Question(operands: [a, t - a], target: t)
                strings.append(s)
                break
            }
            guard let q = chosen else { return nil }
            questions.append(q)
        }
        return questions
    }

    /// Step 2: the cells of one answer of `length` digits on free cells.
    static func place(_ length: Int, first: Bool, _ profile: Profile, on board: Board, rng: inout SplitMix64) -> [Int]? {
        let free = { (cell: Int) in cell >= 0 && board.cells[cell] == Board.empty }
        switch profile.pathMode {
        case .straight:
            let directions = first ? profile.firstDirections : profile.directions
            guard !directions.isEmpty else { return nil }
            let d = directions[rng.index(below: directions.count)]
            var starts: [Int] = []
            for start in board.cells.indices where free(start) {
                var cell = start
                var ok = true
                for _ in 1..<max(1, length) {
                    cell = board.step(cell, d.dr, d.dc)
                    if !free(cell) { ok = false; break }
                }
                if ok { starts.append(start) }
            }
            guard !starts.isEmpty else { return nil }
            let start = starts[rng.index(below: starts.count)]
            return (0..<length).map { start + $0 * (d.dr * board.columns + d.dc) }
        case .any:
            let freeCells = board.cells.indices.filter(free)
            for _ in 0..<20 where !freeCells.isEmpty {
                var path = [freeCells[rng.index(below: freeCells.count)]]
                while path.count < length {
                    let options = Board.steps.map { board.step(path[path.count - 1], $0.0, $0.1) }
                        .filter { free($0) && !path.contains($0) }
                    guard !options.isEmpty else { break }
                    path.append(options[rng.index(below: options.count)])
                }
                if path.count == length { return path }
            }
            return nil
        }
    }

    /// Step 3: fills the empty cells; false at a cell no digit fits.
    static func fill(_ board: inout Board, questions: [Question], _ profile: Profile, rng: inout SplitMix64) -> Bool {
        let mode = profile.pathMode
        let targets = questions.map { Rules.boardDigits(of: $0.target) }
        let leads = targets.map { $0.count >= 2 ? Array($0.prefix($0.count - 1)) : [] }
        let backs = targets.map { $0.count >= 2 ? Array($0.reversed().prefix($0.count - 1)) : [] }
        var misses: [Int] = []
        if let limit = profile.maxNearMisses {
            for t in targets {
                var nodes = 0
                var answers: [[Int]] = []
                board.forEachPath(t, mode: mode, nodes: &nodes) { answers.append($0); return true }
                let m = board.nearMisses(t, answers: answers, mode: mode)
                if m.prefix + m.reversal > limit { return false }
                misses.append(m.prefix + m.reversal)
            }
        }
        var empty = board.cells.indices.filter { board.cells[$0] == Board.empty }
        empty.stableShuffle(using: &rng)
        var candidates: [UInt8] = Array(0...9)
        var added = [Int](repeating: 0, count: targets.count)
        for cell in empty {
            candidates.stableShuffle(using: &rng)
            var placed = false
            for x in candidates {
                board.cells[cell] = x
                var ok = true
                for q in targets.indices {
                    if board.countThrough(cell, targets[q], mode: mode) > 0 { ok = false; break }
                    if let limit = profile.maxNearMisses, !leads[q].isEmpty {
                        added[q] = board.countThrough(cell, leads[q], mode: mode) + board.countThrough(cell, backs[q], mode: mode)
                        if misses[q] + added[q] > limit { ok = false; break }
                    }
                }
                if ok {
                    if profile.maxNearMisses != nil {
                        for q in targets.indices where !leads[q].isEmpty { misses[q] += added[q] }
                    }
                    placed = true
                    break
                }
            }
            if !placed { return false }
        }
        return true
    }

    /// Step 4: the reason a filled candidate breaks a rule, or `nil`.
    static func verify(_ level: Level, _ profile: Profile) -> String? {
        let board = Board(level)
        var nodes = 0
        for q in level.questions where board.count(Rules.boardDigits(of: q.target), mode: level.pathMode, nodes: &nodes) != 1 {
            return "extra-path"
        }
        guard let grade = try? Grader.grade(level) else { return "extra-path" }
        if let limit = profile.maxNearMisses, grade.questions.contains(where: { $0.nearMisses > limit }) { return "near-misses" }
        if profile.needsCrowded, !grade.questions.contains(where: { $0.techniques.contains(.crowded) }) { return "not-crowded" }
        if let label = profile.gradeLabel, grade.label != label { return "wrong-grade" }
        return nil
    }
}
