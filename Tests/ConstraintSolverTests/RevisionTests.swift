import ConstraintSolver
import Testing

/// A solver revised between searches (root domains, tuple lists switched,
/// tuples left out) finds what brute force finds on the revised model, with
/// the same search as a solver compiled from it.
struct RevisionTests {
    /// A model with tables over distinct variables, each with a tuple, so the
    /// model keeps every table, plus at times a cardinality and a nogood.
    private static func randomSpec(_ rng: inout SplitMix64) -> Spec {
        var spec = Spec()
        for _ in 0..<rng.int(2...6) {
            let size = rng.int(1...5)
            spec.addVariable(size: size, values: rng.chance(0.25) ? (0..<size).filter { _ in rng.chance(0.7) } : nil)
        }
        for _ in 0..<rng.int(1...4) {
            let scope = Array((0..<spec.sizes.count).shuffled(using: &rng).prefix(rng.int(1...min(3, spec.sizes.count))))
            spec.constraints.append(.table(scope, randomTuples(spec, scope, &rng, count: rng.int(1...10))))
        }
        if rng.chance(0.5) { RandomSpecs.addCardinality(&spec, &rng) }
        if rng.chance(0.5) { RandomSpecs.addNogood(&spec, &rng) }
        return spec
    }

    private static func randomTuples(_ spec: Spec, _ scope: [Int], _ rng: inout SplitMix64, count: Int) -> [[Int]] {
        (0..<count).map { _ in scope.map { rng.int(0...(spec.sizes[$0] - 1)) } }
    }

    @Test("Revised solvers match brute force and a fresh compile", arguments: 0..<4)
    func revisedSolversMatch(batch: Int) throws {
        var rng = SplitMix64(seed: 3_000 + UInt64(batch))
        var revisions = 0
        for index in 0..<150 {
            var spec = Self.randomSpec(&rng)
            var solver = Solver(try spec.model())
            // The table constraints in the model's order, and per tuple list
            // its tuples and the ones left out of it.
            let tables = spec.constraints.indices.filter { if case .table = spec.constraints[$0] { true } else { false } }
            #expect(solver.tableCount == tables.count)
            var lists: [(table: Int, tuples: [[Int]], excluded: Set<Int>)] = tables.indices.map { k in
                guard case let .table(_, tuples) = spec.constraints[tables[k]] else { return (k, [], []) }
                return (k, tuples, [])
            }
            for step in 0..<8 {
                let k = rng.int(0...(tables.count - 1))
                guard case let .table(scope, _) = spec.constraints[tables[k]] else { continue }
                switch rng.int(0...3) {
                case 0:
                    let x = rng.int(0...(spec.sizes.count - 1))
                    let values = (0..<spec.sizes[x]).filter { _ in rng.chance(0.6) }
                    try solver.setRootDomain(x, to: values + values.prefix(1))
                    spec.domains[x] = values
                case 1:
                    let tuples = Self.randomTuples(spec, scope, &rng, count: rng.int(0...10))
                    let id = try solver.addTupleList(table: k, flatTuples: tuples.flatMap { $0 }, count: tuples.count)
                    #expect(id == lists.count)
                    lists.append((k, tuples, []))
                    if rng.chance(0.8) { try solver.useTupleList(id, table: k) }
                case 2:
                    let own = lists.indices.filter { lists[$0].table == k }
                    try solver.useTupleList(own[rng.int(0...(own.count - 1))], table: k)
                default:
                    let list = solver.tupleListInUse(table: k)
                    let excluded = lists[list].tuples.indices.filter { _ in rng.chance(0.3) }
                    try solver.setExcludedTuples(excluded, table: k)
                    lists[list].excluded = Set(excluded)
                }
                // The revised model: each table with its list in use, less
                // the tuples left out of it.
                for k in tables.indices {
                    guard case let .table(scope, _) = spec.constraints[tables[k]] else { continue }
                    let list = lists[solver.tupleListInUse(table: k)]
                    spec.constraints[tables[k]] = .table(scope, list.tuples.indices.filter { !list.excluded.contains($0) }.map { list.tuples[$0] })
                }
                let context = "batch \(batch) model \(index) step \(step): \(spec)"
                let revised = solver.search(SearchLimits(keepSolutions: .max))
                #expect(revised.solutions.sorted { $0.lexicographicallyPrecedes($1) } == spec.bruteForceSolutions(), "\(context)")
                var fresh = Solver(try spec.model())
                let compiled = fresh.search(SearchLimits(keepSolutions: .max))
                #expect(revised.solutions == compiled.solutions, "\(context)")
                #expect(revised.statistics.nodes == compiled.statistics.nodes, "\(context)")
                #expect(revised.statistics.failures == compiled.statistics.failures, "\(context)")
                revisions += 1
            }
        }
        #expect(revisions == 150 * 8)
    }

    @Test func badRevisionsThrowAndChangeNothing() throws {
        var model = Model()
        let x = model.addVariable(domainSize: 3)
        let y = model.addVariable(domainSize: 3)
        try model.addTable([x, y], tuples: [[0, 1], [1, 0]])
        var solver = Solver(model)
        #expect(throws: ModelError.self) { try solver.setRootDomain(2, to: [0]) }
        #expect(throws: ModelError.self) { try solver.setRootDomain(x, to: [3]) }
        #expect(throws: ModelError.self) { _ = try solver.addTupleList(table: 1, flatTuples: [0, 0], count: 1) }
        #expect(throws: ModelError.self) { _ = try solver.addTupleList(table: 0, flatTuples: [0, 0, 1], count: 1) }
        #expect(throws: ModelError.self) { _ = try solver.addTupleList(table: 0, flatTuples: [0, 3], count: 1) }
        #expect(throws: ModelError.self) { try solver.useTupleList(1, table: 0) }
        #expect(throws: ModelError.self) { try solver.setExcludedTuples([2], table: 0) }
        #expect(solver.tupleListInUse(table: 0) == 0 && solver.tupleListInUse(table: 1) == -1)
        #expect(solver.search().solutionCount == 2)
        // An empty list, and every tuple left out, allow nothing.
        let none = try solver.addTupleList(table: 0, flatTuples: [], count: 0)
        try solver.useTupleList(none, table: 0)
        #expect(solver.search().solutionCount == 0)
        try solver.useTupleList(0, table: 0)
        try solver.setExcludedTuples([1, 0], table: 0)
        #expect(solver.search().solutionCount == 0)
        try solver.setExcludedTuples([0], table: 0)
        #expect(solver.search(SearchLimits(keepSolutions: 2)).solutions == [[1, 0]])
        try solver.setRootDomain(y, to: [])
        #expect(solver.search().solutionCount == 0)
    }
}
