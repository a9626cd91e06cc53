import PuzzleKit

/// Why an unspaced code cannot be counted.
public enum DecodingCountError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A character other than `.` and `-` (1-based position).
    case notASignal(Character, position: Int)
    /// No signals at all.
    case empty
    /// The count does not fit in this build's numbers (64 bits without the
    /// `GMP` trait).
    case overflow(signals: Int)

    public var description: String {
        switch self {
        case .notASignal(let c, let position):
            return "'\(c)' (character \(position)) is not a signal; expected an unspaced string of '.' and '-'"
        case .empty:
            return "expected an unspaced string of '.' and '-', found nothing"
        case .overflow(let signals):
            return "the number of decodings of these \(signals) signals exceeds 64 bits (at most \(Int.max)); counting it exactly needs the GMP trait: build with --traits GMP"
        }
    }
}

/// Words (or letters) indexed by their unspaced code: a binary trie whose
/// nodes say which words end there.
///
///     let words = try CodeDictionary(words: ["eat", "im", "tea"])
///     print(words.words(withCode: "..--"))
///     // Prints "["EAT", "IM"]"
public struct CodeDictionary: Sendable {
    struct Node: Sendable {
        var dot: Int32 = -1
        var dash: Int32 = -1
        /// The words whose code ends here, sorted.
        var words: [String] = []
    }

    var nodes: [Node] = [Node()]
    /// The longest code, in signals.
    public private(set) var longestCode = 0
    /// How many distinct words the dictionary holds.
    public private(set) var count = 0

    /// The 26 letters, each its own one-letter word: the dictionary of
    /// plain decoding.
    public static let letters: CodeDictionary = {
        var dictionary = CodeDictionary()
        for entry in MorseTable.letters { dictionary.insert(String(entry.character), code: entry.code) }
        return dictionary
    }()

    init() {}

    /// A dictionary of `words` (any case; repeats are kept once), each coded
    /// with its symbols run together.
    ///
    /// - Throws: ``MorseText/Fault`` for a word with a character the Morse
    ///   table lacks, or for empty text.
    public init(words: [String]) throws(MorseText.Fault) {
        for word in words {
            for part in try MorseText.words(of: word) {
                insert(part, code: try MorseText.unspaced(part))
            }
        }
    }

    /// Reads a word list: one word per line; blank lines and `#` comment
    /// lines are skipped (the shared lexical rules).
    ///
    /// - Throws: `FormatError` naming the line of a word that
    ///   has no Morse code, or of a line with more than one word.
    public static func read(_ text: String, file: String) throws(FormatError) -> CodeDictionary {
        var dictionary = CodeDictionary()
        for line in try meaningfulLines(of: text, file: file) {
            guard line.tokens.count == 1 else {
                throw FormatError("expected one word per line, found \(line.tokens.count)",
                                  at: SourceLocation(file: file, line: line.number, column: line.tokens[1].column))
            }
            let word = String(line.tokens[0].text)
            do {
                dictionary.insert(try MorseText.normalize(word), code: try MorseText.unspaced(word))
            } catch {
                throw FormatError(error.description, at: SourceLocation(file: file, line: line.number, column: line.tokens[0].column))
            }
        }
        return dictionary
    }

    mutating func insert(_ word: String, code: String) {
        var node = 0
        for signal in code {
            let isDot = signal == "."
            let next = isDot ? nodes[node].dot : nodes[node].dash
            if next >= 0 {
                node = Int(next)
            } else {
                nodes.append(Node())
                let created = Int32(nodes.count - 1)
                if isDot { nodes[node].dot = created } else { nodes[node].dash = created }
                node = Int(created)
            }
        }
        guard !nodes[node].words.contains(word) else { return }
        nodes[node].words.append(word)
        nodes[node].words.sort()
        longestCode = max(longestCode, code.count)
        count += 1
    }

    /// The words whose unspaced code is exactly `code`, sorted: the words of
    /// the list that share that code.
    public func words(withCode code: String) -> [String] {
        var node = 0
        for c in code {
            guard let signal = MorseSignal(c), let next = child(of: node, signal) else { return [] }
            node = next
        }
        return nodes[node].words
    }

    func child(of node: Int, _ signal: MorseSignal) -> Int? {
        let next = signal == .dot ? nodes[node].dot : nodes[node].dash
        return next >= 0 ? Int(next) : nil
    }

    /// Every word matching `signals` from `start`: the words and where they
    /// end (exclusive), shortest code first.
    func matches(_ signals: [MorseSignal], from start: Int) -> [(words: [String], end: Int)] {
        var result: [(words: [String], end: Int)] = []
        var node = 0
        var index = start
        while index < signals.count, let next = child(of: node, signals[index]) {
            node = next
            index += 1
            if !nodes[node].words.isEmpty { result.append((words: nodes[node].words, end: index)) }
        }
        return result
    }
}

/// Counting and listing the decodings of an unspaced dot/dash string.
///
/// A decoding splits the string into pieces that are each the code of a
/// letter (or of a word of a ``CodeDictionary``). The count is a dynamic
/// programme from the end: the ways to decode from position *i* add up, over
/// every word whose code starts there, the ways to decode from where it
/// ends — one pass, exact at any length in `PuzzleNumber`
/// (64 bits by default, enough for about 65 dots; unlimited with the `GMP`
/// trait).
///
///     print(try Solver.count("...."), try Solver.list("...", limit: 10))
///     // Prints "8 ["EEE", "EI", "IE", "S"]"
public enum Solver {
    /// The signals of an unspaced code string.
    ///
    /// - Throws: ``DecodingCountError`` for a character other than `.`/`-`,
    ///   or an empty string.
    public static func signals(_ code: String) throws(DecodingCountError) -> [MorseSignal] {
        var result: [MorseSignal] = []
        for (offset, c) in code.enumerated() {
            guard let signal = MorseSignal(c) else { throw .notASignal(c, position: offset + 1) }
            result.append(signal)
        }
        guard !result.isEmpty else { throw .empty }
        return result
    }

    /// The exact number of ways `code` splits into codes of the dictionary's
    /// words (letters by default); two words with the same code count as two
    /// ways.
    ///
    /// - Throws: ``DecodingCountError``: a bad string, or a count beyond
    ///   this build's numbers (the message names the `GMP` trait).
    /// - Complexity: O(*n* · *d*) additions for *n* signals and a longest
    ///   code of *d* signals.
    public static func count(_ code: String, in dictionary: CodeDictionary = .letters) throws(DecodingCountError) -> PuzzleNumber {
        try count(signals(code), in: dictionary)
    }

    /// ``count(_:in:)`` of parsed signals.
    public static func count(_ signals: [MorseSignal], in dictionary: CodeDictionary = .letters) throws(DecodingCountError) -> PuzzleNumber {
        let n = signals.count
        var ways = [PuzzleNumber](repeating: PuzzleNumber(0), count: n + 1)
        ways[n] = PuzzleNumber(1)
        for start in stride(from: n - 1, through: 0, by: -1) {
            var total = PuzzleNumber(0)
            for match in dictionary.matches(signals, from: start) {
                var term = ways[match.end]
                if match.words.count > 1 {
                    guard case .value(let product) = term.multiplying(PuzzleNumber(match.words.count)) else { throw .overflow(signals: n) }
                    term = product
                }
                guard case .value(let sum) = total.adding(term) else { throw .overflow(signals: n) }
                total = sum
            }
            ways[start] = total
        }
        return ways[0]
    }

    /// The first `limit` decodings into letters, in lexicographic order.
    ///
    /// - Throws: ``DecodingCountError`` for a bad string.
    public static func list(_ code: String, limit: Int) throws(DecodingCountError) -> [String] {
        try list(code, in: .letters, limit: limit).map { $0.joined() }
    }

    /// The first `limit` decodings into words of `dictionary`, as word
    /// sequences in lexicographic order (compared word by word).
    ///
    /// A depth-first walk that tries the words starting at each position in
    /// alphabetical order and never enters a position from which no decoding
    /// ends, so it does O(`limit` · *n* · *d*) work at most. It keeps an
    /// explicit stack: strings of thousands of signals would otherwise nest
    /// thousands of calls.
    ///
    /// - Throws: ``DecodingCountError`` for a bad string.
    public static func list(_ code: String, in dictionary: CodeDictionary, limit: Int) throws(DecodingCountError) -> [[String]] {
        let signals = try signals(code)
        let n = signals.count
        var decodable = [Bool](repeating: false, count: n + 1)
        decodable[n] = true
        for start in stride(from: n - 1, through: 0, by: -1) {
            decodable[start] = dictionary.matches(signals, from: start).contains { decodable[$0.end] }
        }
        func options(_ start: Int) -> [Step] {
            var steps: [Step] = []
            for match in dictionary.matches(signals, from: start) where decodable[match.end] {
                for word in match.words { steps.append(Step(word: word, end: match.end)) }
            }
            return steps.sorted { $0.word < $1.word }
        }
        var result: [[String]] = []
        guard limit > 0 && decodable[0] else { return result }
        var path: [String] = []
        var stack: [Frame] = [Frame(options: options(0))]
        while let top = stack.last, result.count < limit {
            guard top.next < top.options.count else {
                stack.removeLast()
                if !path.isEmpty { path.removeLast() }
                continue
            }
            let step = top.options[top.next]
            stack[stack.count - 1].next += 1
            path.append(step.word)
            if step.end == n {
                result.append(path)
                path.removeLast()
            } else {
                stack.append(Frame(options: options(step.end)))
            }
        }
        return result
    }

    private struct Step {
        var word: String
        var end: Int
    }

    private struct Frame {
        var options: [Step]
        var next = 0
    }
}
