import ConstraintSolver
import Testing

/// The cardinality (pool) propagator must count what the domains hold
/// now, whatever changed them: a descent, a backtrack, a search stopped by a
/// budget (the engine goes back to the root from anywhere in the tree), a
/// root domain revised between searches, the count by components' copies of
/// the engine. A propagator that kept its counters from one run to the next
/// (one was tried: docs/BENCHMARKS.md, "The pool propagator's counters kept
/// between runs") would show a stale counter here. One solver goes through a
/// random sequence of those, and every search must find what a solver
/// compiled afresh from the same model finds, and what brute force finds.
struct PoolCounterTests {
    /// 3–6 variables over 2–4 values, one or two pools over most of them
    /// with the counts of a hidden assignment (sometimes one tile moved to
    /// another value, or counts that nothing meets), and a few tables. A
    /// quarter of the models declare 130 values and use a few of them, so
    /// the counters span several domain words.
    static func pool(_ rng: inout SplitMix64) -> Spec {
        var spec = Spec()
        let wide = rng.chance(0.25)
        var values = wide ? (0..<4).map { _ in rng.int(0...129) } : Array(0..<rng.int(2...4))
        values = Array(Set(values)).sorted()
        for _ in 0..<rng.int(3...6) {
            var domain = values.filter { _ in rng.chance(0.8) }
            if domain.isEmpty { domain = [rng.pick(values)] }
            spec.addVariable(size: wide ? 130 : values.count, values: domain)
        }
        let hidden = spec.domains.map { rng.pick($0) }
        let valueCount = (values.last ?? 0) + 1
        for _ in 0..<rng.int(1...2) {
            let scope = spec.sizes.indices.filter { _ in rng.chance(0.85) }
            var counts = [Int](repeating: 0, count: valueCount)
            for x in scope { counts[hidden[x]] += 1 }
            if rng.chance(0.2), let from = counts.indices.first(where: { counts[$0] > 0 }) {
                counts[from] -= 1
                counts[rng.pick(values)] += 1
            } else if rng.chance(0.05) {
                counts[rng.pick(values)] += 1
            }
            spec.constraints.append(.cardinality(scope, counts))
        }
        for _ in 0..<rng.int(0...2) {
            let scope = RandomSpecs.variables(spec, &rng, count: 2)
            var tuples = [scope.map { hidden[$0] }]
            for _ in 0..<rng.int(1...6) { tuples.append(scope.map { rng.pick(spec.domains[$0]) }) }
            spec.constraints.append(.table(scope, tuples))
        }
        return spec
    }

    @Test("A pool's counters follow backtracks, budget stops and revisions", arguments: 0..<3)
    func countersFollowTheDomains(batch: Int) throws {
        var rng = SplitMix64(seed: 9_000 + UInt64(batch))
        var stoppedInside = 0
        for index in 0..<150 {
            var spec = Self.pool(&rng)
            var solver = Solver(try spec.model())
            var expected = spec.bruteForceSolutions()
            for step in 0..<8 {
                let context = "batch \(batch) model \(index) step \(step): \(spec)"
                var fresh = Solver(try spec.model())
                var ok = true
                switch rng.int(0...5) {
                case 0:
                    // A node budget stops the search anywhere in the tree.
                    let limits = SearchLimits(nodes: rng.int(1...20), keepSolutions: 3)
                    let result = solver.search(limits)
                    ok = same(result, fresh.search(limits), context)
                    if result.stopReason == .nodeLimit { stoppedInside += 1 }
                case 1:
                    let limits = SearchLimits(solutions: rng.int(1...3), keepSolutions: 3)
                    ok = same(solver.search(limits), fresh.search(limits), context)
                case 2:
                    let result = solver.search(SearchLimits(keepSolutions: .max))
                    ok = same(result, fresh.search(SearchLimits(keepSolutions: .max)), context)
                        && verify(result.solutions.sorted { $0.lexicographicallyPrecedes($1) } == expected, context)
                case 3:
                    let x = rng.int(0...(spec.sizes.count - 1))
                    let values = (0..<spec.sizes[x]).filter { spec.domains[x].contains($0) || rng.chance(0.02) }
                        .filter { _ in rng.chance(0.8) }
                    try solver.setRootDomain(x, to: values)
                    spec.domains[x] = values
                    expected = spec.bruteForceSolutions()
                case 4:
                    let counted = solver.countByComponents()
                    ok = verify(counted.solutionCount == expected.count && counted.complete, context)
                default:
                    ok = verify(solver.propagatedDomains() == fresh.propagatedDomains(), context)
                }
                if !ok { return }  // one detailed failure is enough
            }
        }
        #expect(stoppedInside > 20)
    }

    /// Whether two searches found the same, the same way; records it when not.
    private func same(_ a: SearchResult, _ b: SearchResult, _ context: String) -> Bool {
        verify(a.solutionCount == b.solutionCount && a.stopReason == b.stopReason && a.solutions == b.solutions
               && a.statistics.nodes == b.statistics.nodes && a.statistics.failures == b.statistics.failures,
               "\(context): \(a.solutionCount) solutions in \(a.statistics.nodes) nodes against \(b.solutionCount) in \(b.statistics.nodes)")
    }
}
