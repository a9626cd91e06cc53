extension Language {
    /// English: one plural form for 1, another for every other count.
    public static let english = Language(code: "en", name: "English", decimalSeparator: ".") { $0 == 1 ? .one : .other }
}

extension SharedWords {
    /// PuzzleKit's English words.
    static let english: [String: String] = [
        "list.and": "and",
        "list.or": "or",
    ]
}
