import Testing
@testable import ConstraintSolver

/// A count that starts with the plain search and hands what it left open to
/// the count by components agrees with brute force whatever the plain
/// search's share, keeps the plain search's solutions and statistics when
/// the share suffices, and stops honestly at its budgets.
struct HandoffCountTests {
    /// The random model generators, each with its own seed range.
    static var generators: [(name: String, seed: UInt64, make: (inout SplitMix64) -> Spec)] { [
        ("grouped", 7_000, ComponentCountTests.grouped),
        ("chained", 7_100, ComponentCountTests.chained),
        ("scarce", 7_200, ComponentCountTests.scarce),
        ("mixed", 7_300, RandomSpecs.mixed),
        ("boolean", 7_400, RandomSpecs.boolean),
        ("wide", 7_500, RandomSpecs.wide),
        ("tight", 7_600, ComponentCountTests.tight),
    ] }

    @Test("Every plain share gives the brute-force count", arguments: 0..<7)
    func everyShareMatchesBruteForce(generator: Int) throws {
        let (name, seed, make) = Self.generators[generator]
        var rng = SplitMix64(seed: seed)
        var handedOff = 0
        models: for index in 0..<(name == "scarce" ? 40 : 150) {
            let spec = make(&rng)
            let expected = spec.bruteForceSolutions().count
            var solver = Solver(try spec.model())
            let plain = solver.search()
            let context = "\(name) model \(index)"
            // Every share from none to past the plain search's own nodes.
            for share in Set([0, 1, 2, 3, plain.statistics.nodes / 2, plain.statistics.nodes - 1, plain.statistics.nodes]).sorted() {
                let counted = solver.countByComponents(SearchLimits(), plainNodes: share)
                let ok = verify(counted.solutionCount == expected && counted.complete && counted.stopReason == .exhausted,
                                "\(context) share \(share): \(counted.solutionCount) for \(expected) \(spec)")
                if !ok { break models }
                if share > 0 && share < plain.statistics.nodes { handedOff += 1 }
            }
        }
        #expect(handedOff > 100, "\(handedOff) counts handed off")
    }

    @Test("The frontier left by a stopped search partitions what is left", arguments: 0..<3)
    func frontierPartitionsTheRest(generator: Int) throws {
        // Cut the stopped search's path at a random frame: the solutions
        // found before it, those of the state at its mark (or, cut below
        // the last frame, what the search found and its open node), and the
        // `x != v` branches of the frames above it add up to the count; each
        // part is counted by the plain search.
        let (name, seed, make) = Self.generators[[3, 5, 1][generator]]
        var rng = SplitMix64(seed: seed + 50)
        var openNodes = 0, frames = 0, cutAbove = 0
        for index in 0..<200 {
            let spec = make(&rng)
            var solver = Solver(try spec.model())
            let all = solver.search()
            guard all.statistics.nodes > 2 else { continue }
            let share = rng.int(1...(all.statistics.nodes - 1))
            var engine = solver.engine
            let run = engine.runSearch(SearchLimits(nodes: share))
            #expect(run.result.stopReason == .nodeLimit && run.result.statistics.nodes == share)
            let open = engine.frames
            let kept = rng.int(0...open.count)
            var total: Int
            if kept == open.count {
                total = run.result.solutionCount
                if run.stoppedAtOpenNode {
                    total += plainCount(&engine)
                    openNodes += 1
                }
            } else {
                engine.restore(to: open[kept].mark)
                total = open[kept].solutionsBefore + plainCount(&engine)
                cutAbove += 1
            }
            frames += kept
            for frame in open.prefix(kept).reversed() {
                engine.restore(to: frame.mark)
                if engine.removeValue(frame.variable, frame.value) && engine.propagate() {
                    total += plainCount(&engine)
                }
            }
            engine.restore(to: run.rootMark)
            #expect(total == all.solutionCount, "\(name) model \(index) share \(share) kept \(kept)")
        }
        #expect(openNodes > 10 && frames > 50 && cutAbove > 40, "\(openNodes) open nodes, \(frames) frames, \(cutAbove) cut above")
    }

    /// The solutions below the engine's state, by the plain search's loop
    /// over a copy whose root is that state.
    private func plainCount(_ engine: inout _Engine) -> Int {
        var copy = engine
        copy.frames = []
        return copy.search(SearchLimits()).solutionCount
    }

    @Test func aShareTheSearchNeedsNotAllOfKeepsItsResultExactly() throws {
        var rng = SplitMix64(seed: 7_600)
        for index in 0..<300 {
            let spec = RandomSpecs.mixed(&rng)
            var solver = Solver(try spec.model())
            let plain = solver.search(SearchLimits(keepSolutions: 3))
            let counted = solver.countByComponents(SearchLimits(keepSolutions: 3), plainNodes: plain.statistics.nodes)
            var a = plain.statistics, b = counted.statistics
            a.elapsed = .zero
            b.elapsed = .zero
            #expect(counted.solutionCount == plain.solutionCount && counted.solutions == plain.solutions && a == b,
                    "model \(index)")
        }
    }

    @Test func keptSolutionsAreThePlainSearchsFirstOnes() throws {
        var rng = SplitMix64(seed: 7_700)
        var searchedFurther = 0
        for index in 0..<300 {
            let spec = ComponentCountTests.grouped(&rng)
            var solver = Solver(try spec.model())
            let plain = solver.search(SearchLimits(keepSolutions: 4))
            guard plain.statistics.nodes > 2 else { continue }
            let share = rng.int(1...(plain.statistics.nodes - 1))
            let counted = solver.countByComponents(SearchLimits(keepSolutions: 4), plainNodes: share)
            #expect(counted.solutionCount == plain.solutionCount && counted.solutions == plain.solutions, "model \(index)")
            let within = solver.search(SearchLimits(nodes: share, keepSolutions: 4))
            if within.solutions.count < plain.solutions.count { searchedFurther += 1 }
        }
        #expect(searchedFurther > 20)
    }

    @Test func budgetsStopTheHandoffWithALowerBound() throws {
        var rng = SplitMix64(seed: 7_800)
        var stopped = 0
        for index in 0..<300 {
            let spec = ComponentCountTests.grouped(&rng)
            var solver = Solver(try spec.model())
            let plain = solver.search()
            guard plain.statistics.nodes > 3 else { continue }
            let share = plain.statistics.nodes / 2
            let exact = solver.countByComponents(SearchLimits(), plainNodes: share)
            #expect(exact.complete && exact.solutionCount == plain.solutionCount)
            // A node limit between the share and what the count needs.
            guard exact.statistics.nodes > share + 1 else { continue }
            let nodes = rng.int((share + 1)...(exact.statistics.nodes - 1))
            let cut = solver.countByComponents(SearchLimits(nodes: nodes), plainNodes: share)
            #expect(!cut.complete && cut.stopReason == .nodeLimit, "model \(index)")
            #expect(cut.solutionCount <= exact.solutionCount && cut.statistics.nodes <= nodes, "model \(index)")
            stopped += 1
            // A limit within the share is the plain search's alone.
            let inside = solver.countByComponents(SearchLimits(nodes: share), plainNodes: share)
            #expect(inside.solutionCount == solver.search(SearchLimits(nodes: share)).solutionCount)
            let timed = solver.countByComponents(SearchLimits(time: .zero), plainNodes: share)
            #expect(!timed.complete && timed.stopReason == .timeLimit && timed.solutionCount == 0)
        }
        #expect(stopped > 50)
    }

    @Test func solutionLimitsUseThePlainSearch() throws {
        var rng = SplitMix64(seed: 7_900)
        for index in 0..<200 {
            let spec = RandomSpecs.mixed(&rng)
            var solver = Solver(try spec.model())
            let limits = SearchLimits(solutions: 2, keepSolutions: 2)
            let plain = solver.search(limits)
            let counted = solver.countByComponents(limits, plainNodes: 1)
            var a = plain.statistics, b = counted.statistics
            a.elapsed = .zero
            b.elapsed = .zero
            #expect(counted.solutionCount == plain.solutionCount && counted.stopReason == plain.stopReason
                        && counted.solutions == plain.solutions && a == b, "model \(index)")
        }
    }

    @Test func handoffIsDeterministicAndOverflowsHonestly() throws {
        var rng = SplitMix64(seed: 8_000)
        for index in 0..<100 {
            let spec = ComponentCountTests.chained(&rng)
            var solver = Solver(try spec.model())
            var a = solver.countByComponents(SearchLimits(), plainNodes: 3).statistics
            var fresh = Solver(try spec.model())
            var b = fresh.countByComponents(SearchLimits(), plainNodes: 3).statistics
            a.elapsed = .zero
            b.elapsed = .zero
            #expect(a == b, "model \(index)")
        }
        // 64 free Boolean variables: 2^64 solutions, more than an `Int` holds.
        var model = Model()
        for _ in 0..<64 { model.addVariable(domainSize: 2) }
        var solver = Solver(model)
        let over = solver.countByComponents(SearchLimits(), plainNodes: 100)
        #expect(over.solutionCount == Int.max && !over.complete && over.stopReason == .overflow)
    }
}
