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
/// most once (tracked by `stamps`), which keeps the trail proportional to the
/// number of distinct words changed per node, not to the number of writes.
extension _Engine {
    /// Writes a word of reversible memory, saving the old value first if needed.
    ///
    /// - Complexity: O(1) amortized; no allocation once the trail has grown.
    @inline(__always)
    mutating func write(_ index: Int, _ value: UInt64) {
        if stamps[index] != currentStamp {
            stamps[index] = currentStamp
            trail.append(_TrailEntry(index: index, value: memory[index]))
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
    /// - Parameter mark: A previous value of `trail.count`.
    /// - Complexity: O(number of entries popped).
    mutating func restore(to mark: Int) {
        var k = trail.count
        while k > mark {
            k -= 1
            let entry = trail[k]
            memory[entry.index] = entry.value
        }
        trail.removeLast(trail.count - mark)
        beginSegment()
    }
}
