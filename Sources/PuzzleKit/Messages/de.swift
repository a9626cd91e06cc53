extension Language {
    /// German: one plural form for 1 ("1 Lösung"), another for every other
    /// count ("2 Lösungen", "0 Lösungen"); a decimal comma.
    public static let german = Language(code: "de", name: "Deutsch", decimalSeparator: ",") { $0 == 1 ? .one : .other }
}

extension SharedWords {
    /// PuzzleKit's German words.
    static let german: [String: String] = [
        "list.and": "und",
        "list.or": "oder",
    ]
}
