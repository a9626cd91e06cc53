import PuzzleKit

/// The line reasoning shared by the grader, the hints and the generator.
///
/// Cell states are `_undecided`, `_removed` or `_kept`, one `Int8` per cell
/// in row-major order. A line's *need* is its target minus its kept numbers.

let _undecided: Int8 = -1
let _removed: Int8 = 0
let _kept: Int8 = 1

/// Needs above this skip the ``Technique/combinations`` reasoning (its bitset
/// would exceed 1,024 words); the other techniques and guessing still apply.
let _combinationsNeedLimit = 65_535

/// One line deduction: the technique, the line, what the line needed and the
/// cells it decides (kept or removed).
struct _LineMove: Sendable {
    var technique: Technique
    var line: Int
    var need: Int
    var cells: [Int]
    var keep: [Bool]
}

/// What looking at one line found.
enum _LineFinding: Sendable {
    case nothing
    /// The line can no longer reach its target.
    case contradiction
    case move(_LineMove)

    var technique: Technique? {
        if case .move(let move) = self { return move.technique }
        return nil
    }
}

extension _Board {
    /// The need of line `l` and its undecided cells (appended to `undecided`)
    /// and their total.
    @inline(__always)
    func scan(_ l: Int, _ cells: [Int8], into undecided: inout [Int]) -> (need: Int, open: Int) {
        var need = targets[l]
        var open = 0
        for k in lineStart[l]..<lineStart[l &+ 1] {
            let cell = lineCells[k]
            let state = cells[cell]
            if state == _kept {
                need &-= numbers[cell]
            } else if state == _undecided {
                undecided.append(cell)
                open &+= numbers[cell]
            }
        }
        return (need, open)
    }

    /// The easiest deduction available in line `l` with techniques up to
    /// `limit` (a single-line technique), or a contradiction.
    ///
    /// - Complexity: O(*n*) for the first three techniques, O(*n* × *need* / 64)
    ///   for ``Technique/combinations``, for a line of *n* cells.
    func analyze(_ l: Int, _ cells: [Int8], upTo limit: Technique) -> _LineFinding {
        var undecided: [Int] = []
        undecided.reserveCapacity(lineStart[l + 1] - lineStart[l])
        let (need, open) = scan(l, cells, into: &undecided)
        if need < 0 || need > open { return .contradiction }
        if undecided.isEmpty { return .nothing }
        func move(_ technique: Technique, _ chosen: [Int], keep: Bool) -> _LineFinding {
            .move(_LineMove(technique: technique, line: l, need: need, cells: chosen,
                            keep: [Bool](repeating: keep, count: chosen.count)))
        }
        let tooBig = undecided.filter { numbers[$0] > need }
        if !tooBig.isEmpty { return move(.tooBig, tooBig, keep: false) }
        guard limit >= .allNeeded else { return .nothing }
        if open == need { return move(.allNeeded, undecided, keep: true) }
        guard limit >= .mustKeep else { return .nothing }
        let needed = undecided.filter { open - numbers[$0] < need }
        if !needed.isEmpty { return move(.mustKeep, needed, keep: true) }
        guard limit >= .combinations else { return .nothing }
        var options = [UInt8](repeating: 0, count: undecided.count)
        guard let reachable = reachability(undecided, need: need, options: &options) else { return .nothing }
        if !reachable { return .contradiction }
        var chosen: [Int] = []
        var keep: [Bool] = []
        for (k, cell) in undecided.enumerated() where options[k] != 3 {
            chosen.append(cell)
            keep.append(options[k] == 1)
        }
        if chosen.isEmpty { return .nothing }
        return .move(_LineMove(technique: .combinations, line: l, need: need, cells: chosen, keep: keep))
    }

    /// Subset-sum reachability over the numbers of `items` towards `need`.
    ///
    /// Sets `options[k]` to bit 0 when item `k` can be kept and bit 1 when it
    /// can be removed in some combination that makes exactly `need`.
    ///
    /// - Returns: `false` when no combination makes `need`, `nil` when `need`
    ///   exceeds ``_combinationsNeedLimit``.
    /// - Complexity: O(*m* × *need* / 64) for *m* items, with a stack buffer.
    func reachability(_ items: [Int], need: Int, options: inout [UInt8]) -> Bool? {
        guard need <= _combinationsNeedLimit else { return nil }
        if need < 128 { return reachability128(items, need: need, options: &options) }
        let m = items.count
        let words = need >> 6 &+ 1
        let lastMask: UInt64 = need & 63 == 63 ? ~0 : (1 << UInt64(need & 63 &+ 1)) &- 1
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (m &+ 2) &* words) { buffer -> Bool in
            guard let bits = buffer.baseAddress else { return false }
            // Prefix sets P_k (sums reachable with the first k items) at bits[k * words].
            bits[0] = 1
            for i in 1..<words { bits[i] = 0 }
            for k in 0..<m {
                let a = numbers[items[k]]
                let source = bits + k &* words
                let target = source + words
                for i in 0..<words { target[i] = source[i] | _shiftedLeft(source, words, a, i) }
                target[words &- 1] &= lastMask
            }
            if (bits + m &* words)[need >> 6] >> UInt64(need & 63) & 1 == 0 { return false }
            // Reversed suffix sets R_k (t such that need - t is reachable after item k).
            var current = bits + m &* words
            var next = current + words
            for i in 0..<words { current[i] = 0 }
            current[need >> 6] = 1 << UInt64(need & 63)
            var k = m &- 1
            while k >= 0 {
                let a = numbers[items[k]]
                let prefix = bits + k &* words
                var canRemove = false
                var canKeep = false
                for i in 0..<words {
                    let p = prefix[i]
                    if p & current[i] != 0 { canRemove = true }
                    if p & _shiftedRight(current, words, a, i) != 0 { canKeep = true }
                }
                options[k] = (canKeep ? 1 : 0) | (canRemove ? 2 : 0)
                if k > 0 {
                    for i in 0..<words { next[i] = current[i] | _shiftedRight(current, words, a, i) }
                    swap(&current, &next)
                }
                k &-= 1
            }
            return true
        }
    }

    /// ``reachability(_:need:options:)`` for needs below 128 (every line of
    /// the standard difficulties), with each bitset in two words.
    private func reachability128(_ items: [Int], need: Int, options: inout [UInt8]) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 &* (items.count &+ 1)) { buffer -> Bool in
            guard let prefix = buffer.baseAddress else { return false }
            return _reachability128(count: items.count, need: need, prefix: prefix,
                                    number: { numbers[items[$0]] }, option: { options[$0] = $1 })
        }
    }

    /// Decides in line `l` everything the techniques up to `limit` (single-line
    /// ones) can, to the line's own fixpoint, appending each decided cell to
    /// `changed`.
    ///
    /// - Returns: `false` on a contradiction.
    func settle(_ l: Int, _ cells: inout [Int8], upTo limit: Technique, changed: inout [Int],
                scratch undecided: inout [Int], options: inout [UInt8]) -> Bool {
        undecided.removeAll(keepingCapacity: true)
        var (need, open) = scan(l, cells, into: &undecided)
        if need < 0 || need > open { return false }
        if undecided.isEmpty { return true }
        if limit >= .combinations && need != 0 && need != open {
            if options.count < undecided.count { options = [UInt8](repeating: 0, count: undecided.count) }
            if let reachable = reachability(undecided, need: need, options: &options) {
                if !reachable { return false }
                for (k, cell) in undecided.enumerated() where options[k] != 3 {
                    cells[cell] = options[k] == 1 ? _kept : _removed
                    changed.append(cell)
                }
                return true
            }
        }
        // The bounds rules, repeated until the line no longer changes.
        var progress = true
        while progress {
            progress = false
            for u in undecided.indices {
                let cell = undecided[u]
                if cell < 0 { continue }
                let n = numbers[cell]
                if n > need {
                    cells[cell] = _removed
                    open &-= n
                } else if limit >= .allNeeded && open == need {
                    cells[cell] = _kept
                    open &-= n
                    need &-= n
                } else if limit >= .mustKeep && open &- n < need {
                    cells[cell] = _kept
                    open &-= n
                    need &-= n
                } else {
                    continue
                }
                changed.append(cell)
                undecided[u] = -1
                progress = true
            }
            if need < 0 || need > open { return false }
        }
        return true
    }
}

/// Subset-sum reachability of `need` (below 128) over `count` numbers, each
/// bitset in two words: the one computation behind the line technique
/// `combinations` (``_Board`` and the generator's ``_Closure``).
///
/// - Parameters:
///   - prefix: room for 2 × (`count` + 1) words: the sums the first `k`
///     numbers reach, as the computation goes.
///   - number: the `k`-th number.
///   - option: told, for each `k`, bit 0 when the number can be kept and bit
///     1 when it can be removed in some combination making `need`.
/// - Returns: `false` when no combination makes `need` (no option is told).
@inline(__always)
func _reachability128(count m: Int, need: Int, prefix: UnsafeMutablePointer<UInt64>,
                      number: (Int) -> Int, option: (Int, UInt8) -> Void) -> Bool {
    let maskLow: UInt64 = need >= 63 ? ~0 : (1 << UInt64(need &+ 1)) &- 1
    let maskHigh: UInt64 = need < 64 ? 0 : (need == 127 ? ~0 : (1 << UInt64(need &- 63)) &- 1)
    var low: UInt64 = 1
    var high: UInt64 = 0
    prefix[0] = low
    prefix[1] = high
    for k in 0..<m {
        let (l, h) = _shiftLeft128(low, high, number(k))
        low = (low | l) & maskLow
        high = (high | h) & maskHigh
        prefix[2 &* k &+ 2] = low
        prefix[2 &* k &+ 3] = high
    }
    let reached = need < 64 ? low >> UInt64(need) & 1 : high >> UInt64(need &- 64) & 1
    if reached == 0 { return false }
    var suffixLow: UInt64 = need < 64 ? 1 << UInt64(need) : 0
    var suffixHigh: UInt64 = need < 64 ? 0 : 1 << UInt64(need &- 64)
    var k = m &- 1
    while k >= 0 {
        let pl = prefix[2 &* k], ph = prefix[2 &* k &+ 1]
        let (sl, sh) = _shiftRight128(suffixLow, suffixHigh, number(k))
        let canRemove = (pl & suffixLow) | (ph & suffixHigh) != 0
        let canKeep = (pl & sl) | (ph & sh) != 0
        option(k, (canKeep ? 1 : 0) | (canRemove ? 2 : 0))
        suffixLow |= sl
        suffixHigh |= sh
        k &-= 1
    }
    return true
}

@inline(__always)
func _shiftLeft128(_ low: UInt64, _ high: UInt64, _ shift: Int) -> (UInt64, UInt64) {
    if shift >= 128 { return (0, 0) }
    if shift >= 64 { return (0, low << UInt64(shift &- 64)) }
    if shift == 0 { return (low, high) }
    return (low << UInt64(shift), high << UInt64(shift) | low >> UInt64(64 &- shift))
}

@inline(__always)
func _shiftRight128(_ low: UInt64, _ high: UInt64, _ shift: Int) -> (UInt64, UInt64) {
    if shift >= 128 { return (0, 0) }
    if shift >= 64 { return (high >> UInt64(shift &- 64), 0) }
    if shift == 0 { return (low, high) }
    return (low >> UInt64(shift) | high << UInt64(64 &- shift), high >> UInt64(shift))
}

@inline(__always)
private func _shiftedLeft(_ bits: UnsafeMutablePointer<UInt64>, _ words: Int, _ shift: Int, _ word: Int) -> UInt64 {
    let from = word &- (shift >> 6)
    if from < 0 || shift >= words << 6 { return 0 }
    let s = UInt64(shift & 63)
    var result = bits[from] << s
    if s != 0 && from >= 1 { result |= bits[from &- 1] >> (64 &- s) }
    return result
}

@inline(__always)
private func _shiftedRight(_ bits: UnsafeMutablePointer<UInt64>, _ words: Int, _ shift: Int, _ word: Int) -> UInt64 {
    if shift >= words << 6 { return 0 }
    let from = word &+ (shift >> 6)
    if from >= words { return 0 }
    let s = UInt64(shift & 63)
    var result = bits[from] >> s
    if s != 0 && from &+ 1 < words { result |= bits[from &+ 1] << (64 &- s) }
    return result
}

/// Propagation of the single-line techniques over the whole grid, to a
/// fixpoint: the fast path of the generator and of ``Technique/rowAndColumn``.
struct _Propagator {
    let board: _Board
    var queue: [Int] = []
    var queued: [Bool]
    var changed: [Int] = []
    var undecided: [Int] = []
    var options: [UInt8] = []
    /// Every cell decided by ``run(_:upTo:)`` since the log was last cleared.
    var log: [Int] = []
    /// The grid a supposition is tried on.
    var trial: [Int8]
    /// Per cell: bit 0 when supposing *keep* is known not to be refuted from
    /// the current grid, bit 1 the same for *remove* (see ``refutes(_:keep:in:)``).
    var consistent: [UInt8]
    /// After a refutation: how many cells the supposition decided before the
    /// contradiction (a measure of how long its chain of reasoning is).
    var refutationLength = 0
    /// The grader's time budget, metered by the cells of the lines settled:
    /// once it has passed, ``run(_:upTo:)`` stops part-way (no
    /// contradiction found) and ``refutes(_:keep:in:)`` refutes nothing.
    var meter = WorkMeter(Deadline(nil))

    init(board: _Board) {
        self.board = board
        trial = [Int8](repeating: _undecided, count: board.cellCount)
        consistent = [UInt8](repeating: 0, count: board.cellCount)
        log.reserveCapacity(board.cellCount)
        queued = [Bool](repeating: false, count: board.lineCount)
        queue.reserveCapacity(board.lineCount)
        changed.reserveCapacity(board.cellCount)
        undecided.reserveCapacity(max(board.rows, board.columns))
        options = [UInt8](repeating: 0, count: max(board.rows, board.columns))
    }

    @inline(__always)
    mutating func enqueue(_ l: Int) {
        if !queued[l] {
            queued[l] = true
            queue.append(l)
        }
    }

    mutating func enqueueAll() {
        for l in 0..<board.lineCount { enqueue(l) }
    }

    /// Enqueues the row and the column of `cell`.
    mutating func enqueueLines(of cell: Int) {
        enqueue(board.rowLine(of: cell))
        enqueue(board.columnLine(of: cell))
    }

    /// Runs the queued lines to a fixpoint with techniques up to `limit`.
    ///
    /// - Returns: `false` on a contradiction (the queue is then cleared).
    mutating func run(_ cells: inout [Int8], upTo limit: Technique) -> Bool {
        var head = 0
        while head < queue.count {
            let l = queue[head]
            head &+= 1
            queued[l] = false
            changed.removeAll(keepingCapacity: true)
            if !board.settle(l, &cells, upTo: limit, changed: &changed, scratch: &undecided, options: &options) {
                clear(from: head)
                return false
            }
            if meter.passed(after: board.lineStart[l + 1] - board.lineStart[l]) {
                clear(from: head)
                return true
            }
            for cell in changed {
                let other = l < board.rows ? board.columnLine(of: cell) : board.rowLine(of: cell)
                enqueue(other)
            }
            log.append(contentsOf: changed)
            if head > 256 && head == queue.count { queue.removeAll(keepingCapacity: true); head = 0 }
        }
        queue.removeAll(keepingCapacity: true)
        return true
    }

    private mutating func clear(from head: Int) {
        for k in head..<queue.count { queued[queue[k]] = false }
        queue.removeAll(keepingCapacity: true)
    }

    /// Forgets what ``consistent`` knows; call it whenever the grid the
    /// suppositions start from changes.
    mutating func resetConsistency() {
        for i in consistent.indices { consistent[i] = 0 }
    }

    /// Whether supposing `keep` for the undecided `cell` leads, by the
    /// single-line techniques, to a contradiction. `cells` is left unchanged.
    ///
    /// When it does not, every decision of the fixpoint reached is recorded
    /// in ``consistent``: supposing any of them from `cells` reaches a subset
    /// of that same consistent fixpoint, so it cannot be refuted either and is
    /// not tried again (the usual saving of singleton consistency).
    mutating func refutes(_ cell: Int, keep: Bool, in cells: [Int8]) -> Bool {
        let bit: UInt8 = keep ? 1 : 2
        if consistent[cell] & bit != 0 { return false }
        var grid: [Int8] = []
        swap(&grid, &trial)
        for i in cells.indices { grid[i] = cells[i] }
        grid[cell] = keep ? _kept : _removed
        log.removeAll(keepingCapacity: true)
        enqueueLines(of: cell)
        let consistentResult = run(&grid, upTo: .combinations)
        if meter.hasPassed {
            swap(&grid, &trial)
            return false
        }
        if consistentResult {
            consistent[cell] |= bit
            for c in log { consistent[c] |= grid[c] == _kept ? 1 : 2 }
        } else {
            refutationLength = log.count
        }
        swap(&grid, &trial)
        return !consistentResult
    }

    /// Closes `cells` under the techniques up to `limit` (``Technique/rowAndColumn``
    /// included when `limit` allows it), starting from the queued lines.
    ///
    /// - Returns: `false` on a contradiction; `usedRowAndColumn` tells whether
    ///   ``Technique/rowAndColumn`` decided anything.
    mutating func close(_ cells: inout [Int8], upTo limit: Technique, usedRowAndColumn: inout Bool) -> Bool {
        let lineLimit = min(limit, .combinations)
        guard run(&cells, upTo: lineLimit) else { return false }
        guard limit >= .rowAndColumn else { return true }
        var progress = true
        while progress {
            progress = false
            resetConsistency()
            for cell in 0..<board.cellCount where cells[cell] == _undecided {
                var keep = true
                if !refutes(cell, keep: true, in: cells) {
                    guard refutes(cell, keep: false, in: cells) else { continue }
                    keep = false
                }
                usedRowAndColumn = true
                cells[cell] = keep ? _removed : _kept
                enqueueLines(of: cell)
                guard run(&cells, upTo: lineLimit) else { return false }
                resetConsistency()
                progress = true
            }
        }
        return true
    }
}
