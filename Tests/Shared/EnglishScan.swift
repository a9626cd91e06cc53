import PuzzleKit

/// The English words found in `text`, a sentence meant to be in another
/// language: words of the English templates of `catalogues` and common
/// English words, less every word the other language's templates use
/// themselves (`in`, `so`, `plus` are German too). Words written all in
/// capitals (a Morse exercise's text, a symbol) are the puzzle's content
/// and are not read.
func englishWords(in text: String, language: Language, catalogues: [Catalogue]) -> [String] {
    let english = EnglishVocabulary.words(catalogues: catalogues, against: language)
    return letterWords(of: text).filter { $0 != $0.uppercased() && english.contains($0.lowercased()) }
}

enum EnglishVocabulary {
    /// Function words and grid words any English sentence of ours is likely to hold.
    static let common: Set<String> = [
        "the", "and", "or", "is", "are", "of", "to", "with", "from", "for", "it", "its", "this", "that", "these", "those",
        "which", "each", "every", "only", "one", "two", "three", "no", "not", "none", "so", "then", "must", "needs", "need",
        "row", "rows", "column", "columns", "cell", "cells", "keep", "kept", "remove", "removed", "step", "steps", "round",
        "rounds", "guess", "guesses", "score", "hardest", "easy", "medium", "hard", "expert", "unique", "solution",
        "solutions", "left", "right", "up", "down", "read", "reads", "number", "numbers", "tile", "tiles", "blank", "blanks",
        "equation", "equations", "answer", "question", "level", "show", "hint", "too", "big", "small", "add", "adds",
        "makes", "make", "carry", "ten", "tens", "units", "fits", "pair", "stays", "still", "than", "more", "fewer", "less",
    ]

    static func words(catalogues: [Catalogue], against language: Language) -> Set<String> {
        var english = common
        var theirs = Set<String>()
        for catalogue in catalogues + [SharedWords.catalogue] {
            for template in (catalogue.tables["en"] ?? [:]).values { english.formUnion(templateWords(template)) }
            for template in (catalogue.tables[language.code] ?? [:]).values { theirs.formUnion(templateWords(template)) }
        }
        return english.subtracting(theirs)
    }

    /// A template's words, lower-cased, without its placeholders.
    private static func templateWords(_ template: String) -> [String] {
        var text = template
        while let open = text.firstIndex(of: "{"), let close = text[open...].firstIndex(of: "}") {
            text.replaceSubrange(open...close, with: " ")
        }
        return letterWords(of: text).map { $0.lowercased() }
    }
}

/// The words of `text`: runs of letters (with an inner hyphen or
/// apostrophe split off), at least two letters long.
func letterWords(of text: String) -> [String] {
    text.split { !$0.isLetter }.map(String.init).filter { $0.count >= 2 }
}
