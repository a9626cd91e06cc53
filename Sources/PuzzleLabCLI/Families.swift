import ArgumentParser
import CrossSums
import Foundation
import MathCrossword
import PuzzleKit

/// Every puzzle family the command line knows, in the order help texts list
/// them. Adding a family is adding it here: every command is written once
/// over this list.
let families: [any PuzzleFamily] = [
    MathCrosswordFamily(),
    CrossSumsFamily(),
]

/// The names `--kind` takes, for help texts.
let familyNames = families.map(\.name).joined(separator: ", ")

/// Each family's profiles, for help texts.
let profileHelp = families.map { "\($0.name) \($0.profileNames.joined(separator: ", "))" }.joined(separator: "; ")
    + " (math-crossword also takes a profile JSON file)"

/// A `--kind` argument: one of ``families`` by name.
struct Kind: ExpressibleByArgument {
    let family: any PuzzleFamily

    init(_ family: any PuzzleFamily) { self.family = family }

    init?(argument: String) {
        guard let family = families.first(where: { $0.name == argument }) else { return nil }
        self.family = family
    }

    static var allValueStrings: [String] { families.map(\.name) }
    var defaultValueDescription: String { family.name }

    /// The first family, for commands that need one when none is named.
    static let standard = Kind(families[0])

    /// The family of a file: by its extension (a family's text extension),
    /// else by content (the first family that recognizes the first 4 KiB),
    /// else the first family.
    static func of(path: String, data: Data) -> any PuzzleFamily {
        let ext = (path as NSString).pathExtension.lowercased()
        if let family = families.first(where: { $0.textExtension == ext }) { return family }
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        return families.first { $0.recognizes(head) } ?? families[0]
    }
}

/// Options that generate puzzles: the family, its profile, the seeds.
struct GenerationOptions: ParsableArguments {
    @Option(help: "The puzzle family: \(familyNames).")
    var kind = Kind.standard

    @Option(name: .shortAndLong, help: ArgumentHelp("The profile (difficulty), by default the family's first: \(profileHelp)."))
    var profile: String?

    @Option(name: .shortAndLong, help: "The seed of the first puzzle.")
    var seed = 1

    @Option(name: .shortAndLong, help: "How many puzzles.")
    var count = 1

    @Flag(help: "Only puzzles with exactly one solution.")
    var unique = false

    @Option(help: ArgumentHelp(minBlanksHelp, valueName: "N"))
    var minBlanks: Int?

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--count must be at least 1.") }
        guard seed <= Int.max - (count - 1) else { throw ValidationError("--seed plus --count exceeds the seed range.") }
    }

    /// The profile `--profile` names, or the family's first.
    func resolvedProfile<F: PuzzleFamily>(_ family: F) throws -> F.Profile {
        guard let profile else {
            guard let first = family.profiles.first else { throw CLIError("\(family.name) has no profiles") }
            return first
        }
        return try family.profile(named: profile)
    }
}

/// The help text of every command's `--min-blanks`.
let minBlanksHelp = "With --unique: only puzzles with at least N empty cells (math-crossword empties given cells while the solution stays unique)."

/// Refuses `--min-blanks` without `--unique` (or `--difficulty`, which implies
/// it) and below 1, as one line (no usage text).
func validateMinBlanks(_ minBlanks: Int?, unique: Bool) throws {
    guard let minBlanks else { return }
    guard unique else { throw CLIError("--min-blanks needs --unique") }
    guard minBlanks >= 1 else { throw CLIError("--min-blanks must be at least 1") }
}

/// Throws the family's one-line refusal when it cannot honour `request`.
func refuseUnsupported<F: PuzzleFamily>(_ family: F, _ request: GenerationRequest) throws {
    if let problem = family.unsupported(request) { throw CLIError(problem) }
}
