/// A list of allowed tuples, validated once and shareable between table constraints.
///
/// Number puzzles reuse a few relations for many equations (every `a + b = c`
/// over the numbers 1…20 has the same tuples). Building the `TupleSet` once
/// and passing it to `Model.addTable(_:tuples:)` for each
/// equation skips re-validating and copying the tuples, and the solver builds
/// the support masks of a tuple set only once per combination of domain sizes.
///
///     let plus = try TupleSet(arity: 3, tuples: sums)   // once
///     try model.addTable([a, b, c], tuples: plus)         // per equation
public struct TupleSet: Sendable {
    let storage: _TupleStorage

    /// The number of values in each tuple.
    public var arity: Int { storage.arity }

    /// The number of tuples.
    public var count: Int { storage.count }

    /// Validates and stores tuples of value indices.
    ///
    /// - Parameters:
    ///   - arity: The number of values in each tuple (not negative).
    ///   - tuples: The allowed combinations, each of length `arity`, with
    ///     non-negative values. Duplicates are allowed.
    /// - Throws: ``ModelError`` when a tuple has the wrong length or a value
    ///   or the arity is negative.
    /// - Complexity: O(*t* × *k*) for *t* tuples of arity *k*.
    public init(arity: Int, tuples: [[Int]]) throws(ModelError) {
        guard arity >= 0 else { throw ModelError(.negativeNumber, "arity \(arity) is negative") }
        var flat: [Int] = []
        flat.reserveCapacity(tuples.count * arity)
        var bounds = [Int](repeating: 0, count: arity)
        for (row, tuple) in tuples.enumerated() {
            guard tuple.count == arity else {
                throw ModelError(.lengthMismatch, "tuple \(row) has \(tuple.count) values for arity \(arity)")
            }
            for position in 0..<arity {
                let value = tuple[position]
                guard value >= 0 else {
                    throw ModelError(.valueOutOfRange, "tuple \(row) has the negative value \(value)")
                }
                if value >= bounds[position] { bounds[position] = value + 1 }
                flat.append(value)
            }
        }
        storage = _TupleStorage(arity: arity, count: tuples.count, flat: flat, bounds: bounds)
    }

    init(storage: _TupleStorage) { self.storage = storage }
}

/// The immutable, shared contents of a ``TupleSet``; its identity lets the
/// solver share support masks between tables built from the same set.
final class _TupleStorage: Sendable {
    let arity: Int
    let count: Int
    /// Tuples flattened row-major, `arity` values per row.
    let flat: [Int]
    /// Per position: one more than the largest value (0 when there are no tuples).
    let bounds: [Int]

    init(arity: Int, count: Int, flat: [Int], bounds: [Int]) {
        self.arity = arity
        self.count = count
        self.flat = flat
        self.bounds = bounds
    }
}
