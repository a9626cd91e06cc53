/// One row of a family's technique table (Tatham's DIFFLIST): the enum case
/// names the deduction, and everything else — grade, hints, explanations,
/// difficulty targeting — comes from these properties.
public protocol TechniqueTier: CaseIterable, Comparable, Sendable {
    /// A short stable code for CSV columns and command lines (`one-blank`).
    var code: String { get }
    /// The name people read, in `language` ("One blank", "Eine Lücke"),
    /// from the family's message catalogue.
    func name(in language: Language) -> String
    /// The rule in one line, in `language`.
    func rule(in language: Language) -> String
    /// The weight of one step in the score.
    var weight: Int { get }
    /// The grade label of a puzzle whose hardest technique this is.
    var gradeLabel: String { get }
}

extension TechniqueTier {
    /// The name in English (the CSV and docs tables' name).
    public var name: String { name(in: .english) }
    /// The rule in English.
    public var rule: String { rule(in: .english) }
}
