import ConstraintSolver
import Testing

/// Property tests: the solver agrees with brute-force enumeration on thousands
/// of random small models.
struct RandomModelTests {
    static let modelsPerBatch = 400

    @Test("Random mixed models match brute force", arguments: 0..<10)
    func mixedModels(batch: Int) throws {
        try runBatch(seed: UInt64(batch), generator: RandomSpecs.mixed)
    }

    @Test("Random Boolean linear-sum models match brute force", arguments: 0..<3)
    func booleanModels(batch: Int) throws {
        try runBatch(seed: 1_000 + UInt64(batch), generator: RandomSpecs.boolean)
    }

    @Test("Random multi-word-domain models match brute force", arguments: 0..<2)
    func wideModels(batch: Int) throws {
        try runBatch(seed: 2_000 + UInt64(batch), generator: RandomSpecs.wide)
    }

    private func runBatch(seed: UInt64, generator: (inout SplitMix64) -> Spec) throws {
        var rng = SplitMix64(seed: seed)
        for index in 0..<Self.modelsPerBatch {
            let spec = generator(&rng)
            let limit = rng.int(1...4)
            let passed = try check(spec, solutionLimit: limit, context: "seed \(seed) model \(index)")
            if !passed { break }  // one detailed failure is enough
        }
    }

    /// Checks one model every way; returns false after recording a failure.
    private func check(_ spec: Spec, solutionLimit k: Int, context: String) throws -> Bool {
        let model = try spec.model()
        let expected = spec.bruteForceSolutions()
        var solver = Solver(model)

        let all = solver.search(SearchLimits(keepSolutions: .max))
        let found = all.solutions.sorted { $0.lexicographicallyPrecedes($1) }
        var ok = true
        ok = ok && verify(all.solutionCount == expected.count, "\(context) \(spec)")
        ok = ok && verify(all.complete && all.stopReason == .exhausted, "\(context)")
        ok = ok && verify(all.solutions.allSatisfy(spec.satisfies), "\(context): invalid solution")
        ok = ok && verify(found == expected, "\(context): solutions differ \(spec)")

        let limited = solver.search(SearchLimits(solutions: k, keepSolutions: 1))
        ok = ok && verify(limited.solutionCount == min(k, expected.count), "\(context) limit \(k)")
        ok = ok && verify(limited.complete == (expected.count < k), "\(context) limit \(k)")
        ok = ok && verify(limited.stopReason == (expected.count < k ? .exhausted : .solutionLimit), "\(context)")
        ok = ok && verify(limited.solutions == Array(all.solutions.prefix(1)), "\(context): first solution differs")

        // Determinism: a repeated search, and a fresh solver, agree exactly.
        let again = solver.search(SearchLimits(keepSolutions: .max))
        var fresh = Solver(model)
        let freshResult = fresh.search(SearchLimits(keepSolutions: .max))
        for other in [again, freshResult] {
            var a = all.statistics, b = other.statistics
            a.elapsed = .zero
            b.elapsed = .zero
            ok = ok && verify(other.solutions == all.solutions && a == b, "\(context): nondeterministic")
        }

        // Root propagation is sound: it never removes a value of a solution.
        if let domains = solver.propagatedDomains() {
            ok = ok && verify(domains.count == spec.sizes.count)
            for solution in expected {
                ok = ok && verify(solution.indices.allSatisfy { domains[$0].contains(solution[$0]) }, "\(context): unsound pruning")
            }
        } else {
            ok = ok && verify(expected.isEmpty, "\(context): root propagation failed on a satisfiable model")
        }
        return ok
    }
}

/// Records an expectation and returns its outcome, so a loop can stop after the first failure.
func verify(_ condition: Bool, _ message: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    #expect(condition, Comment(rawValue: message()), sourceLocation: sourceLocation)
    return condition
}
