/// Constant layout of one nogood `!(x_1 == v_1 && ... && x_k == v_k)`.
struct _NogoodHeader: Sendable {
    /// Forbidden values are the matching `_Engine.scopeValues`.
    var scopeStart: Int
    var count: Int
    /// Reversible flag, non-zero once some `x_i` has lost `v_i` (the nogood then holds for good).
    var entailedOffset: Int
}

/// Nogood propagation.
///
/// Once some variable has lost its forbidden value the nogood is satisfied
/// in the whole subtree, which a reversible flag records so later runs cost
/// O(1). Otherwise, when every variable but one is fixed to its forbidden
/// value the last one loses its value; when all are, the propagator fails.
extension _Engine {
    /// Installs a nogood over distinct variables with in-domain values.
    ///
    /// - Returns: The scratch space the propagator needs (none).
    mutating func installNogood(_ variables: [Int], values: [Int]) -> (words: Int, ints: Int) {
        let header = _NogoodHeader(
            scopeStart: appendScope(variables, values: values),
            count: variables.count,
            entailedOffset: allocateReversible(1))
        propagators.append(.nogood(header))
        return (0, 0)
    }

    /// Runs nogood propagation.
    ///
    /// - Returns: `false` when the forbidden assignment is reached.
    /// - Complexity: O(*k*), O(1) once entailed.
    mutating func propagateNogood(_ h: _NogoodHeader) -> Bool {
        if memory[h.entailedOffset] != 0 { return true }
        var openCount = 0
        var open = -1
        for e in 0..<h.count {
            let x = scopeVariables[h.scopeStart &+ e]
            let v = scopeValues[h.scopeStart &+ e]
            if !contains(x, v) {
                write(h.entailedOffset, 1)
                return true
            }
            if !isFixed(x) {
                openCount &+= 1
                open = e
            }
        }
        if openCount == 0 { return false }
        if openCount == 1 {
            write(h.entailedOffset, 1)
            return removeValue(scopeVariables[h.scopeStart &+ open], scopeValues[h.scopeStart &+ open])
        }
        return true
    }
}
