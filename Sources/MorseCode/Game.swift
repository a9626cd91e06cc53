import Foundation
import PuzzleKit

/// An exercise being practised (the practice logic without UI).
///
/// The player answers by typing (``submit(_:seconds:)``: text, or code text
/// for the text-to-code modes) or with a key (``press(_:)`` and
/// ``pause(_:)``: durations in seconds, classified by an
/// ``AdaptiveTapClassifier`` that follows the player's speed, then
/// ``submitTaps(seconds:)``). Every checked answer is recorded symbol by
/// symbol in ``progress``; the exercise is solved by the first correct
/// answer, and answers after that are checked but not recorded. Nothing
/// reads a clock: durations are passed in.
///
///     var session = MorseCodeFamily().startSession(exercise)   // word-to-code: "ET"
///     session.press(0.06); session.pause(0.18); session.press(0.18)
///     print(session.tapped, session.submitTaps(seconds: 4).isCorrect)
///     // Prints "ET true"
public struct GameSession: Sendable, Equatable {
    /// The exercise being practised.
    public let exercise: Puzzle
    /// Attempts so far, across sessions when a record was passed in.
    public private(set) var progress: ProgressRecord
    /// The classifier of key presses, keeping the player's speed.
    public private(set) var input: AdaptiveTapClassifier
    /// The tapped answer so far: finished words, each a list of symbols
    /// (`�` for a signal sequence that is no symbol).
    public private(set) var tappedWords: [[String]] = [[]]
    /// Answers checked so far.
    public private(set) var attempts = 0
    /// Hints given.
    public private(set) var hintsUsed = 0
    /// The last checked answer, if any.
    public private(set) var lastCheck: AnswerCheck?

    /// A session of `exercise`, adding to `progress`, expecting the player
    /// at `wordsPerMinute` at first.
    public init(exercise: Puzzle, progress: ProgressRecord = ProgressRecord(), wordsPerMinute: Double = 15) {
        self.exercise = exercise
        self.progress = progress
        input = AdaptiveTapClassifier(wordsPerMinute: wordsPerMinute)
    }

    /// True once an answer was correct.
    public var isSolved: Bool { lastCheck?.isCorrect == true }

    /// The tapped answer so far as text (words apart by one space), with
    /// the symbol being entered, if it reads, at the end.
    public var tapped: String {
        var words = tappedWords
        if let symbol = entering { words[words.count - 1].append(symbol) }
        return words.map { $0.joined() }.joined(separator: " ")
    }

    /// The symbol being entered (`�` when its signals are no symbol's
    /// code), or `nil` before its first press.
    private var entering: String? {
        input.signals.isEmpty ? nil : input.currentSymbol.map { String($0) } ?? "\u{FFFD}"
    }

    /// One key press of `seconds`: a dot or a dash of the symbol being
    /// entered.
    @discardableResult
    public mutating func press(_ seconds: TimeInterval) -> MorseSignal {
        input.processInput(seconds)
    }

    /// A pause of `seconds` after a press: a letter gap ends the symbol, a
    /// word gap ends the word too; a pause before any press of the symbol
    /// only ends the word (a word gap after a letter gap).
    @discardableResult
    public mutating func pause(_ seconds: TimeInterval) -> MorseGap {
        let gap = input.classifyGap(seconds)
        guard gap != .signal else { return gap }
        endSymbol()
        if gap == .word, !(tappedWords.last ?? []).isEmpty { tappedWords.append([]) }
        return gap
    }

    /// Takes back the tapped answer (the classifier keeps its speed).
    public mutating func clearTaps() {
        input.reset()
        tappedWords = [[]]
    }

    /// Checks a typed answer (see ``Puzzle/check(_:)``) and records it;
    /// `seconds` is how long the player took, shared out among the symbols.
    @discardableResult
    public mutating func submit(_ answer: String, seconds: TimeInterval) -> AnswerCheck {
        record(exercise.check(answer), seconds: seconds)
    }

    /// Checks the tapped answer (ending the symbol being entered), records
    /// it and clears the taps for another try.
    @discardableResult
    public mutating func submitTaps(seconds: TimeInterval) -> AnswerCheck {
        endSymbol()
        let words = tappedWords.filter { !$0.isEmpty }
        clearTaps()
        return record(exercise.check(words: words), seconds: seconds)
    }

    /// The first symbol the last answer got wrong (the first symbol before
    /// any answer) and its code, in `language`: `S is ...`, `S ist ...`;
    /// `nil` once solved.
    public mutating func hint(_ language: Language = .english) -> String? {
        guard !isSolved else { return nil }
        let symbols = lastCheck?.symbols ?? []
        let symbol = symbols.first { !$0.correct }?.symbol
            ?? (try? MorseText.words(of: exercise.text))?.first?.first
        guard let symbol, let code = MorseTable.code(for: symbol) else { return nil }
        hintsUsed += 1
        return MorseMessages.catalogue.text("hint.code", language, ["symbol": String(symbol), "code": code])
    }

    private mutating func endSymbol() {
        guard let symbol = entering else { return }
        tappedWords[tappedWords.count - 1].append(symbol)
        input.reset()
    }

    private mutating func record(_ check: AnswerCheck, seconds: TimeInterval) -> AnswerCheck {
        guard !isSolved else { return check }
        attempts += 1
        progress.record(check, duration: seconds)
        lastCheck = check
        return check
    }
}
