import ConstraintSolver
import Testing

/// Tables over multi-word domains with most of their values left: the
/// search's refutations remove one value at a time, so the compact table
/// updates by the values removed (its delta update) as well as by those
/// left. The solutions must be exactly the pairs in the domains that every
/// table allows, which a set intersection gives directly.
struct WideTableTests {
    @Test func solutionsAreThePairsEveryTableAllows() throws {
        var rng = SplitMix64(seed: 41)
        var withSolutions = 0
        for index in 0..<150 {
            var model = Model()
            let sizes = [rng.int(65...140), rng.int(65...140)]
            let x = model.addVariable(domainSize: sizes[0])
            let y = model.addVariable(domainSize: sizes[1])
            let domains = sizes.map { size in Set((0..<size).filter { _ in rng.chance(0.85) }) }
            try model.restrict(x, to: domains[0].sorted())
            try model.restrict(y, to: domains[1].sorted())
            // Tables sharing most of their pairs, so their intersection is not empty.
            let shared = (0..<rng.int(40...300)).map { _ in [rng.int(0...(sizes[0] - 1)), rng.int(0...(sizes[1] - 1))] }
            var allowed: Set<[Int]>?
            for _ in 0..<rng.int(1...3) {
                var pairs = shared.filter { _ in rng.chance(0.9) }
                pairs += (0..<rng.int(0...100)).map { _ in [rng.int(0...(sizes[0] - 1)), rng.int(0...(sizes[1] - 1))] }
                if rng.chance(0.5) {
                    try model.addTable([y, x], tuples: pairs.map { [$0[1], $0[0]] })
                } else {
                    try model.addTable([x, y], tuples: pairs)
                }
                allowed = allowed.map { $0.intersection(pairs) } ?? Set(pairs)
            }
            let expected = (allowed ?? []).filter { domains[0].contains($0[0]) && domains[1].contains($0[1]) }
                .sorted { $0.lexicographicallyPrecedes($1) }
            var solver = Solver(model)
            let result = solver.search(SearchLimits(keepSolutions: .max))
            #expect(result.complete)
            #expect(result.solutions.sorted { $0.lexicographicallyPrecedes($1) } == expected, "model \(index)")
            if !expected.isEmpty { withSolutions += 1 }
        }
        #expect(withSolutions > 100)
    }
}
