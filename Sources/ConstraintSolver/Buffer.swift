/// A fixed-size buffer of trivial values, owned by an ``_Allocation``.
///
/// The engine keeps its mutable state in these instead of arrays: a write is
/// one store, with no uniqueness (copy-on-write) check and no exclusivity
/// check, and it goes through a `let` property (`nonmutating set`). Indices
/// are checked by `assert` in debug builds, so the test suite catches any
/// out-of-range access; release builds access memory directly.
struct _Buffer<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
    let count: Int

    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            assert(index >= 0 && index < count, "buffer index out of range")
            return base[index]
        }
        nonmutating set {
            assert(index >= 0 && index < count, "buffer index out of range")
            base[index] = newValue
        }
    }
}

/// Owns the memory of an engine's buffers and frees it when the engine goes away.
///
/// Buffers are carved from a few large chunks (one `malloc` for a typical
/// model instead of one per buffer); only the trail, which can grow, gets a
/// block of its own. The owning ``Solver`` checks that its allocation is
/// uniquely referenced before every mutating call and rebuilds its engine
/// otherwise, so two copies of a solver never share mutable memory (value
/// semantics, which is what makes the `@unchecked Sendable` sound).
final class _Allocation: @unchecked Sendable {
    private static let chunkSize = 16_384
    private static let alignment = 16
    private var blocks: [UnsafeMutableRawPointer] = []
    private var chunk: UnsafeMutableRawPointer?
    private var chunkUsed = 0
    private var chunkCapacity = 0

    /// Uninitialized memory for `count` elements, carved from the current chunk.
    private func carve<Element>(_: Element.Type, count: Int) -> UnsafeMutablePointer<Element> {
        assert(MemoryLayout<Element>.alignment <= Self.alignment)
        let bytes = max(1, count) * MemoryLayout<Element>.stride
        var offset = (chunkUsed + Self.alignment - 1) & ~(Self.alignment - 1)
        let block: UnsafeMutableRawPointer
        if let chunk, offset + bytes <= chunkCapacity {
            block = chunk
        } else {
            let capacity = max(bytes, Self.chunkSize)
            block = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: Self.alignment)
            blocks.append(block)
            chunk = block
            chunkCapacity = capacity
            offset = 0
        }
        chunkUsed = offset + bytes
        return (block + offset).bindMemory(to: Element.self, capacity: max(1, count))
    }

    /// A new buffer holding a copy of `values`.
    func buffer<Element>(_ values: [Element]) -> _Buffer<Element> {
        let base = carve(Element.self, count: values.count)
        values.withUnsafeBufferPointer { source in
            if let address = source.baseAddress { base.initialize(from: address, count: values.count) }
        }
        return _Buffer(base: base, count: values.count)
    }

    /// A new buffer of `count` copies of `value`.
    func buffer<Element>(repeating value: Element, count: Int) -> _Buffer<Element> {
        let base = carve(Element.self, count: count)
        base.initialize(repeating: value, count: count)
        return _Buffer(base: base, count: count)
    }

    /// A new buffer of `count` copies of `value` in a block of its own, which ``grow(_:used:filler:)`` can replace.
    func growableBuffer<Element>(repeating value: Element, count: Int) -> _Buffer<Element> {
        let base = UnsafeMutablePointer<Element>.allocate(capacity: max(1, count))
        base.initialize(repeating: value, count: count)
        blocks.append(UnsafeMutableRawPointer(base))
        return _Buffer(base: base, count: count)
    }

    /// A growable buffer twice as large holding the first `used` elements of
    /// the growable buffer `old`, which is freed.
    func grow<Element>(_ old: _Buffer<Element>, used: Int, filler: Element) -> _Buffer<Element> {
        let new = growableBuffer(repeating: filler, count: 2 * old.count + 16)
        new.base.update(from: old.base, count: used)
        if let at = blocks.firstIndex(of: UnsafeMutableRawPointer(old.base)) {
            blocks.remove(at: at).deallocate()
        }
        return new
    }

    deinit {
        for block in blocks { block.deallocate() }
    }
}
