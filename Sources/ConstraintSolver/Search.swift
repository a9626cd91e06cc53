import PuzzleKit
/// A choice point: the branch `variable == value` taken at trail length
/// `mark`, after `solutionsBefore` solutions had been found.
struct _Frame: Sendable {
    var variable: Int
    var value: Int
    var mark: Int
    var solutionsBefore: Int
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
        // A root domain a revision emptied (see Revision.swift).
        if revisions != nil {
            for x in 0..<variableCount where isEmpty(x) { return false }
        }
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
        let run = runSearch(limits)
        endSearch(run)
        return run.result
    }

    /// Returns the engine to the root state after ``runSearch(_:)``, its
    /// clock stopped (propagation between searches is never interrupted).
    mutating func endSearch(_ run: _SearchRun) {
        restore(to: run.rootMark)
        frames.removeAll(keepingCapacity: true)
        startClock(Deadline(nil))
    }

    /// Searches the model from its root and leaves the engine where the
    /// search stopped: its decisions still applied and its frames on
    /// `frames` (see ``_SearchRun`` for what is left open).
    mutating func runSearch(_ limits: SearchLimits) -> _SearchRun {
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
        var stoppedAtOpenNode = false

        /// The limit that forbids visiting one more node, if any (a node
        /// scans every variable to choose one).
        func budgetExhausted() -> StopReason? {
            if nodes >= nodeLimit { return .nodeLimit }
            if outOfTime(after: variableCount) { return .timeLimit }
            return nil
        }

        startClock(deadline)
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
            if !consistent && !interrupted { failures += 1 }
            while true {
                // A propagation the deadline stopped proved nothing.
                if interrupted {
                    stopReason = .timeLimit
                    break
                }
                if consistent {
                    let x = selectVariable()
                    if x >= 0 {
                        if let reason = budgetExhausted() {
                            stopReason = reason
                            stoppedAtOpenNode = true
                            break
                        }
                        let v = minimumValue(x)
                        frames.append(_Frame(variable: x, value: v, mark: trail.count, solutionsBefore: solutionCount))
                        beginSegment()
                        nodes += 1
                        maxDepth = max(maxDepth, frames.count)
                        consistent = assign(x, v) && propagate()
                        if !consistent && !interrupted { failures += 1 }
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
                // Backtrack: undo the last `x == v` and try `x != v`. A
                // budget stop leaves the frame on the stack, its `x != v` open.
                guard let frame = frames.last else { break }
                restore(to: frame.mark)
                if let reason = budgetExhausted() {
                    stopReason = reason
                    break
                }
                frames.removeLast()
                nodes += 1
                consistent = removeValue(frame.variable, frame.value) && propagate()
                if !consistent && !interrupted { failures += 1 }
            }
        }

        let statistics = SearchStatistics(
            nodes: nodes,
            failures: failures,
            propagations: propagationCount - propagationsBefore,
            maxDepth: maxDepth,
            elapsed: deadline.elapsed)
        let result = SearchResult(
            solutionCount: solutionCount,
            complete: stopReason == .exhausted,
            stopReason: stopReason,
            solutions: solutions,
            statistics: statistics)
        return _SearchRun(result: result, rootMark: rootMark, stoppedAtOpenNode: stoppedAtOpenNode)
    }
}

/// Where ``_Engine/runSearch(_:)`` stopped, with the engine left there.
///
/// A search stopped by a budget has explored part of the tree. What it has
/// not explored is the *frontier*, sub-problems that partition the rest of
/// the search space:
/// - the node it stopped at, when ``stoppedAtOpenNode`` is true: a
///   consistent node (propagated, with unfixed variables) it had not branched
///   on yet, whose whole subtree is open;
/// - for every frame on the engine's `frames`, the branch `variable != value`
///   under the state at the frame's `mark` (the `variable == value` branch
///   is explored, or is the path to the node the search stopped at).
///
/// Restoring to a frame's mark puts the engine in the state the frame was
/// taken in, so the frontier can be walked from the deepest frame up.
struct _SearchRun {
    /// The search's count, stop reason, solutions and statistics.
    var result: SearchResult
    /// The trail length at the root, before root propagation; restoring to it
    /// returns the engine to the root state.
    var rootMark: Int
    /// Whether the node the search stopped at is open (see above).
    var stoppedAtOpenNode: Bool

    /// Whether the search stopped before visiting the root: the whole tree is open.
    var stoppedBeforeRoot: Bool { result.statistics.nodes == 0 }
}
