/// Constant layout of one table (extensional) constraint.
struct _TableHeader: Sendable {
    var scopeStart: Int
    var arity: Int
    /// Words per tuple bitset: `ceil(tupleCount / 64)`.
    var wordCount: Int
    /// First entry of this table in `tablePositions`.
    var positionStart: Int
    /// Offset of the live-tuple bitset in reversible memory.
    var liveOffset: Int
    /// Offset of the sparse-set limit (number of non-zero live words) in reversible memory.
    var limitOffset: Int
    /// Offset of the last-seen domains (`arity * wordsPerVariable` words) in reversible memory.
    var lastOffset: Int
    /// First entry of this table's word permutation in `tableIndex`.
    var indexStart: Int
}

/// Where the support masks and residues of one scope position start.
struct _TablePosition: Sendable {
    /// Support mask of value `v` is `tableSupports[supportStart + v * wordCount ..< +wordCount]`.
    var supportStart: Int
    /// Residue of value `v` is `tableResidues[residueStart + v]`.
    var residueStart: Int
}

/// Identifies support masks that tables can share: same tuples, same domain sizes.
struct _SupportKey: Hashable {
    var tuples: ObjectIdentifier
    var sizes: [Int]
}

extension _EngineBuilder {
    /// Installs a table over distinct `variables` with in-domain tuples.
    ///
    /// Tables built from the same ``TupleSet`` over variables of the same
    /// declared sizes share one copy of the support masks; residues and live
    /// tuples are per table.
    mutating func installTable(_ variables: [Int], tuples: _TupleStorage) {
        let arity = variables.count
        let tupleCount = tuples.count
        let wordCount = max(1, (tupleCount + 63) >> 6)
        let sizes = variables.map { declaredSizes[$0] }
        let key = _SupportKey(tuples: ObjectIdentifier(tuples), sizes: sizes)
        let starts: [Int]
        if let shared = sharedSupports[key] {
            starts = shared
        } else {
            var fresh: [Int] = []
            for size in sizes {
                fresh.append(tableSupports.count)
                tableSupports.append(contentsOf: repeatElement(0, count: size * wordCount))
            }
            let flat = tuples.flat
            for t in 0..<tupleCount {
                let bit: UInt64 = 1 << UInt64(t & 63)
                for i in 0..<arity {
                    tableSupports[fresh[i] + flat[t * arity + i] * wordCount + t >> 6] |= bit
                }
            }
            sharedSupports[key] = fresh
            starts = fresh
        }
        let positionStart = tablePositions.count
        for (i, size) in sizes.enumerated() {
            tablePositions.append(_TablePosition(supportStart: starts[i], residueStart: tableResidues.count))
            tableResidues.append(contentsOf: repeatElement(0, count: size))
        }
        let liveOffset = allocateReversible(wordCount, value: ~0)
        if tupleCount & 63 != 0 { memory[liveOffset + wordCount - 1] = _lowBits(tupleCount & 63) }
        if tupleCount == 0 { isRootInfeasible = true }
        // Every tuple is within the declared domains, so those are the "last seen"
        // domains of the full tuple set: the first update only removes the tuples
        // of values missing from the initial domains.
        let lastOffset = allocateReversible(arity * wordsPerVariable)
        for (i, size) in sizes.enumerated() {
            for j in 0..<wordsPerVariable {
                memory[lastOffset + i * wordsPerVariable + j] = _lowBits(size - j << 6)
            }
        }
        let header = _TableHeader(
            scopeStart: appendScope(variables),
            arity: arity,
            wordCount: wordCount,
            positionStart: positionStart,
            liveOffset: liveOffset,
            limitOffset: allocateReversible(1, value: UInt64(wordCount)),
            lastOffset: lastOffset,
            indexStart: tableIndex.count)
        tableIndex.append(contentsOf: (0..<wordCount).map { Int32($0) })
        propagators.append(.table(header))
        reserveScratch(words: wordCount, ints: 0)
    }
}

/// Compact-table filtering (Demeulenaere et al., CP 2016).
///
/// The live tuples form a reversible *sparse bitset*: the words
/// `live[index[0..<limit]]` are the non-zero ones; a word that drops to zero
/// is swapped past `limit`, so only `limit` and the changed words are
/// trailed, while the permutation `index` itself never needs restoring.
/// For each (position, value) a support mask marks the tuples holding that
/// value, and a *residue* remembers the word where a support was last found.
///
/// Running the propagator has two steps:
/// 1. *Update*: for each scope position whose domain changed, remove the
///    tuples of the values removed since the position was last seen
///    (incremental), or keep only the tuples of the remaining values (reset)
///    when that is fewer masks to combine. The last-seen domains are
///    reversible and start as the declared domains, which hold every tuple, so
///    the first run is an ordinary update too.
/// 2. *Filter*: remove every value whose support mask no longer meets the
///    live tuples. This is skipped when no tuple died; a position that was
///    the only changed one is skipped, since its values keep their supports;
///    and so is a fixed variable, whose value is in every live tuple.
///
/// Removing an unsupported value kills no live tuple, so the propagator is
/// idempotent and never needs to be re-run for its own changes.
extension _Engine {
    /// Runs compact-table filtering for one table.
    ///
    /// - Returns: `false` when no tuple is left or a domain is emptied.
    /// - Complexity: O(min(*r*, *d*) × *w*) for the update of each changed
    ///   position, with *r* removed and *d* remaining values and *w* non-zero
    ///   live words; filtering is O(*d*) per position when residues hit.
    mutating func propagateTable(_ h: _TableHeader, _ p: Int) -> Bool {
        let changes = modified[p]
        let fromScratch = changes == ~0
        let wordCount = h.wordCount
        let words = wordsPerVariable
        var limit = Int(memory[h.limitOffset])
        var liveChanged = false
        var changedCount = 0
        var lastChanged = -1

        // 1. Update the live tuples.
        for i in 0..<h.arity where fromScratch || changes & (1 << UInt64(min(i, 63))) != 0 {
            let x = scopeVariables[h.scopeStart &+ i]
            let supportStart = tablePositions[h.positionStart &+ i].supportStart
            let base = domainBase(x)
            let lastBase = h.lastOffset &+ i &* words
            var removedCount = 0
            var remainingCount = 0
            for j in 0..<words {
                let current = memory[base &+ j]
                removedCount &+= (memory[lastBase &+ j] & ~current).nonzeroBitCount
                remainingCount &+= current.nonzeroBitCount
            }
            if removedCount == 0 { continue }
            changedCount &+= 1
            lastChanged = i
            let incremental = removedCount < remainingCount
            // The mask to intersect with (reset) or subtract from (incremental) the live
            // tuples: the union of the supports of the remaining or the removed values.
            // A fixed variable's single support mask is used in place.
            var single = -1
            if remainingCount == 1 && !incremental {
                single = supportStart &+ minimumValue(x) &* wordCount
            } else {
                for k in 0..<limit { scratch[k] = 0 }
            }
            for j in 0..<words {
                let current = memory[base &+ j]
                if single < 0 {
                    var bits = incremental ? memory[lastBase &+ j] & ~current : current
                    while bits != 0 {
                        let v = j << 6 | bits.trailingZeroBitCount
                        bits &= bits &- 1
                        let s = supportStart &+ v &* wordCount
                        for k in 0..<limit {
                            scratch[k] |= tableSupports[s &+ Int(tableIndex[h.indexStart &+ k])]
                        }
                    }
                }
                if memory[lastBase &+ j] != current { write(lastBase &+ j, current) }
            }
            var k = limit &- 1
            while k >= 0 {
                let w = Int(tableIndex[h.indexStart &+ k])
                let old = memory[h.liveOffset &+ w]
                let new = single >= 0 ? old & tableSupports[single &+ w]
                    : incremental ? old & ~scratch[k] : old & scratch[k]
                if new != old {
                    liveChanged = true
                    write(h.liveOffset &+ w, new)
                    if new == 0 {
                        limit &-= 1
                        tableIndex[h.indexStart &+ k] = tableIndex[h.indexStart &+ limit]
                        tableIndex[h.indexStart &+ limit] = Int32(truncatingIfNeeded: w)
                    }
                }
                k &-= 1
            }
            if limit == 0 {
                write(h.limitOffset, 0)
                return false
            }
        }
        if limit != Int(memory[h.limitOffset]) { write(h.limitOffset, UInt64(limit)) }
        if !fromScratch && !liveChanged { return true }  // every value keeps its support

        // 2. Filter: drop values whose supports are all dead. Now every last-seen
        // domain equals the current one, so the live tuples of a fixed variable
        // all hold its value: it is supported and can be skipped.
        let skipped = !fromScratch && changedCount == 1 ? lastChanged : -1
        for i in 0..<h.arity where i != skipped {
            let x = scopeVariables[h.scopeStart &+ i]
            if isFixed(x) { continue }
            let position = tablePositions[h.positionStart &+ i]
            let base = domainBase(x)
            let lastBase = h.lastOffset &+ i &* words
            for j in 0..<words {
                let word = memory[base &+ j]
                var bits = word
                var keep = word
                while bits != 0 {
                    let bit = bits.trailingZeroBitCount
                    bits &= bits &- 1
                    let v = j << 6 | bit
                    let s = position.supportStart &+ v &* wordCount
                    let residue = Int(tableResidues[position.residueStart &+ v])
                    if memory[h.liveOffset &+ residue] & tableSupports[s &+ residue] != 0 { continue }
                    var supported = false
                    for k in 0..<limit {
                        let w = Int(tableIndex[h.indexStart &+ k])
                        if memory[h.liveOffset &+ w] & tableSupports[s &+ w] != 0 {
                            tableResidues[position.residueStart &+ v] = Int32(truncatingIfNeeded: w)
                            supported = true
                            break
                        }
                    }
                    if !supported { keep &= ~(1 << UInt64(bit)) }
                }
                if keep != word {
                    if !restrictWord(x, j, to: keep) { return false }
                    write(lastBase &+ j, keep)  // the removed values have no live tuple
                }
            }
        }
        return true
    }
}
