/// Constant layout of one table (extensional) constraint.
struct _TableHeader: Sendable {
    var scopeStart: Int
    var arity: Int
    /// Words per tuple bitset: `ceil(tupleCount / 64)`.
    var wordCount: Int
    /// First entry of this table in `_Engine.tablePositions`.
    var positionStart: Int
    /// Offset of the live-tuple bitset in reversible memory.
    var liveOffset: Int
    /// Offset of the sparse-set limit (number of non-zero live words) in reversible memory.
    var limitOffset: Int
    /// First entry of this table's word permutation in `_Engine.tableIndex`.
    var indexStart: Int
}

/// Where the support masks and residues of one scope position start.
struct _TablePosition: Sendable {
    /// Support mask of value `v` is `tableSupports[supportStart + v * wordCount ..< +wordCount]`.
    var supportStart: Int
    /// Residue of value `v` is `tableResidues[residueStart + v]`.
    var residueStart: Int
}

/// Compact-table filtering (Demeulenaere et al., CP 2016).
///
/// The live tuples form a reversible *sparse bitset*: the words
/// `live[index[0..<limit]]` are the non-zero ones; a word that drops to zero
/// is swapped past `limit`, so only `limit` (and the changed words) need to be
/// trailed, while the permutation `index` itself is never restored.
/// For each (position, value) a support mask marks the tuples holding that
/// value, and a *residue* remembers the last word where a support was found.
///
/// Running the propagator has two steps:
/// 1. *Update*: for each scope position whose domain changed, intersect the
///    live tuples with the union of the support masks of its remaining values.
/// 2. *Filter*: remove every value whose support mask no longer meets the
///    live tuples. This is skipped when no tuple died; and a position that was
///    the only changed one is skipped, since its values keep their supports.
///
/// Removing an unsupported value kills no live tuple, so the propagator is
/// idempotent and never needs to be re-run for its own changes.
extension _Engine {
    /// Installs a table over distinct `variables` with flattened, in-domain tuples.
    ///
    /// - Returns: The scratch space the propagator needs.
    mutating func installTable(_ variables: [Int], tuples: [Int]) -> (words: Int, ints: Int) {
        let arity = variables.count
        let tupleCount = tuples.count / arity
        let wordCount = max(1, (tupleCount + 63) >> 6)
        let positionStart = tablePositions.count
        for x in variables {
            tablePositions.append(_TablePosition(supportStart: tableSupports.count, residueStart: tableResidues.count))
            let size = declaredSizes[x]
            tableSupports.append(contentsOf: repeatElement(0, count: size * wordCount))
            tableResidues.append(contentsOf: repeatElement(0, count: size))
        }
        for t in 0..<tupleCount {
            for i in 0..<arity {
                let v = tuples[t * arity + i]
                tableSupports[tablePositions[positionStart + i].supportStart + v * wordCount + t >> 6] |= 1 << UInt64(t & 63)
            }
        }
        let liveOffset = allocateReversible(wordCount, value: ~0)
        if tupleCount & 63 != 0 { memory[liveOffset + wordCount - 1] = _lowBits(tupleCount & 63) }
        if tupleCount == 0 { isRootInfeasible = true }
        let header = _TableHeader(
            scopeStart: appendScope(variables),
            arity: arity,
            wordCount: wordCount,
            positionStart: positionStart,
            liveOffset: liveOffset,
            limitOffset: allocateReversible(1, value: UInt64(wordCount)),
            indexStart: tableIndex.count)
        tableIndex.append(contentsOf: (0..<wordCount).map { Int32($0) })
        propagators.append(.table(header))
        return (wordCount, 0)
    }

    /// Runs compact-table filtering for one table.
    ///
    /// - Returns: `false` when no tuple is left or a domain is emptied.
    /// - Complexity: O(*d* × *w*) for the update of each changed position and
    ///   O(*d*) amortized for filtering each position, where *d* is the domain
    ///   size and *w* the number of non-zero live words.
    mutating func propagateTable(_ h: _TableHeader, _ p: Int) -> Bool {
        let changes = modified[p]
        let fromScratch = changes == ~0
        let wordCount = h.wordCount
        var limit = Int(memory[h.limitOffset])
        var liveChanged = false
        var changedCount = 0
        var lastChanged = -1

        // Update: live &= union of the supports of the remaining values.
        for i in 0..<h.arity where fromScratch || changes & (1 << UInt64(min(i, 63))) != 0 {
            changedCount += 1
            lastChanged = i
            let x = scopeVariables[h.scopeStart &+ i]
            let supportStart = tablePositions[h.positionStart &+ i].supportStart
            let base = domainBase(x)
            for k in 0..<limit { scratch[k] = 0 }
            for j in 0..<wordsPerVariable {
                var bits = memory[base &+ j]
                while bits != 0 {
                    let v = j << 6 | bits.trailingZeroBitCount
                    bits &= bits &- 1
                    let s = supportStart &+ v &* wordCount
                    for k in 0..<limit {
                        scratch[k] |= tableSupports[s &+ Int(tableIndex[h.indexStart &+ k])]
                    }
                }
            }
            var k = limit &- 1
            while k >= 0 {
                let w = Int(tableIndex[h.indexStart &+ k])
                let old = memory[h.liveOffset &+ w]
                let new = old & scratch[k]
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
        if !fromScratch && !liveChanged { return true }

        // Filter: drop values whose supports are all dead.
        let skipped = !fromScratch && changedCount == 1 ? lastChanged : -1
        for i in 0..<h.arity where i != skipped {
            let x = scopeVariables[h.scopeStart &+ i]
            let position = tablePositions[h.positionStart &+ i]
            let base = domainBase(x)
            for j in 0..<wordsPerVariable {
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
                if keep != word && !restrictWord(x, j, to: keep) { return false }
            }
        }
        return true
    }
}
