import ArgumentParser
import Foundation
import MathCrossword
import PuzzleKit

enum LevelFormat: String, ExpressibleByArgument, CaseIterable {
    case mcw, json, jsonl
}

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate math crosswords for a difficulty profile.",
        discussion: """
            Seeds are SEED, SEED+1, … SEED+COUNT-1; the same seed always gives
            the same puzzle, byte for byte.

            Examples:
              puzzlelab generate --profile class_1 --seed 42
              puzzlelab generate --profile class_2 --unique --show-solution
              puzzlelab generate --profile class_3 --difficulty hard
              puzzlelab generate --profile class_4 --count 1000 --format jsonl > class_4.jsonl
              puzzlelab generate --profile my-profile.json --format json
              puzzlelab generate --kind cross-sums --profile hard --show-solution
            """
    )

    @Option(help: "math-crossword or cross-sums.")
    var kind: PuzzleKind = .mathCrossword

    @Option(name: .shortAndLong, help: "Math crossword: class_1 … class_4 (default class_1) or a profile JSON file with the keys of DifficultyProfile. Cross sums: easy (default), medium, hard or extra-hard.")
    var profile: String?

    @Option(name: .shortAndLong, help: "The seed of the first puzzle.")
    var seed = 1

    @Option(name: .shortAndLong, help: "How many puzzles to generate.")
    var count = 1

    @Option(name: .shortAndLong, help: "Output format: mcw (text grid), json (one pretty object) or jsonl (one object per line).")
    var format: LevelFormat = .mcw

    @Flag(help: "Only puzzles with exactly one solution (reveals the fewest cells it can).")
    var unique = false

    @Option(help: "Only unique puzzles graded exactly this label: easy, medium, hard, expert or guess-required (implies --unique).")
    var difficulty: DifficultyLabel?

    @Flag(help: "Print the solved grid after each puzzle (mcw only).")
    var showSolution = false

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--count must be at least 1.") }
        guard format != .json || count == 1 else {
            throw ValidationError("--format json writes one level; use --format jsonl for several.")
        }
        guard seed <= Int.max - (count - 1) else { throw ValidationError("--seed plus --count exceeds the seed range.") }
        guard kind == .mathCrossword || (difficulty == nil && !unique) else {
            throw ValidationError("--unique and --difficulty are for math crosswords; cross sums puzzles are always unique and their --profile is the difficulty.")
        }
    }

    func run() throws {
        if kind == .crossSums {
            return try CrossSumsCLI.generate(profile: self.profile, seed: seed, count: count, format: format, showSolution: showSolution)
        }
        let profile = try resolveProfile(self.profile ?? "class_1")
        let generator = LevelGenerator()
        var failures = 0
        for offset in 0..<count {
            let seed = self.seed + offset
            let generated: GeneratedLevel
            do {
                if let difficulty {
                    generated = try generator.generate(difficulty: profile, seed: seed, label: difficulty)
                } else if unique {
                    generated = try generator.generateUnique(difficulty: profile, seed: seed)
                } else {
                    generated = try generator.generate(difficulty: profile, seed: seed)
                }
            } catch {
                printError("puzzlelab: profile \(profile.id), seed \(seed): \(error)")
                failures += 1
                continue
            }
            switch format {
            case .mcw:
                if offset > 0 { print("") }
                print(TextFormat.write(generated.level, comments: [
                    "\(generated.level.id): profile \(profile.id), seed \(seed), attempts \(generated.attempts)"
                        + (unique || difficulty != nil ? ", unique, \(generated.revealed) cells revealed" : "")
                        + (difficulty.map { ", graded \($0.rawValue)" } ?? ""),
                ]), terminator: "")
                if showSolution {
                    print("")
                    print(TextFormat.write(generated.level, comments: ["solution of \(generated.level.id)"], solved: true), terminator: "")
                }
            case .json: print(JSONFormat.write(generated.level, pretty: true))
            case .jsonl: print(JSONFormat.write(generated.level, pretty: false))
            }
        }
        if failures > 0 { throw ExitCode.failure }
    }
}
