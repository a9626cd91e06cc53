/// Constant layout of one Boolean linear equation `sum(c_i * x_i) == total`.
struct _LinearSumHeader: Sendable {
    /// Coefficients are the matching `_Engine.scopeValues`.
    var scopeStart: Int
    var count: Int
    var total: Int
    /// Whether to filter with subset-sum reachability (complete) instead of bounds.
    var usesReachability: Bool
}

/// Boolean linear equation with non-negative coefficients.
///
/// Value index 0 is false and 1 is true. Let `remaining` be the total minus
/// the coefficients of the variables fixed to true, and the *undecided*
/// variables those still holding both values.
///
/// - *Bounds* (any total): fail unless `0 <= remaining <= sum of undecided
///   coefficients`; a coefficient larger than `remaining` forces its variable
///   to false, one without which the others cannot reach `remaining` forces it
///   to true; repeat until nothing changes.
/// - *Reachability* (`total <= Model.reachabilityLimit`): a bitset dynamic
///   program over the undecided coefficients keeps exactly the values that
///   appear in a solution (generalized arc consistency). Prefix bitsets
///   `P_k` hold the sums reachable with the first `k` coefficients; a
///   reversed suffix bitset `S_k` (bit `t` set when `remaining - t` is reachable
///   with the coefficients after `k`) is swept backwards, and variable `k` can be
///   false when `P_{k-1} & S_k != 0`, true when `P_{k-1} & (S_k >> c_k) != 0`.
///   For cross sums (totals below 64) every bitset is a single word.
extension _Engine {
    /// Installs a linear sum over distinct Boolean variables with positive coefficients.
    ///
    /// - Returns: The scratch space the propagator needs.
    mutating func installLinearSum(_ variables: [Int], coefficients: [Int], total: Int) -> (words: Int, ints: Int) {
        let usesReachability = total <= Model.reachabilityLimit
        let header = _LinearSumHeader(
            scopeStart: appendScope(variables, values: coefficients),
            count: variables.count,
            total: total,
            usesReachability: usesReachability)
        propagators.append(.linearSum(header))
        let bitsetWords = (total >> 6) + 1
        return (usesReachability ? (variables.count + 3) * bitsetWords : 0, variables.count)
    }

    /// Runs linear-sum propagation to its fixpoint.
    ///
    /// - Returns: `false` when the total cannot be reached.
    /// - Complexity: O(*n*²) for bounds; O(*n* × *total* / 64) for reachability.
    ///
    /// No sum here can overflow: the model refuses coefficients adding up
    /// beyond `Int.max` and a total outside `0...sum`, so `remaining` stays
    /// within `total - sum ... total` and `undecidedWeight` within `0...sum`.
    mutating func propagateLinearSum(_ h: _LinearSumHeader) -> Bool {
        var remaining = h.total
        var undecidedWeight = 0
        var undecidedCount = 0
        for e in 0..<h.count {
            let x = scopeVariables[h.scopeStart &+ e]
            switch memory[domainBase(x)] & 3 {
            case 2:
                remaining &-= scopeValues[h.scopeStart &+ e]
            case 3:
                scratchInts[undecidedCount] = e
                undecidedCount &+= 1
                undecidedWeight &+= scopeValues[h.scopeStart &+ e]
            default:
                break
            }
        }
        if remaining < 0 || remaining > undecidedWeight { return false }
        if undecidedCount == 0 { return true }
        if h.usesReachability && remaining != 0 && remaining != undecidedWeight {
            return filterByReachability(h, remaining: remaining, undecidedCount: undecidedCount)
        }
        return filterByBounds(h, remaining: remaining, undecidedWeight: undecidedWeight, undecidedCount: undecidedCount)
    }

    private mutating func filterByBounds(_ h: _LinearSumHeader, remaining: Int, undecidedWeight: Int, undecidedCount: Int) -> Bool {
        var remaining = remaining
        var undecidedWeight = undecidedWeight
        var changed = true
        while changed {
            // A pass costs the line's length; stopped, propagate() reports it.
            if outOfTime(after: undecidedCount) { return true }
            changed = false
            for u in 0..<undecidedCount {
                let e = scratchInts[u]
                if e < 0 { continue }
                let x = scopeVariables[h.scopeStart &+ e]
                let coefficient = scopeValues[h.scopeStart &+ e]
                if coefficient > remaining {
                    undecidedWeight &-= coefficient
                    if !removeValue(x, 1) { return false }
                } else if undecidedWeight &- coefficient < remaining {
                    undecidedWeight &-= coefficient
                    remaining &-= coefficient
                    if !assign(x, 1) { return false }
                } else {
                    continue
                }
                scratchInts[u] = -1
                changed = true
            }
            if remaining < 0 || remaining > undecidedWeight { return false }
        }
        return true
    }

    private mutating func filterByReachability(_ h: _LinearSumHeader, remaining: Int, undecidedCount m: Int) -> Bool {
        let words = (remaining >> 6) &+ 1
        let lastMask = _lowBits((remaining & 63) &+ 1)
        // Prefix bitsets P_0 ... P_m at scratch[k * words ..< (k + 1) * words].
        scratch[0] = 1
        for i in 1..<words { scratch[i] = 0 }
        for k in 1...m {
            let coefficient = scopeValues[h.scopeStart &+ scratchInts[k &- 1]]
            let source = (k &- 1) &* words
            let target = k &* words
            for i in 0..<words {
                scratch[target &+ i] = scratch[source &+ i] | shiftedLeftWord(at: source, words: words, by: coefficient, word: i)
            }
            scratch[target &+ words &- 1] &= lastMask
        }
        if scratch[m &* words &+ (remaining >> 6)] >> UInt64(remaining & 63) & 1 == 0 { return false }

        // Sweep the reversed suffix bitset S_k from k = m down to 1.
        var current = (m &+ 1) &* words
        var next = current &+ words
        for i in 0..<words { scratch[current &+ i] = 0 }
        scratch[current &+ (remaining >> 6)] = 1 << UInt64(remaining & 63)
        var k = m
        while k >= 1 {
            let e = scratchInts[k &- 1]
            let coefficient = scopeValues[h.scopeStart &+ e]
            let prefix = (k &- 1) &* words
            var canBeFalse = false
            var canBeTrue = false
            for i in 0..<words {
                let p = scratch[prefix &+ i]
                if p & scratch[current &+ i] != 0 { canBeFalse = true }
                if p & shiftedRightWord(at: current, words: words, by: coefficient, word: i) != 0 { canBeTrue = true }
                if canBeFalse && canBeTrue { break }
            }
            let x = scopeVariables[h.scopeStart &+ e]
            if !canBeTrue {
                if !removeValue(x, 1) { return false }
            } else if !canBeFalse {
                if !assign(x, 1) { return false }
            }
            if k > 1 {
                for i in 0..<words {
                    scratch[next &+ i] = scratch[current &+ i] | shiftedRightWord(at: current, words: words, by: coefficient, word: i)
                }
                swap(&current, &next)
            }
            k &-= 1
        }
        return true
    }

    /// Word `word` of the bitset `scratch[start..<start + words]` shifted left by `shift` bits.
    @inline(__always)
    private func shiftedLeftWord(at start: Int, words: Int, by shift: Int, word: Int) -> UInt64 {
        let from = word &- (shift >> 6)
        let bits = UInt64(shift & 63)
        if from < 0 { return 0 }
        var result = scratch[start &+ from] << bits
        if bits != 0 && from >= 1 { result |= scratch[start &+ from &- 1] >> (64 &- bits) }
        return result
    }

    /// Word `word` of the bitset `scratch[start..<start + words]` shifted right by `shift` bits.
    @inline(__always)
    private func shiftedRightWord(at start: Int, words: Int, by shift: Int, word: Int) -> UInt64 {
        let from = word &+ (shift >> 6)
        let bits = UInt64(shift & 63)
        if from >= words { return 0 }
        var result = scratch[start &+ from] >> bits
        if bits != 0 && from &+ 1 < words { result |= scratch[start &+ from &+ 1] << (64 &- bits) }
        return result
    }
}
