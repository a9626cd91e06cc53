import ConstraintSolver
import Testing

/// Counting by components agrees with brute force and with the plain search,
/// on random models built to fall apart into groups that still share values
/// through cardinality constraints, and on the general random models.
struct ComponentCountTests {
    /// 2–4 groups of 1–3 variables (8 at most, 2–3 values each): tables and
    /// linear sums inside a group, sometimes a table through one variable of
    /// two groups (so they split only once it is fixed), and one or two
    /// cardinality constraints over variables of several groups, with counts
    /// mostly from a hidden assignment so that shared values are scarce.
    static func grouped(_ rng: inout SplitMix64) -> Spec {
        var spec = Spec()
        var groups: [[Int]] = []
        for _ in 0..<rng.int(2...4) where spec.sizes.count < 7 {
            let boolean = rng.chance(0.25)
            let group = (0..<rng.int(1...min(3, 8 - spec.sizes.count))).map { _ in
                spec.addVariable(size: boolean ? 2 : rng.int(2...3))
            }
            groups.append(group)
        }
        let hidden = spec.domains.map { rng.pick($0) }
        for group in groups where group.count > 1 {
            for _ in 0..<rng.int(1...2) {
                var scope = group.filter { _ in rng.chance(0.7) }
                if scope.count < 2 { scope = Array(group.prefix(2)) }
                if rng.chance(0.3), group.allSatisfy({ spec.sizes[$0] == 2 }) {
                    let coefficients = scope.map { _ in rng.int(1...3) }
                    spec.constraints.append(.linearSum(scope, coefficients, zip(scope, coefficients).reduce(0) { $0 + $1.1 * hidden[$1.0] }))
                } else {
                    var tuples = [scope.map { hidden[$0] }]
                    for _ in 0..<rng.int(1...6) { tuples.append(scope.map { rng.int(0...(spec.sizes[$0] - 1)) }) }
                    spec.constraints.append(.table(scope, tuples))
                }
            }
        }
        if groups.count > 1, rng.chance(0.4) {
            let a = rng.pick(groups[0]), b = rng.pick(groups[1])
            var tuples = [[hidden[a], hidden[b]]]
            for _ in 0..<rng.int(1...5) { tuples.append([rng.int(0...(spec.sizes[a] - 1)), rng.int(0...(spec.sizes[b] - 1))]) }
            spec.constraints.append(.table([a, b], tuples))
        }
        for _ in 0..<rng.int(1...2) {
            let scope = spec.sizes.indices.filter { _ in rng.chance(0.8) }
            var counts = poolCounts(scope, hidden: hidden, spec, &rng)
            if rng.chance(0.2) { counts.removeLast() }
            spec.constraints.append(.cardinality(scope, counts))
        }
        return spec
    }

    /// The counts of a pool of three values over `scope`: mostly those of
    /// the hidden assignment (so the model is mostly satisfiable), else random.
    private static func poolCounts(_ scope: [Int], hidden: [Int], _ spec: Spec, _ rng: inout SplitMix64) -> [Int] {
        var counts = [0, 0, 0]
        if rng.chance(0.8) {
            for x in scope { counts[hidden[x]] += 1 }
        } else {
            for x in scope { counts[rng.int(0...(spec.sizes[x] - 1))] += 1 }
        }
        return counts
    }

    @Test("Grouped models with shared scarce values match brute force", arguments: 0..<4)
    func groupedModels(batch: Int) throws {
        let counts = try checkedCounts(seed: 3_000, batch: batch, models: 400) { rng, _ in Self.grouped(&rng) }
        // The generator mostly builds satisfiable models, so the counts are not all zero.
        #expect(counts.filter { $0 > 0 }.count > 150)
    }

    /// A path of 2–3 hub variables, each with a pendant group of 1–2
    /// variables hanging from it by one table (and sometimes a cardinality
    /// constraint of its own): once the hubs are fixed the pendants are
    /// independent, and the same pendant below the same hub value comes back
    /// under different values of the other hubs (a cached sub-count).
    static func chained(_ rng: inout SplitMix64) -> Spec {
        var spec = Spec()
        let hubs = (0..<rng.int(2...3)).map { _ in spec.addVariable(size: rng.int(2...3)) }
        var pendants: [[Int]] = []
        for _ in hubs { pendants.append((0..<rng.int(1...2)).map { _ in spec.addVariable(size: 3) }) }
        let hidden = spec.domains.map { rng.pick($0) }
        func table(_ scope: [Int]) {
            var tuples = [scope.map { hidden[$0] }]
            for _ in 0..<rng.int(2...7) { tuples.append(scope.map { rng.int(0...(spec.sizes[$0] - 1)) }) }
            spec.constraints.append(.table(scope, tuples))
        }
        for (h, next) in zip(hubs, hubs.dropFirst()) { table([h, next]) }
        for (h, group) in zip(hubs, pendants) {
            // A pendant of two hangs by one table over the hub and both, so its
            // count depends on the hub's value beyond the domains it leaves.
            table([h] + group)
            if rng.chance(0.4) {
                var counts = [0, 0, 0]
                for x in group { counts[hidden[x]] += 1 }
                spec.constraints.append(.cardinality(group, counts))
            }
        }
        return spec
    }

    @Test("Chains of groups (cached sub-counts) match brute force", arguments: 0..<2)
    func chainedModels(batch: Int) throws {
        _ = try checkedCounts(seed: 5_000, batch: batch, models: 400) { rng, _ in Self.chained(&rng) }
    }

    /// Two or three groups over 6 variables of 6 values (a table or two in
    /// each group, each with a hidden assignment among its tuples) and one
    /// cardinality constraint over all of them with one tile of each value:
    /// the groups share nearly every value, each with one use left, so their
    /// counts per usage are combined over many usage digits.
    static func scarce(_ rng: inout SplitMix64) -> Spec {
        var spec = Spec()
        let variables = (0..<6).map { _ in spec.addVariable(size: 6) }
        let hidden = Array(0..<6).shuffled(using: &rng)
        let cut = rng.int(2...4)
        let groups = rng.chance(0.5) ? [Array(variables[0..<cut]), Array(variables[cut...])]
            : [Array(variables[0..<2]), Array(variables[2..<4]), Array(variables[4...])]
        for group in groups {
            for _ in 0..<rng.int(1...2) {
                var scope = group.filter { _ in rng.chance(0.8) }
                if scope.count < 2 { scope = Array(group.prefix(2)) }
                var tuples = [scope.map { hidden[$0] }]
                for _ in 0..<rng.int(3...12) { tuples.append(scope.map { _ in rng.int(0...5) }) }
                spec.constraints.append(.table(scope, tuples))
            }
        }
        var counts = [Int](repeating: 0, count: 6)
        for x in variables { counts[hidden[x]] += 1 }
        spec.constraints.append(.cardinality(variables, counts))
        return spec
    }

    @Test("Groups sharing many values with one tile left match brute force", arguments: 0..<2)
    func scarceModels(batch: Int) throws {
        let counts = try checkedCounts(seed: 6_000, batch: batch, models: 60) { rng, _ in Self.scarce(&rng) }
        // The hidden assignment is a solution, and most models have more.
        #expect(counts.filter { $0 > 1 }.count > 20)
    }

    /// Two or three hub variables on a path (a table between neighbours),
    /// each with two pendant groups of 1–2 variables hanging from it by one
    /// table, and a cardinality constraint over the pendants and some hubs,
    /// mostly with the counts of a hidden assignment: once the hubs are
    /// fixed the pendants are components that share values (counted by
    /// usage), and the same pendant comes back under other values of the
    /// other hubs, with other tiles left and other pendants able to take
    /// them: what a cache of usage counts would have to key exactly (one
    /// was tried and passed this; docs/BENCHMARKS.md, "Caching the parts
    /// that share pool values").
    static func pooled(_ rng: inout SplitMix64) -> Spec {
        var spec = Spec()
        let hubs = (0..<rng.int(2...3)).map { _ in spec.addVariable(size: rng.int(2...3)) }
        var pendants: [(hub: Int, group: [Int])] = []
        for h in hubs {
            for _ in 0..<2 where spec.sizes.count < 8 {
                pendants.append((h, (0..<rng.int(1...min(2, 8 - spec.sizes.count))).map { _ in spec.addVariable(size: 3) }))
            }
        }
        let hidden = spec.domains.map { rng.pick($0) }
        func table(_ scope: [Int]) {
            var tuples = [scope.map { hidden[$0] }]
            for _ in 0..<rng.int(2...8) { tuples.append(scope.map { rng.int(0...(spec.sizes[$0] - 1)) }) }
            spec.constraints.append(.table(scope, tuples))
        }
        for (h, next) in zip(hubs, hubs.dropFirst()) { table([h, next]) }
        for pendant in pendants { table([pendant.hub] + pendant.group) }
        let scope = hubs.filter { _ in rng.chance(0.5) } + pendants.flatMap(\.group)
        spec.constraints.append(.cardinality(scope, poolCounts(scope, hidden: hidden, spec, &rng)))
        return spec
    }

    @Test("Pendants sharing a pool under hubs match brute force", arguments: 0..<3)
    func pooledModels(batch: Int) throws {
        let counts = try checkedCounts(seed: 7_000, batch: batch, models: 300) { rng, _ in Self.pooled(&rng) }
        // The hidden assignment is mostly a solution, and many models have more.
        #expect(counts.filter { $0 > 1 }.count > 100)
    }

    /// Two or three hubs on a path, each with two pendant groups of 2–3
    /// variables of 3 values (10 variables at most) hanging from it by a
    /// table over the hub and two of the group, and a table over the last
    /// two of a group of three; a pool over every pendant and some hubs, mostly with the
    /// counts of a hidden assignment, and sometimes a second pool over a
    /// few pendant variables. The same pendant comes back under the same
    /// hub value with other tiles left and other pendants sharing them, and
    /// under other hub values with the same domains: its usage table must be
    /// keyed by its domains and the fixed hub around it, and restricted to
    /// what is left each time (an exact count only if it is).
    static func reused(_ rng: inout SplitMix64) -> Spec {
        var spec = Spec()
        let hubs = (0..<rng.int(2...3)).map { _ in spec.addVariable(size: rng.int(2...3)) }
        var pendants: [(hub: Int, group: [Int])] = []
        for h in hubs {
            for _ in 0..<2 where spec.sizes.count < 9 {
                let size = rng.int(2...min(3, 10 - spec.sizes.count))
                pendants.append((h, (0..<size).map { _ in spec.addVariable(size: 3) }))
            }
        }
        let hidden = spec.domains.map { rng.pick($0) }
        func table(_ scope: [Int], extra: ClosedRange<Int>) {
            var tuples = [scope.map { hidden[$0] }]
            for _ in 0..<rng.int(extra) { tuples.append(scope.map { rng.int(0...(spec.sizes[$0] - 1)) }) }
            spec.constraints.append(.table(scope, tuples))
        }
        for (h, next) in zip(hubs, hubs.dropFirst()) { table([h, next], extra: 2...5) }
        for pendant in pendants {
            // Over the hub and two of the group, so the pendant's count under a
            // hub value depends on more than the domains that value leaves.
            table([pendant.hub] + pendant.group.prefix(2), extra: 3...7)
            if pendant.group.count == 3 { table(Array(pendant.group.suffix(2)), extra: 3...6) }
        }
        let scope = hubs.filter { _ in rng.chance(0.5) } + pendants.flatMap(\.group)
        spec.constraints.append(.cardinality(scope, poolCounts(scope, hidden: hidden, spec, &rng)))
        if rng.chance(0.3) {
            let few = pendants.flatMap(\.group).filter { _ in rng.chance(0.3) }
            if few.count > 1 { spec.constraints.append(.cardinality(few, poolCounts(few, hidden: hidden, spec, &rng))) }
        }
        return spec
    }

    @Test("Pendants counted by usage tables, reused under other pools, match brute force", arguments: 0..<3)
    func reusedModels(batch: Int) throws {
        let counts = try checkedCounts(seed: 9_000, batch: batch, models: 200) { rng, _ in Self.reused(&rng) }
        #expect(counts.filter { $0 > 1 }.count > 60)
    }

    /// 7–9 variables of 2–3 values under 3–6 tight tables (the tuple of a
    /// hidden assignment, mostly, and 1–3 random ones) over random scopes of
    /// 2–3 variables, and a pool over most variables: propagators fail often,
    /// so a branching order that learns from failures (dom/wdeg, tried and
    /// dropped: docs/BENCHMARKS.md) would branch unlike the smallest domain.
    static func tight(_ rng: inout SplitMix64) -> Spec {
        var spec = Spec()
        for _ in 0..<rng.int(7...9) { spec.addVariable(size: rng.int(2...3)) }
        let hidden = spec.domains.map { rng.pick($0) }
        for _ in 0..<rng.int(3...6) {
            let scope = RandomSpecs.variables(spec, &rng, count: rng.int(2...3))
            var tuples = rng.chance(0.8) ? [scope.map { hidden[$0] }] : []
            for _ in 0..<rng.int(1...3) { tuples.append(scope.map { rng.int(0...(spec.sizes[$0] - 1)) }) }
            spec.constraints.append(.table(scope, tuples))
        }
        let scope = spec.sizes.indices.filter { _ in rng.chance(0.8) }
        spec.constraints.append(.cardinality(scope, poolCounts(scope, hidden: hidden, spec, &rng)))
        return spec
    }

    @Test("Tight models, where propagators fail often, match brute force", arguments: 0..<3)
    func tightModels(batch: Int) throws {
        let counts = try checkedCounts(seed: 8_000, batch: batch, models: 300) { rng, _ in Self.tight(&rng) }
        #expect(counts.filter { $0 > 1 }.count > 30)
    }

    @Test("Random mixed, Boolean and wide models match brute force", arguments: 0..<3)
    func generalModels(batch: Int) throws {
        let generators: [(inout SplitMix64) -> Spec] = [RandomSpecs.mixed, RandomSpecs.boolean, RandomSpecs.wide]
        _ = try checkedCounts(seed: 4_000, batch: batch, models: 400) { rng, index in generators[index % 3](&rng) }
    }

    /// Checks `models` random models, `make(&rng, index)` from the seed
    /// `seed + batch`, against brute force; returns their brute-force
    /// counts up to the first model that fails.
    private func checkedCounts(seed: UInt64, batch: Int, models: Int,
                               _ make: (inout SplitMix64, Int) -> Spec) throws -> [Int] {
        var rng = SplitMix64(seed: seed + UInt64(batch))
        var counts: [Int] = []
        for index in 0..<models {
            let spec = make(&rng, index)
            let expected = spec.bruteForceSolutions().count
            counts.append(expected)
            if !(try check(spec, expected: expected, context: "seed \(batch) model \(index)")) { break }
        }
        return counts
    }

    /// Checks one model; returns false after recording a failure.
    private func check(_ spec: Spec, expected: Int, context: String) throws -> Bool {
        var solver = Solver(try spec.model())
        let counted = solver.countByComponents()
        var ok = verify(counted.solutionCount == expected, "\(context): \(counted.solutionCount) for \(expected) \(spec)")
        ok = ok && verify(counted.complete && counted.stopReason == .exhausted, context)
        ok = ok && verify(solver.search().solutionCount == expected, "\(context): the plain search disagrees")
        // Deterministic: counting again gives the same statistics.
        var a = counted.statistics, b = solver.countByComponents().statistics
        a.elapsed = .zero
        b.elapsed = .zero
        return ok && verify(a == b, "\(context): nondeterministic")
    }

    /// `n` variables of two values with no constraint: one component each.
    private func independent(_ n: Int) -> Model {
        var model = Model()
        for _ in 0..<n { model.addVariable(domainSize: 2) }
        return model
    }

    @Test func independentVariablesMultiplyAndOverflowHonestly() {
        var small = Solver(independent(62))
        let exact = small.countByComponents()
        #expect(exact.solutionCount == 1 << 62 && exact.complete && exact.statistics.nodes < 200)
        var large = Solver(independent(64))
        let over = large.countByComponents()
        #expect(over.solutionCount == Int.max && !over.complete && over.stopReason == .overflow)
    }

    @Test func sharedScarceValuesCombineExactly() throws {
        // Two groups x0 < x1 and x2 < x3 (tables) over values 0...3, and a pool
        // with one tile of each value: the groups must split the tiles.
        var model = Model()
        for _ in 0..<4 { model.addVariable(domainSize: 4) }
        let less = (0..<4).flatMap { a in (0..<4).filter { $0 > a }.map { [a, $0] } }
        try model.addTable([0, 1], tuples: less)
        try model.addTable([2, 3], tuples: less)
        try model.addCardinality([0, 1, 2, 3], counts: [1, 1, 1, 1])
        var solver = Solver(model)
        // Choose which two tiles go to the first group: C(4, 2) = 6.
        #expect(solver.countByComponents().solutionCount == 6)
        #expect(solver.search().solutionCount == 6)
    }

    @Test func budgetsStopTheCountWithALowerBound() throws {
        var rng = SplitMix64(seed: 77)
        var stopped = 0
        for _ in 0..<300 {
            let spec = Self.grouped(&rng)
            var solver = Solver(try spec.model())
            let exact = solver.countByComponents()
            let nodes = max(1, exact.statistics.nodes / 2)
            let cut = solver.countByComponents(SearchLimits(nodes: nodes))
            #expect(cut.solutionCount <= exact.solutionCount)
            #expect(cut.statistics.nodes <= nodes)
            if exact.statistics.nodes > 1 {
                #expect(!cut.complete && cut.stopReason == .nodeLimit)
                stopped += 1
            }
            let timed = solver.countByComponents(SearchLimits(time: .zero))
            #expect(!timed.complete && timed.stopReason == .timeLimit && timed.solutionCount == 0)
        }
        #expect(stopped > 100)
    }

    @Test func solutionLimitsAndKeptSolutionsUseThePlainSearch() throws {
        var model = Model()
        for _ in 0..<3 { model.addVariable(domainSize: 3) }
        var solver = Solver(model)
        let two = solver.countByComponents(SearchLimits(solutions: 2))
        #expect(two.solutionCount == 2 && two.stopReason == .solutionLimit)
        let kept = solver.countByComponents(SearchLimits(keepSolutions: 2))
        #expect(kept.solutionCount == 27 && kept.solutions == [[0, 0, 0], [0, 0, 1]])
    }
}
