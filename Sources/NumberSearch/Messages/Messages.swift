import PuzzleKit

/// Every sentence number search writes for a person, in every language:
/// the feature names and rules, the label names, the explanation of each
/// question, the `grade` details lines and the game's hints. Each
/// language's table is one file, `Messages/<code>.swift`.
public enum NumberSearchMessages {
    public static let catalogue = Catalogue(name: "number-search", tables: ["en": english, "de": german])
}

extension NumberSearchMessages {
    /// The texts of `keys` in every language of ``Language/all``, looked up
    /// once: every grade names the techniques and its label, so those
    /// names are read from here rather than filled in each time.
    static func texts(_ keys: [String]) -> [[String]] {
        Language.all.map { language in keys.map { catalogue.text($0, language) } }
    }

    /// Entry `index` of `texts` in `language`; a language outside
    /// ``Language/all`` looks `key` up in the catalogue.
    static func text(_ texts: [[String]], _ index: Int, key: String, _ language: Language) -> String {
        guard let row = Language.all.firstIndex(of: language) else { return catalogue.text(key, language) }
        return texts[row][index]
    }

    /// The grade labels named in ``labelNames``.
    static let labels: [String] = Technique.labels
    /// The label names, per language, in the order of ``labels``.
    static let labelNames = texts(labels.map { "label.\($0)" })
}
