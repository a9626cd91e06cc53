/// One row of a family's technique table (Tatham's DIFFLIST): the enum case
/// names the deduction, and everything else — grade, hints, explanations,
/// difficulty targeting — comes from these properties.
public protocol TechniqueTier: CaseIterable, Comparable, Sendable {
    /// A short stable code for CSV columns and command lines (`one-blank`).
    var code: String { get }
    /// The name people read ("One blank").
    var name: String { get }
    /// The rule in one line.
    var rule: String { get }
    /// The weight of one step in the score.
    var weight: Int { get }
    /// The grade label of a puzzle whose hardest technique this is.
    var gradeLabel: String { get }
}
