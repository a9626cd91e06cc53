import ArgumentParser
import Foundation
import PuzzleDrawing
import PuzzleKit

/// The family list of one run of the command line, and the families' own
/// subcommands, set by ``PuzzleLab/main(families:commands:)`` or
/// ``PuzzleLab/run(_:families:commands:)`` for the run's task: the
/// executable gives it the toolkit's families and their commands, a test a
/// family of its own.
enum CommandFamilies {
    @TaskLocal static var list: [any CommandFamily] = []
    @TaskLocal static var commands: [any ParsableCommand.Type] = []
}

/// Every puzzle family the command line knows, in the order help texts
/// list them: every command is written once over it.
var families: [any CommandFamily] { CommandFamilies.list }

/// The names `--kind` takes, for help texts.
var familyNames: String { families.map(\.info.name).joined(separator: ", ") }

/// Where help texts send a reader for the profiles.
var profileHelp: String {
    "'puzzlelab families' lists each family's profiles"
        + (families.contains { $0.info.name == "math-crossword" } ? " (math-crossword also takes a profile JSON file)" : "")
}

/// The labels `generate --difficulty` takes, per family that targets labels.
var difficultyHelp: String {
    families.compactMap { family -> String? in
        guard let first = family.gradeLabels.first,
              family.unsupported(GenerationRequest(seed: 1, unique: true, label: first)) == nil else { return nil }
        return "\(family.info.name) \(family.gradeLabels.joined(separator: ", "))"
    }.joined(separator: "; ")
}

/// A `--kind` argument: one of ``families`` by name.
struct Kind: ExpressibleByArgument {
    let family: any CommandFamily

    init(_ family: any CommandFamily) { self.family = family }

    init?(argument: String) {
        guard let family = families.first(where: { $0.info.name == argument }) else { return nil }
        self.family = family
    }

    static var allValueStrings: [String] { families.map(\.info.name) }
    var defaultValueDescription: String { family.info.name }

    /// The first family, for commands that need one when none is named.
    static var standard: Kind { Kind(families[0]) }

    /// The family of a file: by its extension (a family's text extension),
    /// else the `kind` of a level pack (`PuzzlePack`), else by content —
    /// the one family that recognizes the first 4 KiB
    /// (standard input, `.json`, `.jsonl` and files without a family's
    /// extension).
    ///
    /// - Throws: a one-line error naming `--kind` when no family or more than
    ///   one recognizes the content.
    static func of(path: String, data: Data) throws(FormatError) -> any CommandFamily {
        let ext = (path as NSString).pathExtension.lowercased()
        if let family = families.first(where: { $0.info.textExtension == ext }) { return family }
        if let error = PuzzleSource.secondByteOrderMark(data, file: path) { throw error }
        if let kind = PuzzlePack.kind(of: data) {
            guard let family = families.first(where: { $0.info.name == kind }) else {
                throw FormatError("a pack of kind '\(kind)', which is none of \(families.map(\.info.name).joined(separator: ", "))",
                                  at: SourceLocation(file: path, line: 1))
            }
            return family
        }
        let head = PuzzleSource.detectionHead(data)
        let matches = families.filter { $0.recognizes(head) }
        guard matches.count == 1 else {
            let what = matches.isEmpty ? "no puzzle family's format"
                : "more than one format (\(matches.map(\.info.name).joined(separator: ", ")))"
            throw FormatError("the content matches \(what); name the family with --kind \(families.map(\.info.name).joined(separator: "|"))",
                              at: SourceLocation(file: path))
        }
        return matches[0]
    }
}

/// Refuses `--compact` for a family whose JSON has no compact form
/// (``FamilyInfo/hasCompactJSON``), naming those that have one.
func refuseCompact(_ family: some PuzzleFamily) throws(CLIError) {
    guard family.info.hasCompactJSON else {
        let takers = families.filter(\.info.hasCompactJSON).map(\.info.name)
        throw CLIError("\(family.info.name) JSON has no compact form: --compact is for "
                       + (takers.isEmpty ? "no family here" : takers.joined(separator: ", ")))
    }
}

/// `--jobs`: parallel workers for bench and export.
struct Workers: ParsableArguments {
    @Option(name: [.customShort("j"), .customLong("jobs")], parsing: .unconditional,
            help: "Parallel workers (default: the number of cores, here \(ProcessInfo.processInfo.activeProcessorCount); at most \(Workers.most): more than the cores share them).")
    var jobs: Int?

    /// The most workers `--jobs` takes.
    static let most = 256

    /// The workers to run.
    var count: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    func validate() throws {
        if let jobs, !(1...Self.most).contains(jobs) {
            throw ValidationError("--jobs must be from 1 to \(Self.most) (more workers than cores only share the cores).")
        }
    }
}

/// What the help of a command that generates puzzles says of its own
/// `--profile` and `--count`.
protocol GeneratingCommand {
    /// `--profile` once (``OneProfile``) or repeated (``SeveralProfiles``).
    associatedtype Profiles: ProfileArguments
    /// The help of `--count`: what it counts, and the command's own default.
    static var countHelp: String { get }
    /// Whether the command takes `--seeds FILE` (help shows it only then).
    static var takesSeedsFile: Bool { get }
}

extension GeneratingCommand {
    static var takesSeedsFile: Bool { true }
}

/// The `--profile` option of a command.
protocol ProfileArguments: ParsableArguments {
    /// The profiles named, in order.
    var names: [String] { get }
}

/// `--profile` given at most once: the command works on one profile.
struct OneProfile: ProfileArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("The profile (difficulty), by default the family's first; \(profileHelp)."))
    var profile: String?

    var names: [String] { profile.map { [$0] } ?? [] }
}

/// `--profile` repeated: the command runs each profile named, in order.
struct SeveralProfiles: ProfileArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("A profile to run (repeat it for several; all: every profile), by default every profile of the family; \(profileHelp)."))
    var profile: [String] = []

    var names: [String] { profile }
}

/// The options of every command that generates puzzles (`Command`): the
/// family, its profiles, the seeds.
struct GenerationOptions<Command: GeneratingCommand>: ParsableArguments {
    @Option(help: "The puzzle family: \(familyNames) (default: \(Kind.standard.family.info.name); files are told apart by extension or content).")
    var kind: Kind?

    @OptionGroup var profiles: Command.Profiles

    /// The profiles `--profile` names, in order.
    var profile: [String] { profiles.names }

    // .unconditional: a negative seed (legal) or count (refused with a reason) is a value, not an option.
    @Option(name: [.customShort("s"), .customLong("seed")], parsing: .unconditional, help: "The seed of the first puzzle (any integer; default: 1).")
    var firstSeed: Int?

    @Option(name: .shortAndLong, parsing: .unconditional, help: ArgumentHelp(Command.countHelp))
    var count: Int?

    // Hidden where the command refuses it (refuseSeedsFile(_:) says why).
    @Option(name: .customLong("seeds"), help: ArgumentHelp("A file of seeds, one per line (# comments; - reads standard input): the puzzles of exactly these seeds, in order, instead of --seed and --count.",
                                                          valueName: "file", visibility: Command.takesSeedsFile ? .default : .hidden))
    var seedsFile: String?

    @Flag(help: "Only puzzles with exactly one solution.")
    var unique = false

    @Option(parsing: .unconditional, help: ArgumentHelp(minBlanksHelp, valueName: "N"))
    var minBlanks: Int?

    /// The seed of the first puzzle: `--seed`, 1 by default.
    var seed: Int { firstSeed ?? 1 }

    func validate() throws {
        if let count, count < 1 { throw ValidationError("--count must be at least 1.") }
        if seedsFile != nil && (firstSeed != nil || count != nil) {
            throw ValidationError("--seeds gives the seeds itself: give --seeds FILE or --seed / --count, not both.")
        }
    }

    /// Refuses `--seeds` for a command that works through a range of seeds
    /// (`command` says which and how).
    func refuseSeedsFile(_ command: String) throws {
        if seedsFile != nil { throw ValidationError("--seeds is for generate, grade, pack and review; \(command).") }
    }

    /// The seeds of a command that works through them for the family's
    /// profile `profile`: the `--seeds` file's (read here, once: it may be
    /// standard input), else ``seedRange(standardCount:)``.
    ///
    /// - Throws: a one-line error for a seeds file that cannot be read, has
    ///   a bad line or names another family or profile, or a range past
    ///   `Int.max`.
    func seeds<F: PuzzleFamily>(standardCount: Int, family: F, profile: F.Profile) throws -> Seeds {
        guard let seedsFile else { return .range(try seedRange(standardCount: standardCount)) }
        let file = try SeedsFile.parse(readInput(path: seedsFile), file: seedsFile)
        try file.refuseOther(kind: family.info.name, profile: family.id(of: profile), unique: unique, file: seedsFile)
        return .list(file.seeds)
    }

    /// The seeds SEED … SEED+N-1 of a command that works through N of them
    /// (checked also when `--seeds` is given, as the range it replaces):
    /// `--count`, or the command's own default (`standardCount`) when it is
    /// not given. Each command checks its seeds with this in `validate()`
    /// and works through the same range.
    ///
    /// - Throws: a usage error when the range would run past `Int.max`.
    func seedRange(standardCount: Int) throws -> ClosedRange<Int> {
        let count = self.count ?? standardCount
        let (last, overflow) = seed.addingReportingOverflow(count - 1)
        guard count >= 1, !overflow else {
            throw ValidationError("--seed \(seed) with \(self.count == nil ? "the default count" : "--count") \(count) runs past the largest seed, \(Int.max).")
        }
        return seed...last
    }

    /// The request for one seed.
    func request(seed: Int, label: String? = nil, timeLimit: Duration) -> GenerationRequest {
        GenerationRequest(seed: seed, unique: unique, label: label, minBlanks: minBlanks, timeLimit: timeLimit)
    }

    /// Refuses, as one line, `--min-blanks` for a family without a blank
    /// count to ask for (``FamilyInfo/takesMinBlanks``), without `--unique`
    /// (a `label` implies it) or below 1, and what the family cannot honour.
    func refuseUnsupported<F: PuzzleFamily>(_ family: F, label: String? = nil) throws {
        if let minBlanks {
            guard family.info.takesMinBlanks else {
                let takers = families.filter(\.info.takesMinBlanks).map(\.info.name)
                throw CLIError("\(family.info.name) puzzles have no blank count to ask for: --min-blanks is for "
                               + (takers.isEmpty ? "no family here" : takers.joined(separator: ", ")))
            }
            guard unique || label != nil else { throw CLIError("--min-blanks needs --unique") }
            guard minBlanks >= 1 else { throw CLIError("--min-blanks must be at least 1") }
        }
        if let problem = family.unsupported(request(seed: seed, label: label, timeLimit: DefaultBudget.time)) { throw CLIError(problem) }
    }

    /// `--kind`, or `fallback` when it is not given.
    func family(_ fallback: Kind = .standard) -> any CommandFamily { (kind ?? fallback).family }

    /// The one profile `--profile` names, or the family's first.
    func singleProfile<F: PuzzleFamily>(_ family: F) throws -> F.Profile {
        guard let name = profile.first else {
            guard let first = family.profiles.first else { throw CLIError("\(family.info.name) has no profiles") }
            return first
        }
        return try family.profile(named: name)
    }

    /// The profiles `--profile` names, in order (`all`: every profile of the
    /// family); every profile when none is named.
    func profiles<F: PuzzleFamily>(_ family: F) throws -> [F.Profile] {
        var profiles: [F.Profile] = []
        for name in profile.isEmpty ? ["all"] : profile {
            if name == "all" { profiles += family.profiles } else { profiles.append(try family.profile(named: name)) }
        }
        return profiles
    }
}

/// The help text of every command's `--min-blanks`.
let minBlanksHelp = "With --unique: only puzzles with at least N empty cells (math-crossword empties given cells while the solution stays unique)."
