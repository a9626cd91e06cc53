/// Constant layout of one cardinality (multiset) constraint.
struct _CardinalityHeader: Sendable {
    var scopeStart: Int
    var count: Int
    /// Bits per lane of the bit-sliced counters: enough to hold `count`.
    var planeCount: Int
    /// Bit-sliced required counts: plane `q` of domain word `j` is
    /// `cardinalityPlanes[planesStart + j * planeCount + q]`.
    var planesStart: Int
    /// Per domain word `j`: lanes with a required count at
    /// `cardinalityMasks[masksStart + 2 * j]`, lanes with a positive count at `+ 1`.
    var masksStart: Int
}

/// Exact-count (global cardinality) propagation with bit-sliced counters.
///
/// For every value `v` with a required count `c[v]` let `fixed[v]` be the
/// number of scope entries fixed to `v` and `possible[v]` the number whose
/// domain still contains `v`. The propagator enforces, to a fixpoint:
///
/// - `fixed[v] > c[v]` or `possible[v] < c[v]`: fail;
/// - `fixed[v] == c[v]`: remove `v` from every unfixed entry;
/// - `possible[v] == c[v] > fixed[v]`: every entry containing `v` must take it,
///   so fix it to `v` (failing when one entry would need two such values).
///
/// Both counts are computed for 64 values at a time: each domain word is added
/// to a *bit-sliced counter* (plane `q` holds bit `q` of 64 lane counters), so
/// counting costs O(log n) word operations per variable instead of one per
/// value, and the comparisons with the required counts are word-parallel too.
extension _Engine {
    /// Installs a cardinality constraint; `counts` has at most `64 * wordsPerVariable` entries.
    ///
    /// - Returns: The scratch space the propagator needs.
    mutating func installCardinality(_ variables: [Int], counts: [Int]) -> (words: Int, ints: Int) {
        let planeCount = Int.bitWidth - variables.count.leadingZeroBitCount
        let planesStart = cardinalityPlanes.count
        let masksStart = cardinalityMasks.count
        for j in 0..<wordsPerVariable {
            var planes = [UInt64](repeating: 0, count: planeCount)
            var constrained: UInt64 = 0
            var positive: UInt64 = 0
            for lane in 0..<64 {
                let v = j << 6 | lane
                guard v < counts.count else { break }
                constrained |= 1 << UInt64(lane)
                if counts[v] > 0 { positive |= 1 << UInt64(lane) }
                for q in 0..<planeCount where counts[v] >> q & 1 != 0 {
                    planes[q] |= 1 << UInt64(lane)
                }
            }
            cardinalityPlanes.append(contentsOf: planes)
            cardinalityMasks.append(constrained)
            cardinalityMasks.append(positive)
        }
        let header = _CardinalityHeader(
            scopeStart: appendScope(variables),
            count: variables.count,
            planeCount: planeCount,
            planesStart: planesStart,
            masksStart: masksStart)
        propagators.append(.cardinality(header))
        return (2 * wordsPerVariable * planeCount + 2 * wordsPerVariable, 0)
    }

    /// Adds `mask` (one per lane) to the bit-sliced counter at `counters[offset..<offset + planes]`.
    @inline(__always)
    private static func addToCounter(_ mask: UInt64, _ counters: UnsafeMutableBufferPointer<UInt64>, at offset: Int, planes: Int) {
        var carry = mask
        var q = 0
        while carry != 0 && q < planes {
            let next = counters[offset &+ q] & carry
            counters[offset &+ q] ^= carry
            carry = next
            q &+= 1
        }
    }

    /// Runs cardinality propagation to its fixpoint.
    ///
    /// The counters live in `scratch`, taken out of the engine while the
    /// propagator runs and used through a pointer: its writes then need no
    /// check that the array is not shared, which are most of their cost.
    ///
    /// - Returns: `false` when the counts cannot be met.
    /// - Complexity: O(*n* × *w* × log *n*) per pass for *n* entries and *w*
    ///   domain words; each pass that changes something fixes or prunes a domain.
    mutating func propagateCardinality(_ h: _CardinalityHeader) -> Bool {
        var counters: [UInt64] = []
        swap(&counters, &scratch)
        defer { swap(&counters, &scratch) }
        return counters.withUnsafeMutableBufferPointer { propagateCardinality(h, counters: $0) }
    }

    private mutating func propagateCardinality(_ h: _CardinalityHeader, counters scratch: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        let words = wordsPerVariable
        let planes = h.planeCount
        let fixedStart = words &* planes
        let removeStart = 2 &* words &* planes
        let needStart = removeStart &+ words
        while true {
            // Counters, then the union of the unfixed domains in the `remove` slots.
            for k in 0..<needStart { scratch[k] = 0 }
            for e in 0..<h.count {
                let x = scopeVariables[h.scopeStart &+ e]
                let base = domainBase(x)
                let fixed = isFixed(x)
                for j in 0..<words {
                    let word = memory[base &+ j]
                    if word == 0 { continue }
                    Self.addToCounter(word, scratch, at: j &* planes, planes: planes)
                    if fixed {
                        Self.addToCounter(word, scratch, at: fixedStart &+ j &* planes, planes: planes)
                    } else {
                        scratch[removeStart &+ j] |= word
                    }
                }
            }
            var anyRule: UInt64 = 0
            for j in 0..<words {
                let constrained = cardinalityMasks[h.masksStart &+ 2 &* j]
                let positive = cardinalityMasks[h.masksStart &+ 2 &* j &+ 1]
                var possibleBelow: UInt64 = 0, possibleEqual: UInt64 = ~0
                var fixedAbove: UInt64 = 0, fixedEqual: UInt64 = ~0
                var q = planes &- 1
                while q >= 0 {
                    let required = cardinalityPlanes[h.planesStart &+ j &* planes &+ q]
                    let possible = scratch[j &* planes &+ q]
                    let fixed = scratch[fixedStart &+ j &* planes &+ q]
                    possibleBelow |= possibleEqual & ~possible & required
                    possibleEqual &= ~(possible ^ required)
                    fixedAbove |= fixedEqual & fixed & ~required
                    fixedEqual &= ~(fixed ^ required)
                    q &-= 1
                }
                if (possibleBelow | fixedAbove) & constrained != 0 { return false }
                let unfixed = scratch[removeStart &+ j]
                let remove = fixedEqual & constrained & unfixed
                let need = possibleEqual & ~fixedEqual & positive & constrained & unfixed
                scratch[removeStart &+ j] = remove
                scratch[needStart &+ j] = need
                anyRule |= remove | need
            }
            if anyRule == 0 { return true }

            var changed = false
            for e in 0..<h.count {
                let x = scopeVariables[h.scopeStart &+ e]
                if isFixed(x) { continue }
                let base = domainBase(x)
                var neededCount = 0
                var neededValue = 0
                for j in 0..<words {
                    let needed = memory[base &+ j] & scratch[needStart &+ j]
                    if needed != 0 {
                        neededCount &+= needed.nonzeroBitCount
                        neededValue = j << 6 | needed.trailingZeroBitCount
                    }
                }
                if neededCount > 1 { return false }
                if neededCount == 1 {
                    if !assign(x, neededValue) { return false }
                    changed = true
                    continue
                }
                for j in 0..<words {
                    let word = memory[base &+ j]
                    let kept = word & ~scratch[removeStart &+ j]
                    if kept != word {
                        if !restrictWord(x, j, to: kept) { return false }
                        changed = true
                    }
                }
            }
            if !changed { return true }
        }
    }
}
