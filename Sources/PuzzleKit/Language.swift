/// A language people read PuzzleLab's sentences in: its code, how it picks
/// a plural form, and how it writes numbers.
///
/// Nothing reads the machine's locale: a caller names the language (the
/// command line's `--language`, an app's own setting), and ``english`` is
/// the default everywhere. Numbers are written without thousands
/// separators in every language, as they stand on the board (`10000`);
/// decimals take the language's own decimal sign (`2.25`, `2,25`).
///
/// The languages are ``all``; each one's rules and shared words live in
/// one file, `Sources/PuzzleKit/Messages/<code>.swift` (docs/ARCHITECTURE.md,
/// "Adding a language").
public struct Language: Hashable, Sendable, CustomStringConvertible {
    /// The language's code (ISO 639-1: `en`, `de`).
    public let code: String
    /// The language's name in itself ("English", "Deutsch").
    public let name: String
    /// The sign between a number's whole part and its decimals.
    public let decimalSeparator: String
    private let plural: @Sendable (Int) -> PluralCategory

    /// A language's rules.
    ///
    /// - Parameters:
    ///   - code: the ISO 639-1 code.
    ///   - name: the language's name in itself.
    ///   - decimalSeparator: the sign before a number's decimals.
    ///   - plural: the plural form (CLDR category) a count takes.
    public init(code: String, name: String, decimalSeparator: String, plural: @escaping @Sendable (Int) -> PluralCategory) {
        self.code = code
        self.name = name
        self.decimalSeparator = decimalSeparator
        self.plural = plural
    }

    /// Every language the catalogues speak, English first.
    public static let all: [Language] = [.english, .german]

    /// The language whose code is `code`, or the language of a locale name
    /// such as `de_DE.UTF-8` or `de-AT`; `nil` when none of ``all`` is.
    public init?(_ code: String) {
        let primary = code.prefix { $0.isLetter }.lowercased()
        guard let language = Language.all.first(where: { $0.code == primary }) else { return nil }
        self = language
    }

    /// The language the environment names, as POSIX reads it: the first
    /// of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not empty; `nil`
    /// when that one names none of ``all`` (or `C`/`POSIX`), or none is set.
    public static func fromEnvironment(_ environment: [String: String]) -> Language? {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[key], !value.isEmpty { return Language(value) }
        }
        return nil
    }

    /// The plural form `count` takes.
    public func pluralCategory(_ count: Int) -> PluralCategory { plural(count) }

    /// An integer as the language writes it in a sentence (no thousands
    /// separators; a minus sign − before a negative number).
    public func number(_ value: Int) -> String {
        value < 0 ? "\u{2212}\(value.magnitude)" : String(value)
    }

    /// A number with `places` decimals (rounded half away from zero) as
    /// the language writes it.
    public func decimal(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : value < 0 ? "\u{2212}∞" : "∞" }
        var scale = 1.0
        for _ in 0..<max(0, places) { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e18 else { return String(value) }
        let units = Int(scaled)
        let power = Int(scale)
        let whole = String(units / power)
        let sign = value < 0 && units != 0 ? "\u{2212}" : ""
        guard places > 0 else { return sign + whole }
        let fraction = String(units % power)
        return sign + whole + decimalSeparator + String(repeating: "0", count: places - fraction.count) + fraction
    }

    public var description: String { code }

    public static func == (a: Language, b: Language) -> Bool { a.code == b.code }

    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}

/// A plural form, as the Unicode CLDR names them: a language uses some of
/// them (English and German: ``one`` and ``other``).
public enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other
}
