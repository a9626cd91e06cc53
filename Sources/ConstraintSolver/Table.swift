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
    /// Offset in reversible memory of each scope position's domain as the
    /// update last saw it: `wordsPerVariable` words per position.
    var seenOffset: Int
}

/// Where the support masks and residues of one scope position start.
///
/// Only the values some tuple holds at the position have a mask: value `v`
/// has row `r = tableRows[rowStart + v]`, or `-1` (no support at all).
struct _TablePosition: Sendable {
    var rowStart: Int
    /// Support mask of row `r` is `tableSupports[supportStart + r * wordCount ..< +wordCount]`.
    var supportStart: Int
    /// Residue of row `r` is `tableResidues[residueStart + r]`.
    var residueStart: Int
}

/// Compact-table filtering (Demeulenaere et al., CP 2016).
///
/// The live tuples form a reversible *sparse bitset*: the words
/// `live[index[0..<limit]]` are the non-zero ones; a word that drops to zero
/// is swapped past `limit`, so only `limit` (and the changed words) need to be
/// trailed, while the permutation `index` itself is never restored.
/// For each (position, value) a support mask marks the tuples holding that
/// value, and a *residue* remembers the last word where a support was found;
/// values no tuple holds at a position have no mask (they are removed on the
/// first run), so the masks take room for the tuples, not the domains.
///
/// Running the propagator has two steps:
/// 1. *Update*: for each scope position whose domain changed, remove from
///    the live tuples those holding a value no longer in the domain. Each
///    position keeps a *seen* set of values (reversible, so a backtrack
///    restores it with the live tuples) that holds every live tuple's value
///    at the position. The update either clears the union of the support
///    masks of the seen values no longer in the domain, and then sets seen
///    to the domain, or keeps the union of those of the values left,
///    whichever are fewer (the paper's delta and reset updates); keeping
///    leaves seen as it was, a superset, which saves its writes when a
///    decision has just fixed the variable. A run from scratch always
///    keeps, since a revision may have changed domains and tuples outside
///    the trail.
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
        let header = compileTuples(scopeStart: appendScope(variables), arity: variables.count, tuples: tuples)
        if tuples.isEmpty { isRootInfeasible = true }
        propagators.append(.table(header))
        return (header.wordCount, 0)
    }

    /// Compiles a tuple list for the scope `scopeVariables[scopeStart..<scopeStart + arity]`
    /// (distinct variables, in-domain tuples): its support masks and residues,
    /// its live-tuple bitset (every tuple live) and sparse-set limit in
    /// reversible memory, and its word permutation.
    ///
    /// - Returns: The header a table propagator searches the list with.
    mutating func compileTuples(scopeStart: Int, arity: Int, tuples: [Int]) -> _TableHeader {
        let tupleCount = tuples.count / arity
        let wordCount = max(1, (tupleCount + 63) >> 6)
        let positionStart = tablePositions.count
        for i in 0..<arity {
            let x = scopeVariables[scopeStart + i]
            let rowStart = tableRows.count
            tableRows.append(contentsOf: repeatElement(-1, count: declaredSizes[x]))
            var rows: Int32 = 0
            for t in 0..<tupleCount where tableRows[rowStart + tuples[t * arity + i]] < 0 {
                tableRows[rowStart + tuples[t * arity + i]] = rows
                rows += 1
            }
            tablePositions.append(_TablePosition(rowStart: rowStart, supportStart: tableSupports.count,
                                                 residueStart: tableResidues.count))
            tableSupports.append(contentsOf: repeatElement(0, count: Int(rows) * wordCount))
            tableResidues.append(contentsOf: repeatElement(0, count: Int(rows)))
        }
        for t in 0..<tupleCount {
            for i in 0..<arity {
                let position = tablePositions[positionStart + i]
                let row = Int(tableRows[position.rowStart + tuples[t * arity + i]])
                tableSupports[position.supportStart + row * wordCount + t >> 6] |= 1 << UInt64(t & 63)
            }
        }
        let liveOffset = allocateReversible(wordCount, value: ~0)
        if tupleCount & 63 != 0 { memory[liveOffset + wordCount - 1] = _lowBits(tupleCount & 63) }
        // Every value of the declared domains is seen at first (and no value
        // past them: those have no row).
        let seenOffset = allocateReversible(arity * wordsPerVariable)
        for i in 0..<arity {
            let size = declaredSizes[scopeVariables[scopeStart + i]]
            for j in 0..<wordsPerVariable { memory[seenOffset + i * wordsPerVariable + j] = _lowBits(size - j << 6) }
        }
        let header = _TableHeader(
            scopeStart: scopeStart,
            arity: arity,
            wordCount: wordCount,
            positionStart: positionStart,
            liveOffset: liveOffset,
            limitOffset: allocateReversible(1, value: UInt64(wordCount)),
            indexStart: tableIndex.count,
            seenOffset: seenOffset)
        tableIndex.append(contentsOf: (0..<wordCount).map { Int32($0) })
        return header
    }

    /// Runs compact-table filtering for one table.
    ///
    /// - Returns: `false` when no tuple is left or a domain is emptied.
    /// - Complexity: O(min(*r*, *d*) × *w*) for the update of each changed
    ///   position and O(*d*) amortized for filtering each position, where *r*
    ///   is the number of values removed since the last update, *d* the domain
    ///   size and *w* the number of non-zero live words.
    mutating func propagateTable(_ h: _TableHeader, _ p: Int) -> Bool {
        let changes = modified[p]
        let fromScratch = changes == ~0
        let wordCount = h.wordCount
        var limit = Int(memory[h.limitOffset])
        var liveChanged = false
        var changedCount = 0
        var lastChanged = -1

        // Update: live &= ~(supports of the removed values), or
        // live &= supports of the values left.
        for i in 0..<h.arity where fromScratch || changes & (1 << UInt64(min(i, 63))) != 0 {
            let x = scopeVariables[h.scopeStart &+ i]
            let base = domainBase(x)
            let seen = h.seenOffset &+ i &* wordsPerVariable
            var removed = 0, left = 0
            for j in 0..<wordsPerVariable {
                let now = memory[base &+ j]
                removed &+= (memory[seen &+ j] & ~now).nonzeroBitCount
                left &+= now.nonzeroBitCount
            }
            // Nothing removed since seen was set (positions past 63 share one change bit).
            if removed == 0 && !fromScratch { continue }
            let clearing = !fromScratch && removed < left
            changedCount += 1
            lastChanged = i
            let position = tablePositions[h.positionStart &+ i]
            for k in 0..<limit { scratch[k] = 0 }
            for j in 0..<wordsPerVariable {
                let now = memory[base &+ j], before = memory[seen &+ j]
                var bits = now
                if clearing {
                    bits = before & ~now
                    if bits != 0 { write(seen &+ j, now) }
                }
                while bits != 0 {
                    let v = j << 6 | bits.trailingZeroBitCount
                    bits &= bits &- 1
                    let row = Int(tableRows[position.rowStart &+ v])
                    if row < 0 { continue }
                    let s = position.supportStart &+ row &* wordCount
                    for k in 0..<limit {
                        scratch[k] |= tableSupports[s &+ Int(tableIndex[h.indexStart &+ k])]
                    }
                }
            }
            var k = limit &- 1
            while k >= 0 {
                let w = Int(tableIndex[h.indexStart &+ k])
                let old = memory[h.liveOffset &+ w]
                let new = clearing ? old & ~scratch[k] : old & scratch[k]
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
                    let row = Int(tableRows[position.rowStart &+ (j << 6 | bit)])
                    if row < 0 {
                        keep &= ~(1 << UInt64(bit))
                        continue
                    }
                    let s = position.supportStart &+ row &* wordCount
                    let residue = Int(tableResidues[position.residueStart &+ row])
                    if memory[h.liveOffset &+ residue] & tableSupports[s &+ residue] != 0 { continue }
                    var supported = false
                    for k in 0..<limit {
                        let w = Int(tableIndex[h.indexStart &+ k])
                        if memory[h.liveOffset &+ w] & tableSupports[s &+ w] != 0 {
                            tableResidues[position.residueStart &+ row] = Int32(truncatingIfNeeded: w)
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
