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
    /// Where the propagator's counters start in `_Engine.cardinalityCounters`
    /// (see ``_Engine/propagateCardinality(_:)`` for their layout).
    var countersStart: Int
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
/// Both counts are kept for 64 values at a time in *bit-sliced counters*
/// (plane `q` holds bit `q` of 64 lane counters), so adding or taking away
/// a domain word costs O(log n) word operations instead of one per value,
/// and the comparisons with the required counts are word-parallel too.
///
/// The counters are kept from one run to the next, with the domain of each
/// scope entry as they last counted it (its *seen* domain). A run first
/// brings them up to date: it compares every entry's domain with its seen
/// one and adds or takes away only the difference, so an entry that has not
/// changed costs one comparison a word, not a recount. The counters follow
/// the seen domains whatever the domains did in between (a backtrack, a
/// revision of a root domain), so they need no trail: they are not
/// reversible memory, and are exact the moment a run has compared every
/// entry.
extension _Engine {
    /// Installs a cardinality constraint; `counts` has at most `64 * wordsPerVariable` entries.
    ///
    /// - Returns: The scratch space the propagator needs: none, its counters
    ///   are its own.
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
        // Every seen domain starts empty, and so every counter at zero.
        let countersStart = cardinalityCounters.count
        let counterWords = 2 * wordsPerVariable * planeCount + variables.count * wordsPerVariable + 2 * wordsPerVariable
        cardinalityCounters.append(contentsOf: repeatElement(0, count: counterWords))
        let header = _CardinalityHeader(
            scopeStart: appendScope(variables),
            count: variables.count,
            planeCount: planeCount,
            planesStart: planesStart,
            masksStart: masksStart,
            countersStart: countersStart)
        propagators.append(.cardinality(header))
        return (0, 0)
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

    /// Takes `mask` (one per lane) away from the bit-sliced counter at
    /// `counters[offset..<offset + planes]`; no lane it names is zero.
    @inline(__always)
    private static func subtractFromCounter(_ mask: UInt64, _ counters: UnsafeMutableBufferPointer<UInt64>, at offset: Int, planes: Int) {
        var borrow = mask
        var q = 0
        while borrow != 0 && q < planes {
            let next = ~counters[offset &+ q] & borrow
            counters[offset &+ q] ^= borrow
            borrow = next
            q &+= 1
        }
    }

    /// Runs cardinality propagation to its fixpoint.
    ///
    /// The propagator's words in `cardinalityCounters`, from `countersStart`
    /// on, for *w* domain words and *p* planes: the `possible` counters (*w*
    /// × *p*), the `fixed` counters (*w* × *p*), the seen domain of each
    /// scope entry (*w* each), then the values to remove and the values
    /// needed (*w* each), rebuilt on every pass. The array is taken out of
    /// the engine while the propagator runs and used through a pointer: its
    /// writes then need no check that the array is not shared, which are
    /// most of their cost.
    ///
    /// - Returns: `false` when the counts cannot be met.
    /// - Complexity: O(*n* × *w* + *c* × *w* × log *n*) per pass for *n*
    ///   entries of which *c* changed since the counters last saw them; each
    ///   pass that changes something fixes or prunes a domain.
    mutating func propagateCardinality(_ h: _CardinalityHeader) -> Bool {
        var counters: [UInt64] = []
        swap(&counters, &cardinalityCounters)
        defer { swap(&counters, &cardinalityCounters) }
        return counters.withUnsafeMutableBufferPointer { propagateCardinality(h, counters: $0) }
    }

    private mutating func propagateCardinality(_ h: _CardinalityHeader, counters: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        let words = wordsPerVariable
        let planes = h.planeCount
        let possibleStart = h.countersStart
        let fixedStart = possibleStart &+ words &* planes
        let removeStart = fixedStart &+ words &* planes &+ h.count &* words
        let needStart = removeStart &+ words
        while true {
            updateCardinalityCounters(h, counters)
            var anyRule: UInt64 = 0
            for j in 0..<words {
                let constrained = cardinalityMasks[h.masksStart &+ 2 &* j]
                let positive = cardinalityMasks[h.masksStart &+ 2 &* j &+ 1]
                var possibleBelow: UInt64 = 0, possibleEqual: UInt64 = ~0
                var fixedAbove: UInt64 = 0, fixedEqual: UInt64 = ~0
                // Values some unfixed entry can take: more entries can take
                // them than are fixed to them.
                var unfixed: UInt64 = 0
                var q = planes &- 1
                while q >= 0 {
                    let required = cardinalityPlanes[h.planesStart &+ j &* planes &+ q]
                    let possible = counters[possibleStart &+ j &* planes &+ q]
                    let fixed = counters[fixedStart &+ j &* planes &+ q]
                    possibleBelow |= possibleEqual & ~possible & required
                    possibleEqual &= ~(possible ^ required)
                    fixedAbove |= fixedEqual & fixed & ~required
                    fixedEqual &= ~(fixed ^ required)
                    unfixed |= possible ^ fixed
                    q &-= 1
                }
                if (possibleBelow | fixedAbove) & constrained != 0 { return false }
                let remove = fixedEqual & constrained & unfixed
                let need = possibleEqual & ~fixedEqual & positive & constrained & unfixed
                counters[removeStart &+ j] = remove
                counters[needStart &+ j] = need
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
                    let needed = memory[base &+ j] & counters[needStart &+ j]
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
                    let kept = word & ~counters[removeStart &+ j]
                    if kept != word {
                        if !restrictWord(x, j, to: kept) { return false }
                        changed = true
                    }
                }
            }
            if !changed { return true }
        }
    }

    /// Brings the `possible` and `fixed` counters of `h` up to date with
    /// the current domains: for every scope entry whose domain differs from
    /// its seen one, the values it lost are taken away and those it gained
    /// added, and a fixed value is counted or uncounted as the entry became
    /// fixed or stopped being so; its seen domain is then the current one.
    @inline(__always)
    private func updateCardinalityCounters(_ h: _CardinalityHeader, _ counters: UnsafeMutableBufferPointer<UInt64>) {
        let words = wordsPerVariable
        let planes = h.planeCount
        let possibleStart = h.countersStart
        let fixedStart = possibleStart &+ words &* planes
        let seenStart = fixedStart &+ words &* planes
        for e in 0..<h.count {
            let x = scopeVariables[h.scopeStart &+ e]
            let base = domainBase(x)
            let seen = seenStart &+ e &* words
            var same = true
            for j in 0..<words where counters[seen &+ j] != memory[base &+ j] {
                same = false
                break
            }
            if same { continue }
            var seenSize = 0
            for j in 0..<words { seenSize &+= counters[seen &+ j].nonzeroBitCount }
            let wasFixed = seenSize == 1
            let isFixedNow = isFixed(x)
            for j in 0..<words {
                let old = counters[seen &+ j]
                let now = memory[base &+ j]
                let possible = possibleStart &+ j &* planes
                let fixed = fixedStart &+ j &* planes
                if old & ~now != 0 { Self.subtractFromCounter(old & ~now, counters, at: possible, planes: planes) }
                if now & ~old != 0 { Self.addToCounter(now & ~old, counters, at: possible, planes: planes) }
                if wasFixed && old != 0 { Self.subtractFromCounter(old, counters, at: fixed, planes: planes) }
                if isFixedNow && now != 0 { Self.addToCounter(now, counters, at: fixed, planes: planes) }
                counters[seen &+ j] = now
            }
        }
    }
}
