/// The generator's closure of a candidate grid under the techniques of a
/// difficulty: the reasoning of ``_Propagator`` (`run` and `close`) on
/// buffers allocated once per generator call instead of arrays per
/// candidate, for lines whose targets are below 128 (every line of the
/// standard difficulties; ``_Classifier`` falls back to ``_Propagator``
/// otherwise).
///
/// Each technique is sound and monotone (a cell decided from a grid is
/// decided the same way from any consistent grid that decides more), so the
/// closure is one grid whatever order lines and suppositions are taken in;
/// this type may therefore skip work the simple loop repeats and still reach
/// exactly the grid ``_Propagator/close(_:upTo:usedRowAndColumn:)`` reaches.
///
/// ``Technique/rowAndColumn`` keeps each consistent fixpoint a supposition
/// reached as a *witness*: supposing any decision of a witness that agrees
/// with the grid stays inside it (the line techniques decide only what every
/// completion of a line shares), so that supposition cannot be refuted and
/// is not tried. A deduction keeps the witnesses that already hold every
/// cell it decided and drops the others, where the simple loop forgets all
/// of them after every deduction.
final class _Closure {
    let rows: Int
    let columns: Int
    let cellCount: Int
    let lineCount: Int
    /// The grid being closed.
    let cells: UnsafeMutablePointer<Int8>
    private let numbers: UnsafeMutablePointer<Int>
    /// The candidate's hidden solution: `true` where it keeps the number.
    private let solution: UnsafeMutablePointer<Bool>
    private let targets: UnsafeMutablePointer<Int>
    private let lineCells: UnsafeMutablePointer<Int>
    private let lineStart: UnsafeMutablePointer<Int>
    /// Lines to settle, a ring of `lineCount` entries (a line is queued at
    /// most once).
    private let queue: UnsafeMutablePointer<Int>
    private let queued: UnsafeMutablePointer<Bool>
    private var head = 0
    private var queueCount = 0
    /// Cells decided since the log was last cleared.
    private let log: UnsafeMutablePointer<Int>
    private var logCount = 0
    /// The grid a supposition is tried on.
    private let trial: UnsafeMutablePointer<Int8>
    private let undecided: UnsafeMutablePointer<Int>
    private let prefix: UnsafeMutablePointer<UInt64>
    private let options: UnsafeMutablePointer<UInt8>
    /// Witness grids, `cellCount` cells each, and whether each still holds.
    private var witnessGrids: [Int8] = []
    private var witnessValid: [Bool] = []
    /// Per supposition (`2 * cell` keep, `2 * cell + 1` remove): the witness
    /// proving it unrefutable, or -1.
    private let proof: UnsafeMutablePointer<Int32>

    init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        cellCount = rows * columns
        lineCount = rows + columns
        let longest = max(rows, columns)
        cells = .allocate(capacity: cellCount)
        numbers = .allocate(capacity: cellCount)
        solution = .allocate(capacity: cellCount)
        targets = .allocate(capacity: lineCount)
        lineCells = .allocate(capacity: 2 * cellCount)
        lineStart = .allocate(capacity: lineCount + 1)
        queue = .allocate(capacity: lineCount)
        queued = .allocate(capacity: lineCount)
        queued.initialize(repeating: false, count: lineCount)
        log = .allocate(capacity: cellCount)
        trial = .allocate(capacity: cellCount)
        undecided = .allocate(capacity: longest)
        prefix = .allocate(capacity: 2 * (longest + 1))
        options = .allocate(capacity: longest)
        proof = .allocate(capacity: 2 * cellCount)
        var k = 0
        for r in 0..<rows {
            lineStart[r] = k
            for c in 0..<columns { lineCells[k] = r * columns + c; k += 1 }
        }
        for c in 0..<columns {
            lineStart[rows + c] = k
            for r in 0..<rows { lineCells[k] = r * columns + c; k += 1 }
        }
        lineStart[lineCount] = k
    }

    deinit {
        for pointer in [UnsafeMutableRawPointer(cells), UnsafeMutableRawPointer(numbers), UnsafeMutableRawPointer(solution), UnsafeMutableRawPointer(targets),
                        UnsafeMutableRawPointer(lineCells), UnsafeMutableRawPointer(lineStart), UnsafeMutableRawPointer(queue),
                        UnsafeMutableRawPointer(queued), UnsafeMutableRawPointer(log), UnsafeMutableRawPointer(trial),
                        UnsafeMutableRawPointer(undecided), UnsafeMutableRawPointer(prefix), UnsafeMutableRawPointer(options),
                        UnsafeMutableRawPointer(proof)] {
            pointer.deallocate()
        }
    }

    /// Loads a candidate: its numbers and the line targets its mask (the
    /// hidden solution) makes, every cell undecided. Returns `false`
    /// (loading nothing usable) when a target is 128 or more.
    func load(numbers candidate: [Int], mask: [Bool]) -> Bool {
        for l in 0..<lineCount { targets[l] = 0 }
        for i in 0..<cellCount {
            solution[i] = mask[i]
            numbers[i] = candidate[i]
            cells[i] = _undecided
            if mask[i] {
                targets[i / columns] &+= candidate[i]
                targets[rows &+ i % columns] &+= candidate[i]
            }
        }
        for l in 0..<lineCount where targets[l] >= 128 || targets[l] < 0 { return false }
        return true
    }

    /// Closes ``cells`` under the techniques up to `limit`, starting from
    /// every line; `false` on a contradiction.
    func close(upTo limit: Technique) -> Bool {
        let lineLimit = min(limit, .combinations)
        for l in 0..<lineCount { enqueue(l) }
        logCount = 0
        guard run(cells, upTo: lineLimit) else { return false }
        guard limit >= .rowAndColumn else { return true }
        resetWitnesses()
        var progress = true
        while progress {
            progress = false
            for cell in 0..<cellCount where cells[cell] == _undecided {
                // The hidden solution is a consistent fixpoint holding every
                // cell as it is there: only the other choice can be refuted.
                let kept = solution[cell]
                guard refutes(cell, keep: !kept) else { continue }
                cells[cell] = kept ? _kept : _removed
                logCount = 1
                log[0] = cell
                enqueueLines(of: cell)
                guard run(cells, upTo: lineLimit) else { return false }
                keepWitnesses()
                progress = true
            }
        }
        return true
    }

    // MARK: Line reasoning

    @inline(__always) private func enqueue(_ l: Int) {
        if !queued[l] {
            queued[l] = true
            var slot = head &+ queueCount
            if slot >= lineCount { slot &-= lineCount }
            queue[slot] = l
            queueCount &+= 1
        }
    }

    @inline(__always) private func enqueueLines(of cell: Int) {
        enqueue(cell / columns)
        enqueue(rows &+ cell % columns)
    }

    /// Settles the queued lines of `grid` to a fixpoint, logging each
    /// decided cell; `false` (with the queue emptied) on a contradiction.
    private func run(_ grid: UnsafeMutablePointer<Int8>, upTo limit: Technique) -> Bool {
        while queueCount > 0 {
            let l = queue[head]
            head &+= 1
            if head == lineCount { head = 0 }
            queueCount &-= 1
            queued[l] = false
            if !settle(l, grid, upTo: limit) {
                while queueCount > 0 {
                    queued[queue[head]] = false
                    head &+= 1
                    if head == lineCount { head = 0 }
                    queueCount &-= 1
                }
                return false
            }
        }
        return true
    }

    /// Decides `cell` of line `l` and queues its other line.
    @inline(__always) private func decide(_ cell: Int, _ state: Int8, in grid: UnsafeMutablePointer<Int8>, line l: Int) {
        grid[cell] = state
        log[logCount] = cell
        logCount &+= 1
        enqueue(l < rows ? rows &+ cell % columns : cell / columns)
    }

    /// ``_Board/settle(_:_:upTo:changed:scratch:options:)`` on the buffers.
    private func settle(_ l: Int, _ grid: UnsafeMutablePointer<Int8>, upTo limit: Technique) -> Bool {
        var need = targets[l]
        var open = 0
        var m = 0
        // Without branches on the cell states, which are unpredictable.
        for k in lineStart[l]..<lineStart[l &+ 1] {
            let cell = lineCells[k]
            let state = Int(grid[cell])
            let n = numbers[cell]
            let isKept = (state ^ (state >> 1)) & 1   // 1 for _kept (1), 0 otherwise
            let isOpen = (state >> 1) & 1   // 1 for _undecided (-1), 0 otherwise
            need &-= n & -isKept
            open &+= n & -isOpen
            undecided[m] = cell
            m &+= isOpen
        }
        if need < 0 || need > open { return false }
        if m == 0 { return true }
        if limit >= .combinations && need != 0 && need != open {
            guard reachable(m, need: need) else { return false }
            for k in 0..<m where options[k] != 3 {
                decide(undecided[k], options[k] == 1 ? _kept : _removed, in: grid, line: l)
            }
            return true
        }
        var progress = true
        while progress {
            progress = false
            for u in 0..<m {
                let cell = undecided[u]
                if cell < 0 { continue }
                let n = numbers[cell]
                if n > need {
                    decide(cell, _removed, in: grid, line: l)
                    open &-= n
                } else if limit >= .allNeeded && open == need {
                    decide(cell, _kept, in: grid, line: l)
                    open &-= n
                    need &-= n
                } else if limit >= .mustKeep && open &- n < need {
                    decide(cell, _kept, in: grid, line: l)
                    open &-= n
                    need &-= n
                } else {
                    continue
                }
                undecided[u] = -1
                progress = true
            }
            if need < 0 || need > open { return false }
        }
        return true
    }

    /// Subset-sum reachability of `need` (below 128) over the numbers of the
    /// first `m` undecided cells, as ``_Board/reachability(_:need:options:)``:
    /// `options[k]` bit 0 when cell `k` can be kept, bit 1 when it can be
    /// removed in a combination making `need`.
    private func reachable(_ m: Int, need: Int) -> Bool {
        if need < 64 { return reachable64(m, need: need) }
        return _reachability128(count: m, need: need, prefix: prefix,
                                number: { numbers[undecided[$0]] }, option: { options[$0] = $1 })
    }

    /// ``reachable(_:need:)`` for needs below 64, in one word per set.
    private func reachable64(_ m: Int, need: Int) -> Bool {
        let mask: UInt64 = need == 63 ? ~0 : (1 << UInt64(need &+ 1)) &- 1
        var sums: UInt64 = 1
        prefix[0] = sums
        for k in 0..<m {
            let a = numbers[undecided[k]]
            if a < 64 { sums |= sums << UInt64(a) }
            sums &= mask
            prefix[k &+ 1] = sums
        }
        if sums >> UInt64(need) & 1 == 0 { return false }
        var suffix: UInt64 = 1 << UInt64(need)
        var k = m &- 1
        while k >= 0 {
            let a = numbers[undecided[k]]
            let shifted = a < 64 ? suffix >> UInt64(a) : 0
            let p = prefix[k]
            options[k] = (p & shifted != 0 ? 1 : 0) | (p & suffix != 0 ? 2 : 0)
            suffix |= shifted
            k &-= 1
        }
        return true
    }

    // MARK: Suppositions

    /// Whether supposing `keep` for the undecided `cell` leads the line
    /// techniques to a contradiction; ``cells`` is left unchanged. A
    /// consistent fixpoint becomes a witness of every decision it made.
    private func refutes(_ cell: Int, keep: Bool) -> Bool {
        let slot = 2 &* cell &+ (keep ? 0 : 1)
        if proof[slot] >= 0 { return false }
        trial.update(from: cells, count: cellCount)
        trial[cell] = keep ? _kept : _removed
        log[0] = cell
        logCount = 1
        enqueueLines(of: cell)
        guard run(trial, upTo: .combinations) else { return true }
        let id = Int32(witnessValid.count)
        witnessGrids.append(contentsOf: UnsafeBufferPointer(start: trial, count: cellCount))
        witnessValid.append(true)
        for i in 0..<logCount {
            let decided = log[i]
            proof[2 &* decided &+ (trial[decided] == _kept ? 0 : 1)] = id
        }
        return false
    }

    private func resetWitnesses() {
        witnessGrids.removeAll(keepingCapacity: true)
        witnessValid.removeAll(keepingCapacity: true)
        proof.initialize(repeating: -1, count: 2 * cellCount)
    }

    /// After a deduction (the cells in the log): drops the witnesses that do
    /// not decide every one of them as ``cells`` now does, and their proofs.
    private func keepWitnesses() {
        var dropped = false
        witnessGrids.withUnsafeBufferPointer { grids in
            for w in witnessValid.indices where witnessValid[w] {
                let base = w &* cellCount
                for i in 0..<logCount {
                    let cell = log[i]
                    if grids[base &+ cell] != cells[cell] {
                        witnessValid[w] = false
                        dropped = true
                        break
                    }
                }
            }
        }
        guard dropped else { return }
        for i in 0..<(2 * cellCount) where proof[i] >= 0 && !witnessValid[Int(proof[i])] { proof[i] = -1 }
    }
}
