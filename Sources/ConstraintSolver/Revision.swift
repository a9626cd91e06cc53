/// Changing a compiled solver between searches.
///
/// A caller that searches many models differing in a few domains and a few
/// tables (a puzzle checked again after each small edit) can compile the
/// model once and revise it between searches instead of compiling each one:
/// set a variable's root domain, compile another tuple list for a table over
/// the same variables and switch between the lists, and leave tuples of a
/// list out. Every search starts from the revised root and finds what a
/// solver compiled from the revised model would: the same solutions in the
/// same order, after as many nodes.
extension Solver {
    /// How many table constraints the solver holds: those of the model it was
    /// compiled from, in the order they were added, counting only those the
    /// model kept (``Model/addTable(_:flatTuples:count:)`` keeps a table with
    /// at least one variable and one tuple).
    public var tableCount: Int {
        engine.revisions?.tablePropagators.count ?? engine.tablePropagators().count
    }

    /// Sets the values `variable` takes at the start of every later search.
    ///
    /// An empty list makes every later search find no solution.
    ///
    /// - Parameters:
    ///   - variable: A variable index of the model.
    ///   - values: Value indices in `0..<domainSize(of: variable)` of the model.
    /// - Throws: ``ModelError`` when the variable or a value is out of range.
    public mutating func setRootDomain(_ variable: Int, to values: [Int]) throws(ModelError) {
        guard variable >= 0 && variable < engine.variableCount else {
            throw ModelError(.variableOutOfRange, "variable \(variable) is not in 0..<\(engine.variableCount)")
        }
        let size = engine.declaredSizes[variable]
        var words = [UInt64](repeating: 0, count: engine.wordsPerVariable)
        for value in values {
            guard value >= 0 && value < size else {
                throw ModelError(.valueOutOfRange, "value \(value) is outside the domain 0..<\(size) of variable \(variable)")
            }
            words[value >> 6] |= 1 << UInt64(value & 63)
        }
        engine.prepareRevisions()
        let base = engine.domainBase(variable)
        for j in words.indices { engine.memory[base + j] = words[j] }
    }

    /// Compiles another list of allowed tuples for table `table`, over the
    /// same variables in the same order, and returns its id. The table goes
    /// on searching with the list it has until ``useTupleList(_:table:)``
    /// switches it.
    ///
    /// The model's own lists have the ids `0..<tableCount`, table `k`'s
    /// being `k`; lists added here get the next ids. A list may have no
    /// tuple: the table then has no solution while it uses it.
    ///
    /// - Parameters:
    ///   - table: A table index in `0..<tableCount`.
    ///   - flatTuples: The allowed combinations of value indices laid end to
    ///     end, one value per variable of the table.
    ///   - count: How many tuples.
    /// - Returns: The new list's id.
    /// - Throws: ``ModelError`` when the table is out of range, `flatTuples`
    ///   does not hold `count` tuples or a value is outside its variable's
    ///   domain.
    /// - Complexity: O(*t* × *k* + *d* × *k* + *r* × *t* / 64) for *t*
    ///   tuples of arity *k*, domain size *d* and *r* distinct values per
    ///   position: the cost of compiling the table, not the whole model.
    public mutating func addTupleList(table: Int, flatTuples: [Int], count: Int) throws(ModelError) -> Int {
        let (start, arity) = try scope(ofTable: table)
        guard count >= 0, flatTuples.count == count * arity else {
            throw ModelError(.lengthMismatch, "\(flatTuples.count) values for \(count) tuples of \(arity) variables")
        }
        for (i, value) in flatTuples.enumerated() {
            let variable = engine.scopeVariables[start + i % arity]
            let size = engine.declaredSizes[variable]
            guard value >= 0 && value < size else {
                throw ModelError(.valueOutOfRange,
                                 "tuple \(i / arity) gives value \(value) to variable \(variable) with domain 0..<\(size)")
            }
        }
        engine.prepareRevisions()
        let header = engine.compileTuples(scopeStart: start, arity: arity, tuples: flatTuples)
        if count == 0 {
            engine.memory[header.liveOffset] = 0
            engine.memory[header.limitOffset] = 0
        }
        engine.stamps.append(contentsOf: repeatElement(0, count: engine.memory.count - engine.stamps.count))
        if engine.scratch.count < header.wordCount {
            engine.scratch.append(contentsOf: repeatElement(0, count: header.wordCount - engine.scratch.count))
        }
        engine.revisions?.lists.append(header)
        engine.revisions?.counts.append(count)
        return (engine.revisions?.lists.count ?? 0) - 1
    }

    /// The id of the tuple list table `table` searches with, or -1 when
    /// there is no such table.
    ///
    /// - Parameter table: A table index in `0..<tableCount`.
    public func tupleListInUse(table: Int) -> Int {
        guard table >= 0 && table < tableCount else { return -1 }
        return engine.revisions?.inUse[table] ?? table
    }

    /// Makes table `table` search with the tuple list `list` from now on.
    ///
    /// - Parameters:
    ///   - list: The id of a list compiled for this table (the table's own
    ///     list or one from ``addTupleList(table:flatTuples:count:)``).
    ///   - table: A table index in `0..<tableCount`.
    /// - Throws: ``ModelError`` when the table is out of range or the list
    ///   was not compiled for it.
    public mutating func useTupleList(_ list: Int, table: Int) throws(ModelError) {
        let (start, _) = try scope(ofTable: table)
        engine.prepareRevisions()
        guard let revisions = engine.revisions, list >= 0 && list < revisions.lists.count,
              revisions.lists[list].scopeStart == start else {
            throw ModelError(.valueOutOfRange, "tuple list \(list) was not compiled for table \(table)")
        }
        engine.propagators[revisions.tablePropagators[table]] = .table(revisions.lists[list])
        engine.revisions?.inUse[table] = list
    }

    /// Leaves the tuples `tuples` of the list table `table` searches with out
    /// of every later search, and takes back into it the tuples an earlier
    /// call left out of that list.
    ///
    /// - Parameters:
    ///   - tuples: Tuple indices of the list, in any order, repeats allowed.
    ///   - table: A table index in `0..<tableCount`.
    /// - Throws: ``ModelError`` when the table is out of range or a tuple
    ///   index is not one of the list's.
    /// - Complexity: O(*t* / 64 + `tuples.count`) for a list of *t* tuples.
    public mutating func setExcludedTuples(_ tuples: [Int], table: Int) throws(ModelError) {
        _ = try scope(ofTable: table)
        engine.prepareRevisions()
        let list = tupleListInUse(table: table)
        guard let count = engine.revisions?.counts[list] else { return }
        for t in tuples where t < 0 || t >= count {
            throw ModelError(.valueOutOfRange, "tuple \(t) is not in 0..<\(count) of table \(table)")
        }
        engine.setLiveTuples(list: list, count: count, excluded: tuples)
    }

    /// The scope of table `table`: its start in the engine's scope variables and its arity.
    private func scope(ofTable table: Int) throws(ModelError) -> (start: Int, arity: Int) {
        let propagators = engine.revisions?.tablePropagators ?? engine.tablePropagators()
        guard table >= 0 && table < propagators.count, case .table(let header) = engine.propagators[propagators[table]] else {
            throw ModelError(.valueOutOfRange, "table \(table) is not in 0..<\(propagators.count)")
        }
        return (header.scopeStart, header.arity)
    }
}

/// What revising a solver between searches keeps track of.
struct _Revisions: Sendable {
    /// Per table constraint, in the model's order: its propagator.
    var tablePropagators: [Int]
    /// Every tuple list compiled, by id: the model's tables' own lists first
    /// (list `k` is table `k`'s), then those added with
    /// ``Solver/addTupleList(table:flatTuples:count:)``.
    var lists: [_TableHeader]
    /// Per tuple list: how many tuples it has.
    var counts: [Int]
    /// Per table constraint: the id of the tuple list it searches with.
    var inUse: [Int]
}

extension _Engine {
    /// The table propagators, in the model's order.
    func tablePropagators() -> [Int] {
        propagators.indices.filter { if case .table = propagators[$0] { true } else { false } }
    }

    /// Starts keeping track of revisions, once: the model's own tuple lists
    /// (every tuple live at the root, as no revision has left one out yet),
    /// and emptiness of the root domains found at the root from now on, as
    /// a revision may fill an empty one.
    mutating func prepareRevisions() {
        guard revisions == nil else { return }
        let tables = tablePropagators()
        var lists: [_TableHeader] = []
        var counts: [Int] = []
        for p in tables {
            guard case .table(let header) = propagators[p] else { continue }
            lists.append(header)
            var live = 0
            for w in 0..<header.wordCount { live += memory[header.liveOffset + w].nonzeroBitCount }
            counts.append(live)
        }
        revisions = _Revisions(tablePropagators: tables, lists: lists, counts: counts, inUse: Array(tables.indices))
        isRootInfeasible = isConstraintInfeasible || counts.contains(0)
    }

    /// Sets the root live-tuple bitset of tuple list `list` (of `count`
    /// tuples) to every tuple but `excluded`, with the non-zero words first
    /// in its word permutation and the sparse-set limit counting them, as
    /// the table propagator expects.
    mutating func setLiveTuples(list: Int, count: Int, excluded: [Int]) {
        guard let h = revisions?.lists[list] else { return }
        for w in 0..<h.wordCount {
            let tail = count - w << 6
            memory[h.liveOffset + w] = tail >= 64 ? ~0 : _lowBits(tail)
        }
        for t in excluded { memory[h.liveOffset + t >> 6] &= ~(1 << UInt64(t & 63)) }
        var limit = 0
        for w in 0..<h.wordCount where memory[h.liveOffset + w] != 0 {
            tableIndex[h.indexStart + limit] = Int32(w)
            limit += 1
        }
        var next = limit
        for w in 0..<h.wordCount where memory[h.liveOffset + w] == 0 {
            tableIndex[h.indexStart + next] = Int32(w)
            next += 1
        }
        memory[h.limitOffset] = UInt64(limit)
    }
}
