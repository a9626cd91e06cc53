import ArgumentParser
import PuzzleKit

/// The value of a `--language <code>` option: one of the languages the
/// catalogues speak (`en`, `de`), by its code; any other value is an error
/// that names them. The machine's locale is never read.
struct LanguageArgument: ExpressibleByArgument {
    let language: Language

    init(_ language: Language) { self.language = language }

    init?(argument: String) {
        guard let language = Language.all.first(where: { $0.code == argument }) else { return nil }
        self.language = language
    }

    static var allValueStrings: [String] { Language.all.map(\.code) }

    var defaultValueDescription: String { language.code }
}
