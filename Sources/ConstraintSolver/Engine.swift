/// Collects the engine's flat data while a model is compiled.
///
/// Each constraint kind adds itself with an `install…` method (in its own
/// file) that appends its constant data to these arrays and its reversible
/// words to `memory`; ``_Engine/init(_:)`` then moves everything into
/// fixed buffers.
struct _EngineBuilder {
    let variableCount: Int
    let wordsPerVariable: Int
    let declaredSizes: [Int]
    var isRootInfeasible: Bool
    var memory: [UInt64]
    var propagators: [_Propagator] = []
    var scopeVariables: [Int] = []
    var scopeValues: [Int] = []
    var tableSupports: [UInt64] = []
    var tablePositions: [_TablePosition] = []
    var tableResidues: [Int32] = []
    var tableIndex: [Int32] = []
    /// Support masks already built, by tuple set and domain sizes.
    var sharedSupports: [_SupportKey: [Int]] = [:]
    var cardinalityPlanes: [UInt64] = []
    var cardinalityMasks: [UInt64] = []
    var scratchWords = 0
    var scratchInts = 0

    init(_ model: Model) {
        variableCount = model.variableCount
        declaredSizes = model.domainSizes
        wordsPerVariable = max(1, ((model.domainSizes.max() ?? 0) + 63) >> 6)
        isRootInfeasible = model.isTriviallyInfeasible
        memory = [UInt64](repeating: 0, count: variableCount * wordsPerVariable)
        for x in 0..<variableCount {
            var empty = true
            for j in 0..<max(1, (model.domainSizes[x] + 63) >> 6) {
                let word = model.domainWords[model.domainOffsets[x] + j]
                memory[x * wordsPerVariable + j] = word
                if word != 0 { empty = false }
            }
            if empty { isRootInfeasible = true }
        }
        for constraint in model.constraints {
            switch constraint {
            case let .table(variables, tuples): installTable(variables, tuples: tuples)
            case let .cardinality(variables, counts): installCardinality(variables, counts: counts)
            case let .linearSum(variables, coefficients, total): installLinearSum(variables, coefficients: coefficients, total: total)
            case let .nogood(variables, values): installNogood(variables, values: values)
            }
        }
    }

    /// Appends `count` reversible words initialised to `value`; returns the offset of the first.
    mutating func allocateReversible(_ count: Int, value: UInt64 = 0) -> Int {
        let offset = memory.count
        memory.append(contentsOf: repeatElement(value, count: count))
        return offset
    }

    /// Appends a scope (and its per-entry integers); returns its start in `scopeVariables`.
    mutating func appendScope(_ variables: [Int], values: [Int]? = nil) -> Int {
        let start = scopeVariables.count
        scopeVariables.append(contentsOf: variables)
        scopeValues.append(contentsOf: values ?? [Int](repeating: 0, count: variables.count))
        return start
    }

    /// Records the scratch space a propagator needs.
    mutating func reserveScratch(words: Int, ints: Int) {
        scratchWords = max(scratchWords, words)
        scratchInts = max(scratchInts, ints)
    }

    /// The watch lists in compressed form, in propagator order (so scheduling is deterministic):
    /// entries `start[x]..<start[x + 1]` of `propagator` and `position` watch variable `x`.
    func watchLists() -> (start: [Int], propagator: [Int32], position: [Int32]) {
        var start = [Int](repeating: 0, count: variableCount + 1)
        for x in scopeVariables { start[x + 1] += 1 }
        for x in 0..<variableCount { start[x + 1] += start[x] }
        var fill = start
        var propagator = [Int32](repeating: 0, count: scopeVariables.count)
        var position = [Int32](repeating: 0, count: scopeVariables.count)
        for (p, entry) in propagators.enumerated() {
            let scope = entry.scope
            for i in 0..<scope.count {
                let x = scopeVariables[scope.start + i]
                propagator[fill[x]] = Int32(p)
                position[fill[x]] = Int32(i)
                fill[x] += 1
            }
        }
        return (start, propagator, position)
    }
}

/// The solver's internal state: domains, trail, propagators and scratch space.
///
/// Everything the search touches lives in fixed buffers allocated once, when
/// the engine is built from a ``Model``:
///
/// - `memory` is the *reversible memory*: all variable domains (bitsets,
///   `wordsPerVariable` words each, variable `x` at `x * wordsPerVariable`)
///   followed by the reversible words of propagators (live-tuple bitsets,
///   sparse-set limits, last-seen domains, entailment flags). Every write goes
///   through ``write(_:_:)``, which saves the old word on the trail.
/// - Propagators are a closed enum of plain-data headers (``_Propagator``),
///   dispatched with a `switch`; their constant data lives in shared flat
///   buffers (`scopeVariables`, `tableSupports`, ...).
///
/// The engine is a struct whose methods are `mutating`, so its scalar state
/// needs no runtime exclusivity checks, and its buffers need no copy-on-write
/// checks: the hot loops do plain loads and stores and never allocate.
struct _Engine: Sendable {
    /// Owner of every buffer below; see ``Solver`` for how sharing is avoided.
    var allocation: _Allocation
    let variableCount: Int
    let wordsPerVariable: Int

    // MARK: Reversible memory and trail (see Trail.swift)
    let memory: _Buffer<UInt64>
    /// `stamps[i] == currentStamp` when `memory[i]` is already saved in the current trail segment.
    let stamps: _Buffer<Int>
    /// Saved words; grows on demand (amortized, never during steady-state search).
    var trail: _Buffer<_TrailEntry>
    var trailCount = 0
    var currentStamp = 1
    /// True when the model is infeasible before any propagation.
    let isRootInfeasible: Bool

    // MARK: Propagators and queues (see Propagation.swift)
    let propagators: _Buffer<_Propagator>
    let propagatorCount: Int
    /// Scope variables of all propagators, concatenated.
    let scopeVariables: _Buffer<Int>
    /// Per scope entry: linear-sum coefficient or nogood value.
    let scopeValues: _Buffer<Int>
    let watchStart: _Buffer<Int>
    let watchPropagator: _Buffer<Int32>
    let watchPosition: _Buffer<Int32>
    /// Per propagator: bit `min(position, 63)` set when that scope position changed.
    let modified: _Buffer<UInt64>
    let isQueued: _Buffer<Bool>
    /// Cheap propagators (tables, sums, nogoods) run before expensive ones (cardinality).
    var eagerQueue: _Ring
    var lazyQueue: _Ring
    /// The propagator being run, which is never re-queued by its own changes.
    var running = -1
    var propagationCount = 0

    // MARK: Constraint data (see Table.swift, Cardinality.swift)
    let tableSupports: _Buffer<UInt64>
    let tablePositions: _Buffer<_TablePosition>
    let tableResidues: _Buffer<Int32>
    let tableIndex: _Buffer<Int32>
    let cardinalityPlanes: _Buffer<UInt64>
    let cardinalityMasks: _Buffer<UInt64>

    // MARK: Scratch space shared by all propagators
    let scratch: _Buffer<UInt64>
    let scratchInts: _Buffer<Int>

    // MARK: Search (see Search.swift)
    /// The choice-point stack; its depth is bounded by the number of variables.
    let frames: _Buffer<_Frame>
    var frameCount = 0

    /// Compiles a validated model.
    ///
    /// - Complexity: O(size of the model), dominated by the table support masks.
    init(_ model: Model) {
        let builder = _EngineBuilder(model)
        let allocation = _Allocation()
        self.allocation = allocation
        variableCount = builder.variableCount
        wordsPerVariable = builder.wordsPerVariable
        isRootInfeasible = builder.isRootInfeasible
        memory = allocation.buffer(builder.memory)
        stamps = allocation.buffer(repeating: 0, count: builder.memory.count)
        trail = allocation.growableBuffer(repeating: _TrailEntry(index: 0, value: 0), count: 2 * builder.memory.count + 64)
        propagators = allocation.buffer(builder.propagators)
        propagatorCount = builder.propagators.count
        scopeVariables = allocation.buffer(builder.scopeVariables)
        scopeValues = allocation.buffer(builder.scopeValues)
        let watches = builder.watchLists()
        watchStart = allocation.buffer(watches.start)
        watchPropagator = allocation.buffer(watches.propagator)
        watchPosition = allocation.buffer(watches.position)
        modified = allocation.buffer(repeating: 0, count: propagatorCount)
        isQueued = allocation.buffer(repeating: false, count: propagatorCount)
        eagerQueue = _Ring(allocation.buffer(repeating: 0, count: propagatorCount))
        lazyQueue = _Ring(allocation.buffer(repeating: 0, count: propagatorCount))
        tableSupports = allocation.buffer(builder.tableSupports)
        tablePositions = allocation.buffer(builder.tablePositions)
        tableResidues = allocation.buffer(builder.tableResidues)
        tableIndex = allocation.buffer(builder.tableIndex)
        cardinalityPlanes = allocation.buffer(builder.cardinalityPlanes)
        cardinalityMasks = allocation.buffer(builder.cardinalityMasks)
        scratch = allocation.buffer(repeating: 0, count: builder.scratchWords)
        scratchInts = allocation.buffer(repeating: 0, count: builder.scratchInts)
        // The open frames on a path branch `x == v` on distinct variables (x is fixed below).
        frames = allocation.buffer(repeating: _Frame(variable: 0, value: 0, mark: 0), count: variableCount + 1)
    }
}
