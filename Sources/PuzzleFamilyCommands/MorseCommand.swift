import ArgumentParser
import Foundation
import MorseCode
import PuzzleKit
import PuzzleLabCommands

/// `puzzlelab morse`: counting decodings, encoding and decoding Morse code.
struct MorseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "morse",
        abstract: "Count the decodings of unspaced Morse code, encode and decode.",
        discussion: """
            Examples:
              puzzlelab morse count -..-...
              puzzlelab morse count "......" --list 5
              puzzlelab morse count "..--.-" --words words.txt --list 10
              puzzlelab morse encode "SOS HELP"
              puzzlelab morse decode "... --- ... / .... . .-.. .--."
            """,
        subcommands: [Count.self, Encode.self, Decode.self]
    )

    /// Whether `argument` is Morse code: dots, dashes, blanks and '/'
    /// (`OperandsLikeOptions` for `count` and `decode`).
    static func isCode(_ argument: String) -> Bool {
        !argument.isEmpty && argument.allSatisfy { ".-/ ".contains($0) }
    }

    struct Count: OperandsLikeOptions {
        static let configuration = CommandConfiguration(
            abstract: "The exact number of ways an unspaced dot/dash string decodes into letters (or words).",
            discussion: "Counts beyond 64 bits need a build with --traits GMP.")

        // Half of all codes start with '-': taken as they are, not as options (OperandsLikeOptions).
        @Argument(help: ArgumentHelp("An unspaced string of '.' and '-' (it may start with '-').", valueName: "code"))
        var code: String

        static func isOperand(_ argument: String) -> Bool { MorseCommand.isCode(argument) }

        @Option(help: "A word list (one word per line): count decodings into its words.")
        var words: String?

        @Option(parsing: .unconditional, help: "Also list the first N decodings, lexicographically.")
        var list: Int = 0

        @Option(help: ArgumentHelp("The language of the sentence about the word list's words.", valueName: "code"))
        var language: Language = .english

        func validate() throws {
            guard list >= 0 else { throw ValidationError("--list must be 0 or more") }
        }

        func run() throws {
            let dictionary: CodeDictionary
            if let words {
                let data = try readInput(path: words)
                guard let text = String(data: data, encoding: .utf8) else { throw CLIError("\(words): expected UTF-8 text", status: .dataError) }
                dictionary = try CodeDictionary.read(text, file: words)
            } else {
                dictionary = .letters
            }
            do {
                print(try Solver.count(code, in: dictionary))
                if words != nil {
                    let exact = dictionary.words(withCode: code)
                    let messages = MorseMessages.catalogue
                    print(exact.isEmpty ? messages.text("count.no-exact-word", language)
                                        : messages.text("count.exact-words", language, ["words": exact.joined(separator: " ")]))
                }
                for decoding in try Solver.list(code, in: dictionary, limit: list) {
                    print(decoding.joined(separator: words == nil ? "" : " "))
                }
            } catch {
                throw CLIError(error.description)
            }
        }
    }

    struct Encode: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Text to code text (letters apart by a space, words by ' / ').")

        @Argument(help: "Letters, digits and punctuation; words apart by blanks.")
        var text: String

        func run() throws {
            do { print(try MorseText.encode(text)) } catch { throw CLIError(error.description) }
        }
    }

    struct Decode: OperandsLikeOptions {
        static let configuration = CommandConfiguration(abstract: "Code text to text.")

        @Argument(help: ArgumentHelp("Codes apart by blanks, words by '/' (they may start with '-'; one argument or several).", valueName: "code"))
        var codes: [String]

        static func isOperand(_ argument: String) -> Bool { MorseCommand.isCode(argument) }

        func run() throws {
            do { print(try MorseText.decode(codes.joined(separator: " "))) } catch { throw CLIError(error.description) }
        }
    }
}
