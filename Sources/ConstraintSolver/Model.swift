/// A finite-domain constraint model over value indices.
///
/// A model is a list of variables, each with a domain `0..<domainSize` of
/// *value indices* (the caller maps indices to puzzle numbers), and a list of
/// constraints over them. Models are plain values: build one, then hand it to
/// a ``Solver``.
///
///     var model = Model()
///     let x = model.addVariable(domainSize: 2)
///     let y = model.addVariable(domainSize: 2)
///     try model.addTable([x, y], tuples: [[0, 1], [1, 0]])
///     model.count()   // 2
///
/// Every adder validates its input and throws a ``ModelError`` (leaving the
/// model unchanged) when a variable or value index is out of range or array
/// lengths disagree. Inputs that are valid but degenerate are normalized:
/// a variable repeated in a table, linear sum or nogood is merged into one
/// occurrence with the equivalent meaning, and constraints that can never be
/// satisfied (an empty table, an impossible sum) make the whole model
/// infeasible, so it has zero solutions.
public struct Model: Sendable {
    /// The largest domain size a variable can have; larger requests are clamped.
    public static let maximumDomainSize = 1 << 16

    /// The largest `total` for which a linear sum uses subset-sum reachability
    /// (complete filtering); larger totals use bounds reasoning only.
    public static let reachabilityLimit = 4096

    var domainSizes: [Int] = []
    /// Start of each variable's initial-domain words in `domainWords`.
    var domainOffsets: [Int] = []
    /// Initial domains, `max(1, ceil(size / 64))` words per variable.
    var domainWords: [UInt64] = []
    /// Constraints in the order they were added.
    var constraints: [_Constraint] = []
    /// Set when a constraint is unsatisfiable on its own.
    var isTriviallyInfeasible = false

    /// Creates an empty model: no variables, no constraints, one solution.
    public init() {}

    /// The number of variables in the model.
    public var variableCount: Int { domainSizes.count }

    /// The domain size a variable was created with, or 0 for an invalid index.
    public func domainSize(of variable: Int) -> Int {
        domainSizes.indices.contains(variable) ? domainSizes[variable] : 0
    }

    /// Adds a variable whose domain is the value indices `0..<domainSize`.
    ///
    /// A negative size is treated as 0 (an empty domain, so the model has no
    /// solution); sizes above ``maximumDomainSize`` are clamped to it.
    ///
    /// - Parameter domainSize: The number of values the variable can take.
    /// - Returns: The index of the new variable (`variableCount - 1`).
    @discardableResult
    public mutating func addVariable(domainSize: Int) -> Int {
        let size = min(max(domainSize, 0), Model.maximumDomainSize)
        let index = domainSizes.count
        domainSizes.append(size)
        domainOffsets.append(domainWords.count)
        for word in 0..<max(1, (size + 63) >> 6) {
            domainWords.append(_lowBits(size - word << 6))
        }
        return index
    }

    /// Restricts the initial domain of a variable to the given values.
    ///
    /// Calls accumulate: the domain becomes the intersection of all the value
    /// lists given so far. Duplicate values are allowed.
    ///
    /// - Parameters:
    ///   - variable: A variable index.
    ///   - values: Value indices in `0..<domainSize(of: variable)`.
    /// - Throws: ``ModelError`` when the variable or a value is out of range.
    public mutating func restrict(_ variable: Int, to values: [Int]) throws(ModelError) {
        try _checkVariables([variable])
        let size = domainSizes[variable]
        let wordCount = max(1, (size + 63) >> 6)
        var mask = [UInt64](repeating: 0, count: wordCount)
        for value in values {
            guard value >= 0 && value < size else {
                throw ModelError(.valueOutOfRange, "value \(value) is outside the domain 0..<\(size) of variable \(variable)")
            }
            mask[value >> 6] |= 1 << UInt64(value & 63)
        }
        for word in 0..<wordCount {
            domainWords[domainOffsets[variable] + word] &= mask[word]
        }
    }

    /// Adds an extensional constraint: the variables must take one of the tuples.
    ///
    /// A variable may appear several times in `variables`; tuples giving it
    /// different values are then dropped. An empty tuple list makes the model
    /// infeasible; a constraint over zero variables is satisfied exactly when
    /// `tuples` contains the empty tuple.
    ///
    /// - Parameters:
    ///   - variables: The scope, in the order of the tuple components.
    ///   - tuples: Allowed combinations of value indices, each of length
    ///     `variables.count`.
    /// - Throws: ``ModelError`` when a variable is out of range, a tuple has the
    ///   wrong length or a value is outside its variable's domain.
    /// - Complexity: O(*t* × *k*²) for *t* tuples of arity *k*.
    public mutating func addTable(_ variables: [Int], tuples: [[Int]]) throws(ModelError) {
        try _checkVariables(variables)
        var flat: [Int] = []
        flat.reserveCapacity(tuples.count * variables.count)
        for (row, tuple) in tuples.enumerated() {
            guard tuple.count == variables.count else {
                throw ModelError(.lengthMismatch, "tuple \(row) has \(tuple.count) values for \(variables.count) variables")
            }
            flat.append(contentsOf: tuple)
        }
        try addTable(variables, flatTuples: flat, count: tuples.count)
    }

    /// ``addTable(_:tuples:)`` with the tuples laid end to end: tuple `t` is
    /// `flatTuples[t * k ..< (t + 1) * k]` for `k = variables.count`.
    ///
    /// - Parameters:
    ///   - variables: The scope, in the order of the tuple components.
    ///   - flatTuples: The allowed combinations of value indices, one after
    ///     the other.
    ///   - count: How many tuples (which `flatTuples` cannot tell when
    ///     `variables` is empty).
    /// - Throws: ``ModelError`` when a variable is out of range, `flatTuples`
    ///   does not hold `count` tuples or a value is outside its variable's
    ///   domain.
    public mutating func addTable(_ variables: [Int], flatTuples: [Int], count: Int) throws(ModelError) {
        try _checkVariables(variables)
        let arity = variables.count
        guard count >= 0, arity == 0 ? flatTuples.isEmpty : flatTuples.count % arity == 0 && flatTuples.count / arity == count else {
            throw ModelError(.lengthMismatch, "\(flatTuples.count) values for \(count) tuples of \(arity) variables")
        }
        for (i, value) in flatTuples.enumerated() {
            let size = domainSizes[variables[i % arity]]
            guard value >= 0 && value < size else {
                throw ModelError(.valueOutOfRange,
                                 "tuple \(i / arity) gives value \(value) to variable \(variables[i % arity]) with domain 0..<\(size)")
            }
        }
        // Merge repeated variables: `first[i]` is the first position holding variables[i].
        let first = variables.indices.map { i in variables.firstIndex(of: variables[i]) ?? i }
        let kept = variables.indices.filter { first[$0] == $0 }
        var flat = flatTuples
        if kept.count < arity {
            flat.removeAll(keepingCapacity: true)
            for t in 0..<count where variables.indices.allSatisfy({ flatTuples[t * arity + $0] == flatTuples[t * arity + first[$0]] }) {
                for position in kept { flat.append(flatTuples[t * arity + position]) }
            }
        }
        let rowCount = kept.isEmpty ? count : flat.count / kept.count
        if rowCount == 0 {
            isTriviallyInfeasible = true
        } else if !kept.isEmpty {
            constraints.append(.table(variables: kept.map { variables[$0] }, tuples: flat))
        }
    }

    /// Adds a cardinality (multiset) constraint: exactly `counts[v]` of the
    /// variables take value `v`.
    ///
    /// This models a pool of tiles where each tile is used exactly once. Values
    /// at or beyond `counts.count` are unconstrained. Occurrences are counted
    /// per entry of `variables`, so a repeated variable counts twice. Counts
    /// that cannot be met (for example, summing to more than the number of
    /// variables) make the model infeasible.
    ///
    /// - Parameters:
    ///   - variables: The counted variables.
    ///   - counts: The exact number of occurrences of each value index.
    /// - Throws: ``ModelError`` when a variable is out of range or a count is
    ///   negative.
    public mutating func addCardinality(_ variables: [Int], counts: [Int]) throws(ModelError) {
        try _checkVariables(variables)
        var sum = 0
        for (value, count) in counts.enumerated() {
            guard count >= 0 else {
                throw ModelError(.negativeNumber, "count \(count) for value \(value) is negative")
            }
            let (next, overflow) = sum.addingReportingOverflow(count)
            guard !overflow else { throw ModelError(.overflow, "the counts overflow Int") }
            sum = next
        }
        if sum > variables.count {
            isTriviallyInfeasible = true
            return
        }
        // Trim values no variable can take; they must have count 0.
        let largest = variables.map { domainSizes[$0] }.max() ?? 0
        var trimmed = counts
        if trimmed.count > largest {
            if trimmed[largest...].contains(where: { $0 > 0 }) {
                isTriviallyInfeasible = true
                return
            }
            trimmed.removeSubrange(largest...)
        }
        if !variables.isEmpty && !trimmed.isEmpty {
            constraints.append(.cardinality(variables: variables, counts: trimmed))
        }
    }

    /// Adds a Boolean linear equation `sum(coefficients[i] * variables[i]) == total`.
    ///
    /// Each variable must have at most two values: value index 0 means false
    /// and 1 means true. A repeated variable has its coefficients added; zero
    /// coefficients are dropped. A negative `total` makes the model infeasible.
    /// When `total <= Model.reachabilityLimit` the propagator keeps exactly the
    /// values that appear in some solution of the equation (subset-sum
    /// reachability); otherwise it uses bounds reasoning.
    ///
    /// - Parameters:
    ///   - variables: Boolean variables (domain size at most 2).
    ///   - coefficients: Non-negative weights, one per variable.
    ///   - total: The required sum.
    /// - Throws: ``ModelError`` when a variable is out of range or not Boolean,
    ///   the lengths differ, a coefficient is negative or the sum overflows.
    public mutating func addLinearSum(_ variables: [Int], coefficients: [Int], equals total: Int) throws(ModelError) {
        try _checkVariables(variables)
        guard coefficients.count == variables.count else {
            throw ModelError(.lengthMismatch, "\(coefficients.count) coefficients for \(variables.count) variables")
        }
        var mergedVariables: [Int] = []
        var mergedCoefficients: [Int] = []
        // Where each variable went in `mergedVariables`: a line of a wide
        // grid has 100,000 of them, too many to look up one by one.
        var slot: [Int: Int] = [:]
        var sum = 0
        for (variable, coefficient) in zip(variables, coefficients) {
            guard domainSizes[variable] <= 2 else {
                throw ModelError(.notBoolean, "variable \(variable) has \(domainSizes[variable]) values; a linear sum needs at most 2")
            }
            guard coefficient >= 0 else {
                throw ModelError(.negativeNumber, "coefficient \(coefficient) of variable \(variable) is negative")
            }
            let (next, overflow) = sum.addingReportingOverflow(coefficient)
            guard !overflow else { throw ModelError(.overflow, "the coefficients overflow Int") }
            sum = next
            if let at = slot[variable] {
                mergedCoefficients[at] += coefficient
            } else {
                slot[variable] = mergedVariables.count
                mergedVariables.append(variable)
                mergedCoefficients.append(coefficient)
            }
        }
        let nonZero = mergedCoefficients.indices.filter { mergedCoefficients[$0] > 0 }
        if total < 0 || total > sum {
            isTriviallyInfeasible = true
        } else if nonZero.isEmpty {
            if total != 0 { isTriviallyInfeasible = true }
        } else {
            constraints.append(.linearSum(
                variables: nonZero.map { mergedVariables[$0] },
                coefficients: nonZero.map { mergedCoefficients[$0] },
                total: total))
        }
    }

    /// Adds a nogood: forbids the assignment `variables[i] == values[i]` for all `i` at once.
    ///
    /// This is how a uniqueness check asks for "a solution different from the
    /// known one". A variable repeated with two different values makes the
    /// nogood vacuous; a nogood over zero variables forbids everything and
    /// makes the model infeasible.
    ///
    /// - Parameters:
    ///   - variables: The variables of the forbidden assignment.
    ///   - values: Their forbidden values, one per variable.
    /// - Throws: ``ModelError`` when a variable or value is out of range or the
    ///   lengths differ.
    public mutating func addNogood(_ variables: [Int], values: [Int]) throws(ModelError) {
        try _checkVariables(variables)
        guard values.count == variables.count else {
            throw ModelError(.lengthMismatch, "\(values.count) values for \(variables.count) variables")
        }
        for (variable, value) in zip(variables, values) where value < 0 || value >= domainSizes[variable] {
            throw ModelError(.valueOutOfRange, "value \(value) is outside the domain 0..<\(domainSizes[variable]) of variable \(variable)")
        }
        var keptVariables: [Int] = []
        var keptValues: [Int] = []
        for (variable, value) in zip(variables, values) {
            if let at = keptVariables.firstIndex(of: variable) {
                if keptValues[at] != value { return }  // can never match: vacuous
            } else {
                keptVariables.append(variable)
                keptValues.append(value)
            }
        }
        if keptVariables.isEmpty {
            isTriviallyInfeasible = true
        } else {
            constraints.append(.nogood(variables: keptVariables, values: keptValues))
        }
    }

    /// Counts the solutions of the model.
    ///
    /// - Parameter limit: Stop after this many solutions (`2` is the
    ///   uniqueness check); `nil` counts them all.
    /// - Returns: The exact count, or `limit` when at least that many exist.
    public func count(limit: Int? = nil) -> Int {
        var solver = Solver(self)
        return solver.search(SearchLimits(solutions: limit)).solutionCount
    }

    private func _checkVariables(_ variables: [Int]) throws(ModelError) {
        for variable in variables where variable < 0 || variable >= domainSizes.count {
            throw ModelError(.variableOutOfRange, "variable \(variable) is not in 0..<\(domainSizes.count)")
        }
    }
}

/// A validated, normalized constraint as stored in a ``Model``.
enum _Constraint: Sendable {
    /// Tuples are flattened row-major, `variables.count` values per row.
    case table(variables: [Int], tuples: [Int])
    case cardinality(variables: [Int], counts: [Int])
    case linearSum(variables: [Int], coefficients: [Int], total: Int)
    case nogood(variables: [Int], values: [Int])
}

/// A word with the lowest `count` bits set (`count` clamped to `0...64`).
@inline(__always)
func _lowBits(_ count: Int) -> UInt64 {
    if count <= 0 { return 0 }
    if count >= 64 { return ~0 }
    return (1 << UInt64(count)) &- 1
}
