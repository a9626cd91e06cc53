import PuzzleKit

/// A generated level and what it took.
public struct GenerationOutcome: Sendable {
    public var level: Puzzle
    /// Candidate levels built, the accepted one included.
    public var attempts: Int
    /// Why the other candidates were rejected: reason codes and counts, by code.
    public var rejections: [(reason: String, count: Int)]
}

/// Generates levels from a seed, byte for byte the same for the same seed.
///
/// A candidate is built in four steps, each of which can reject it (the
/// reason codes of `GenerationFailure.reason`):
/// 1. pick distinct targets and operands (`targets`: no palindrome, no
///    target's digits or their reversal inside another's, the profile's
///    carry rule);
/// 2. place each answer on free cells (`no-room`): a straight line in one of
///    the profile's directions, or a random king-move walk in any mode, so
///    answers never share a cell;
/// 3. fill every other cell, in random order, with a digit that completes
///    no path spelling any target and keeps every question within the
///    profile's near misses (`dead-end` when no digit fits); every extra
///    path through answer cells alone is rejected before filling
///    (`extra-path`), so each target keeps exactly one path by construction
///    (the tests recount with the solver and an independent brute force);
/// 4. check the profile: near misses within bounds (`near-misses`), a
///    crowded question where the profile needs one (`not-crowded`), and the
///    profile's grade from the same features as ``Grader`` (`wrong-grade`).
///
///     let outcome = try Generator.generate(Profile.level(of: 1), seed: 7)
///     print(TextFormat.write(outcome.level))
public enum Generator {
    /// Generates the level of `seed` for `profile`.
    ///
    /// - Throws: `GenerationFailure` with the most frequent
    ///   rejection reason when ``Profile/attempts`` candidates all fail.
    public static func generate(_ profile: Profile, seed: Int) throws(GenerationFailure) -> GenerationOutcome {
        var rng = SplitMix64(seed: UInt64(bitPattern: Int64(seed)) ^ (UInt64(profile.level) &* 0xD1B5_4A32_D192_ED03)
                                 ^ (profile.pathMode == .any ? 0xA5A5_A5A5 : 0))
        // Reason codes and counts: a handful of codes, so a list beats hashing.
        var rejections: [(reason: String, count: Int)] = []
        let attempts = max(1, profile.attempts)
        for attempt in 1...attempts {
            switch candidate(profile, rng: &rng) {
            case .success(let board, let questions):
                let level = Puzzle(id: "\(profile.id)-\(seed)", profile: profile.id, pathMode: profile.pathMode,
                                  grid: board.grid, questions: questions)
                return GenerationOutcome(level: level, attempts: attempt,
                                         rejections: rejections.sorted { $0.reason < $1.reason })
            case .failure(let rejection):
                if let i = rejections.firstIndex(where: { $0.reason == rejection.reason }) {
                    rejections[i].count += 1
                } else {
                    rejections.append((rejection.reason, 1))
                }
            }
        }
        let tally = rejections.sorted { $0.count != $1.count ? $0.count > $1.count : $0.reason < $1.reason }
        let reason = tally.first?.reason ?? "budget"
        throw GenerationFailure(reason: reason, "no \(profile.id) level for seed \(seed) in \(attempts) attempts ("
            + tally.map { "\($0.reason) \($0.count)" }.joined(separator: ", ") + ")")
    }

    /// A game: the five levels of rising difficulty, all from `seed`.
    public static func game(seed: Int, mode: PathMode = .straight) throws(GenerationFailure) -> [Puzzle] {
        var levels: [Puzzle] = []
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
        placed.reserveCapacity(questions.count)
        let targets = questions.map { Rules.boardDigits(of: $0.target) }
        for (i, q) in questions.enumerated() {
            let digits = targets[i]
            guard let path = place(digits.count, first: i == 0, profile, on: board, rng: &rng) else {
                return .failure(Rejection(reason: "no-room"))
            }
            for (k, position) in path.enumerated() { board.cells[board.cell(position)] = digits[k] }
            placed.append(Question(operands: q.operands, target: q.target, solutionPositions: path))
        }
        // Paths through filler cells are prevented while filling, so every
        // extra path lies on answer cells alone: reject those before filling.
        for digits in targets where board.count(digits, mode: profile.pathMode) != 1 {
            return .failure(Rejection(reason: "extra-path"))
        }
        guard let misses = fill(&board, targets: targets, profile, rng: &rng) else { return .failure(Rejection(reason: "dead-end")) }
        if let reason = verify(placed, misses: misses, profile) { return .failure(Rejection(reason: reason)) }
        return .success(board, placed)
    }

    /// Step 1: the questions' targets and operands.
    static func pickQuestions(_ profile: Profile, rng: inout SplitMix64) -> [Question]? {
        var questions: [Question] = []
        questions.reserveCapacity(profile.questions)
        for i in 0..<profile.questions {
            let range = i == 0 ? profile.firstTargets : profile.targets
            var chosen: Question?
            for _ in 0..<50 {
                let t = rng.uniform(in: range)
                let d = DigitRun(t)
                let r = d.reversed
                guard d != r || d.count == 1,
                      !questions.contains(where: {
                          let other = DigitRun($0.target)
                          return d.occurs(in: other) || r.occurs(in: other) || other.occurs(in: d) || other.occurs(in: r)
                      }) else { continue }
                let lo = max(profile.operands.lowerBound, t - profile.operands.upperBound)
                let hi = min(profile.operands.upperBound, t - profile.operands.lowerBound)
                guard lo <= hi else { continue }
                // Rejection sampling keeps the choice uniform among the splits allowed.
                var a = -1
                for _ in 0..<20 {
                    let x = rng.uniform(in: lo...hi)
                    if profile.allowsCarry || x % 10 <= t % 10 { a = x; break }
                }
                guard a >= 0 else { continue }
                chosen = Question(operands: [a, t - a], target: t)
                break
            }
            guard let q = chosen else { return nil }
            questions.append(q)
        }
        return questions
    }

    /// The decimal digits of a number (``Rules/digits(of:)``) packed into one
    /// value, so that its reversal may start with zeros (`10` reversed is
    /// `01`): what the target rules compare, without arrays.
    struct DigitRun: Equatable {
        /// The digits read as a decimal number.
        var value: UInt64
        /// How many digits, leading zeros included (1 … 19).
        var count: Int

        /// The digits of `number` (`0` for 0 and below, like ``Rules/digits(of:)``).
        init(_ number: Int) {
            value = UInt64(max(0, number))
            count = 1
            var rest = value / 10
            while rest > 0 {
                count += 1
                rest /= 10
            }
        }

        /// The same digits in reverse order.
        var reversed: DigitRun {
            var result = self
            result.value = 0
            var rest = value
            for _ in 0..<count {
                result.value = result.value * 10 + rest % 10
                rest /= 10
            }
            return result
        }

        /// True when these digits occur as a contiguous run in `whole`.
        func occurs(in whole: DigitRun) -> Bool {
            guard count <= whole.count else { return false }
            var window: UInt64 = 1  // 10^count, at most 10^19, below UInt64.max
            for _ in 0..<count { window *= 10 }
            var rest = whole.value
            for _ in 0...(whole.count - count) {
                if rest % window == value { return true }
                rest /= 10
            }
            return false
        }
    }

    /// Step 2: the cells of one answer of `length` digits on free cells, in
    /// reading order.
    static func place(_ length: Int, first: Bool, _ profile: Profile, on board: Board, rng: inout SplitMix64) -> [GridPosition]? {
        switch profile.pathMode {
        case .straight:
            let directions = first ? profile.firstDirections : profile.directions
            guard !directions.isEmpty else { return nil }
            let d = directions[rng.index(below: directions.count)]
            let dr = d.dr, dc = d.dc
            let offset = dr * board.columns + dc
            // The line from (r, c) lies inside the grid when its last cell does.
            let span = max(0, length - 1)
            let firstRow = max(0, -span * dr), endRow = board.rows - max(0, span * dr)
            let firstColumn = max(0, -span * dc), endColumn = board.columns - max(0, span * dc)
            guard firstRow < endRow, firstColumn < endColumn else { return nil }
            let rows = firstRow..<endRow, columns = firstColumn..<endColumn
            // The starts whose whole line lies on free cells, row-major,
            // counted, then the chosen one found again (no array of starts).
            func fits(_ start: Int) -> Bool {
                for k in 0..<length where board.cells[start + k * offset] != Board.empty { return false }
                return true
            }
            var count = 0
            for r in rows {
                for c in columns where fits(r * board.columns + c) { count += 1 }
            }
            guard count > 0 else { return nil }
            var chosen = rng.index(below: count)
            for r in rows {
                for c in columns where fits(r * board.columns + c) {
                    if chosen == 0 { return (0..<length).map { board.position(r * board.columns + c + $0 * offset) } }
                    chosen -= 1
                }
            }
            return nil
        case .any:
            let freeCells = board.cells.indices.filter { board.cells[$0] == Board.empty }
            var path: [Int] = []
            path.reserveCapacity(length)
            for _ in 0..<20 where !freeCells.isEmpty {
                path.removeAll(keepingCapacity: true)
                path.append(freeCells[rng.index(below: freeCells.count)])
                while path.count < length {
                    // The free neighbours off the path, in direction order:
                    // counted, then the chosen one found again.
                    let last = path[path.count - 1]
                    func option(_ d: Int) -> Int? {
                        let (dr, dc) = Board.delta(d)
                        let next = board.step(last, dr, dc)
                        return next >= 0 && board.cells[next] == Board.empty && !path.contains(next) ? next : nil
                    }
                    var options = 0
                    for d in 0..<8 where option(d) != nil { options += 1 }
                    guard options > 0 else { break }
                    var chosen = rng.index(below: options)
                    for d in 0..<8 {
                        guard let next = option(d) else { continue }
                        if chosen == 0 {
                            path.append(next)
                            break
                        }
                        chosen -= 1
                    }
                }
                if path.count == length { return path.map(board.position) }
            }
            return nil
        }
    }

    /// Step 3: fills the empty cells; false at a cell no digit fits.
    ///
    /// A path that is not an answer either lies on answer cells alone
    /// (rejected before filling) or holds a filler cell; it is complete the
    /// moment its last filler cell is written, and that write is refused. The
    /// near misses are counted the same way, exactly: those on answer cells
    /// first, then the new ones through each cell written.
    ///
    /// - Parameter targets: each question's digits; on entry the board holds
    ///   their answers and each target has exactly that one path.
    /// - Returns: the near misses of each question, or `nil` at a dead end.
    static func fill(_ board: inout Board, targets: [[UInt8]], _ profile: Profile, rng: inout SplitMix64) -> [Int]? {
        let mode = profile.pathMode
        let watches = targets.map(Watch.init)
        let limit = profile.maxNearMisses ?? Int.max
        // A target's only path is its answer, whose first n - 1 cells spell
        // its lead and whose last n - 1, read backwards, its reversal's: every
        // other path spelling either is a near miss.
        var misses = [Int](repeating: 0, count: targets.count)
        for (q, watch) in watches.enumerated() {
            if watch.hasNearMisses {
                misses[q] = board.count(watch.lead.digits, mode: mode) - 1 + board.count(watch.back.digits, mode: mode) - 1
            }
            if misses[q] > limit { return nil }
        }
        var empty: [Int] = []
        empty.reserveCapacity(board.cells.count)
        for cell in board.cells.indices where board.cells[cell] == Board.empty { empty.append(cell) }
        empty.stableShuffle(using: &rng)
        var added = [Int](repeating: 0, count: targets.count)
        // Leads are made of their answer's digits, so a digit in no answer
        // completes nothing and adds no near miss: it fits at once.
        let watched = watches.reduce(0) { $0 | $1.answer.digitSet }
        for cell in empty {
            // Digits are tried from a random one with a random stride prime to
            // 10, so every digit gets its turn (two draws instead of a shuffle).
            let first = rng.uniform(in: 0...9)
            let stride = fillStrides[rng.uniform(in: 0...3)]
            var placed = false
            for i in 0..<10 {
                let digit = (first + i * stride) % 10
                board.cells[cell] = UInt8(digit)
                if watched & 1 << digit == 0 {
                    placed = true
                    break
                }
                var ok = true
                for q in watches.indices {
                    if watches[q].answer.pathsThrough(cell, on: board, mode: mode) > 0 { ok = false; break }
                    if watches[q].hasNearMisses {
                        added[q] = watches[q].lead.pathsThrough(cell, on: board, mode: mode)
                            + watches[q].back.pathsThrough(cell, on: board, mode: mode)
                        if misses[q] + added[q] > limit { ok = false; break }
                    } else {
                        added[q] = 0
                    }
                }
                if ok {
                    for q in targets.indices { misses[q] += added[q] }
                    placed = true
                    break
                }
            }
            if !placed { return nil }
        }
        return misses
    }

    /// What ``fill(_:targets:_:rng:)`` watches for one question: its answer's
    /// digits, which must spell no other path, and (for two digits or more)
    /// the first n - 1 digits of the answer and of its reversal, whose paths
    /// are near misses.
    struct Watch {
        let answer: Pattern
        let lead: Pattern
        let back: Pattern
        var hasNearMisses: Bool { answer.length >= 2 }

        init(_ target: [UInt8]) {
            answer = Pattern(target)
            lead = Pattern(target.count >= 2 ? Array(target.prefix(target.count - 1)) : [])
            back = Pattern(target.count >= 2 ? Array(target.reversed().prefix(target.count - 1)) : [])
        }
    }

    /// A digit string ``fill(_:targets:_:rng:)`` looks for, with the set of
    /// its digits: a cell whose digit is not in the set lies on no path
    /// spelling it, which settles most checks without a search.
    struct Pattern {
        let digits: [UInt8]
        let length: Int
        /// Bit `d` is set when digit `d` occurs.
        let digitSet: Int

        init(_ digits: [UInt8]) {
            self.digits = digits
            length = digits.count
            digitSet = digits.reduce(0) { $1 <= 9 ? $0 | 1 << Int($1) : $0 }
        }

        /// The paths spelling the digits through `cell`, which holds a digit.
        @inline(__always)
        func pathsThrough(_ cell: Int, on board: Board, mode: PathMode) -> Int {
            let own = Int(board.cells[cell])
            guard own <= 9, digitSet & 1 << own != 0 else { return 0 }
            return length == 1 ? 1 : board.countThrough(cell, digits, mode: mode)
        }
    }

    /// The strides of ``fill(_:targets:_:rng:)``'s digit order: those prime to 10.
    private static let fillStrides = [1, 3, 7, 9]

    /// Step 4: the reason a filled candidate breaks a profile rule, or `nil`.
    ///
    /// Uniqueness holds by construction (see ``fill(_:targets:_:rng:)``);
    /// the grade comes from the same features as ``Grader``.
    static func verify(_ questions: [Question], misses: [Int], _ profile: Profile) -> String? {
        if let limit = profile.maxNearMisses, misses.contains(where: { $0 > limit }) { return "near-misses" }
        if profile.needsCrowded, !misses.contains(where: { $0 >= Technique.crowdedThreshold }) { return "not-crowded" }
        if let label = profile.gradeLabel {
            var hardest = Technique.forward
            var score = 0
            for (q, m) in zip(questions, misses) {
                let (feature, points) = Grader.hardestFeatureAndScore(of: q, path: q.solutionPositions ?? [], nearMisses: m)
                hardest = max(hardest, feature)
                score += points
            }
            if Technique.label(hardest: hardest, score: score) != label { return "wrong-grade" }
        }
        return nil
    }
}
