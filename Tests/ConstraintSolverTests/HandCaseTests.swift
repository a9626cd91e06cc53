import ConstraintSolver
import Testing

/// Small models whose answers are known by hand.
struct HandCaseTests {
    private func count(_ model: Model) -> SearchResult {
        var solver = Solver(model)
        return solver.search(SearchLimits(keepSolutions: .max))
    }

    @Test func swapTableHasTwoSolutions() throws {
        var model = Model()
        let x = model.addVariable(domainSize: 2)
        let y = model.addVariable(domainSize: 2)
        try model.addTable([x, y], tuples: [[0, 1], [1, 0]])
        let result = count(model)
        #expect(result.solutionCount == 2)
        #expect(result.complete)
        #expect(result.stopReason == .exhausted)
        #expect(result.solutions == [[0, 1], [1, 0]])
        #expect(model.count() == 2)
    }

    @Test func emptyTableHasNoSolution() throws {
        var model = Model()
        let x = model.addVariable(domainSize: 3)
        let y = model.addVariable(domainSize: 3)
        try model.addTable([x, y], tuples: [])
        #expect(count(model).solutionCount == 0)
        var solver = Solver(model)
        #expect(solver.propagatedDomains() == nil)
    }

    @Test func zeroVariablesHaveOneSolution() {
        let result = count(Model())
        #expect(result.solutionCount == 1)
        #expect(result.solutions == [[]])
        #expect(result.complete)
        #expect(result.statistics.nodes == 1)
    }

    @Test func unmeetableCardinalityHasNoSolution() throws {
        var model = Model()
        let cells = (0..<3).map { _ in model.addVariable(domainSize: 3) }
        // Three cells, but the pool has two 0-tiles and two 1-tiles: four tiles.
        try model.addCardinality(cells, counts: [2, 2, 0])
        #expect(count(model).solutionCount == 0)
        // Two cells cannot both take value 2 when the pool has one 2-tile and no value 2 in one domain.
        var other = Model()
        let a = other.addVariable(domainSize: 3)
        let b = other.addVariable(domainSize: 3)
        try other.restrict(b, to: [0, 1])
        try other.addCardinality([a, b], counts: [0, 0, 2])
        #expect(count(other).solutionCount == 0)
    }

    @Test func cardinalityCountsPermutations() throws {
        var model = Model()
        let cells = (0..<5).map { _ in model.addVariable(domainSize: 5) }
        try model.addCardinality(cells, counts: [1, 1, 1, 1, 1])
        #expect(count(model).solutionCount == 120)
        var pool = Model()
        let tiles = (0..<4).map { _ in pool.addVariable(domainSize: 3) }
        try pool.addCardinality(tiles, counts: [2, 1, 1])
        #expect(count(pool).solutionCount == 12)  // 4! / 2!
    }

    @Test func linearSumCases() throws {
        func row(_ digits: [Int], total: Int) throws -> SearchResult {
            var model = Model()
            let keep = digits.map { _ in model.addVariable(domainSize: 2) }
            try model.addLinearSum(keep, coefficients: digits, equals: total)
            return count(model)
        }
        let digits = [3, 1, 4, 1, 5, 9, 2, 6]
        let all = try row(digits, total: digits.reduce(0, +))
        #expect(all.solutionCount == 1)
        #expect(all.solutions == [[1, 1, 1, 1, 1, 1, 1, 1]])
        let none = try row(digits, total: 0)
        #expect(none.solutionCount == 1)
        #expect(none.solutions == [[0, 0, 0, 0, 0, 0, 0, 0]])
        #expect(try row([2, 4, 6], total: 5).solutionCount == 0)
        #expect(try row([2, 4, 6], total: 13).solutionCount == 0)
        #expect(try row([2, 4, 6], total: -1).solutionCount == 0)
        #expect(try row([1, 2, 3], total: 3).solutionCount == 2)  // {3}, {1, 2}
        // Large total: bounds mode.
        #expect(try row([5000, 3000, 2000], total: 5000).solutionCount == 2)
    }

    @Test func reachabilityPrunesCompletely() throws {
        // A cross-sum row 1...9 summing to 3 keeps 3 or {1, 2}: digits 4...9 must go.
        var model = Model()
        let keep = (0..<9).map { _ in model.addVariable(domainSize: 2) }
        try model.addLinearSum(keep, coefficients: Array(1...9), equals: 3)
        var solver = Solver(model)
        let propagated = solver.propagatedDomains()
        let domains = try #require(propagated)
        #expect(domains == [[0, 1], [0, 1], [0, 1]] + Array(repeating: [0], count: 6))
        #expect(solver.search().solutionCount == 2)
        // An even total over odd weights with one forced cell.
        var parity = Model()
        let cells = (0..<3).map { _ in parity.addVariable(domainSize: 2) }
        try parity.addLinearSum(cells, coefficients: [2, 2, 3], equals: 4)
        var paritySolver = Solver(parity)
        #expect(paritySolver.propagatedDomains() == [[1], [1], [0]])
    }

    @Test func tablePropagationIsArcConsistent() throws {
        var model = Model()
        let x = model.addVariable(domainSize: 4)
        let y = model.addVariable(domainSize: 4)
        let z = model.addVariable(domainSize: 4)
        try model.addTable([x, y], tuples: [[0, 1], [1, 2], [2, 3]])
        try model.addTable([y, z], tuples: [[1, 0], [2, 0], [3, 3]])
        try model.restrict(z, to: [0])
        var solver = Solver(model)
        #expect(solver.propagatedDomains() == [[0, 1], [1, 2], [0]])
        #expect(solver.search().solutionCount == 2)
    }

    @Test func nogoodExcludesKnownSolution() throws {
        var model = Model()
        let cells = (0..<3).map { _ in model.addVariable(domainSize: 3) }
        try model.addCardinality(cells, counts: [1, 1, 1])
        try model.addNogood(cells, values: [0, 1, 2])
        #expect(count(model).solutionCount == 5)
        try model.restrict(cells[0], to: [0])
        #expect(model.count() == 1)  // only [0, 2, 1] is left
        // All but one variable fixed to the nogood's values: the last loses its value.
        var plain = Model()
        let free = (0..<3).map { _ in plain.addVariable(domainSize: 3) }
        try plain.restrict(free[0], to: [0])
        try plain.restrict(free[1], to: [1])
        try plain.addNogood(free, values: [0, 1, 2])
        var solver = Solver(plain)
        #expect(solver.propagatedDomains() == [[0], [1], [0, 1]])
    }

    @Test func multiWordDomainsAreCounted() throws {
        var model = Model()
        let x = model.addVariable(domainSize: 130)
        let y = model.addVariable(domainSize: 130)
        // x + y == 129 has 130 solutions; restrict the tail of y to cross word boundaries.
        try model.addTable([x, y], tuples: (0..<130).map { [$0, 129 - $0] })
        #expect(count(model).solutionCount == 130)
        try model.restrict(y, to: Array(60..<130))
        let result = count(model)
        #expect(result.solutionCount == 70)
        #expect(result.solutions.first == [0, 129])
        #expect(result.solutions.last == [69, 60])
        // An all-different pool over 100+ values: 3 cells, values 0...127 with counts 1 on 126, 127, 100.
        var pool = Model()
        let cells = (0..<3).map { _ in pool.addVariable(domainSize: 128) }
        var counts = [Int](repeating: 0, count: 128)
        counts[100] = 1
        counts[126] = 1
        counts[127] = 1
        try pool.addCardinality(cells, counts: counts)
        #expect(count(pool).solutionCount == 6)
        var solver = Solver(pool)
        #expect(solver.propagatedDomains() == Array(repeating: [100, 126, 127], count: 3))
        // No constraints: the product of the domain sizes.
        var free = Model()
        free.addVariable(domainSize: 100)
        free.addVariable(domainSize: 65)
        #expect(free.count() == 6_500)
    }

    @Test func emptyAndDegenerateConstraints() throws {
        var model = Model()
        let x = model.addVariable(domainSize: 3)
        try model.addTable([], tuples: [[]])        // always true
        try model.addCardinality([], counts: [0, 0]) // always true
        try model.addLinearSum([], coefficients: [], equals: 0)
        #expect(model.count() == 3)
        try model.addTable([x, x], tuples: [[0, 0], [1, 2], [2, 2]])  // x == x: keeps 0 and 2
        #expect(model.count() == 2)
        try model.addNogood([x, x], values: [0, 1])  // can never match
        #expect(model.count() == 2)
        try model.addNogood([x, x], values: [0, 0])  // x != 0
        #expect(model.count() == 1)
        var infeasible = Model()
        infeasible.addVariable(domainSize: 2)
        try infeasible.addNogood([], values: [])
        #expect(infeasible.count() == 0)
        var emptyDomain = Model()
        emptyDomain.addVariable(domainSize: 0)
        #expect(emptyDomain.count() == 0)
        var negative = Model()
        negative.addVariable(domainSize: -3)
        #expect(negative.count() == 0)
    }

    @Test func limitsStopTheSearch() throws {
        var model = Model()
        for _ in 0..<6 { model.addVariable(domainSize: 3) }
        var solver = Solver(model)
        let one = solver.search(SearchLimits(nodes: 1))
        #expect(one.complete == false)
        #expect(one.stopReason == .nodeLimit)
        #expect(one.statistics.nodes == 1)
        let two = solver.search(SearchLimits(solutions: 2, keepSolutions: 5))
        #expect(two.solutionCount == 2)
        #expect(two.stopReason == .solutionLimit)
        #expect(!two.complete)
        #expect(two.solutions == [[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1]])
        let zero = solver.search(SearchLimits(solutions: 0))
        #expect(zero.solutionCount == 0 && zero.stopReason == .solutionLimit)
        let timed = solver.search(SearchLimits(time: .zero))
        #expect(timed.stopReason == .timeLimit)
        #expect(timed.statistics.nodes == 0)  // a zero budget stops before the root
        let full = solver.search()
        #expect(full.solutionCount == 729 && full.complete)
    }

    @Test func statisticsAreDeterministic() throws {
        var model = Model()
        let cells = (0..<6).map { _ in model.addVariable(domainSize: 4) }
        try model.addCardinality(cells, counts: [2, 2, 1, 1])
        try model.addTable([cells[0], cells[1], cells[2]], tuples: [[0, 1, 1], [1, 0, 1], [2, 3, 1], [3, 2, 1], [0, 0, 0]])
        try model.addNogood(cells, values: [0, 1, 1, 0, 2, 3])
        var first = Solver(model)
        var second = Solver(model)
        let a = first.search(SearchLimits(keepSolutions: 100))
        let b = second.search(SearchLimits(keepSolutions: 100))
        let c = first.search(SearchLimits(keepSolutions: 100))
        for other in [b, c] {
            #expect(other.solutionCount == a.solutionCount)
            #expect(other.solutions == a.solutions)
            #expect(other.statistics.nodes == a.statistics.nodes)
            #expect(other.statistics.failures == a.statistics.failures)
            #expect(other.statistics.propagations == a.statistics.propagations)
            #expect(other.statistics.maxDepth == a.statistics.maxDepth)
        }
        #expect(a.solutionCount > 0)
    }
}
