/// Why an exercise breaks the drill rules.
public enum ValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An operand outside `1...10`.
    case invalidNumber(Int)
    /// A subtraction whose second number exceeds its first.
    case negativeResult
    /// An operand outside the range of the exercise's difficulty.
    case outOfRange(Int, Difficulty)

    public var description: String {
        switch self {
        case .invalidNumber(let n): return "the operand \(n) is outside 1…10"
        case .negativeResult: return "the subtraction has a negative result"
        case .outOfRange(let n, let d): return "the operand \(n) is outside the \(d.name) range \(d.range.lowerBound)…\(d.range.upperBound)"
        }
    }
}

extension Exercise {
    /// The drill rules: both operands in `1...10`, and a subtraction
    /// never has a negative result (a result of 0, as in `3 - 3`, is allowed).
    ///
    /// - Throws: ``ValidationError/invalidNumber(_:)`` or
    ///   ``ValidationError/negativeResult``.
    public func validate() throws(ValidationError) {
        guard (1...10).contains(firstNumber) else { throw .invalidNumber(firstNumber) }
        guard (1...10).contains(secondNumber) else { throw .invalidNumber(secondNumber) }
        if type == .subtraction {
            guard firstNumber >= secondNumber else { throw .negativeResult }
        }
    }

    /// ``validate()`` and, on top of it, both operands in the range of the
    /// exercise's own difficulty (what a generator for that difficulty
    /// promises).
    public func validateInRange() throws(ValidationError) {
        try validate()
        for n in [firstNumber, secondNumber] where !difficulty.range.contains(n) {
            throw .outOfRange(n, difficulty)
        }
    }

    /// The problems ``validateInRange()`` finds, as sentences (empty when valid).
    public var problems: [String] {
        do {
            try validateInRange()
            return []
        } catch {
            return [error.description]
        }
    }

    /// Every valid exercise of a difficulty, sorted: the additions
    /// `a + b` and the subtractions `a - b` with `a >= b`, operands in range.
    ///
    /// - Complexity: O(n²) for a range of n numbers (at most 155 exercises).
    public static func all(_ difficulty: Difficulty) -> [Exercise] {
        var result: [Exercise] = []
        for type in OperationType.allCases {
            for a in difficulty.range {
                for b in difficulty.range where type == .addition || a >= b {
                    result.append(Exercise(type, a, b, difficulty: difficulty))
                }
            }
        }
        return result
    }
}
