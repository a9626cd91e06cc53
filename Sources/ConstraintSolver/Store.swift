/// Domain store: the variable domains inside the reversible memory.
///
/// Variable `x` owns the words `x * wordsPerVariable ..< (x + 1) * wordsPerVariable`
/// of `memory`; bit `v & 63` of word `v >> 6` is set when value index `v` is
/// still possible. The mutating operations report failure (an emptied
/// domain) by returning `false` and schedule the watching propagators when a
/// domain actually changes.
extension _Engine {
    /// The offset of the first domain word of `x` in `memory`.
    @inline(__always)
    func domainBase(_ x: Int) -> Int { x &* wordsPerVariable }

    /// The number of values left in the domain of `x`.
    @inline(__always)
    func domainSize(_ x: Int) -> Int {
        let base = domainBase(x)
        if wordsPerVariable == 1 { return memory[base].nonzeroBitCount }
        var size = 0
        for j in 0..<wordsPerVariable { size &+= memory[base &+ j].nonzeroBitCount }
        return size
    }

    /// Whether the domain of `x` has exactly one value.
    @inline(__always)
    func isFixed(_ x: Int) -> Bool {
        if wordsPerVariable == 1 {
            let word = memory[x]
            return word != 0 && word & (word &- 1) == 0
        }
        return domainSize(x) == 1
    }

    /// Whether value index `v` (in `0..<64 * wordsPerVariable`) is in the domain of `x`.
    @inline(__always)
    func contains(_ x: Int, _ v: Int) -> Bool {
        memory[domainBase(x) &+ (v >> 6)] & (1 << UInt64(v & 63)) != 0
    }

    /// The smallest value in the domain of `x`, or -1 when it is empty.
    func minimumValue(_ x: Int) -> Int {
        let base = domainBase(x)
        for j in 0..<wordsPerVariable where memory[base + j] != 0 {
            return j << 6 | memory[base + j].trailingZeroBitCount
        }
        return -1
    }

    /// The values in the domain of `x`, increasing.
    func values(of x: Int) -> [Int] {
        let base = domainBase(x)
        var result: [Int] = []
        for j in 0..<wordsPerVariable {
            var bits = memory[base + j]
            while bits != 0 {
                result.append(j << 6 | bits.trailingZeroBitCount)
                bits &= bits &- 1
            }
        }
        return result
    }

    /// Whether every domain word of `x` is zero.
    @inline(__always)
    func isEmpty(_ x: Int) -> Bool {
        let base = domainBase(x)
        for j in 0..<wordsPerVariable where memory[base &+ j] != 0 { return false }
        return true
    }

    /// Removes value `v` from the domain of `x`.
    ///
    /// - Returns: `false` when the domain becomes empty.
    @inline(__always)
    mutating func removeValue(_ x: Int, _ v: Int) -> Bool {
        let index = domainBase(x) &+ (v >> 6)
        let word = memory[index]
        let bit: UInt64 = 1 << UInt64(v & 63)
        if word & bit == 0 { return true }
        let newWord = word & ~bit
        write(index, newWord)
        if newWord == 0 && isEmpty(x) { return false }
        notify(x)
        return true
    }

    /// Reduces the domain of `x` to the single value `v`.
    ///
    /// - Returns: `false` when `v` is not in the domain.
    @inline(__always)
    mutating func assign(_ x: Int, _ v: Int) -> Bool {
        let base = domainBase(x)
        let target = v >> 6
        let bit: UInt64 = 1 << UInt64(v & 63)
        if memory[base &+ target] & bit == 0 { return false }
        var changed = false
        for j in 0..<wordsPerVariable {
            let word = memory[base &+ j]
            let newWord = j == target ? bit : 0
            if word != newWord {
                write(base &+ j, newWord)
                changed = true
            }
        }
        if changed { notify(x) }
        return true
    }

    /// Intersects domain word `j` of `x` with `mask`.
    ///
    /// - Returns: `false` when the domain becomes empty.
    @inline(__always)
    mutating func restrictWord(_ x: Int, _ j: Int, to mask: UInt64) -> Bool {
        let index = domainBase(x) &+ j
        let word = memory[index]
        let newWord = word & mask
        if newWord == word { return true }
        write(index, newWord)
        if newWord == 0 && isEmpty(x) { return false }
        notify(x)
        return true
    }
}
