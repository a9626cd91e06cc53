/// The four operations of school arithmetic.
public enum ArithmeticOperation: String, Sendable, CaseIterable {
    case addition = "+"
    case subtraction = "-"
    case multiplication = "x"
    case division = "/"
}

extension ArithmeticOperation {
    /// The sign people read, in every language: +, − (U+2212), × (U+00D7),
    /// ÷ (U+00F7). Machine formats keep the ASCII `rawValue`.
    public var glyph: String {
        switch self {
        case .addition: "+"
        case .subtraction: "\u{2212}"
        case .multiplication: "\u{00D7}"
        case .division: "\u{00F7}"
        }
    }
}

/// One arithmetic fact a child is asked, `a op b = result`, over `Int`.
///
///     ArithmeticFact(.subtraction, 12, 5)?.description  // "12 - 5 = 7"
public struct ArithmeticFact: Hashable, Sendable, CustomStringConvertible {
    public var operation: ArithmeticOperation
    public var a: Int
    public var b: Int
    public var result: Int

    /// The fact as stated (not checked).
    public init(_ operation: ArithmeticOperation, _ a: Int, _ b: Int, result: Int) {
        self.operation = operation
        self.a = a
        self.b = b
        self.result = result
    }

    /// The fact `a op b`, or `nil` when it overflows `Int`, divides by
    /// zero or leaves a remainder.
    public init?(_ operation: ArithmeticOperation, _ a: Int, _ b: Int) {
        let value: (Int, Bool)
        switch operation {
        case .addition: value = a.addingReportingOverflow(b)
        case .subtraction: value = a.subtractingReportingOverflow(b)
        case .multiplication: value = a.multipliedReportingOverflow(by: b)
        case .division:
            guard b != 0, !(a == .min && b == -1), a % b == 0 else { return nil }
            value = (a / b, false)
        }
        guard !value.1 else { return nil }
        self.init(operation, a, b, result: value.0)
    }

    public var description: String { "\(a) \(operation.rawValue) \(b) = \(result)" }

    /// The fact as people read it, with the operation's glyph: `12 − 5 = 7`.
    public func text(_ language: Language) -> String {
        "\(language.number(a)) \(operation.glyph) \(language.number(b)) = \(language.number(result))"
    }
}

/// What makes one arithmetic fact hard for a child: the one table of
/// features and weights both the drills and the math crossword grade with.
///
/// An addition or subtraction is read as its addition fact `x + y = s`
/// (`a - b = c` as `b + c = a`); a multiplication as its table fact, a
/// division `a / b = c` as `b x c = a`. Every fact has exactly one
/// *strategy* feature — for `+` and `-` the first of zero, count-on, tie,
/// ten-complement and near-anchor that applies, else no-anchor; for `x` and
/// `/` one of times-easy, times-table, times-hard, beyond-table — and any of
/// the *size* features. Counted features (carry, long-number) weigh their
/// weight once per column or digit. Beyond 20, whole tens, hundreds, … are read as the
/// small fact they scale (`70 + 30` as `7 + 3`, with place value; `30 x 4`
/// as `3 x 4`), and the digits counted are the small fact's (for `x` and
/// `/`: the factors' digits added, less one, the product's size).
///
/// | feature | rule | weight |
/// |---|---|---|
/// | ``zero`` | a zero: `x + 0`, `x - 0`, `x - x` | 1 |
/// | ``countOn`` | the smaller addend is 1 or 2: count on or back (`8 + 2`, `7 - 1`, `7 - 6`) | 1 |
/// | ``tie`` | a tie `x + x` (`4 + 4`, `8 - 4`) | 1 |
/// | ``tenComplement`` | the fact makes ten (`7 + 3`, `10 - 7`) | 1 |
/// | ``nearAnchor`` | one away from a tie (`4 + 5`) or from ten (`6 + 5`, `9 - 4`) | 2 |
/// | ``noAnchor`` | no strategy above: the fact must be known or worked out | 3 |
/// | ``subtraction`` | a subtraction | 1 |
/// | ``bigOperand`` | near or no anchor with an operand above 5 (more than one hand) | 1 |
/// | ``bigResult`` | a result above 10 (more than two hands) | 1 |
/// | ``crossTen`` | the ones pass a ten (`7 + 5`: 7 → 10 → 12; `12 - 5`) | 3 |
/// | ``placeValue`` | a number above 20: tens and ones to keep apart | 2 |
/// | ``carry`` | each carry or borrow in a column beyond the ones | 3 |
/// | ``timesEasy`` | a factor 0, 1 or 10, or within the 10 × 10 table a factor 2 or 5 or a square | 1 |
/// | ``timesTable`` | within the 10 × 10 table, factors among 3, 4, 6 | 2 |
/// | ``timesHard`` | within the 10 × 10 table, a factor 7, 8 or 9 | 3 |
/// | ``beyondTable`` | a factor above 10: worked out in parts | 4 |
/// | ``division`` | a division: the table fact read backwards | 1 |
/// | ``longNumber`` | each digit of the largest number beyond the second | 2 |
public enum ArithmeticFeature: Int, CaseIterable, Sendable, Comparable {
    case zero
    case countOn
    case tie
    case tenComplement
    case nearAnchor
    case noAnchor
    case subtraction
    case bigOperand
    case bigResult
    case crossTen
    case placeValue
    case carry
    case timesEasy
    case timesTable
    case timesHard
    case beyondTable
    case division
    case longNumber

    /// (code, weight): the table's row. The names and rules people read
    /// are in the catalogue of the family that grades with the feature
    /// (the drills' `DrillsMessages`).
    private var entry: (code: String, weight: Int) {
        switch self {
        case .zero: return ("zero", 1)
        case .countOn: return ("count-on", 1)
        case .tie: return ("tie", 1)
        case .tenComplement: return ("ten-complement", 1)
        case .nearAnchor: return ("near-anchor", 2)
        case .noAnchor: return ("no-anchor", 3)
        case .subtraction: return ("subtraction", 1)
        case .bigOperand: return ("big-operand", 1)
        case .bigResult: return ("big-result", 1)
        case .crossTen: return ("cross-ten", 3)
        case .placeValue: return ("place-value", 2)
        case .carry: return ("carry", 3)
        case .timesEasy: return ("times-easy", 1)
        case .timesTable: return ("times-table", 2)
        case .timesHard: return ("times-hard", 3)
        case .beyondTable: return ("beyond-table", 4)
        case .division: return ("division", 1)
        case .longNumber: return ("long-number", 2)
        }
    }

    public var code: String { entry.code }
    public var weight: Int { entry.weight }

    public static func < (a: ArithmeticFeature, b: ArithmeticFeature) -> Bool { a.rawValue < b.rawValue }
}

/// The arithmetic load of one fact: its features (with how many times a
/// counted feature applies) and its score, the sum of their weights.
///
///     let load = ArithmeticLoad(ArithmeticFact(.addition, 7, 5, result: 12))
///     print(load.features.map(\.code), load.score)
///     // Prints "["no-anchor", "big-operand", "big-result", "cross-ten"] 8"
public struct ArithmeticLoad: Hashable, Sendable {
    public var fact: ArithmeticFact
    /// The features present, in the table's order, each once.
    public var features: [ArithmeticFeature]
    /// How many columns carry beyond the ones (``ArithmeticFeature/carry``).
    public var carries: Int
    /// Digits of the largest number beyond the second (``ArithmeticFeature/longNumber``).
    public var extraDigits: Int

    public init(_ fact: ArithmeticFact) {
        self.fact = fact
        var found: [ArithmeticFeature] = []
        var carries = 0
        var longest = 1
        switch fact.operation {
        case .addition, .subtraction:
            // Beyond 20, whole tens (hundreds, …) are read as the small fact: 70 + 30 as 7 + 3.
            let placeValue = max(fact.a, fact.b, fact.result) > 20
            let unit = placeValue ? Self.commonUnit([fact.a, fact.b, fact.result]) : 1
            let (a, b, result) = (fact.a / unit, fact.b / unit, fact.result / unit)
            // The addition fact x + y = s.
            let (x, y, s) = fact.operation == .addition ? (a, b, result) : (b, result, a)
            let strategy = Self.strategy(x, y, s)
            found.append(strategy)
            if fact.operation == .subtraction { found.append(.subtraction) }
            // Fingers run out only for a fact worked out, not one a strategy gives.
            if max(a, b) > 5 && (strategy == .nearAnchor || strategy == .noAnchor) { found.append(.bigOperand) }
            if result > 10 { found.append(.bigResult) }
            let columns = Self.columns(x, y)
            if columns.passesTen { found.append(.crossTen) }
            if placeValue { found.append(.placeValue) }
            carries = columns.carries
            if carries > 0 { found.append(.carry) }
            longest = [a, b, result].map(Self.digitCount).max() ?? 1
        case .multiplication, .division:
            // The table fact p x q = product; whole tens of a factor are read
            // as the small factor (30 x 4 as 3 x 4).
            let (p, q) = fact.operation == .multiplication ? (fact.a, fact.b) : (fact.b, fact.result)
            let (smallP, smallQ) = (p / Self.commonUnit([p]), q / Self.commonUnit([q]))
            found.append(Self.tableStrategy(p, q) ?? Self.tableStrategy(smallP, smallQ) ?? .beyondTable)
            if fact.operation == .division { found.append(.division) }
            if (smallP, smallQ) != (p, q) && max(fact.a, fact.b, fact.result) > 20 { found.append(.placeValue) }
            longest = Self.digitCount(smallP) + Self.digitCount(smallQ) - 1
        }
        extraDigits = max(0, longest - 2)
        if extraDigits > 0 { found.append(.longNumber) }
        self.carries = carries
        features = found.sorted()
    }

    /// The largest power of ten that divides every non-zero number of
    /// `numbers` (1 when all are zero).
    private static func commonUnit(_ numbers: [Int]) -> Int {
        let nonZero = numbers.filter { $0 != 0 }
        guard !nonZero.isEmpty else { return 1 }
        var unit = 1
        while unit <= Int.max / 10, nonZero.allSatisfy({ $0 % (unit * 10) == 0 }) {
            unit *= 10
        }
        return unit
    }

    /// The strategy of the addition fact `x + y = s`.
    private static func strategy(_ x: Int, _ y: Int, _ s: Int) -> ArithmeticFeature {
        let small = min(x, y)
        if small == 0 { return .zero }
        if small == 1 || small == 2 { return .countOn }
        if x == y { return .tie }
        if s == 10 { return .tenComplement }
        if distance(x, y) == 1 || distance(s, 10) == 1 { return .nearAnchor }
        return .noAnchor
    }

    /// The strategy of the table fact `p x q`: `nil` when a factor is above
    /// 10 and neither is 0, 1 or 10.
    private static func tableStrategy(_ p: Int, _ q: Int) -> ArithmeticFeature? {
        let factors = [p, q].map(\.magnitude)
        if factors.contains(where: { $0 == 0 || $0 == 1 || $0 == 10 }) { return .timesEasy }
        guard factors.allSatisfy({ $0 <= 10 }) else { return nil }
        if factors.contains(2) || factors.contains(5) || p == q { return .timesEasy }
        if factors.contains(where: { $0 >= 7 }) { return .timesHard }
        return .timesTable
    }

    /// `|a - b|`, without overflow.
    private static func distance(_ a: Int, _ b: Int) -> UInt {
        a >= b ? a.magnitude &- b.magnitude : b.magnitude &- a.magnitude
    }

    /// The digits of `n` written out (1 for 0).
    static func digitCount(_ n: Int) -> Int {
        var rest = n.magnitude, digits = 1
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        return digits
    }

    /// Written addition of `x + y` column by column: whether the ones pass a
    /// ten (their digits add to more than 10; landing on a ten only touches
    /// it) and how many columns beyond the ones carry.
    private static func columns(_ x: Int, _ y: Int) -> (passesTen: Bool, carries: Int) {
        var p = x.magnitude, q = y.magnitude
        let passesTen = p % 10 + q % 10 > 10
        var carry: UInt = p % 10 + q % 10 >= 10 ? 1 : 0
        var carries = 0
        p /= 10
        q /= 10
        while p > 0 || q > 0 {
            let column = p % 10 + q % 10 + carry
            carry = column >= 10 ? 1 : 0
            carries += Int(carry)
            p /= 10
            q /= 10
        }
        return (passesTen, carries)
    }

    /// How many times `feature` counts: carries and extra digits by their
    /// number, every other feature present once.
    public func count(of feature: ArithmeticFeature) -> Int {
        guard features.contains(feature) else { return 0 }
        switch feature {
        case .carry: return carries
        case .longNumber: return extraDigits
        default: return 1
        }
    }

    /// The sum of the features' weights, a counted feature once per count.
    public var score: Int { features.reduce(0) { $0 + $1.weight * count(of: $1) } }
}
