import Foundation

/// One exercise of an ``ItemBank``: its name (the exercise text, `7 + 5`),
/// its rating with uncertainty, and its deadline.
public struct ItemRating: Codable, Sendable, Equatable {
    /// The exercise as in the text format: `A + B` or `A - B`, single blanks.
    public var item: String
    public var rating: EloRating
    /// Seconds after which an answer scores 0 either way (discrimination `1/deadline`).
    public var deadline: TimeInterval

    public init(item: String, rating: EloRating, deadline: TimeInterval) {
        self.item = item
        self.rating = rating
        self.deadline = deadline
    }

    /// A new exercise: rated by its features (``ExerciseFeatures/initialRating``),
    /// at the start uncertainty, with the deadline its feature score gives.
    public init(_ exercise: Exercise, constants: RatingConstants = .standard) {
        self.init(item: exercise.description,
                  rating: EloRating(rating: exercise.features.initialRating, uncertainty: constants.startUncertainty),
                  deadline: constants.deadline(for: exercise))
    }
}

/// The exercises a child has met, each with a rating that moves on every
/// answer (Math Garden's "items calibrated in play"), kept sorted by name so
/// the saved file does not depend on the order they were met in.
///
///     var bank = ItemBank()
///     var child = EloRating()
///     let exercise = Exercise(.addition, 7, 5, difficulty: .hard)
///     bank.rate(exercise, outcome: .right, seconds: 6, child: &child, at: now)
///     print(bank[exercise]?.rating.answers ?? 0)
///     // Prints "1"
public struct ItemBank: Codable, Sendable, Equatable {
    /// The exercises, sorted by ``ItemRating/item``.
    public private(set) var items: [ItemRating]

    public init(_ items: [ItemRating] = []) {
        var seen: [String: ItemRating] = [:]
        for item in items { seen[item.item] = item }
        self.items = seen.values.sorted { $0.item < $1.item }
    }

    public init(from decoder: any Decoder) throws {
        self.init(try [ItemRating](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try items.encode(to: encoder)
    }

    private func index(of name: String) -> (found: Bool, at: Int) {
        var low = 0, high = items.count
        while low < high {
            let mid = (low + high) / 2
            if items[mid].item < name { low = mid + 1 } else { high = mid }
        }
        return (low < items.count && items[low].item == name, low)
    }

    /// The entry of the exercise named `name` (`7 + 5`), if it was met.
    public subscript(name: String) -> ItemRating? {
        let i = index(of: name)
        return i.found ? items[i.at] : nil
    }

    /// The entry of `exercise`, if it was met.
    public subscript(exercise: Exercise) -> ItemRating? { self[exercise.description] }

    /// The entry of `exercise`, seeded from its features when new.
    public mutating func entry(_ exercise: Exercise, constants: RatingConstants = .standard) -> ItemRating {
        let i = index(of: exercise.description)
        if i.found { return items[i.at] }
        let fresh = ItemRating(exercise, constants: constants)
        items.insert(fresh, at: i.at)
        return fresh
    }

    /// Replaces the entry with the same name (or inserts it).
    public mutating func set(_ entry: ItemRating) {
        let i = index(of: entry.item)
        if i.found { items[i.at] = entry } else { items.insert(entry, at: i.at) }
    }

    /// Rates one answer to `exercise`: seeds the exercise when new, scores
    /// the answer with its deadline (or `deadline` when given) and moves the
    /// child's and the exercise's ratings and uncertainties
    /// (``RatingConstants/update(child:item:score:at:)``).
    ///
    /// - Returns: the surprise `S − E`.
    @discardableResult
    public mutating func rate(_ exercise: Exercise, outcome: RatedAnswer, seconds: TimeInterval, deadline: TimeInterval? = nil,
                              child: inout EloRating, at date: Date, constants: RatingConstants = .standard) -> Double {
        var entry = self.entry(exercise, constants: constants)
        let score = constants.score(outcome, seconds: seconds, deadline: deadline ?? entry.deadline)
        let surprise = constants.update(child: &child, item: &entry.rating, score: score, at: date)
        set(entry)
        return surprise
    }
}
