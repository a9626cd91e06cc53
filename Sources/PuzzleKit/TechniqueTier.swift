/// One row of a family's technique table (Tatham's DIFFLIST): the enum case
/// names the deduction, and everything else — grade, hints, explanations,
/// difficulty targeting — comes from these properties.
public protocol TechniqueTier: CaseIterable, Comparable, Sendable {
    /// A short stable code for CSV columns and command lines (`one-blank`).
    var code: String { get }
    /// The family's message catalogue: it holds each technique's name
    /// (`technique.<code>`), rule (`technique.<code>.rule`) and each grade
    /// label's name (`label.<label>`).
    static var catalogue: Catalogue { get }
    /// The name people read, in `language` ("One blank", "Ein leeres
    /// Feld"); by default `technique.<code>` of ``catalogue``.
    func name(in language: Language) -> String
    /// The rule in one line, in `language`; by default
    /// `technique.<code>.rule` of ``catalogue``.
    func rule(in language: Language) -> String
    /// The weight of one step in the score.
    var weight: Int { get }
    /// The grade label of a puzzle whose hardest technique this is.
    var gradeLabel: String { get }
}

extension TechniqueTier {
    public func name(in language: Language) -> String { Self.catalogue.text("technique.\(code)", language) }

    public func rule(in language: Language) -> String { Self.catalogue.text("technique.\(code).rule", language) }

    /// The name in English (the CSV and docs tables' name).
    public var name: String { name(in: .english) }
    /// The rule in English.
    public var rule: String { rule(in: .english) }
}
