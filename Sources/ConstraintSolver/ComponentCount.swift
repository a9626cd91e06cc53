import Foundation
import PuzzleKit

/// Exact counting by independent groups of variables.
///
/// Two unfixed variables are *linked* when some table, linear sum or nogood
/// has both in its scope. Once decisions have fixed enough variables, the
/// unfixed ones fall apart into *components* that share no such constraint.
/// They are still coupled through the cardinality constraints (a pool of
/// tiles): every value of a cardinality constraint is a *resource* with a
/// required count, and the components together must use each resource
/// exactly as often as is left of it.
///
/// The counter therefore counts each component separately, grouped by how
/// often its assignments use the *tracked* resources: those that more than
/// one component can still take. A resource only one component can take is
/// left to that component's own propagation, which fails unless the component
/// uses exactly what is left of it once every variable that could take it is
/// fixed. The groups of the components are combined so that the tracked
/// usages add up to what is left; with no tracked resource this is a plain
/// product of counts. Components are split again further down, tracking the
/// resources of the enclosing level plus the newly shared ones.
///
/// The components of a level are counted one after the other, and each one's
/// usages only count where they fit with a usage of those counted before it
/// (``_Partners``). So its search stops where its usage so far fits with
/// none of them, and a tracked resource that every one of them, with that
/// usage, leaves no tile of is removed from its domains: counts it would not
/// combine are never searched.
///
/// A usage vector over the tracked resources is one integer key: digit `i`
/// (the usage of tracked resource `i`) has radix `required count + 1`, and the
/// resources of the enclosing level come first, so their digits are the key
/// modulo the enclosing level's key range.
///
/// Counts of components that can take no tracked resource depend only on the
/// component's own domains, the values of the fixed variables it shares a
/// constraint with and what is left of its resources, so they are cached
/// under exactly that key and reused when the same sub-problem comes back.
///
/// Propagation is the solver's own, over the whole model: a decision inside
/// one component may prune another one through a cardinality constraint. That
/// only removes assignments that no solution extends, so every count stays
/// exact; for the same reason components that can take a tracked resource
/// are never cached (their counts were pruned against the other components).
struct _ComponentCounter {
    var engine: _Engine

    // MARK: The constraint graph

    /// Linking propagators (tables, linear sums, nogoods) of each variable:
    /// entries `linkStart[x]..<linkStart[x + 1]` of `linkPropagator`.
    private let linkStart: [Int]
    private let linkPropagator: [Int]
    /// The variables linked to each variable: entries
    /// `neighbourStart[x]..<neighbourStart[x + 1]` of `neighbour`.
    private let neighbourStart: [Int]
    private let neighbour: [Int]

    // MARK: Resources

    /// The required count of each resource (one per value of each cardinality constraint).
    private let resourceTotal: [Int]
    /// Per variable, its cardinality constraints: entries
    /// `memberStart[x]..<memberStart[x + 1]` of `memberBase` (the constraint's
    /// first resource), `memberWidth` (its number of values) and
    /// `memberMultiplicity` (how often the variable is in its scope).
    private let memberStart: [Int]
    private let memberBase: [Int]
    private let memberWidth: [Int]
    private let memberMultiplicity: [Int]

    // MARK: Search state

    private let limits: SearchLimits
    let deadline: Deadline
    private(set) var nodes = 0
    private(set) var failures = 0
    private(set) var maxDepth = 0
    private var depth = 0
    /// Set when a node or time budget stopped the count.
    private var budgetStop: StopReason?
    /// Why the count stopped (a budget, or the deadline in a propagation),
    /// `nil` while it runs to the end; every partial count is then a lower
    /// bound, and nothing is cached.
    var stop: StopReason? { budgetStop ?? (engine.interrupted ? .timeLimit : nil) }
    /// Counts of components that take no tracked resource, by their key.
    private var cache: [[Int]: Int] = [:]
    /// Components answered from the cache.
    private(set) var cacheHits = 0
    /// Usage tables of small components by their domains and surroundings (see ``_UsageTable``).
    private var tables: [[Int]: _UsageTable] = [:]
    /// The rows of all of `tables`.
    private var tableRows = 0
    /// Small components answered from a known usage table.
    private(set) var tableHits = 0
    /// Per resource: its place in the usage table being enumerated, or -1.
    private var slot: [Int]
    /// Scratch marks per variable (`visit[x] == visitStamp`: seen).
    private var visit: [Int]
    private var visitStamp = 0
    /// Depth-first numbers and low points of the cut-vertex search (valid where `visit` is current).
    private var order: [Int]
    private var low: [Int]

    /// Most cached component counts; later ones are not stored.
    static let cacheCapacity = 1 << 18

    init(_ engine: _Engine, limits: SearchLimits) {
        self.engine = engine
        self.limits = limits
        deadline = Deadline(limits.time)
        self.engine.startClock(deadline)
        let n = engine.variableCount
        var links = [[Int]](repeating: [], count: n)
        var members = [[(base: Int, width: Int)]](repeating: [], count: n)
        var totals: [Int] = []
        for (p, propagator) in engine.propagators.enumerated() {
            let scope = propagator.scope
            let variables = engine.scopeVariables[scope.start..<(scope.start + scope.count)]
            if case .cardinality(let header) = propagator {
                let counts = engine.requiredCounts(header)
                for x in variables { members[x].append((totals.count, counts.count)) }
                totals.append(contentsOf: counts)
            } else {
                for x in variables where links[x].last != p { links[x].append(p) }
            }
        }
        var linkStart = [0], linkPropagator: [Int] = []
        var memberStart = [0], memberBase: [Int] = [], memberWidth: [Int] = [], memberMultiplicity: [Int] = []
        for x in 0..<n {
            linkPropagator.append(contentsOf: links[x])
            linkStart.append(linkPropagator.count)
            // A variable repeated in a scope counts once per occurrence.
            for (k, member) in members[x].enumerated() where k == 0 || members[x][k - 1].base != member.base {
                memberBase.append(member.base)
                memberWidth.append(member.width)
                memberMultiplicity.append(members[x].filter { $0.base == member.base }.count)
            }
            memberStart.append(memberBase.count)
        }
        self.linkStart = linkStart
        self.linkPropagator = linkPropagator
        var neighbourStart = [0], neighbour: [Int] = []
        for x in 0..<n {
            var around: [Int] = []
            for p in links[x] {
                let scope = engine.propagators[p].scope
                around.append(contentsOf: engine.scopeVariables[scope.start..<(scope.start + scope.count)].filter { $0 != x })
            }
            around.sort()
            for y in around where y != neighbour.last || neighbour.count == neighbourStart[x] { neighbour.append(y) }
            neighbourStart.append(neighbour.count)
        }
        self.neighbourStart = neighbourStart
        self.neighbour = neighbour
        self.resourceTotal = totals
        self.memberStart = memberStart
        self.memberBase = memberBase
        self.memberWidth = memberWidth
        self.memberMultiplicity = memberMultiplicity
        slot = [Int](repeating: -1, count: totals.count)
        visit = [Int](repeating: 0, count: n)
        order = [Int](repeating: 0, count: n)
        low = [Int](repeating: 0, count: n)
    }

    /// Counts the solutions below the root; the engine is left at the root state.
    mutating func countFromRoot() -> Int {
        if budgetExhausted() { return 0 }
        nodes = 1
        engine.beginSegment()
        let rootMark = engine.trail.count
        defer { engine.restore(to: rootMark) }
        guard engine.propagateRoot() else {
            failures += 1
            return 0
        }
        let unfixed = (0..<engine.variableCount).filter { !engine.isFixed($0) }
        if unfixed.isEmpty { return 1 }
        return count(unfixed, _Tracked(resourceCount: resourceTotal.count))[0] ?? 0
    }

    /// Counts every solution from where a plain search stopped by its node
    /// budget, having found `found` solutions (see ``_SearchRun``).
    ///
    /// The frames this counter would have branched on the same way (see
    /// ``agreeingFrames(_:)``) are kept: the `variable != value` branch of
    /// each is counted, each one more node. When every frame is kept, so is
    /// the node the search stopped at (counted here when open) and what the
    /// search found; nothing is done twice. Otherwise the state at the mark
    /// of the first frame not kept is counted anew, added to the solutions
    /// found before that frame. The engine is where the search stopped; it
    /// is left below the root, for the caller to restore.
    mutating func countFrontier(_ frames: [_Frame], stoppedAtOpenNode: Bool, found: Int) -> Int {
        let kept = agreeingFrames(frames)
        var total: Int
        if kept == frames.count {
            total = add(found, stoppedAtOpenNode ? countHere(decisions: frames.count) : 0)
        } else {
            engine.restore(to: frames[kept].mark)
            total = add(frames[kept].solutionsBefore, countHere(decisions: kept))
        }
        for (decisions, frame) in frames.prefix(kept).enumerated().reversed() {
            engine.restore(to: frame.mark)
            if budgetExhausted() { break }
            nodes += 1
            if engine.removeValue(frame.variable, frame.value) && engine.propagate() {
                total = add(total, countHere(decisions: decisions))
            } else {
                failures += 1
            }
        }
        // A stopped count is a lower bound, and so is what the plain search found.
        return stop == nil ? total : max(total, found)
    }

    /// How many frames, from the root down, branch as this counter would
    /// have at the state of their mark: on the variable ``select(_:_:)``
    /// picks, with the unfixed variables still one component. The engine is
    /// left as it was.
    private mutating func agreeingFrames(_ frames: [_Frame]) -> Int {
        let saved = engine
        defer { engine = saved }
        var agreeing = frames.count
        for (index, frame) in frames.enumerated().reversed() {
            engine.restore(to: frame.mark)
            let unfixed = (0..<engine.variableCount).filter { !engine.isFixed($0) }
            if components(of: unfixed).count > 1 || select(unfixed, cutVertices(of: unfixed)) != frame.variable {
                agreeing = index
            }
        }
        return agreeing
    }

    /// Counts the solutions below the engine's current state (a consistent
    /// fixpoint), which lies `decisions` `x == v` decisions below the root.
    private mutating func countHere(decisions: Int) -> Int {
        let unfixed = (0..<engine.variableCount).filter { !engine.isFixed($0) }
        if unfixed.isEmpty { return 1 }
        depth = decisions
        defer { depth = 0 }
        return count(unfixed, _Tracked(resourceCount: resourceTotal.count))[0] ?? 0
    }

    // MARK: Budgets and arithmetic

    /// Whether a budget forbids one more node (and records which one).
    private mutating func budgetExhausted() -> Bool {
        if stop != nil { return true }
        if let limit = limits.nodes, nodes >= limit {
            budgetStop = .nodeLimit
        } else if engine.outOfTime(after: engine.variableCount) {
            budgetStop = .timeLimit
        }
        return stop != nil
    }

    // Counts saturate at `Int.max`: every count is positive, so a saturated
    // one that reaches the total makes it `Int.max`, and one dropped on the
    // way (a usage that does not add up) does not matter.
    private func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    private func multiply(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max : product
    }

    /// Adds every count of `counts`, its key increased by `shift`, to `into`.
    private func accumulate(_ counts: [Int: Int], shiftedBy shift: Int, into result: inout [Int: Int]) {
        for (key, count) in counts {
            result[key + shift] = add(result[key + shift] ?? 0, count)
        }
    }

    // MARK: Counting

    /// Counts the assignments of `variables` (all unfixed, the engine at a
    /// consistent fixpoint), grouped by their usage of the tracked resources.
    private mutating func count(_ variables: [Int], _ tracked: _Tracked, _ partners: _Partners? = nil) -> [Int: Int] {
        let groups = components(of: variables)
        if groups.count == 1 { return branch(variables, tracked, partners) }
        return combine(groups, tracked) ?? branch(variables, tracked, partners)
    }

    /// Depth-first search over `variables` with binary branching `x == v` /
    /// `x != v`, as in the plain search, counting what lies below each branch.
    private mutating func branch(_ variables: [Int], _ tracked: _Tracked, _ partners: _Partners? = nil) -> [Int: Int] {
        var result: [Int: Int] = [:]
        engine.beginSegment()
        let entryMark = engine.trail.count
        defer { engine.restore(to: entryMark) }
        let current = variables
        // The loop goes on only while no variable gets fixed, so the graph
        // and its cut vertices stay the same.
        let cuts = cutVertices(of: current)
        while true {
            let x = select(current, cuts)
            let v = engine.minimumValue(x)
            if budgetExhausted() { break }
            nodes += 1
            depth += 1
            maxDepth = max(maxDepth, depth)
            let mark = engine.trail.count
            engine.beginSegment()
            if engine.assign(x, v) && engine.propagate() {
                let below = countRest(of: current, tracked, partners)
                accumulate(below, shiftedBy: 0, into: &result)
            } else {
                failures += 1
            }
            engine.restore(to: mark)
            depth -= 1
            if budgetExhausted() { break }
            nodes += 1
            guard engine.removeValue(x, v) && engine.propagate() else {
                failures += 1
                break
            }
            let rest = current.filter { !engine.isFixed($0) }
            if rest.count < current.count {
                // Something got fixed: the rest may split, so count it anew.
                let below = countRest(of: current, tracked, partners)
                accumulate(below, shiftedBy: 0, into: &result)
                break
            }
        }
        return result
    }

    /// After a decision among `variables`: the usage of those now fixed,
    /// added to the count of the others.
    private mutating func countRest(of variables: [Int], _ tracked: _Tracked, _ partners: _Partners? = nil) -> [Int: Int] {
        var rest: [Int] = []
        var usage = 0
        for x in variables {
            if engine.isFixed(x) { usage += usageKey(x, tracked) } else { rest.append(x) }
        }
        var inner: _Partners?
        if var partners {
            // Usages only grow further down: with no partner left, nothing below combines.
            partners.offset += usage
            let offset = partners.offset, left = partners.left
            partners.keys.removeAll { !tracked.fits($0, offset, within: left) }
            if partners.keys.isEmpty { return [:] }
            if !rest.isEmpty {
                switch excludeExhausted(rest, tracked, partners) {
                case .unchanged: break
                case .failed:
                    failures += 1
                    return [:]
                case .fixedMore:
                    return countRest(of: variables, tracked, partners.withOffset(partners.offset - usage))
                }
            }
            inner = partners
        }
        if rest.isEmpty { return [usage: 1] }
        let below = count(rest, tracked, inner)
        if usage == 0 { return below }
        var shifted: [Int: Int] = [:]
        shifted.reserveCapacity(below.count)
        for (key, count) in below { shifted[key + usage] = count }
        return shifted
    }

    /// What ``excludeExhausted(_:_:_:)`` did.
    private enum Exclusion {
        case unchanged, failed, fixedMore
    }

    /// Removes from the domains of `variables` (unfixed, one component) the
    /// values of the tracked resources that every partner in `partners`, with
    /// the usage so far, leaves no tile of, and propagates.
    ///
    /// - Returns: `.failed` when that empties a domain or propagation fails,
    ///   `.fixedMore` when it fixed one of `variables`.
    private mutating func excludeExhausted(_ variables: [Int], _ tracked: _Tracked, _ partners: _Partners) -> Exclusion {
        var exhausted: [Int] = []
        for digit in tracked.resources.indices {
            let stride = tracked.strides[digit], radix = tracked.radices[digit]
            let used = partners.offset / stride % radix
            let room = partners.left[digit] - used
            if partners.keys.allSatisfy({ $0 / stride % radix >= room }) { exhausted.append(tracked.resources[digit]) }
        }
        if exhausted.isEmpty { return .unchanged }
        var changed = false
        for x in variables {
            for k in memberStart[x]..<memberStart[x + 1] {
                for r in exhausted where r >= memberBase[k] && r < memberBase[k] + memberWidth[k] {
                    let v = r - memberBase[k]
                    guard engine.contains(x, v) else { continue }
                    changed = true
                    if !engine.removeValue(x, v) {
                        engine.clearQueue()
                        return .failed
                    }
                }
            }
        }
        if !changed { return .unchanged }
        if !engine.propagate() { return .failed }
        return variables.contains(where: engine.isFixed) ? .fixedMore : .unchanged
    }

    /// The variable to branch on: the smallest domain, lowest index on ties,
    /// except that a cut vertex (fixing one splits the component) with a
    /// domain as small goes first.
    private func select(_ variables: [Int], _ cuts: [Int]) -> Int {
        let smallest = smallestDomain(variables)
        if cuts.isEmpty { return smallest }
        let cut = smallestDomain(cuts)
        return engine.domainSize(cut) <= engine.domainSize(smallest) ? cut : smallest
    }

    /// The variable of `candidates` with the smallest domain, the first on ties.
    private func smallestDomain(_ candidates: [Int]) -> Int {
        var best = candidates[0]
        var bestSize = Int.max
        for x in candidates {
            let size = engine.domainSize(x)
            if size < bestSize {
                best = x
                bestSize = size
                if size == 2 { break }
            }
        }
        return best
    }

    /// The cut vertices of the connected unfixed `variables` (sorted): those
    /// whose removal disconnects the others (Tarjan's low points, iteratively).
    private mutating func cutVertices(of variables: [Int]) -> [Int] {
        if variables.count < 3 { return [] }
        visitStamp += 1
        var isCut: [Int] = []
        var stack: [(x: Int, next: Int)] = []
        let root = variables[0]
        var counter = 0
        var rootChildren = 0
        visit[root] = visitStamp
        order[root] = counter
        low[root] = counter
        stack.append((root, neighbourStart[root]))
        while let top = stack.last {
            let x = top.x
            if top.next < neighbourStart[x + 1] {
                stack[stack.count - 1].next += 1
                let y = neighbour[top.next]
                if engine.isFixed(y) { continue }
                if visit[y] == visitStamp {
                    low[x] = min(low[x], order[y])
                } else {
                    visit[y] = visitStamp
                    counter += 1
                    order[y] = counter
                    low[y] = counter
                    stack.append((y, neighbourStart[y]))
                }
                continue
            }
            stack.removeLast()
            guard let parent = stack.last?.x else { break }
            low[parent] = min(low[parent], low[x])
            if parent == root {
                rootChildren += 1
            } else if low[x] >= order[parent] {
                isCut.append(parent)
            }
        }
        if rootChildren > 1 { isCut.append(root) }
        isCut.sort()
        var unique: [Int] = []
        for x in isCut where x != unique.last { unique.append(x) }
        return unique
    }

    /// The key contribution of fixed variable `x`: its value's usage of the tracked resources.
    private func usageKey(_ x: Int, _ tracked: _Tracked) -> Int {
        let v = engine.minimumValue(x)
        var key = 0
        for k in memberStart[x]..<memberStart[x + 1] where v < memberWidth[k] {
            let digit = tracked.digit[memberBase[k] + v]
            if digit >= 0 { key += memberMultiplicity[k] * tracked.strides[digit] }
        }
        return key
    }

    /// The components of `variables` (unfixed, sorted), each sorted, ordered by first variable.
    private mutating func components(of variables: [Int]) -> [[Int]] {
        visitStamp += 1
        var groups: [[Int]] = []
        var stack: [Int] = []
        for root in variables where visit[root] != visitStamp {
            visit[root] = visitStamp
            var group: [Int] = []
            stack.append(root)
            while let x = stack.popLast() {
                group.append(x)
                for k in linkStart[x]..<linkStart[x + 1] {
                    let scope = engine.propagators[linkPropagator[k]].scope
                    for s in scope.start..<(scope.start + scope.count) {
                        let y = engine.scopeVariables[s]
                        if visit[y] != visitStamp && !engine.isFixed(y) {
                            visit[y] = visitStamp
                            stack.append(y)
                        }
                    }
                }
            }
            group.sort()
            groups.append(group)
        }
        return groups
    }

    /// The resources the current domains of `variables` can take, ascending.
    private func touchedResources(_ variables: [Int]) -> [Int] {
        var touched: [Int] = []
        for x in variables {
            for v in engine.values(of: x) {
                for k in memberStart[x]..<memberStart[x + 1] where v < memberWidth[k] {
                    touched.append(memberBase[k] + v)
                }
            }
        }
        touched.sort()
        var unique: [Int] = []
        for r in touched where r != unique.last { unique.append(r) }
        return unique
    }

    /// What is left of every resource: its required count minus the fixed variables using it.
    private func remainingResources() -> [Int] {
        var left = resourceTotal
        for x in 0..<engine.variableCount where engine.isFixed(x) {
            let v = engine.minimumValue(x)
            for k in memberStart[x]..<memberStart[x + 1] where v < memberWidth[k] {
                left[memberBase[k] + v] -= memberMultiplicity[k]
            }
        }
        return left
    }

    /// Counts several components separately and combines their counts; `nil`
    /// when the usage keys would not fit in an `Int` (the caller then searches
    /// the components together).
    private mutating func combine(_ groups: [[Int]], _ tracked: _Tracked) -> [Int: Int]? {
        let touched = groups.map(touchedResources)
        // Resources more than one component can take and the enclosing level does not track.
        var owner = [Int](repeating: -1, count: resourceTotal.count)
        var shared: [Int] = []
        for (g, resources) in touched.enumerated() {
            for r in resources where tracked.digit[r] < 0 {
                if owner[r] == -1 {
                    owner[r] = g
                } else if owner[r] != g && owner[r] != -2 {
                    owner[r] = -2
                    shared.append(r)
                }
            }
        }
        shared.sort()
        guard let inner = tracked.adding(shared, totals: resourceTotal) else { return nil }
        let left = remainingResources()
        let leftByDigit = inner.resources.map { left[$0] }
        // Components with the fewest assignments of their domains first: an
        // empty one ends the work early, and the first one is counted with
        // nothing to bound its usages, the later ones bounded by the usages
        // of those before them.
        let space = groups.map { group in group.reduce(0.0) { $0 + log2(Double(engine.domainSize($1))) } }
        let order = groups.indices.sorted { (space[$0], groups[$0][0]) < (space[$1], groups[$1][0]) }
        // The newly tracked resources must be used up exactly by the components.
        var required = 0
        for digit in tracked.resources.count..<inner.resources.count {
            required += leftByDigit[digit] * inner.strides[digit]
        }
        var combined: [Int: Int] = [0: 1]
        var result: [Int: Int] = [:]
        for (step, g) in order.enumerated() {
            let cacheable = !touched[g].contains { inner.digit[$0] >= 0 }
            // What the components counted so far used bounds this one's usage
            // (a cacheable one takes no tracked resource: nothing to bound,
            // and its cached count must not depend on them).
            let partners = cacheable || step == 0 ? nil
                : _Partners(keys: combined.keys.sorted(), left: leftByDigit)
            let counts = groups[g].count <= Self.tableVariables
                ? countByTable(groups[g], touched[g], inner, left)
                : countComponent(groups[g], inner, cacheKey: cacheable ? cacheKey(groups[g], touched[g], left) : nil,
                                 partners: partners)
            if stop != nil || counts.isEmpty { return [:] }
            if step < order.count - 1 {
                var next: [Int: Int] = [:]
                for (a, countA) in combined {
                    for (b, countB) in counts where inner.fits(a, b, within: leftByDigit) {
                        next[a + b] = add(next[a + b] ?? 0, multiply(countA, countB))
                    }
                }
                combined = next
                if combined.isEmpty { return [:] }
                continue
            }
            // The last component: only its usages that complete the newly
            // tracked digits exactly can combine, so look those up. (Every
            // combined key is within `left` digit by digit, so `required - a`
            // has no borrow.)
            var byNewDigits: [Int: [(low: Int, count: Int)]] = [:]
            for (b, countB) in counts {
                let low = b % tracked.range
                byNewDigits[b - low, default: []].append((low, countB))
            }
            for (a, countA) in combined {
                let low = a % tracked.range
                guard let matches = byNewDigits[required - (a - low)] else { continue }
                for match in matches where inner.fits(low, match.low, within: leftByDigit) {
                    result[low + match.low] = add(result[low + match.low] ?? 0, multiply(countA, match.count))
                }
            }
        }
        return result
    }

    /// Counts one component, from the cache when `cacheKey` is given and
    /// known, its usages bounded by `partners` when given.
    private mutating func countComponent(_ variables: [Int], _ tracked: _Tracked, cacheKey: [Int]?,
                                         partners: _Partners?) -> [Int: Int] {
        if let cacheKey, let known = cache[cacheKey] {
            cacheHits += 1
            return known > 0 ? [0: known] : [:]
        }
        let counts = branch(variables, tracked, partners)
        if let cacheKey, stop == nil, cache.count < Self.cacheCapacity {
            cache[cacheKey] = counts[0] ?? 0
        }
        return counts
    }

    /// What a component's count depends on when it takes no tracked
    /// resource: its variables and domains, the fixed variables sharing a
    /// constraint with it and their values, and what is left of its resources.
    private func cacheKey(_ variables: [Int], _ touched: [Int], _ left: [Int]) -> [Int] {
        var key = surroundingsKey(variables)
        key.append(-1)
        for r in touched {
            key.append(r)
            key.append(left[r])
        }
        return key
    }

    /// A component's variables and domains, and the fixed variables sharing
    /// a constraint with it and their values.
    private func surroundingsKey(_ variables: [Int]) -> [Int] {
        var key = [variables.count]
        key.append(contentsOf: variables)
        let words = engine.wordsPerVariable
        for x in variables {
            for j in 0..<words { key.append(Int(truncatingIfNeeded: engine.memory[engine.domainBase(x) + j])) }
        }
        key.append(-1)
        for x in variables {
            for k in linkStart[x]..<linkStart[x + 1] {
                let scope = engine.propagators[linkPropagator[k]].scope
                for s in scope.start..<(scope.start + scope.count) {
                    let y = engine.scopeVariables[s]
                    if engine.isFixed(y) {
                        key.append(y)
                        key.append(engine.minimumValue(y))
                    }
                }
            }
        }
        return key
    }

    // MARK: Usage tables of small components

    /// Components of at most this many variables are counted by their usage tables.
    static let tableVariables = 8
    /// Most usage tables kept, and most rows in all of them; later tables are not stored.
    static let tableCapacity = 1 << 16
    static let tableRowCapacity = 1 << 21

    /// Counts a small component by its usage table (see ``_UsageTable``):
    /// the one known for its domains and surroundings, or one enumerated now.
    private mutating func countByTable(_ variables: [Int], _ touched: [Int], _ tracked: _Tracked,
                                       _ left: [Int]) -> [Int: Int] {
        let key = surroundingsKey(variables)
        if let known = tables[key] {
            tableHits += 1
            return known.counts(tracked, left: left)
        }
        guard let table = usageTable(variables, touched) else { return [:] }
        if tables.count < Self.tableCapacity && tableRows + table.rowCounts.count <= Self.tableRowCapacity {
            tables[key] = table
            tableRows += table.rowCounts.count
        }
        return table.counts(tracked, left: left)
    }

    /// Enumerates the assignments of `variables` (one component, the engine
    /// at a consistent fixpoint) under their own constraints only: the
    /// cardinality constraints are not propagated, and an assignment is
    /// kept when it uses no resource more often than its required count.
    /// `resources` are those the domains can take, ascending. `nil` when a
    /// budget stopped the enumeration.
    private mutating func usageTable(_ variables: [Int], _ resources: [Int]) -> _UsageTable? {
        for (k, r) in resources.enumerated() { slot[r] = k }
        defer { for r in resources { slot[r] = -1 } }
        var rows: [[Int]: Int] = [:]
        engine.suspendCardinality()
        enumerate(variables, resources.count, into: &rows)
        engine.resumeCardinality()
        if stop != nil { return nil }
        let usages = rows.keys.sorted { $0.lexicographicallyPrecedes($1) }
        return _UsageTable(resources: resources, usages: usages.flatMap { $0 }, rowCounts: usages.map { rows[$0] ?? 0 })
    }

    /// Adds to `rows` (by usage of the resources in `slot`, `width` of them)
    /// every assignment of the unfixed `variables` below the engine's state.
    private mutating func enumerate(_ variables: [Int], _ width: Int, into rows: inout [[Int]: Int]) {
        let open = variables.filter { !engine.isFixed($0) }
        if open.isEmpty {
            var usage = [Int](repeating: 0, count: width)
            for x in variables {
                let v = engine.minimumValue(x)
                for k in memberStart[x]..<memberStart[x + 1] where v < memberWidth[k] {
                    let r = memberBase[k] + v
                    usage[slot[r]] += memberMultiplicity[k]
                    if usage[slot[r]] > resourceTotal[r] { return }
                }
            }
            rows[usage] = add(rows[usage] ?? 0, 1)
            return
        }
        let x = smallestDomain(open)
        for v in engine.values(of: x) {
            if budgetExhausted() { return }
            nodes += 1
            let mark = engine.trail.count
            engine.beginSegment()
            if engine.assign(x, v) && engine.propagate() {
                enumerate(variables, width, into: &rows)
            } else {
                failures += 1
            }
            engine.restore(to: mark)
        }
    }
}

/// The assignments of a small component that satisfy its own constraints
/// (its tables, linear sums and nogoods, with the fixed variables around
/// it), counted by how many tiles of each resource they take, whatever is
/// left of the pool: the table depends only on the component's domains and
/// surroundings, so it is made once and restricted to what is left each
/// time the same component comes back.
///
/// It counts more than a search under the whole model, which also prunes
/// through the cardinality constraints, but only assignments that no
/// solution extends: combined with the other components so that every
/// resource is used exactly, those never complete a solution.
struct _UsageTable {
    /// The resources the component's domains can take, ascending.
    var resources: [Int]
    /// Row `i` takes `usages[i * resources.count + k]` tiles of `resources[k]`.
    var usages: [Int]
    /// The number of assignments of each row.
    var rowCounts: [Int]

    /// The counts by usage key over `tracked`, with `left` of each resource:
    /// a tracked resource takes at most what is left of it, and one that
    /// only this component can take takes exactly that.
    func counts(_ tracked: _Tracked, left: [Int]) -> [Int: Int] {
        var result: [Int: Int] = [:]
        let width = resources.count
        rows: for row in rowCounts.indices {
            var key = 0
            for (k, r) in resources.enumerated() {
                let used = usages[row * width + k]
                let digit = tracked.digit[r]
                if digit < 0 {
                    if used != left[r] { continue rows }
                } else {
                    if used > left[r] { continue rows }
                    key += used * tracked.strides[digit]
                }
            }
            let (sum, overflow) = (result[key] ?? 0).addingReportingOverflow(rowCounts[row])
            result[key] = overflow ? Int.max : sum
        }
        return result
    }
}

/// The usages of the components already counted at one level, which the
/// usage of the component being counted must fit with (within `left`, what
/// is left of each tracked resource by digit) to combine with any of them.
struct _Partners {
    /// The keys of the combined counts of the components already counted.
    var keys: [Int]
    var left: [Int]
    /// The usage of the component's variables fixed so far.
    var offset = 0

    /// These partners with another usage so far.
    func withOffset(_ offset: Int) -> _Partners {
        var result = self
        result.offset = offset
        return result
    }
}

/// The tracked resources of one level and how usage vectors over them are keys.
struct _Tracked {
    /// The tracked resources; digit `i` of a key is the usage of `resources[i]`.
    var resources: [Int] = []
    /// The place value of each digit.
    var strides: [Int] = []
    /// The radix of each digit: the resource's required count plus one.
    var radices: [Int] = []
    /// One more than the largest key.
    var range = 1
    /// Per resource: its digit, or -1 when it is not tracked.
    var digit: [Int]

    init(resourceCount: Int) {
        digit = [Int](repeating: -1, count: resourceCount)
    }

    /// These resources followed by `more`, or `nil` when the keys would not fit in an `Int`.
    func adding(_ more: [Int], totals: [Int]) -> _Tracked? {
        var result = self
        for r in more {
            let radix = totals[r] + 1
            let (next, overflow) = result.range.multipliedReportingOverflow(by: radix)
            if overflow { return nil }
            result.digit[r] = result.resources.count
            result.resources.append(r)
            result.strides.append(result.range)
            result.radices.append(radix)
            result.range = next
        }
        return result
    }

    /// Whether usages `a` and `b` together stay within `left` in every digit.
    func fits(_ a: Int, _ b: Int, within left: [Int]) -> Bool {
        var a = a, b = b
        for i in resources.indices {
            if a % radices[i] + b % radices[i] > left[i] { return false }
            a /= radices[i]
            b /= radices[i]
        }
        return true
    }
}

extension _Engine {
    /// The required count of each value of a cardinality constraint, read back from its bit planes.
    func requiredCounts(_ h: _CardinalityHeader) -> [Int] {
        var counts: [Int] = []
        for j in 0..<wordsPerVariable {
            let constrained = cardinalityMasks[h.masksStart + 2 * j]
            for lane in 0..<64 where constrained >> UInt64(lane) & 1 != 0 {
                var count = 0
                for q in 0..<h.planeCount where cardinalityPlanes[h.planesStart + j * h.planeCount + q] >> UInt64(lane) & 1 != 0 {
                    count |= 1 << q
                }
                counts.append(count)
            }
        }
        return counts
    }

    /// Counts every solution by components (see ``_ComponentCounter``), then
    /// returns the engine to the root state.
    mutating func countByComponents(_ limits: SearchLimits) -> SearchResult {
        let propagationsBefore = propagationCount
        var counter = _ComponentCounter(self, limits: limits)
        let count = counter.countFromRoot()
        self = counter.engine
        startClock(Deadline(nil))
        return counted(count, by: counter, propagations: propagationCount - propagationsBefore)
    }

    /// Counts every solution: the plain search for at most `plainNodes` nodes
    /// (and within `limits`), then, if it has not finished, what it left
    /// open by components, within what is left of the budgets. The first
    /// `limits.keepSolutions` solutions are the plain search's, searched
    /// further when the count has more than it found; the statistics add up
    /// every search. The engine is returned to the root state.
    mutating func countByComponents(_ limits: SearchLimits, plainNodes: Int) -> SearchResult {
        var first = limits
        first.nodes = min(limits.nodes ?? Int.max, plainNodes)
        let run = runSearch(first)
        let plain = run.result
        if plain.stopReason != .nodeLimit || first.nodes == limits.nodes {
            endSearch(run)
            return plain
        }
        let open = frames
        frames.removeAll()
        let propagationsBefore = propagationCount
        var rest = SearchLimits(nodes: limits.nodes.map { $0 - plain.statistics.nodes },
                                time: limits.time.map { $0 - plain.statistics.elapsed })
        var counter = _ComponentCounter(self, limits: rest)
        let count = run.stoppedBeforeRoot ? counter.countFromRoot()
            : counter.countFrontier(open, stoppedAtOpenNode: run.stoppedAtOpenNode, found: plain.solutionCount)
        self = counter.engine
        endSearch(run)
        var result = counted(count, by: counter,
                             propagations: propagationCount - propagationsBefore)
        result.solutions = plain.solutions
        result.statistics = Self.sum(plain.statistics, result.statistics)
        if plain.solutions.count < limits.keepSolutions && result.solutionCount > plain.solutions.count {
            // The plain search had not found enough solutions to show yet.
            rest.nodes = limits.nodes.map { $0 - result.statistics.nodes }
            rest.time = limits.time.map { $0 - result.statistics.elapsed }
            rest.solutions = limits.keepSolutions
            rest.keepSolutions = limits.keepSolutions
            let shown = search(rest)
            result.solutions = shown.solutions
            result.statistics = Self.sum(result.statistics, shown.statistics)
        }
        return result
    }

    /// The result of a count by `counter` that reached `count`.
    private func counted(_ count: Int, by counter: _ComponentCounter, propagations: Int) -> SearchResult {
        var stopReason = counter.stop ?? .exhausted
        if count == Int.max && counter.stop == nil { stopReason = .overflow }
        let statistics = SearchStatistics(
            nodes: counter.nodes,
            failures: counter.failures,
            propagations: propagations,
            maxDepth: counter.maxDepth,
            elapsed: counter.deadline.elapsed)
        return SearchResult(solutionCount: count, complete: stopReason == .exhausted, stopReason: stopReason,
                            solutions: [], statistics: statistics)
    }

    /// The statistics of two searches one after the other.
    private static func sum(_ a: SearchStatistics, _ b: SearchStatistics) -> SearchStatistics {
        SearchStatistics(nodes: a.nodes + b.nodes, failures: a.failures + b.failures,
                         propagations: a.propagations + b.propagations, maxDepth: max(a.maxDepth, b.maxDepth),
                         elapsed: a.elapsed + b.elapsed)
    }
}
