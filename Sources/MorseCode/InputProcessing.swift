import Foundation

/// Turning taps into signals and signals into symbols.
///
/// Durations are passed in, in seconds; nothing here reads a clock.
public protocol MorseInputProcessing {
    /// Classifies one tap (key down to key up) as a dot or a dash and adds it
    /// to the symbol being entered.
    mutating func processInput(_ duration: TimeInterval) -> MorseSignal
    /// The symbol of a signal sequence, or `nil` when the sequence is no
    /// symbol's code.
    func validateSymbol(_ signals: [MorseSignal]) -> Character?
    /// Forgets the symbol being entered.
    mutating func reset()
}

/// A pause between two taps, classified by its length.
public enum MorseGap: Sendable, Equatable {
    /// Between the signals of one symbol (1 unit).
    case signal
    /// Between two symbols of one word (3 units).
    case letter
    /// Between two words (7 units).
    case word
}

/// One tap of a key and the pause after it, in seconds.
public struct Tap: Sendable, Equatable {
    public var press: TimeInterval
    /// The pause before the next tap (ignored after the last one).
    public var gapAfter: TimeInterval

    public init(press: TimeInterval, gapAfter: TimeInterval) {
        self.press = press
        self.gapAfter = gapAfter
    }
}

/// A tap classifier that follows the sender's speed (PARIS timing).
///
/// It keeps an estimate of the time unit, starting from the unit of
/// `wordsPerMinute` (1.2 s ÷ wpm). A tap shorter than √3 units — the
/// geometric middle of a dot (1 unit) and a dash (3 units), so a tap off by
/// the same factor either way is judged fairly — is a dot, a longer one a
/// dash. After each tap the estimate moves a share `adaptation` of the way
/// towards what the tap says the unit is (a dot's length, a third of a
/// dash's), so a sender who speeds up or slows down is followed within a few
/// taps. Pauses are classified against the same unit (√3 and √21 units, the
/// geometric middles of 1, 3 and 7) but do not move it: people pause for
/// reasons other than rhythm.
///
///     var input = AdaptiveTapClassifier(wordsPerMinute: 20)   // unit 60 ms
///     print(input.processInput(0.05), input.processInput(0.19), input.currentSymbol ?? "?")
///     // Prints "dot dash A"
public struct AdaptiveTapClassifier: MorseInputProcessing, Sendable, Equatable {
    /// The current estimate of one time unit, in seconds.
    public private(set) var unit: TimeInterval
    /// The share of the way the estimate moves after each tap (0…1).
    public let adaptation: Double
    /// The signals of the symbol being entered.
    public private(set) var signals: [MorseSignal] = []

    /// A classifier expecting `wordsPerMinute` (positive) at first.
    public init(wordsPerMinute: Double = 15, adaptation: Double = 0.2) {
        unit = MorseText.unitSeconds(wordsPerMinute: max(wordsPerMinute, 0.1))
        self.adaptation = min(max(adaptation, 0), 1)
    }

    /// The current speed estimate in words per minute.
    public var wordsPerMinute: Double { 1.2 / unit }

    /// The boundary between a dot and a dash, in seconds.
    public var threshold: TimeInterval { unit * 3.0.squareRoot() }

    public mutating func processInput(_ duration: TimeInterval) -> MorseSignal {
        let signal: MorseSignal = duration < threshold ? .dot : .dash
        if duration.isFinite && duration > 0 {
            let sample = signal == .dot ? duration : duration / 3
            unit += adaptation * (sample - unit)
        }
        signals.append(signal)
        return signal
    }

    public func validateSymbol(_ signals: [MorseSignal]) -> Character? {
        MorseTable.character(for: signals)
    }

    /// The symbol of the signals entered so far, or `nil`.
    public var currentSymbol: Character? { validateSymbol(signals) }

    public mutating func reset() {
        signals.removeAll()
    }

    /// Classifies a pause against the current unit estimate.
    public func classifyGap(_ duration: TimeInterval) -> MorseGap {
        if duration < unit * 3.0.squareRoot() { return .signal }
        if duration < unit * 21.0.squareRoot() { return .letter }
        return .word
    }

    /// Decodes a stream of taps into text: symbols end at letter gaps, words
    /// at word gaps; a signal sequence that is no symbol becomes `�`.
    ///
    /// The classifier keeps adapting, and is left with the stream's speed.
    public mutating func decode(_ taps: [Tap]) -> String {
        var text = ""
        reset()
        for (index, tap) in taps.enumerated() {
            _ = processInput(tap.press)
            let gap = index == taps.count - 1 ? MorseGap.word : classifyGap(tap.gapAfter)
            guard gap != .signal else { continue }
            text.append(currentSymbol ?? "\u{FFFD}")
            reset()
            if gap == .word && index < taps.count - 1 { text.append(" ") }
        }
        return text
    }
}

extension Tap {
    /// The taps of text sent perfectly at `wordsPerMinute`: dots of one unit,
    /// dashes of three, and gaps of 1, 3 and 7 units.
    ///
    /// - Throws: ``MorseText/Fault`` for text without a code.
    public static func perfect(_ text: String, wordsPerMinute: Double) throws(MorseText.Fault) -> [Tap] {
        let unit = MorseText.unitSeconds(wordsPerMinute: wordsPerMinute)
        var taps: [Tap] = []
        for (w, word) in try MorseText.words(of: text).enumerated() {
            if w > 0, !taps.isEmpty { taps[taps.count - 1].gapAfter = 7 * unit }
            for (s, symbol) in word.enumerated() {
                if s > 0, !taps.isEmpty { taps[taps.count - 1].gapAfter = 3 * unit }
                for signal in MorseTable.code(for: symbol) ?? "" {
                    taps.append(Tap(press: signal == "-" ? 3 * unit : unit, gapAfter: unit))
                }
            }
        }
        return taps
    }
}
