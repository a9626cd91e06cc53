import PuzzleKit

/// The solver's internal state: domains, trail, propagators and scratch space.
///
/// Everything the search touches lives in flat arrays owned by this struct and
/// is allocated once, when the engine is built from a ``Model``:
///
/// - `memory` is the *reversible memory*: all variable domains (bitsets,
///   `wordsPerVariable` words each, variable `x` at `x * wordsPerVariable`)
///   followed by the reversible words of propagators (live-tuple bitsets,
///   sparse-set limits, entailment flags). Every write goes through
///   ``write(_:_:)``, which saves the old word on the trail.
/// - Propagators are a closed enum of plain-data headers (``_Propagator``),
///   dispatched with a `switch`; their constant data lives in shared flat
///   arrays (`scopeVariables`, `tableSupports`, ...).
///
/// Methods are `mutating` on a struct, so the hot loops use static
/// exclusivity and never allocate.
struct _Engine: Sendable {
    let variableCount: Int
    let wordsPerVariable: Int
    /// Domain size each variable was declared with.
    let declaredSizes: [Int]

    // MARK: Reversible memory and trail (see Trail.swift)
    var memory: [UInt64] = []
    /// `stamps[i] == currentStamp` when `memory[i]` is already saved in the current trail segment.
    var stamps: [Int] = []
    var trail: [_TrailEntry] = []
    var currentStamp = 1
    /// True when the model is infeasible before any propagation.
    var isRootInfeasible = false
    /// True when a constraint of the model is infeasible on its own (unlike
    /// an empty domain, which a revision may fill).
    let isConstraintInfeasible: Bool
    /// What revisions between searches keep track of; `nil` until the first
    /// (see Revision.swift).
    var revisions: _Revisions?

    // MARK: Propagators and the queue (see Propagation.swift)
    var propagators: [_Propagator] = []
    /// Scope variables of all propagators, concatenated.
    var scopeVariables: [Int] = []
    /// Per-scope-entry integer (linear-sum coefficient or nogood value).
    var scopeValues: [Int] = []
    /// Watch lists in compressed form: entries `watchStart[x]..<watchStart[x + 1]`.
    var watchStart: [Int] = []
    var watchPropagator: [Int32] = []
    var watchPosition: [Int32] = []
    /// Per propagator: bit `min(position, 63)` set when that scope position changed.
    var modified: [UInt64] = []
    var queue: [Int32] = []
    var queueHead = 0
    var queueCount = 0
    var propagationCount = 0

    // MARK: The clock of the current search (see Propagation.swift)
    var meter = WorkMeter(Deadline(nil))
    /// Set once the deadline has passed: propagation stopped part-way.
    var interrupted: Bool { meter.hasPassed }

    // MARK: Table data (see Table.swift)
    var tableSupports: [UInt64] = []
    var tablePositions: [_TablePosition] = []
    var tableRows: [Int32] = []
    var tableResidues: [Int32] = []
    var tableIndex: [Int32] = []

    // MARK: Cardinality data (see Cardinality.swift)
    var cardinalityPlanes: [UInt64] = []
    var cardinalityMasks: [UInt64] = []

    // MARK: Scratch buffers shared by all propagators
    var scratch: [UInt64] = []
    var scratchInts: [Int] = []

    // MARK: Search (see Search.swift)
    var frames: [_Frame] = []

    /// Builds the engine for a model; the model has already been validated.
    init(_ model: Model) {
        variableCount = model.variableCount
        declaredSizes = model.domainSizes
        let largest = model.domainSizes.max() ?? 0
        wordsPerVariable = max(1, (largest + 63) >> 6)
        isRootInfeasible = model.isTriviallyInfeasible

        memory = [UInt64](repeating: 0, count: variableCount * wordsPerVariable)
        isConstraintInfeasible = model.isTriviallyInfeasible
        for x in 0..<variableCount {
            let words = max(1, (model.domainSizes[x] + 63) >> 6)
            var empty = true
            for j in 0..<words {
                let word = model.domainWords[model.domainOffsets[x] + j]
                memory[x * wordsPerVariable + j] = word
                if word != 0 { empty = false }
            }
            if empty { isRootInfeasible = true }
        }

        var scratchWords = 0
        var scratchIntCount = 0
        for constraint in model.constraints {
            let need: (words: Int, ints: Int)
            switch constraint {
            case let .table(variables, tuples):
                need = installTable(variables, tuples: tuples)
            case let .cardinality(variables, counts):
                need = installCardinality(variables, counts: counts)
            case let .linearSum(variables, coefficients, total):
                need = installLinearSum(variables, coefficients: coefficients, total: total)
            case let .nogood(variables, values):
                need = installNogood(variables, values: values)
            }
            scratchWords = max(scratchWords, need.words)
            scratchIntCount = max(scratchIntCount, need.ints)
        }
        scratch = [UInt64](repeating: 0, count: scratchWords)
        scratchInts = [Int](repeating: 0, count: scratchIntCount)
        buildWatchLists()

        let count = propagators.count
        modified = [UInt64](repeating: 0, count: count)
        queue = [Int32](repeating: 0, count: max(1, count))
        stamps = [Int](repeating: 0, count: memory.count)
        trail.reserveCapacity(4 * memory.count + 64)
        frames.reserveCapacity(64)
    }

    /// Appends `count` reversible words initialised to `value` and returns the offset of the first.
    mutating func allocateReversible(_ count: Int, value: UInt64 = 0) -> Int {
        let offset = memory.count
        memory.append(contentsOf: repeatElement(value, count: count))
        return offset
    }

    /// Registers a propagator with its scope and optional per-entry integers.
    mutating func appendScope(_ variables: [Int], values: [Int]? = nil) -> Int {
        let start = scopeVariables.count
        scopeVariables.append(contentsOf: variables)
        scopeValues.append(contentsOf: values ?? [Int](repeating: 0, count: variables.count))
        return start
    }

    /// Builds the compressed watch lists from the propagators' scopes,
    /// in propagator order so scheduling is deterministic.
    private mutating func buildWatchLists() {
        var scopes: [(start: Int, count: Int)] = []
        for propagator in propagators { scopes.append(propagator.scope) }
        var counts = [Int](repeating: 0, count: variableCount + 1)
        for scope in scopes {
            for k in scope.start..<(scope.start + scope.count) { counts[scopeVariables[k] + 1] += 1 }
        }
        for x in 0..<variableCount { counts[x + 1] += counts[x] }
        watchStart = counts
        var fill = counts
        watchPropagator = [Int32](repeating: 0, count: counts[variableCount])
        watchPosition = [Int32](repeating: 0, count: counts[variableCount])
        for (p, scope) in scopes.enumerated() {
            for position in 0..<scope.count {
                let x = scopeVariables[scope.start + position]
                watchPropagator[fill[x]] = Int32(p)
                watchPosition[fill[x]] = Int32(position)
                fill[x] += 1
            }
        }
    }
}
