/// A propagator: a closed set of kinds, each a plain-data header.
///
/// Dispatch is a `switch` over this enum, so the propagation loop has no
/// existential or closure overhead and copying a header never touches a
/// reference count.
enum _Propagator: Sendable {
    case table(_TableHeader)
    case cardinality(_CardinalityHeader)
    case linearSum(_LinearSumHeader)
    case nogood(_NogoodHeader)

    /// The propagator's scope as a range of `scopeVariables`.
    var scope: (start: Int, count: Int) {
        switch self {
        case .table(let header): (header.scopeStart, header.arity)
        case .cardinality(let header): (header.scopeStart, header.count)
        case .linearSum(let header): (header.scopeStart, header.count)
        case .nogood(let header): (header.scopeStart, header.count)
        }
    }

    /// Whether the propagator is expensive (it looks at many variables) and
    /// should wait until the cheap ones reach their fixpoint.
    var isLazy: Bool {
        if case .cardinality = self { return true }
        return false
    }
}

/// A FIFO ring buffer of propagator indices; each propagator is in at most one ring at a time.
struct _Ring: Sendable {
    let items: _Buffer<Int32>
    var head = 0
    var count = 0

    init(_ items: _Buffer<Int32>) { self.items = items }

    @inline(__always)
    mutating func push(_ p: Int) {
        var tail = head &+ count
        if tail >= items.count { tail &-= items.count }
        items[tail] = Int32(truncatingIfNeeded: p)
        count &+= 1
    }

    @inline(__always)
    mutating func pop() -> Int {
        let p = Int(items[head])
        head &+= 1
        if head == items.count { head = 0 }
        count &-= 1
        return p
    }
}

/// The propagation queues and the fixpoint loop.
///
/// When a domain changes, every propagator watching the variable gets the
/// variable's scope position recorded in `modified` and is queued unless it
/// already is, or is the one running: every propagator here computes its own
/// fixpoint before returning, so its own changes never need to wake it.
/// Cheap propagators wait in the eager queue; cardinality, which scans all
/// its variables, waits in the lazy queue and runs only when the eager queue
/// is empty, so it sees the combined effect of many small changes at once.
extension _Engine {
    /// Schedules the propagators watching `x` after its domain changed.
    @inline(__always)
    mutating func notify(_ x: Int) {
        var k = watchStart[x]
        let end = watchStart[x &+ 1]
        while k < end {
            let p = Int(watchPropagator[k])
            modified[p] |= 1 << UInt64(min(Int(watchPosition[k]), 63))
            if !isQueued[p] && p != running { enqueue(p) }
            k &+= 1
        }
    }

    @inline(__always)
    mutating func enqueue(_ p: Int) {
        isQueued[p] = true
        if propagators[p].isLazy {
            lazyQueue.push(p)
        } else {
            eagerQueue.push(p)
        }
    }

    /// Queues every propagator with all scope positions marked as changed
    /// (`modified == ~0` tells a propagator to run from scratch).
    mutating func scheduleAll() {
        for p in 0..<propagatorCount {
            modified[p] = ~0
            if !isQueued[p] { enqueue(p) }
        }
    }

    /// Runs queued propagators until none is left (fixpoint) or one fails.
    ///
    /// - Returns: `false` when a domain was emptied; the queues are then empty.
    mutating func propagate() -> Bool {
        while true {
            let p: Int
            if eagerQueue.count > 0 {
                p = eagerQueue.pop()
            } else if lazyQueue.count > 0 {
                p = lazyQueue.pop()
            } else {
                return true
            }
            isQueued[p] = false
            running = p
            propagationCount &+= 1
            let consistent: Bool
            switch propagators[p] {
            case .table(let header): consistent = propagateTable(header, p)
            case .cardinality(let header): consistent = propagateCardinality(header)
            case .linearSum(let header): consistent = propagateLinearSum(header)
            case .nogood(let header): consistent = propagateNogood(header)
            }
            modified[p] = 0
            running = -1
            if !consistent {
                clearQueues()
                return false
            }
        }
    }

    /// Empties the queues after a failure.
    mutating func clearQueues() {
        while eagerQueue.count > 0 {
            let p = eagerQueue.pop()
            isQueued[p] = false
            modified[p] = 0
        }
        while lazyQueue.count > 0 {
            let p = lazyQueue.pop()
            isQueued[p] = false
            modified[p] = 0
        }
    }
}
