/// What a generator is asked for: a mode and a difficulty.
public struct Profile: Sendable, Hashable, CustomStringConvertible {
    public var mode: ExerciseMode
    public var difficulty: Difficulty

    public init(mode: ExerciseMode, difficulty: Difficulty) {
        self.mode = mode
        self.difficulty = difficulty
    }

    /// Every profile, easiest difficulty first, modes in seed order within one.
    public static let all: [Profile] = Difficulty.allCases.flatMap { d in
        ExerciseMode.allCases.map { Profile(mode: $0, difficulty: d) }
    }

    /// The stable id, `<mode>-<difficulty>` (`code-to-word-beginner`).
    public var id: String { "\(mode.code)-\(difficulty.rawValue)" }

    public var description: String { id }

    /// The profile with this id, if any.
    public init?(id: String) {
        guard let match = Self.all.first(where: { $0.id == id }) else { return nil }
        self = match
    }
}

/// The three difficulties of an exercise, easiest first.
public enum Difficulty: String, Codable, Sendable, CaseIterable, Comparable {
    case beginner
    case intermediate
    case advanced

    /// The grade label people read (`Beginner`, …).
    public var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The difficulty spelled as its raw value or its label, if any.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue == name || $0.label == name }) else { return nil }
        self = match
    }

    public static func < (a: Difficulty, b: Difficulty) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}
