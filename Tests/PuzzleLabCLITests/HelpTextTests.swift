import Foundation
import Testing

/// Each generating command's help speaks of itself: its own `--count`
/// default, `--profile` repeatable only where it is taken several times,
/// `--seeds` only where it is taken.
@Suite struct HelpTextTests {
    /// The help of `command`, its words joined by single spaces.
    static func help(_ command: String) throws -> (usage: String, words: String) {
        let run = try puzzlelab(["help", command])
        let usage = run.stdout.split(separator: "\n").first { $0.hasPrefix("USAGE: ") }.map(String.init) ?? ""
        return (usage, run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " "))
    }

    @Test(arguments: [
        ("generate", "How many puzzles, of seeds SEED … SEED+N-1 (default: 1)."),
        ("grade", "How many generated puzzles to grade, of seeds SEED … SEED+N-1 (default: 1)."),
        ("pack", "How many levels, of seeds SEED … SEED+N-1 (default: 100)."),
        ("bench", "How many puzzles per profile (default: 20000 per profile; --duration instead runs for a time)."),
        ("export", "How many rows, of seeds SEED … SEED+N-1 (required)."),
        ("review", "How many generated puzzles on the page, of seeds SEED … SEED+N-1 (default: 1; at most 1000)."),
        ("worksheet", "How many generated puzzles on the sheet, of seeds SEED … SEED+N-1 (default: 1; at most 500)."),
    ])
    func countHelpStatesTheCommandsOwnDefault(_ command: String, _ count: String) throws {
        let (usage, words) = try Self.help(command)
        #expect(words.contains("-c, --count <count> " + count), "\(command): \(words)")
        // No other command's default, and no --profile shown as repeatable but in bench.
        #expect(!words.contains("for generate and grade") && !words.contains("for pack"), "\(command)")
        #expect(usage.contains("--profile <profile> ...") == false, "\(command): \(usage)")
        #expect(words.contains("--seeds <file>") == !["bench", "export"].contains(command), "\(command)")
    }

    /// `bench` alone takes several profiles; elsewhere the last one given counts.
    @Test func onlyBenchTakesSeveralProfiles() throws {
        #expect(try Self.help("bench").words.contains("-p, --profile <profile> A profile to run (repeat it for several; all: every profile)"))
        let twice = try puzzlelab(["generate", "--profile", "class_1", "--profile", "class_2"])
        #expect(twice.status == 0 && twice.stdout.hasPrefix("# class_2-1: profile class_2"), "\(twice.stdout.prefix(80)) \(twice.stderr)")
        let bench = try puzzlelab(["bench", "--profile", "class_1", "--profile", "class_2", "--count", "2", "--jobs", "1", "--format", "csv"])
        #expect(bench.status == 0 && bench.stdout.contains("\nclass_1,") && bench.stdout.contains("\nclass_2,"), "\(bench.stdout)")
    }
}
