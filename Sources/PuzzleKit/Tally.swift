/// How many times each name (a grade label, a failure reason) came up in a
/// run, listed in a stable order: a run's totals line, a review page's
/// histogram and a benchmark's label mix count with it, so no dictionary
/// order reaches their output.
///
///     var tally = Tally()
///     tally.add("hard"); tally.add("easy"); tally.add("hard")
///     tally.ordered(["easy", "medium", "hard"])  // [("easy", 1), ("hard", 2)]
public struct Tally: Sendable, Equatable {
    private var counts: [String: Int] = [:]

    public init() {}

    /// Counts `name` `count` more times (nothing for 0).
    public mutating func add(_ name: String, count: Int = 1) {
        if count != 0 { counts[name, default: 0] += count }
    }

    /// Adds another tally's counts.
    public mutating func merge(_ other: Tally) {
        for (name, count) in other.counts { add(name, count: count) }
    }

    /// The count of `name` (0 when it never came up).
    public subscript(name: String) -> Int { counts[name] ?? 0 }

    /// All counts together.
    public var total: Int { counts.values.reduce(0, +) }

    /// The names with their counts: those of `order` first, in that order
    /// (with a zero count too when `zeros`), then the others by name.
    ///
    /// - Parameters:
    ///   - order: the names that come first (a family's labels, easiest first).
    ///   - zeros: lists the names of `order` that never came up, with 0.
    public func ordered(_ order: [String] = [], zeros: Bool = false) -> [(name: String, count: Int)] {
        let first = order.filter { zeros || counts[$0] != nil }.map { ($0, self[$0]) }
        let known = Set(order)
        return first + counts.keys.filter { !known.contains($0) }.sorted().map { ($0, self[$0]) }
    }
}
