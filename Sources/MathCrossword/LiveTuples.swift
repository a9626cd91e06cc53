/// The live tuples of every equation (those agreeing with the placed values
/// and fitting in the tiles left) and, per cell of each equation, the values
/// they give it, for the state asked about last (``prepare(_:)``).
///
/// One mutable structure serves every state. It remembers the states it
/// passed through since it was last built from the tables, each reached from
/// the one before by placing values, with what each change overwrote. A
/// state's placements carry stamps (``newStamp()``), unique per placement,
/// so a state follows from a remembered one exactly when it has that state's
/// last stamp at the same place: a state asked about is reached from the
/// latest remembered state it follows from by its placements after that one,
/// after undoing the states after that; any other state is built from the
/// tables.
///
/// Placing value `v` in an empty cell, which spends one tile of `v`, kills
/// only tuples that die of it, never looking at the others:
/// - in the equations through the cell, the live tuples giving the cell
///   another value (the others give `v` to one open cell less and one tile
///   of it is gone: they still fit);
/// - in any other equation, the live tuples that give `v` to more empty
///   cells than tiles of it are left; only the tuples of the equation that
///   use `v` at all (listed per equation and value when built) are looked
///   at, and only in equations with more empty cells than tiles of `v`
///   left, where some empty cell still has `v` from some live tuple and
///   some tuple uses `v` more often than tiles are left.
///
/// Tiles left always equal the pool's tiles less those placed, so nothing
/// a step kills comes back before the step is undone. Each equation's tuple
/// indices are kept in one array with the live ones first, and each tuple
/// knows where it is in it: killing a tuple swaps it with the last live one,
/// so the dead sit behind the live in the order they died and undoing a
/// step only restores the live count and adds the revived tuples back to
/// the counts below. Cells are numbered across all equations: equation
/// `e`'s `k`th cell is cell `cellStart[e] + k`.
///
/// Per cell and value it counts the live tuples giving the cell that value
/// (a value is in the cell's support while its count is not zero), and it
/// keeps, for the checks every step makes, each empty cell's candidates
/// (what all its equations allow), how many empty cells allow each value,
/// the values with more tiles left than such cells, the equations with no
/// live tuple and those with one live tuple and one or two empty cells,
/// updating them only where a step changed something. The work per step so
/// grows with the tuples it kills, not with the tables or the board.
///
/// One grading uses it from one thread, and no access to a mutable
/// property overlaps another, so those properties skip the run-time
/// exclusivity checks (`@exclusivity(unchecked)`), which cost a step more
/// than the work they guard.
final class _LiveTuples {
    let equationCount: Int
    /// Distinct pool values.
    let valueCount: Int
    /// Words of a bit set over value indices.
    let words: Int
    /// Per equation: its first cell; `cellStart[equationCount]` is the cell count.
    let cellStart: [Int]
    /// Per cell: its blank (variable).
    let blankOfCell: [Int]
    /// Per cell: its equation.
    let equationOfCell: [Int]
    /// Per blank: the cells it is, in the order of its equations.
    let cellsOfBlank: [[Int]]
    private let blankCount: Int
    /// Per equation: the number of its first tuple among all tuples.
    private let tupleStart: [Int]
    /// Per equation: where its tuples' values start in `cellValues`.
    private let valueStart: [Int]
    /// Every table's values, one table after the other: tuple `t` of
    /// equation `e` gives its `k`th cell `cellValues[valueStart[e] + t × arity + k]`.
    private let cellValues: UnsafeMutableBufferPointer<Int32>
    /// The tables, for reading single tuples.
    private let tables: [Solver.EquationTable]

    /// An equation whose tables give a value: the most cells one tuple
    /// gives it, and where in `users` the tuples giving it are listed.
    private struct Use {
        var equation: Int
        var most: Int
        var from: Int
        var to: Int
    }
    /// The equations whose tables give each value, value by value, each
    /// value's ascending: value `v`'s from `useStart[v]` to `useStart[v + 1]`.
    private let uses: [Use]
    private let useStart: [Int]
    /// Per equation and value, the tuples giving the value to some cell (see `Use`).
    private let users: UnsafeMutableBufferPointer<Int32>

    /// False: never derive, build every state from the tables anew.
    var deriving = true

    // The state prepared last.
    private let assigned: UnsafeMutableBufferPointer<Int>
    private let remaining: UnsafeMutableBufferPointer<Int>
    /// Per equation, from `tupleStart[e]`: its tuple indices, the live ones first.
    private let order: UnsafeMutableBufferPointer<Int32>
    /// Per tuple (numbered as in `tupleStart`): where it is among its equation's in `order`.
    private let position: UnsafeMutableBufferPointer<Int32>
    private let liveCounts: UnsafeMutableBufferPointer<Int>
    private let openCounts: UnsafeMutableBufferPointer<Int>
    /// Per equation: whether it is counted in `deadEquations`.
    private let dead: UnsafeMutableBufferPointer<Bool>
    /// Per cell, from `cell × valueCount`: the live tuples giving the cell each value.
    private let supporters: UnsafeMutableBufferPointer<Int32>
    /// Per cell, from `cell × words`: the values the live tuples give it.
    private let support: UnsafeMutableBufferPointer<UInt64>
    /// Tiles of each value the tuple being checked uses; all zero between checks.
    private let used: UnsafeMutableBufferPointer<Int>
    /// Per equation: the derivation that last recorded it.
    private let recordedIn: UnsafeMutableBufferPointer<Int>
    /// Per blank: whether the step being derived has listed it.
    private let touched: UnsafeMutableBufferPointer<Bool>
    /// A blank's candidates being recomputed.
    private let scratchMask: UnsafeMutableBufferPointer<UInt64>

    /// Per blank, from `blank × words`: its candidates, the intersection of
    /// its cells' supports, when it is counted (empty and in some
    /// equation); zero otherwise.
    private let blankMasks: UnsafeMutableBufferPointer<UInt64>
    /// Per blank: whether it is counted.
    private let counted: UnsafeMutableBufferPointer<Bool>
    /// Per value: the counted blanks that have it as a candidate.
    private let holderCounts: UnsafeMutableBufferPointer<Int>
    /// Counted blanks without a candidate.
    @exclusivity(unchecked) private(set) var blanksWithoutCandidate = 0
    /// Equations without a live tuple.
    @exclusivity(unchecked) private(set) var deadEquations = 0
    /// Values with more tiles left than counted blanks having them as a candidate.
    @exclusivity(unchecked) private(set) var shortValues = 0
    /// Words of a bit set over equations.
    let equationWords: Int
    /// Bit sets over equations: those with one live tuple and one empty
    /// cell (from 0), and with one live tuple and two empty cells (from
    /// `equationWords`).
    private let singles: UnsafeMutableBufferPointer<UInt64>

    /// The last stamp handed out.
    @exclusivity(unchecked) private var lastStamp = 0
    /// The derivations so far (the next one's records are told by this number).
    @exclusivity(unchecked) private var derivations = 0

    /// The states passed through, the prepared one last: how many
    /// placements it has and the stamp of its last, and the lengths of the
    /// undo records before it was derived (the first state has none).
    private struct Frame {
        var length: Int
        var stamp: Int
        var placed: Int
        var records: Int
        var blankRecords: Int
    }
    @exclusivity(unchecked) private var frames: [Frame] = []
    /// The blanks each derivation placed, in order.
    @exclusivity(unchecked) private var placed: [Int] = []
    /// What a derivation overwrote of an equation, before its first change there.
    private struct Record {
        var equation: Int
        var liveCount: Int
        var openCount: Int
    }
    @exclusivity(unchecked) private var records: [Record] = []
    /// What updating a blank overwrote: whether it was counted, and its
    /// mask (`words` words per record in `blankRecordWords`).
    @exclusivity(unchecked) private var blankRecords: [(blank: Int, counted: Bool)] = []
    @exclusivity(unchecked) private var blankRecordWords: [UInt64] = []
    /// The blanks whose candidates the step being derived may change.
    @exclusivity(unchecked) private var touchedBlanks: [Int] = []

    init(model: Solver) {
        let tables = model.tables
        equationCount = tables.count
        valueCount = model.values.count
        blankCount = model.blanks.count
        words = max(1, (valueCount + 63) / 64)
        var cellStart = [0], blankOfCell: [Int] = [], equationOfCell: [Int] = [], tupleStart = [0], valueStart = [0]
        var cellsOfBlank = [[Int]](repeating: [], count: blankCount)
        for (e, table) in tables.enumerated() {
            for variable in table.variables {
                cellsOfBlank[variable].append(blankOfCell.count)
                blankOfCell.append(variable)
                equationOfCell.append(e)
            }
            cellStart.append(blankOfCell.count)
            tupleStart.append(tupleStart[e] + table.count)
            valueStart.append(valueStart[e] + table.values.count)
        }
        self.cellStart = cellStart
        self.blankOfCell = blankOfCell
        self.equationOfCell = equationOfCell
        self.cellsOfBlank = cellsOfBlank
        self.tupleStart = tupleStart
        self.valueStart = valueStart
        self.tables = tables
        let tupleCount = tupleStart[tables.count], valueTotal = valueStart[tables.count]
        cellValues = .allocate(capacity: max(1, valueTotal))
        users = .allocate(capacity: max(1, valueTotal))
        cellValues.initialize(repeating: 0)
        users.initialize(repeating: 0)

        let cellValues = self.cellValues
        for (e, table) in tables.enumerated() {
            table.values.withUnsafeBufferPointer { values in
                for i in values.indices { cellValues[valueStart[e] + i] = Int32(values[i]) }
            }
        }
        // Per equation, the tuples giving each value, listed value by value;
        // the equations giving each value gathered value by value after.
        var found: [(value: Int, use: Use)] = []
        var tally = [Int](repeating: 0, count: valueCount)
        var most = [Int](repeating: 0, count: valueCount)
        var inTuple = [Int](repeating: 0, count: valueCount)
        var next = [Int](repeating: 0, count: valueCount)
        var filled = 0
        for (e, table) in tables.enumerated() {
            let arity = table.variables.count, start = valueStart[e]
            let firstUse = found.count
            for t in 0..<table.count {
                let row = start + t * arity
                for k in 0..<arity {
                    let value = Int(cellValues[row + k])
                    inTuple[value] += 1
                    if inTuple[value] == 1 {
                        if tally[value] == 0 { found.append((value, Use(equation: e, most: 0, from: 0, to: 0))) }
                        tally[value] += 1
                    }
                    most[value] = max(most[value], inTuple[value])
                }
                for k in 0..<arity { inTuple[Int(cellValues[row + k])] = 0 }
            }
            for i in firstUse..<found.count {
                let value = found[i].value
                next[value] = filled
                found[i].use = Use(equation: e, most: most[value], from: filled, to: filled + tally[value])
                filled += tally[value]
                tally[value] = 0
                most[value] = 0
            }
            for t in 0..<table.count {
                let row = start + t * arity
                for k in 0..<arity {
                    let value = Int(cellValues[row + k])
                    if inTuple[value] == 0 {
                        inTuple[value] = 1
                        users[next[value]] = Int32(t)
                        next[value] += 1
                    }
                }
                for k in 0..<arity { inTuple[Int(cellValues[row + k])] = 0 }
            }
        }
        var useStart = [Int](repeating: 0, count: valueCount + 1)
        for entry in found { useStart[entry.value + 1] += 1 }
        for v in 0..<valueCount { useStart[v + 1] += useStart[v] }
        var uses = [Use](repeating: Use(equation: 0, most: 0, from: 0, to: 0), count: found.count)
        for v in 0..<valueCount { next[v] = useStart[v] }
        for entry in found {
            uses[next[entry.value]] = entry.use
            next[entry.value] += 1
        }
        self.useStart = useStart
        self.uses = uses

        assigned = .allocate(capacity: blankCount)
        remaining = .allocate(capacity: valueCount)
        order = .allocate(capacity: max(1, tupleCount))
        position = .allocate(capacity: max(1, tupleCount))
        liveCounts = .allocate(capacity: tables.count)
        openCounts = .allocate(capacity: tables.count)
        dead = .allocate(capacity: tables.count)
        supporters = .allocate(capacity: blankOfCell.count * valueCount)
        support = .allocate(capacity: blankOfCell.count * words)
        used = .allocate(capacity: valueCount)
        recordedIn = .allocate(capacity: tables.count)
        touched = .allocate(capacity: blankCount)
        scratchMask = .allocate(capacity: words)
        blankMasks = .allocate(capacity: blankCount * words)
        counted = .allocate(capacity: blankCount)
        holderCounts = .allocate(capacity: valueCount)
        equationWords = max(1, (tables.count + 63) / 64)
        singles = .allocate(capacity: 2 * equationWords)
        assigned.initialize(repeating: -1)
        remaining.initialize(repeating: 0)
        liveCounts.initialize(repeating: 0)
        openCounts.initialize(repeating: 0)
        dead.initialize(repeating: false)
        supporters.initialize(repeating: 0)
        support.initialize(repeating: 0)
        used.initialize(repeating: 0)
        recordedIn.initialize(repeating: 0)
        touched.initialize(repeating: false)
        scratchMask.initialize(repeating: 0)
        blankMasks.initialize(repeating: 0)
        counted.initialize(repeating: false)
        holderCounts.initialize(repeating: 0)
        singles.initialize(repeating: 0)
        for e in 0..<tables.count {
            for t in 0..<(tupleStart[e + 1] - tupleStart[e]) {
                order.initializeElement(at: tupleStart[e] + t, to: Int32(t))
                position.initializeElement(at: tupleStart[e] + t, to: Int32(t))
            }
        }
    }

    deinit {
        cellValues.deallocate()
        users.deallocate()
        assigned.deallocate()
        remaining.deallocate()
        order.deallocate()
        position.deallocate()
        liveCounts.deallocate()
        openCounts.deallocate()
        dead.deallocate()
        supporters.deallocate()
        support.deallocate()
        used.deallocate()
        recordedIn.deallocate()
        touched.deallocate()
        scratchMask.deallocate()
        blankMasks.deallocate()
        counted.deallocate()
        holderCounts.deallocate()
        singles.deallocate()
    }

    /// The ascending value indices of a bit set.
    static func members(_ mask: [UInt64]) -> [Int] {
        var result: [Int] = []
        for (w, word) in mask.enumerated() {
            var bits = word
            while bits != 0 {
                result.append(w * 64 + bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        return result
    }

    /// A stamp no placement had before, for ``_DeductionState/history``.
    func newStamp() -> Int {
        lastStamp += 1
        return lastStamp
    }

    // MARK: Reading the prepared state

    /// How many live tuples equation `e` has.
    func liveCount(_ e: Int) -> Int { liveCounts[e] }

    /// How many empty cells equation `e` has.
    func openCount(_ e: Int) -> Int { openCounts[e] }

    /// The index into its table of equation `e`'s `i`th live tuple (`i` below ``liveCount(_:)``).
    func liveTuple(_ e: Int, _ i: Int) -> Int { Int(order[tupleStart[e] + i]) }

    /// The value index tuple `t` of equation `e` gives the equation's `k`th cell.
    func value(_ e: Int, tuple t: Int, cell k: Int) -> Int { tables[e].value(t, k) }

    /// How many empty cells in some equation have `value` as a candidate.
    func holders(_ value: Int) -> Int { holderCounts[value] }

    /// How many live tuples give `cell` the value `value`.
    func supporters(ofCell cell: Int, value: Int) -> Int { Int(supporters[cell * valueCount + value]) }

    /// The equations with one live tuple and `open` (1 or 2) empty cells, ascending.
    func singleTupleEquations(open: Int) -> [Int] {
        var result: [Int] = []
        let from = (open - 1) * equationWords
        for w in 0..<equationWords {
            var bits = singles[from + w]
            while bits != 0 {
                result.append(w * 64 + bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        return result
    }

    /// Word `w` of the bit set of equations with one live tuple and `open`
    /// (1 or 2) empty cells.
    func singleTupleEquations(open: Int, word w: Int) -> UInt64 { singles[(open - 1) * equationWords + w] }

    /// Whether `value` is among the candidates of `blank`, an empty cell in some equation.
    func hasCandidate(_ blank: Int, _ value: Int) -> Bool {
        cellsOfBlank[blank].isEmpty || blankMasks[blank * words + value / 64] & (1 << UInt64(value % 64)) != 0
    }

    /// The values the live tuples give `cell`, as a bit set.
    func support(ofCell cell: Int) -> [UInt64] { Array(support[(cell * words)..<((cell + 1) * words)]) }

    /// How many values the live tuples give `cell`, and the lowest of them.
    func supportCount(ofCell cell: Int) -> (count: Int, lowest: Int) {
        var count = 0, lowest = -1
        for w in 0..<words {
            let word = support[cell * words + w]
            if lowest < 0 && word != 0 { lowest = w * 64 + word.trailingZeroBitCount }
            count += word.nonzeroBitCount
        }
        return (count, lowest)
    }

    /// Writes into `mask` the values every equation through empty cell
    /// `blank` allows it (the intersection of its cells' supports); false
    /// when no equation runs through it.
    func candidates(_ blank: Int, into mask: inout [UInt64]) -> Bool {
        guard !cellsOfBlank[blank].isEmpty else { return false }
        mask.removeAll(keepingCapacity: true)
        for w in 0..<words { mask.append(blankMasks[blank * words + w]) }
        return true
    }

    // MARK: Moving between states

    /// Makes the structure describe `state`: derived from a state passed
    /// through when it follows from one by placing values, otherwise built
    /// from the tables.
    func prepare(_ state: _DeductionState) {
        let history = state.history
        // A state whose history does not account for every filled cell is
        // built from the tables, every time.
        guard state.open + history.count == blankCount else {
            build(state)
            frames.removeAll()
            return
        }
        while let top = frames.last {
            if history.count >= top.length && (top.length == 0 || history[top.length - 1].stamp == top.stamp) {
                if history.count == top.length { return }
                guard deriving else { break }
                derive(state, from: top.length)
                return
            }
            guard deriving else { break }
            undoTop()
        }
        build(state)
    }

    /// Every equation filtered from its whole table; forgets the states passed through.
    private func build(_ state: _DeductionState) {
        let history = state.history
        frames = [Frame(length: history.count, stamp: history.last?.stamp ?? 0, placed: 0, records: 0, blankRecords: 0)]
        placed.removeAll(keepingCapacity: true)
        records.removeAll(keepingCapacity: true)
        blankRecords.removeAll(keepingCapacity: true)
        blankRecordWords.removeAll(keepingCapacity: true)
        for b in 0..<blankCount { assigned[b] = state.assigned[b] }
        for v in 0..<valueCount { remaining[v] = state.remaining[v] }
        supporters.update(repeating: 0)
        support.update(repeating: 0)
        singles.update(repeating: 0)
        dead.update(repeating: false)
        deadEquations = 0
        for e in 0..<equationCount { filter(e) }
        blankMasks.update(repeating: 0)
        counted.update(repeating: false)
        holderCounts.update(repeating: 0)
        blanksWithoutCandidate = 0
        for b in 0..<blankCount { update(blank: b, record: false) }
        shortValues = 0
        for v in 0..<valueCount where remaining[v] > holderCounts[v] { shortValues += 1 }
    }

    /// Equation `e`'s live tuples from its whole table, and their counts.
    private func filter(_ e: Int) {
        let first = cellStart[e], arity = cellStart[e + 1] - first
        var open = 0
        for k in 0..<arity where assigned[blankOfCell[first + k]] < 0 { open += 1 }
        let base = tupleStart[e], values = valueStart[e]
        var end = tupleStart[e + 1] - base
        var i = 0
        while i < end {
            let row = values + Int(order[base + i]) * arity
            var fits = true
            for k in 0..<arity {
                let value = Int(cellValues[row + k])
                let a = assigned[blankOfCell[first + k]]
                if a >= 0 {
                    if a != value { fits = false; break }
                } else {
                    used[value] += 1
                    if used[value] > remaining[value] { fits = false; break }
                }
            }
            for k in 0..<arity { used[Int(cellValues[row + k])] = 0 }
            if fits {
                for k in 0..<arity { add(cell: first + k, value: Int(cellValues[row + k])) }
                i += 1
            } else {
                end -= 1
                let dying = order[base + i]
                order[base + i] = order[base + end]
                order[base + end] = dying
            }
        }
        for i in 0..<(tupleStart[e + 1] - base) { position[base + Int(order[base + i])] = Int32(i) }
        liveCounts[e] = end
        openCounts[e] = open
        refresh(e)
    }

    /// Moves from the prepared state to `state`, whose placements from
    /// `start` on follow the prepared state's.
    private func derive(_ state: _DeductionState, from start: Int) {
        let history = state.history
        frames.append(Frame(length: history.count, stamp: history[history.count - 1].stamp, placed: placed.count,
                            records: records.count, blankRecords: blankRecords.count))
        derivations += 1
        touchedBlanks.removeAll(keepingCapacity: true)
        let firstRecord = records.count
        for i in start..<history.count {
            let b = history[i].blank
            guard b >= 0 && b < blankCount && assigned[b] < 0 && state.assigned[b] >= 0 && state.assigned[b] < valueCount else {
                // Not a placement in an empty cell: start from the tables.
                for touchedBlank in touchedBlanks { touched[touchedBlank] = false }
                undoTop()
                build(state)
                return
            }
            place(b, state.assigned[b])
        }
        for r in firstRecord..<records.count { refresh(records[r].equation) }
        for b in touchedBlanks {
            touched[b] = false
            update(blank: b, record: true)
        }
    }

    /// Places value `v` in empty cell `b` and spends one tile of it,
    /// killing the tuples that no longer agree or fit.
    private func place(_ b: Int, _ v: Int) {
        placed.append(b)
        assigned[b] = v
        setRemaining(v, remaining[v] - 1)
        touch(b)
        for cell in cellsOfBlank[b] {
            let e = equationOfCell[cell], k = cell - cellStart[e]
            note(e)
            openCounts[e] -= 1
            let arity = cellStart[e + 1] - cellStart[e], base = tupleStart[e], values = valueStart[e]
            var i = 0
            while i < liveCounts[e] {
                if Int(cellValues[values + Int(order[base + i]) * arity + k]) != v { kill(e, at: i) } else { i += 1 }
            }
        }
        // Elsewhere, a tuple dies when it gives `v` to more empty cells than
        // tiles of it are left.
        let left = remaining[v]
        let through = cellsOfBlank[b]
        for i in useStart[v]..<useStart[v + 1] where uses[i].most > left && openCounts[uses[i].equation] > left {
            let use = uses[i], e = use.equation
            if through.contains(where: { equationOfCell[$0] == e }) { continue }
            let first = cellStart[e], arity = cellStart[e + 1] - first
            var anyOpen = false
            for k in 0..<arity where assigned[blankOfCell[first + k]] < 0 && supporters[(first + k) * valueCount + v] > 0 {
                anyOpen = true
                break
            }
            guard anyOpen else { continue }
            let base = tupleStart[e]
            // The tuples giving `v` somewhere, or the live ones when fewer.
            if liveCounts[e] < use.to - use.from {
                var at = 0
                while at < liveCounts[e] {
                    if gives(v, toMoreThan: left, tuple: Int(order[base + at]), of: e) {
                        note(e)
                        kill(e, at: at)
                    } else {
                        at += 1
                    }
                }
            } else {
                for u in use.from..<use.to {
                    let t = Int(users[u])
                    let at = Int(position[base + t])
                    if at < liveCounts[e] && gives(v, toMoreThan: left, tuple: t, of: e) {
                        note(e)
                        kill(e, at: at)
                    }
                }
            }
        }
    }

    /// Whether tuple `t` of equation `e` gives `v` to more than `left` empty cells.
    private func gives(_ v: Int, toMoreThan left: Int, tuple t: Int, of e: Int) -> Bool {
        let first = cellStart[e], arity = cellStart[e + 1] - first
        let row = valueStart[e] + t * arity
        var times = 0
        for k in 0..<arity where Int(cellValues[row + k]) == v && assigned[blankOfCell[first + k]] < 0 { times += 1 }
        return times > left
    }

    /// Records equation `e`'s counts before the step being derived first changes them.
    private func note(_ e: Int) {
        guard recordedIn[e] != derivations else { return }
        recordedIn[e] = derivations
        records.append(Record(equation: e, liveCount: liveCounts[e], openCount: openCounts[e]))
    }

    /// Kills equation `e`'s live tuple at `at` among its live ones (its
    /// counts must be recorded already).
    private func kill(_ e: Int, at: Int) {
        let base = tupleStart[e], last = liveCounts[e] - 1
        let dying = order[base + at], moved = order[base + last]
        order[base + at] = moved
        position[base + Int(moved)] = Int32(at)
        order[base + last] = dying
        position[base + Int(dying)] = Int32(last)
        liveCounts[e] = last
        let first = cellStart[e], arity = cellStart[e + 1] - first
        let row = valueStart[e] + Int(dying) * arity
        for k in 0..<arity {
            let cell = first + k, value = Int(cellValues[row + k])
            supporters[cell * valueCount + value] -= 1
            if supporters[cell * valueCount + value] == 0 {
                support[cell * words + value / 64] &= ~(1 << UInt64(value % 64))
                touch(blankOfCell[cell])
            }
        }
    }

    /// Counts a live tuple's value for `cell`.
    private func add(cell: Int, value: Int) {
        supporters[cell * valueCount + value] += 1
        if supporters[cell * valueCount + value] == 1 { support[cell * words + value / 64] |= 1 << UInt64(value % 64) }
    }

    /// Lists blank `b` among those whose candidates the step may change.
    private func touch(_ b: Int) {
        guard !touched[b] else { return }
        touched[b] = true
        touchedBlanks.append(b)
    }

    /// Sets the tiles left of `v`, keeping the short values in step.
    private func setRemaining(_ v: Int, _ left: Int) {
        let wasShort = remaining[v] > holderCounts[v]
        remaining[v] = left
        let isShort = remaining[v] > holderCounts[v]
        if wasShort != isShort { shortValues += isShort ? 1 : -1 }
    }

    /// Takes back the latest derivation: the state before it is prepared again.
    private func undoTop() {
        guard let top = frames.popLast() else { return }
        while records.count > top.records, let record = records.popLast() {
            let e = record.equation
            let first = cellStart[e], arity = cellStart[e + 1] - first
            let base = tupleStart[e], values = valueStart[e]
            for i in liveCounts[e]..<record.liveCount {
                let row = values + Int(order[base + i]) * arity
                for k in 0..<arity { add(cell: first + k, value: Int(cellValues[row + k])) }
            }
            liveCounts[e] = record.liveCount
            openCounts[e] = record.openCount
            refresh(e)
        }
        while blankRecords.count > top.blankRecords, let record = blankRecords.popLast() {
            let from = blankRecordWords.count - words
            blankRecordWords.withUnsafeBufferPointer { recorded in
                apply(blank: record.blank, counted: record.counted, mask: UnsafeBufferPointer(rebasing: recorded[from...]))
            }
            blankRecordWords.removeLast(words)
        }
        while placed.count > top.placed, let b = placed.popLast() {
            let v = assigned[b]
            assigned[b] = -1
            setRemaining(v, remaining[v] + 1)
        }
    }

    /// Keeps the dead count and the single-tuple sets in step with equation
    /// `e`'s live and open counts.
    private func refresh(_ e: Int) {
        let live = liveCounts[e], open = openCounts[e]
        if dead[e] != (live == 0) {
            dead[e] = live == 0
            deadEquations += live == 0 ? 1 : -1
        }
        let bit: UInt64 = 1 << UInt64(e % 64)
        for size in 1...2 {
            let w = (size - 1) * equationWords + e / 64
            if live == 1 && open == size { singles[w] |= bit } else { singles[w] &= ~bit }
        }
    }

    /// Recomputes `blank`'s candidates from its cells' supports, keeping what
    /// it overwrites when `record`.
    private func update(blank b: Int, record: Bool) {
        let cells = cellsOfBlank[b]
        let isCounted = assigned[b] < 0 && !cells.isEmpty
        let mask = scratchMask
        mask.update(repeating: isCounted ? ~0 : 0)
        if isCounted {
            for cell in cells {
                for w in 0..<words { mask[w] &= support[cell * words + w] }
            }
        }
        if isCounted == counted[b] && (0..<words).allSatisfy({ mask[$0] == blankMasks[b * words + $0] }) { return }
        if record {
            blankRecords.append((b, counted[b]))
            blankRecordWords.append(contentsOf: blankMasks[(b * words)..<((b + 1) * words)])
        }
        apply(blank: b, counted: isCounted, mask: UnsafeBufferPointer(mask))
    }

    /// Sets `blank`'s counted flag and mask, keeping the holder counts, the
    /// short values and the blanks without a candidate in step.
    private func apply(blank b: Int, counted isCounted: Bool, mask: UnsafeBufferPointer<UInt64>) {
        var wasEmpty = true, isEmpty = true
        for w in 0..<words {
            let old = blankMasks[b * words + w], new = mask[w]
            if old != 0 { wasEmpty = false }
            if new != 0 { isEmpty = false }
            var changed = old ^ new
            while changed != 0 {
                let v = w * 64 + changed.trailingZeroBitCount
                let wasShort = remaining[v] > holderCounts[v]
                holderCounts[v] += (new >> UInt64(v % 64)) & 1 == 1 ? 1 : -1
                let isShort = remaining[v] > holderCounts[v]
                if wasShort != isShort { shortValues += isShort ? 1 : -1 }
                changed &= changed - 1
            }
            blankMasks[b * words + w] = new
        }
        if counted[b] && wasEmpty { blanksWithoutCandidate -= 1 }
        if isCounted && isEmpty { blanksWithoutCandidate += 1 }
        counted[b] = isCounted
    }
}
