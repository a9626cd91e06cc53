import PuzzleKit

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

    /// The propagator's scope as a range of `_Engine.scopeVariables`.
    var scope: (start: Int, count: Int) {
        switch self {
        case .table(let header): (header.scopeStart, header.arity)
        case .cardinality(let header): (header.scopeStart, header.count)
        case .linearSum(let header): (header.scopeStart, header.count)
        case .nogood(let header): (header.scopeStart, header.count)
        }
    }
}

/// The propagation queue and the fixpoint loop.
///
/// The queue is a ring buffer holding each propagator at most once. When a
/// domain changes, every propagator watching the variable gets the
/// variable's scope position recorded in `modified` and is queued unless it
/// had a change recorded already: a propagator is queued exactly when its
/// `modified` is not zero, except while it runs, when its `modified` holds
/// the changes it is handling and is cleared after. So the propagator
/// running is never queued again by its own changes, which it never needs:
/// every propagator here computes its own fixpoint before returning.
extension _Engine {
    /// Schedules the propagators watching `x` after its domain changed.
    @inline(__always)
    mutating func notify(_ x: Int) {
        var k = watchStart[x]
        let end = watchStart[x &+ 1]
        while k < end {
            let p = Int(watchPropagator[k])
            let before = modified[p]
            modified[p] = before | 1 << UInt64(min(Int(watchPosition[k]), 63))
            if before == 0 { enqueue(p) }
            k &+= 1
        }
    }

    @inline(__always)
    mutating func enqueue(_ p: Int) {
        var tail = queueHead &+ queueCount
        if tail >= queue.count { tail &-= queue.count }
        queue[tail] = Int32(truncatingIfNeeded: p)
        queueCount &+= 1
    }

    /// Queues every propagator with all scope positions marked as changed
    /// (`modified == ~0` tells a propagator it runs from scratch).
    mutating func scheduleAll() {
        for p in propagators.indices {
            if modified[p] == 0 { enqueue(p) }
            modified[p] = ~0
        }
    }

    /// Runs queued propagators until none is left (fixpoint) or one fails.
    ///
    /// - Returns: `false` when a domain was emptied; the queue is then empty.
    mutating func propagate() -> Bool {
        while queueCount > 0 {
            let p = Int(queue[queueHead])
            queueHead &+= 1
            if queueHead == queue.count { queueHead = 0 }
            queueCount &-= 1
            propagationCount &+= 1
            let consistent: Bool
            switch propagators[p] {
            case .table(let header): consistent = propagateTable(header, p)
            case .cardinality(let header): consistent = propagateCardinality(header)
            case .linearSum(let header): consistent = propagateLinearSum(header)
            case .nogood(let header): consistent = propagateNogood(header)
            }
            modified[p] = 0
            if !consistent || outOfTime(after: propagators[p].scope.count) {
                clearQueue()
                return false
            }
        }
        return true
    }

    /// Makes ``propagate()`` and the searches read `deadline`, metered by
    /// work: scope positions a propagator visits, variables a search node
    /// scans. A wide model cannot run far past its deadline.
    mutating func startClock(_ deadline: Deadline) {
        meter = WorkMeter(deadline)
    }

    /// Counts `work`; `true` once the deadline has passed, and from then on
    /// until the next ``startClock(_:)``. ``propagate()`` then returns
    /// `false` with its fixpoint unknown: a search must stop with
    /// `timeLimit` (``interrupted``) and never take that for a failure.
    @inline(__always)
    mutating func outOfTime(after work: Int) -> Bool {
        meter.passed(after: work)
    }

    /// Stops the cardinality propagators from being queued, at a fixpoint
    /// (the queue empty): each is marked as changed without being queued,
    /// so ``notify(_:)`` passes it by. Until ``resumeCardinality()`` the
    /// other propagators prune alone.
    mutating func suspendCardinality() {
        for p in propagators.indices {
            if case .cardinality = propagators[p] { modified[p] = ~0 }
        }
    }

    /// Lets the cardinality propagators be queued again; the domains must be
    /// back at the fixpoint ``suspendCardinality()`` was called at.
    mutating func resumeCardinality() {
        for p in propagators.indices {
            if case .cardinality = propagators[p] { modified[p] = 0 }
        }
    }

    /// Empties the queue after a failure.
    mutating func clearQueue() {
        while queueCount > 0 {
            let p = Int(queue[queueHead])
            modified[p] = 0
            queueHead &+= 1
            if queueHead == queue.count { queueHead = 0 }
            queueCount &-= 1
        }
        queueHead = 0
    }
}
