import PuzzleKit
/// A choice point: the branch `variable == value` taken at trail length `mark`.
struct _Frame: Sendable {
    var variable: Int
    var value: Int
    var mark: Int
}

/// Depth-first search with binary branching.
///
/// At each consistent node the unfixed variable with the smallest domain is
/// chosen (ties: lowest index) and split into `x == v` and `x != v` with `v`
/// its smallest value; both branches are propagated. The two branches
/// partition the search space, so every solution is reached exactly once.
/// A node where every variable is fixed after propagation to a fixpoint is a
/// solution: each propagator checks its constraint exactly once its scope is
/// fixed. The search loop is iterative (an explicit stack of ``_Frame``s), so
/// deep trees cannot overflow the call stack.
extension _Engine {
    /// The unfixed variable with the smallest domain (lowest index on ties), or -1.
    ///
    /// - Complexity: O(*n* × `wordsPerVariable`).
    func selectVariable() -> Int {
        var best = -1
        var bestSize = Int.max
        for x in 0..<variableCount {
            let size = domainSize(x)
            if size > 1 && size < bestSize {
                best = x
                bestSize = size
                if size == 2 { break }
            }
        }
        return best
    }

    /// Runs the root propagation.
    ///
    /// - Returns: `false` when the model is inconsistent.
    mutating func propagateRoot() -> Bool {
        if isRootInfeasible { return false }
        scheduleAll()
        return propagate()
    }

    /// The domains after root propagation, or `nil` when inconsistent; the engine is left unchanged.
    mutating func propagatedDomains() -> [[Int]]? {
        beginSegment()
        let mark = trail.count
        let result = propagateRoot() ? (0..<variableCount).map { values(of: $0) } : nil
        restore(to: mark)
        return result
    }

    /// Searches the model from its root, then returns the engine to the root state.
    mutating func search(_ limits: SearchLimits) -> SearchResult {
        let deadline = Deadline(limits.time)
        let solutionLimit = limits.solutions ?? Int.max
        let nodeLimit = limits.nodes ?? Int.max
        let keep = max(0, limits.keepSolutions)
        let propagationsBefore = propagationCount
        var solutions: [[Int]] = []
        var solutionCount = 0
        var nodes = 0
        var failures = 0
        var maxDepth = 0
        var stopReason = StopReason.exhausted

        /// The limit that forbids visiting one more node, if any.
        func budgetExhausted() -> StopReason? {
            if nodes >= nodeLimit { return .nodeLimit }
            if nodes & 63 == 0, deadline.passed { return .timeLimit }
            return nil
        }

        frames.removeAll(keepingCapacity: true)
        beginSegment()
        let rootMark = trail.count
        if solutionLimit <= 0 {
            stopReason = .solutionLimit
        } else if let reason = budgetExhausted() {
            stopReason = reason
        } else {
            nodes = 1
            var consistent = propagateRoot()
            if !consistent { failures += 1 }
            while true {
                if consistent {
                    let x = selectVariable()
                    if x >= 0 {
                        if let reason = budgetExhausted() {
                            stopReason = reason
                            break
                        }
                        let v = minimumValue(x)
                        frames.append(_Frame(variable: x, value: v, mark: trail.count))
                        beginSegment()
                        nodes += 1
                        maxDepth = max(maxDepth, frames.count)
                        consistent = assign(x, v) && propagate()
                        if !consistent { failures += 1 }
                        continue
                    }
                    solutionCount += 1
                    if solutions.count < keep {
                        solutions.append((0..<variableCount).map { minimumValue($0) })
                    }
                    if solutionCount >= solutionLimit {
                        stopReason = .solutionLimit
                        break
                    }
                }
                // Backtrack: undo the last `x == v` and try `x != v`.
                guard let frame = frames.popLast() else { break }
                restore(to: frame.mark)
                if let reason = budgetExhausted() {
                    stopReason = reason
                    break
                }
                nodes += 1
                consistent = removeValue(frame.variable, frame.value) && propagate()
                if !consistent { failures += 1 }
            }
        }
        restore(to: rootMark)
        frames.removeAll(keepingCapacity: true)

        let statistics = SearchStatistics(
            nodes: nodes,
            failures: failures,
            propagations: propagationCount - propagationsBefore,
            maxDepth: maxDepth,
            elapsed: deadline.elapsed)
        return SearchResult(
            solutionCount: solutionCount,
            complete: stopReason == .exhausted,
            stopReason: stopReason,
            solutions: solutions,
            statistics: statistics)
    }
}
