/// Checking a player's answer to an exercise, symbol by symbol.
public struct AnswerCheck: Sendable, Equatable {
    /// One expected symbol and whether the answer got it right.
    public struct SymbolResult: Sendable, Equatable {
        public var symbol: Character
        public var correct: Bool
    }

    /// True when the answer equals the expected one (after normalizing case
    /// and blanks).
    public var isCorrect: Bool
    /// Every symbol of the expected text, in order, with its verdict: the
    /// input of ``ProgressTracking``.
    public var symbols: [SymbolResult]
}

extension Puzzle {
    /// Checks an answer: text for the code-to-text modes (any case, words
    /// apart by blanks), code text for the others (symbols apart by blanks,
    /// words by `/`).
    ///
    /// Symbols are compared position by position within each word; a symbol
    /// the answer lacks, or answers with something else, is wrong. An answer
    /// that does not even read (unknown characters or codes) gets every
    /// symbol of each word it cannot read wrong.
    ///
    ///     let exercise = Puzzle(id: "x", mode: .codeToWord, difficulty: .beginner, prompt: "... . .-", answer: "SEA")
    ///     print(exercise.check("sea").isCorrect, exercise.check("SET").symbols.map(\.correct))
    ///     // Prints "true [true, true, false]"
    public func check(_ given: String) -> AnswerCheck {
        let givenWords: [[String]]
        if mode.promptIsCode {
            givenWords = given.uppercased().split(whereSeparator: \.isWhitespace).map { $0.map { String($0) } }
        } else {
            givenWords = given.split(separator: "/", omittingEmptySubsequences: false).map { word in
                word.split(whereSeparator: \.isWhitespace).map { MorseTable.character(for: String($0)).map { String($0) } ?? "\u{FFFD}" }
            }
        }
        return check(words: givenWords)
    }

    /// Checks an answer given as words of symbols (a tapped answer).
    func check(words givenWords: [[String]]) -> AnswerCheck {
        let expectedWords = (try? MorseText.words(of: text)) ?? []
        var results: [AnswerCheck.SymbolResult] = []
        for (w, word) in expectedWords.enumerated() {
            let answered = w < givenWords.count ? givenWords[w] : []
            for (i, symbol) in word.enumerated() {
                results.append(.init(symbol: symbol, correct: i < answered.count && answered[i] == String(symbol)))
            }
        }
        let lengthsMatch = givenWords.count == expectedWords.count
            && zip(givenWords, expectedWords).allSatisfy { $0.count == $1.count }
        return AnswerCheck(isCorrect: lengthsMatch && results.allSatisfy(\.correct), symbols: results)
    }
}
