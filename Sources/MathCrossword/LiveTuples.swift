/// The live tuples of every equation (those agreeing with the placed values
/// and fitting in the tiles left) and, per cell of each equation, the values
/// they give it, for the state asked about last (``prepare(_:)``).
///
/// One mutable structure serves every state. It remembers the states it
/// passed through since it was last built from the tables, each reached from
/// the one before by placing values only (nothing taken back), with what
/// each change overwrote. A state asked about is reached from the latest of
/// them it follows from by placing values only, after undoing the ones after
/// that: only the equations through a newly placed cell, and those whose
/// live tuples give an open cell a value with fewer tiles left now than the
/// equation has empty cells and than some tuple of its table uses, are
/// filtered again, and only among the tuples live before. Placing a value
/// can only kill tuples, and a tuple outside both groups neither agrees
/// less nor needs more tiles of a value than are left, so the others keep
/// their live tuples. Any other state is built from the tables. The work
/// per step so grows with the equations it touches, not with all of them.
///
/// Each equation's tuple indices are kept in one array with the live ones
/// first, in no particular order: filtering moves the dead ones behind the
/// live ones, so taking a change back only restores the live count. Cells
/// are numbered across all equations: equation `e`'s `k`th cell is cell
/// `cellStart[e] + k`.
///
/// It also keeps, for the checks every step makes, each empty cell's
/// candidates (what all its equations allow), how many empty cells allow
/// each value, the equations with no live tuple and those with one live
/// tuple and one or two empty cells, updating them only where a step
/// changed something.
final class _LiveTuples {
    let equationCount: Int
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
    /// Per equation: where its tuples start in `order`.
    private let tupleStart: [Int]
    /// The model's tables, whose tuples the indices in `order` point into.
    private let tables: [Solver.EquationTable]

    /// False: never derive, build every state from the tables anew.
    var deriving = true

    // The state prepared last.
    private var assigned: [Int] = []
    private var remaining: [Int] = []
    /// Per equation, from `tupleStart[e]`: its tuple indices, the live ones first.
    private let order: UnsafeMutableBufferPointer<Int32>
    private let liveCounts: UnsafeMutableBufferPointer<Int>
    private let openCounts: UnsafeMutableBufferPointer<Int>
    /// Per cell, from `cell × words`: the values the live tuples give it.
    private let support: UnsafeMutableBufferPointer<UInt64>
    /// Per equation, from `e × words`: the values its live tuples give its open cells.
    private let openValues: UnsafeMutableBufferPointer<UInt64>
    /// Tiles of each value the tuple being checked uses; all zero between checks.
    private let used: UnsafeMutableBufferPointer<Int>
    /// Per equation: whether the step being derived filters it again.
    private let dirty: UnsafeMutableBufferPointer<Bool>
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
    private(set) var blanksWithoutCandidate = 0
    /// Equations without a live tuple.
    private(set) var deadEquations = 0
    /// Words of a bit set over equations.
    private let equationWords: Int
    /// Bit sets over equations: those with one live tuple and one empty
    /// cell (from 0), and with one live tuple and two empty cells (from
    /// `equationWords`).
    private let singles: UnsafeMutableBufferPointer<UInt64>

    /// The states passed through, the prepared one last, each with the
    /// length of the undo records before it was derived (the first state
    /// has none).
    private struct Frame {
        var placed: Int
        var spent: Int
        var records: Int
        var recordWords: Int
        var blankRecords: Int
    }
    private var frames: [Frame] = []
    /// Per derivation, what it changed in `assigned` and `remaining`: the
    /// index and the value before.
    private var placed: [(blank: Int, before: Int)] = []
    private var spent: [(value: Int, before: Int)] = []
    /// The blanks whose candidates the step being derived may change.
    private var touchedBlanks: [Int] = []
    /// The equations the step being derived filters again.
    private var dirtyEquations: [Int] = []
    /// Per value: the equations whose tables give it to some cell, each
    /// with the most cells one tuple gives it.
    private let equationsWithValue: [[(equation: Int, most: Int)]]
    /// What filtering an equation again overwrote.
    private struct Record {
        var equation: Int
        var liveCount: Int
        var openCount: Int
    }
    private var records: [Record] = []
    /// Per record: the equation's support words, then its open-value words.
    private var recordWords: [UInt64] = []
    /// What updating a blank overwrote: whether it was counted, and its
    /// mask (`words` words per record in `blankRecordWords`).
    private var blankRecords: [(blank: Int, counted: Bool)] = []
    private var blankRecordWords: [UInt64] = []

    init(model: Solver) {
        let tables = model.tables
        equationCount = tables.count
        words = max(1, (model.values.count + 63) / 64)
        var cellStart = [0], blankOfCell: [Int] = [], equationOfCell: [Int] = [], tupleStart = [0]
        var cellsOfBlank = [[Int]](repeating: [], count: model.blanks.count)
        for (e, table) in tables.enumerated() {
            for variable in table.variables {
                cellsOfBlank[variable].append(blankOfCell.count)
                blankOfCell.append(variable)
                equationOfCell.append(e)
            }
            cellStart.append(blankOfCell.count)
            tupleStart.append(tupleStart[tupleStart.count - 1] + table.count)
        }
        self.cellStart = cellStart
        self.blankOfCell = blankOfCell
        self.equationOfCell = equationOfCell
        self.cellsOfBlank = cellsOfBlank
        self.tupleStart = tupleStart
        self.tables = tables
        var equationsWithValue = [[(equation: Int, most: Int)]](repeating: [], count: model.values.count)
        var most = [Int](repeating: 0, count: model.values.count)
        var inTuple = [Int](repeating: 0, count: model.values.count)
        for (e, table) in tables.enumerated() {
            var used: [Int] = []
            let arity = table.variables.count
            for t in 0..<table.count {
                for k in 0..<arity {
                    let value = table.value(t, k)
                    if most[value] == 0 { used.append(value) }
                    inTuple[value] += 1
                    most[value] = max(most[value], inTuple[value])
                }
                for k in 0..<arity { inTuple[table.value(t, k)] = 0 }
            }
            for value in used.sorted() {
                equationsWithValue[value].append((e, most[value]))
                most[value] = 0
            }
        }
        self.equationsWithValue = equationsWithValue
        order = .allocate(capacity: tupleStart[tupleStart.count - 1])
        liveCounts = .allocate(capacity: tables.count)
        openCounts = .allocate(capacity: tables.count)
        support = .allocate(capacity: blankOfCell.count * words)
        openValues = .allocate(capacity: tables.count * words)
        used = .allocate(capacity: model.values.count)
        dirty = .allocate(capacity: tables.count)
        touched = .allocate(capacity: model.blanks.count)
        scratchMask = .allocate(capacity: words)
        blankMasks = .allocate(capacity: model.blanks.count * words)
        counted = .allocate(capacity: model.blanks.count)
        holderCounts = .allocate(capacity: model.values.count)
        equationWords = max(1, (tables.count + 63) / 64)
        singles = .allocate(capacity: 2 * equationWords)
        liveCounts.initialize(repeating: 0)
        openCounts.initialize(repeating: 0)
        support.initialize(repeating: 0)
        openValues.initialize(repeating: 0)
        used.initialize(repeating: 0)
        dirty.initialize(repeating: false)
        touched.initialize(repeating: false)
        scratchMask.initialize(repeating: 0)
        blankMasks.initialize(repeating: 0)
        counted.initialize(repeating: false)
        holderCounts.initialize(repeating: 0)
        singles.initialize(repeating: 0)
        for e in 0..<tables.count {
            for i in 0..<(tupleStart[e + 1] - tupleStart[e]) { order.initializeElement(at: tupleStart[e] + i, to: Int32(i)) }
        }
    }

    deinit {
        order.deallocate()
        liveCounts.deallocate()
        openCounts.deallocate()
        support.deallocate()
        openValues.deallocate()
        used.deallocate()
        dirty.deallocate()
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
    /// through when it follows from one by placing values only, otherwise
    /// built from the tables.
    func prepare(_ state: _DeductionState) {
        while !frames.isEmpty {
            if assigned == state.assigned && remaining == state.remaining { return }
            guard deriving else { break }
            if placesOnly(state) {
                derive(state)
                return
            }
            undoTop()
        }
        build(state)
    }

    /// Whether `state` follows from the prepared one by placing values only.
    private func placesOnly(_ state: _DeductionState) -> Bool {
        guard assigned.count == state.assigned.count, remaining.count == state.remaining.count else { return false }
        for b in state.assigned.indices where assigned[b] != state.assigned[b] && assigned[b] >= 0 { return false }
        for v in state.remaining.indices where state.remaining[v] > remaining[v] { return false }
        return true
    }

    /// Every equation filtered from its whole table; forgets the states passed through.
    private func build(_ state: _DeductionState) {
        frames = [Frame(placed: 0, spent: 0, records: 0, recordWords: 0, blankRecords: 0)]
        placed.removeAll(keepingCapacity: true)
        spent.removeAll(keepingCapacity: true)
        records.removeAll(keepingCapacity: true)
        recordWords.removeAll(keepingCapacity: true)
        blankRecords.removeAll(keepingCapacity: true)
        blankRecordWords.removeAll(keepingCapacity: true)
        assigned = state.assigned
        remaining = state.remaining
        deadEquations = 0
        for e in 0..<equationCount {
            liveCounts[e] = tupleStart[e + 1] - tupleStart[e]
            if liveCounts[e] == 0 { deadEquations += 1 }
            filter(e, record: false)
        }
        blankMasks.update(repeating: 0)
        counted.update(repeating: false)
        holderCounts.update(repeating: 0)
        blanksWithoutCandidate = 0
        for b in cellsOfBlank.indices { update(blank: b, record: false) }
    }

    /// Moves from the prepared state to `state`, which follows from it by
    /// placing values only.
    private func derive(_ state: _DeductionState) {
        frames.append(Frame(placed: placed.count, spent: spent.count, records: records.count,
                            recordWords: recordWords.count, blankRecords: blankRecords.count))
        dirtyEquations.removeAll(keepingCapacity: true)
        for b in state.assigned.indices where assigned[b] != state.assigned[b] {
            placed.append((b, assigned[b]))
            assigned[b] = state.assigned[b]
            for cell in cellsOfBlank[b] where !dirty[equationOfCell[cell]] {
                dirty[equationOfCell[cell]] = true
                dirtyEquations.append(equationOfCell[cell])
            }
        }
        for v in state.remaining.indices where state.remaining[v] < remaining[v] {
            spent.append((v, remaining[v]))
            remaining[v] = state.remaining[v]
            // A tuple needs more tiles of `v` than are left only if it
            // gives `v` to more empty cells than that.
            let left = remaining[v], word = v / 64, bit: UInt64 = 1 << UInt64(v % 64)
            for (e, most) in equationsWithValue[v]
            where !dirty[e] && openCounts[e] > left && most > left && openValues[e * words + word] & bit != 0 {
                dirty[e] = true
                dirtyEquations.append(e)
            }
        }
        // The blanks of the equations filtered again: their candidates may change.
        touchedBlanks.removeAll(keepingCapacity: true)
        for e in dirtyEquations {
            dirty[e] = false
            filter(e, record: true)
            for cell in cellStart[e]..<cellStart[e + 1] where !touched[blankOfCell[cell]] {
                touched[blankOfCell[cell]] = true
                touchedBlanks.append(blankOfCell[cell])
            }
        }
        for b in touchedBlanks {
            touched[b] = false
            update(blank: b, record: true)
        }
    }

    /// Takes back the latest derivation: the state before it is prepared again.
    private func undoTop() {
        guard let top = frames.popLast() else { return }
        while records.count > top.records, let record = records.popLast() {
            let e = record.equation
            let cells = cellStart[e + 1] - cellStart[e]
            var at = recordWords.count - (cells + 1) * words
            for i in (cellStart[e] * words)..<(cellStart[e + 1] * words) {
                support[i] = recordWords[at]
                at += 1
            }
            for w in 0..<words {
                openValues[e * words + w] = recordWords[at]
                at += 1
            }
            recordWords.removeLast((cells + 1) * words)
            setCounts(e, live: record.liveCount, open: record.openCount)
        }
        while blankRecords.count > top.blankRecords, let record = blankRecords.popLast() {
            let from = blankRecordWords.count - words
            blankRecordWords.withUnsafeBufferPointer { recorded in
                apply(blank: record.blank, counted: record.counted, mask: UnsafeBufferPointer(rebasing: recorded[from...]))
            }
            blankRecordWords.removeLast(words)
        }
        while placed.count > top.placed, let change = placed.popLast() { assigned[change.blank] = change.before }
        while spent.count > top.spent, let change = spent.popLast() { remaining[change.value] = change.before }
    }

    /// Filters equation `e`'s live tuples for the prepared state, keeping
    /// what it overwrites when `record`.
    private func filter(_ e: Int, record: Bool) {
        let first = cellStart[e], arity = cellStart[e + 1] - first
        if record {
            records.append(Record(equation: e, liveCount: liveCounts[e], openCount: openCounts[e]))
            recordWords.append(contentsOf: support[(first * words)..<((first + arity) * words)])
            recordWords.append(contentsOf: openValues[(e * words)..<((e + 1) * words)])
        }
        for i in (first * words)..<((first + arity) * words) { support[i] = 0 }
        for w in 0..<words { openValues[e * words + w] = 0 }
        var open = 0
        for k in 0..<arity where assigned[blankOfCell[first + k]] < 0 { open += 1 }
        let base = tupleStart[e]
        var end = liveCounts[e]
        var i = 0
        assigned.withUnsafeBufferPointer { assigned in
            remaining.withUnsafeBufferPointer { remaining in
                tables[e].values.withUnsafeBufferPointer { values in
                    blankOfCell.withUnsafeBufferPointer { blankOfCell in
                        while i < end {
                            let row = Int(order[base + i]) * arity
                            var fits = true
                            for k in 0..<arity {
                                let value = values[row + k]
                                let a = assigned[blankOfCell[first + k]]
                                if a >= 0 {
                                    if a != value { fits = false; break }
                                } else {
                                    used[value] += 1
                                    if used[value] > remaining[value] { fits = false; break }
                                }
                            }
                            for k in 0..<arity { used[values[row + k]] = 0 }
                            if fits {
                                for k in 0..<arity {
                                    let value = values[row + k]
                                    let bit: UInt64 = 1 << UInt64(value % 64)
                                    support[(first + k) * words + value / 64] |= bit
                                    if assigned[blankOfCell[first + k]] < 0 { openValues[e * words + value / 64] |= bit }
                                }
                                i += 1
                            } else {
                                end -= 1
                                order.swapAt(base + i, base + end)
                            }
                        }
                    }
                }
            }
        }
        setCounts(e, live: end, open: open)
    }

    /// Sets equation `e`'s live and open counts, keeping the dead count and
    /// the single-tuple sets in step.
    private func setCounts(_ e: Int, live: Int, open: Int) {
        if (liveCounts[e] == 0) != (live == 0) { deadEquations += live == 0 ? 1 : -1 }
        liveCounts[e] = live
        openCounts[e] = open
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

    /// Sets `blank`'s counted flag and mask, keeping the holder counts and
    /// the blanks without a candidate in step.
    private func apply(blank b: Int, counted isCounted: Bool, mask: UnsafeBufferPointer<UInt64>) {
        var wasEmpty = true, isEmpty = true
        for w in 0..<words {
            let old = blankMasks[b * words + w], new = mask[w]
            if old != 0 { wasEmpty = false }
            if new != 0 { isEmpty = false }
            var changed = old ^ new
            while changed != 0 {
                let bit = changed.trailingZeroBitCount
                holderCounts[w * 64 + bit] += (new >> UInt64(bit)) & 1 == 1 ? 1 : -1
                changed &= changed - 1
            }
            blankMasks[b * words + w] = new
        }
        if counted[b] && wasEmpty { blanksWithoutCandidate -= 1 }
        if isCounted && isEmpty { blanksWithoutCandidate += 1 }
        counted[b] = isCounted
    }
}
