/// Generators of small random models that brute force can still enumerate.
enum RandomSpecs {
    /// 2–6 variables with domains of 1–5 values and a random mix of all constraint kinds.
    static func mixed(_ rng: inout SplitMix64) -> Spec {
        var spec = Spec()
        for _ in 0..<rng.int(2...6) {
            let size = rng.int(1...5)
            let values = rng.chance(0.25) ? (0..<size).filter { _ in rng.chance(0.7) } : nil
            spec.addVariable(size: size, values: values)
        }
        for _ in 0..<rng.int(0...5) {
            switch rng.int(0...3) {
            case 0: addTable(&spec, &rng)
            case 1: addCardinality(&spec, &rng)
            case 2: addLinearSum(&spec, &rng)
            default: addNogood(&spec, &rng)
            }
        }
        return spec
    }

    /// Mostly Boolean variables with several linear sums (cross-sums style), plus other constraints.
    static func boolean(_ rng: inout SplitMix64) -> Spec {
        var spec = Spec()
        for _ in 0..<rng.int(3...9) {
            let size = rng.chance(0.9) ? 2 : 1
            spec.addVariable(size: size, values: rng.chance(0.1) ? [size - 1] : nil)
        }
        // Totals mostly come from one hidden assignment, so many models stay satisfiable.
        let hidden = spec.domains.map { $0.isEmpty ? 0 : rng.pick($0) }
        for _ in 0..<rng.int(1...4) { addLinearSum(&spec, &rng, hidden: rng.chance(0.8) ? hidden : nil) }
        if rng.chance(0.3) { addCardinality(&spec, &rng) }
        if rng.chance(0.3) { addNogood(&spec, &rng) }
        if rng.chance(0.3) { addTable(&spec, &rng) }
        return spec
    }

    /// 2–3 variables with 60–140 values (multi-word domains), restricted to a few values.
    static func wide(_ rng: inout SplitMix64) -> Spec {
        var spec = Spec()
        for _ in 0..<rng.int(2...3) {
            let size = rng.int(60...140)
            var values = Set<Int>()
            for _ in 0..<rng.int(1...5) { values.insert(rng.int(0...(size - 1))) }
            if rng.chance(0.5) { values.insert(size - 1) }
            spec.addVariable(size: size, values: values.sorted())
        }
        for _ in 0..<rng.int(0...3) {
            switch rng.int(0...2) {
            case 0: addTable(&spec, &rng, fromDomains: rng.chance(0.8))
            case 1: addCardinality(&spec, &rng)
            default: addNogood(&spec, &rng, fromDomains: true)
            }
        }
        return spec
    }

    /// A random variable list of the given length; repeats allowed with a small probability.
    static func variables(_ spec: Spec, _ rng: inout SplitMix64, count: Int) -> [Int] {
        let n = spec.sizes.count
        if rng.chance(0.15) { return (0..<count).map { _ in rng.int(0...(n - 1)) } }
        var pool = Array(0..<n)
        pool.shuffle(using: &rng)
        return Array(pool.prefix(count))
    }

    static func randomValue(_ spec: Spec, _ x: Int, _ rng: inout SplitMix64, fromDomains: Bool) -> Int {
        if fromDomains, !spec.domains[x].isEmpty { return rng.pick(spec.domains[x]) }
        return rng.int(0...(spec.sizes[x] - 1))
    }

    static func addTable(_ spec: inout Spec, _ rng: inout SplitMix64, fromDomains: Bool = false) {
        let arity = rng.chance(0.03) ? 0 : rng.int(1...min(3, spec.sizes.count))
        let scope = variables(spec, &rng, count: arity)
        let tuples = (0..<rng.int(0...12)).map { _ in scope.map { randomValue(spec, $0, &rng, fromDomains: fromDomains) } }
        spec.constraints.append(.table(scope, tuples))
    }

    static func addCardinality(_ spec: inout Spec, _ rng: inout SplitMix64) {
        let scope = variables(spec, &rng, count: rng.int(0...spec.sizes.count))
        let largest = scope.map { spec.sizes[$0] }.max() ?? 0
        var counts: [Int]
        if rng.chance(0.7) {
            // Counts of a random assignment: often satisfiable.
            counts = [Int](repeating: 0, count: max(largest, 1))
            for x in scope { counts[randomValue(spec, x, &rng, fromDomains: true)] += 1 }
            if rng.chance(0.3) { counts.removeLast(rng.int(0...(counts.count - 1))) }
            if rng.chance(0.2) { counts.append(contentsOf: [0, 0]) }
            if rng.chance(0.1) { counts.append(1) }
        } else {
            counts = (0..<rng.int(0...6)).map { _ in rng.int(0...2) }
        }
        spec.constraints.append(.cardinality(scope, counts))
    }

    static func addLinearSum(_ spec: inout Spec, _ rng: inout SplitMix64, hidden: [Int]? = nil) {
        let booleans = spec.sizes.indices.filter { spec.sizes[$0] <= 2 }
        guard !booleans.isEmpty else { return }
        var scope = booleans.filter { _ in rng.chance(0.7) }
        if scope.isEmpty { scope = [rng.pick(booleans)] }
        if rng.chance(0.1) { scope.append(rng.pick(scope)) }
        let scale = rng.pick([1, 1, 1, 7, 250, 2000])
        let coefficients = scope.map { _ in rng.int(0...6) * scale + (scale > 1 ? rng.int(0...3) : 0) }
        let maximum = coefficients.reduce(0, +)
        let total: Int
        if let hidden {
            total = zip(scope, coefficients).reduce(0) { $0 + $1.1 * hidden[$1.0] }
            spec.constraints.append(.linearSum(scope, coefficients, total))
            return
        }
        switch rng.int(0...9) {
        case 0: total = -1
        case 1: total = maximum + rng.int(0...2)
        case 2...5:
            var sum = 0
            for (x, c) in zip(scope, coefficients) where rng.chance(0.5) && spec.domains[x].contains(1) { sum += c }
            total = sum
        default: total = rng.int(0...maximum)
        }
        spec.constraints.append(.linearSum(scope, coefficients, total))
    }

    static func addNogood(_ spec: inout Spec, _ rng: inout SplitMix64, fromDomains: Bool = true) {
        let scope = variables(spec, &rng, count: rng.chance(0.03) ? 0 : rng.int(1...spec.sizes.count))
        let values = scope.map { randomValue(spec, $0, &rng, fromDomains: fromDomains || rng.chance(0.8)) }
        spec.constraints.append(.nogood(scope, values))
    }
}
