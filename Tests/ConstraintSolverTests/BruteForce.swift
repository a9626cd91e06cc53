import ConstraintSolver

/// A test-side description of a model that can be built into a `Model` and
/// also solved by plain enumeration, the obviously-correct reference.
struct Spec: CustomStringConvertible {
    enum Constraint {
        case table([Int], [[Int]])
        case cardinality([Int], [Int])
        case linearSum([Int], [Int], Int)
        case nogood([Int], [Int])
    }

    /// Declared domain size of each variable.
    var sizes: [Int] = []
    /// Initial domain of each variable (a subset of `0..<size`), increasing.
    var domains: [[Int]] = []
    var constraints: [Constraint] = []

    @discardableResult
    mutating func addVariable(size: Int, values: [Int]? = nil) -> Int {
        sizes.append(size)
        domains.append(values ?? Array(0..<size))
        return sizes.count - 1
    }

    /// Builds the solver model; restrictions are applied only when they remove something.
    func model() throws -> Model {
        var model = Model()
        for (size, domain) in zip(sizes, domains) {
            let x = model.addVariable(domainSize: size)
            if domain.count != size { try model.restrict(x, to: domain) }
        }
        for constraint in constraints {
            switch constraint {
            case let .table(variables, tuples): try model.addTable(variables, tuples: tuples)
            case let .cardinality(variables, counts): try model.addCardinality(variables, counts: counts)
            case let .linearSum(variables, coefficients, total): try model.addLinearSum(variables, coefficients: coefficients, equals: total)
            case let .nogood(variables, values): try model.addNogood(variables, values: values)
            }
        }
        return model
    }

    /// Whether a complete assignment satisfies every constraint (straight from the definitions).
    func satisfies(_ a: [Int]) -> Bool {
        guard a.count == sizes.count else { return false }
        for (x, value) in a.enumerated() where !domains[x].contains(value) { return false }
        for constraint in constraints {
            switch constraint {
            case let .table(variables, tuples):
                if !tuples.contains(where: { tuple in variables.indices.allSatisfy { a[variables[$0]] == tuple[$0] } }) { return false }
            case let .cardinality(variables, counts):
                for (v, count) in counts.enumerated() where variables.filter({ a[$0] == v }).count != count { return false }
            case let .linearSum(variables, coefficients, total):
                // In 128 bits: coefficients up to Int.max never overflow it.
                var sum = Int128(0)
                for (x, c) in zip(variables, coefficients) { sum += Int128(c) * Int128(a[x]) }
                if sum != Int128(total) { return false }
            case let .nogood(variables, values):
                if variables.indices.allSatisfy({ a[variables[$0]] == values[$0] }) { return false }
            }
        }
        return true
    }

    /// Every solution, by enumerating the cartesian product of the domains in lexicographic order.
    func bruteForceSolutions() -> [[Int]] {
        var solutions: [[Int]] = []
        var assignment = [Int](repeating: 0, count: sizes.count)
        func extend(_ x: Int) {
            if x == sizes.count {
                if satisfies(assignment) { solutions.append(assignment) }
                return
            }
            for value in domains[x] {
                assignment[x] = value
                extend(x + 1)
            }
        }
        extend(0)
        return solutions
    }

    var description: String {
        "Spec(sizes: \(sizes), domains: \(domains), constraints: \(constraints))"
    }
}
