/// One saved word of reversible memory: restoring sets `memory[index] = value`.
struct _TrailEntry: Sendable {
    var index: Int
    var value: UInt64
}

/// The trail: undo log of the reversible memory.
///
/// The trail is a stack of saved words. A *mark* is a trail length: restoring
/// to a mark pops and writes back every word saved after it, which returns
/// all domains and propagator state to what they were when the mark was taken.
///
/// Writes are grouped in *segments*; a new segment starts whenever a mark may
/// be taken or has just been restored to. Within a segment a word is saved at
/// most once (tracked by `stamps`), so the trail grows with the number of
/// distinct words changed per node, not with the number of writes.
extension _Engine {
    /// Writes a word of reversible memory, saving the old value first if needed.
    ///
    /// - Complexity: O(1) amortized.
    @inline(__always)
    mutating func write(_ index: Int, _ value: UInt64) {
        if stamps[index] != currentStamp {
            stamps[index] = currentStamp
            if trailCount == trail.count {
                trail = allocation.grow(trail, used: trailCount, filler: _TrailEntry(index: 0, value: 0))
            }
            trail[trailCount] = _TrailEntry(index: index, value: memory[index])
            trailCount &+= 1
        }
        memory[index] = value
    }

    /// Starts a new trail segment, so the next write of any word is saved again.
    @inline(__always)
    mutating func beginSegment() {
        currentStamp &+= 1
    }

    /// Undoes every write made after `mark` and starts a new segment.
    ///
    /// - Parameter mark: A previous value of `trailCount`.
    /// - Complexity: O(number of entries popped).
    mutating func restore(to mark: Int) {
        while trailCount > mark {
            trailCount &-= 1
            let entry = trail[trailCount]
            memory[entry.index] = entry.value
        }
        beginSegment()
    }
}
