import ConstraintSolver
import Testing

/// The differential fuzzer's constraint solver part (docs/DEVELOPMENT.md,
/// "Differential fuzzing"): the random models of ``RandomSpecs`` (mixed,
/// Boolean linear sums, multi-word domains) and Boolean linear sums with
/// coefficients near 2^62 and 2^63, counted by the plain search, by
/// components, and by ``Spec/bruteForceSolutions()``. A model whose
/// coefficients add up beyond `Int.max` must be refused (`ModelError`
/// `.overflow`), and only such a model.
@Suite struct DifferentialFuzzTests {
    static let large = [1 << 62, (1 << 62) + 1, 3_000_000_000_000_000_000, Int.max / 3, Int.max / 2, Int.max]

    /// 2–7 Boolean variables and 1–3 linear sums whose coefficients are
    /// mostly near the 64-bit limit; totals from a hidden assignment (or a
    /// near miss) while they fit.
    static func largeSums(_ rng: inout SplitMix64) -> Spec {
        var spec = Spec()
        for _ in 0..<rng.int(2...7) { spec.addVariable(size: 2) }
        let hidden = spec.sizes.map { _ in rng.int(0...1) }
        for _ in 0..<rng.int(1...3) {
            var scope = spec.sizes.indices.filter { _ in rng.chance(0.6) }
            if scope.isEmpty { scope = [0] }
            let coefficients = scope.map { _ in rng.chance(0.7) ? rng.pick(large) : rng.int(0...3) }
            let sum = zip(scope, coefficients).reduce(Int128(0)) { $0 + Int128($1.1) * Int128(hidden[$1.0]) }
            var total = Int(exactly: sum) ?? rng.pick(large)
            if rng.chance(0.2) && total < Int.max { total += 1 }
            spec.constraints.append(.linearSum(scope, coefficients, total))
        }
        return spec
    }

    /// True when some linear sum's coefficients add up beyond `Int.max`.
    static func coefficientsOverflow(_ spec: Spec) -> Bool {
        spec.constraints.contains { constraint in
            guard case let .linearSum(_, coefficients, _) = constraint else { return false }
            return coefficients.reduce(Int128(0)) { $0 + Int128($1) } > Int128(Int.max)
        }
    }

    @Test func countsAgreeWithTheBruteForce() throws {
        let cases = DifferentialFuzzing.cases(fixed: 1_500)
        let generators: [(inout SplitMix64) -> Spec] = [RandomSpecs.mixed, RandomSpecs.boolean, RandomSpecs.wide, Self.largeSums]
        var seen = (large: 0, refused: 0)
        for index in 0..<cases {
            var rng = SplitMix64(seed: DifferentialFuzzing.caseSeed(family: 6, index: index))
            let spec = generators[index % generators.count](&rng)
            let expected = spec.bruteForceSolutions().count
            let model: Model
            do {
                model = try spec.model()
            } catch {
                if !((error as? ModelError)?.kind == .overflow && Self.coefficientsOverflow(spec)) {
                    DifferentialFuzzing.fail("the model was refused: \(error)", case: index, puzzle: "\(spec)")
                }
                seen.refused += 1
                continue
            }
            if index % generators.count == 3 { seen.large += 1 }
            var solver = Solver(model)
            let searched = solver.search(SearchLimits())
            if !(searched.complete && searched.solutionCount == expected) {
                DifferentialFuzzing.fail("search: \(searched.solutionCount) (complete: \(searched.complete)), brute force: \(expected)",
                                         case: index, puzzle: "\(spec)")
            }
            let components = solver.countByComponents()
            if !(components.complete && components.solutionCount == expected) {
                DifferentialFuzzing.fail("by components: \(components.solutionCount) (complete: \(components.complete)), brute force: \(expected)",
                                         case: index, puzzle: "\(spec)")
            }
        }
        if cases >= 1_500 {
            #expect(seen.large > 100 && seen.refused > 30, "\(seen)")
        }
    }
}
