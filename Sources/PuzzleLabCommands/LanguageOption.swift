import ArgumentParser
import PuzzleKit

/// `--language` of the commands that speak to a person (`grade`, `render`,
/// `review`). The language is never read from the environment (`LANG`,
/// `LC_ALL`): the same command gives the same bytes on every machine.
struct LanguageOption: ParsableArguments {
    @Option(help: ArgumentHelp("The language of the sentences for people (never read from LANG or LC_ALL).",
                               valueName: "code"))
    var language: Language = .english
}

extension Language: ExpressibleByArgument {
    /// Only a code of `Language.all` (`en`, `de`), not a locale name.
    public init?(argument: String) {
        guard let language = Language.all.first(where: { $0.code == argument }) else { return nil }
        self = language
    }

    public static var allValueStrings: [String] { Language.all.map(\.code) }

    public var defaultValueDescription: String { code }
}
