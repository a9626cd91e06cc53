import Foundation
import PuzzleFamilies
import PuzzleKit
import Testing

/// Every registered family goes through every command, with its files told
/// apart by extension and by content.
@Suite struct EveryFamilyTests {
    static let families = puzzleFamilies.map { ($0.info.name, $0.info.textExtension) }

    @Test(arguments: families)
    func everyCommandWorks(kind: String, ext: String) throws {
        let dir = try temporaryDirectory()
        let text = try puzzlelab(["generate", "--kind", kind, "--seed", "3", "--format", ext])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout == (try puzzlelab(["generate", "--kind", kind, "--seed", "3"])).stdout)
        try text.stdout.write(to: dir.appendingPathComponent("p.\(ext)"), atomically: true, encoding: .utf8)
        let lines = try puzzlelab(["generate", "--kind", kind, "--seed", "3", "--count", "4", "--format", "jsonl"])
        #expect(lines.status == 0 && lines.stdout.split(separator: "\n").count == 4)
        // No extension and no --kind: the content tells the family.
        try lines.stdout.write(to: dir.appendingPathComponent("corpus"), atomically: true, encoding: .utf8)

        let check = try puzzlelab(["check", "--quiet", "p.\(ext)", "corpus"], in: dir)
        #expect(check.status == 0, "\(kind): \(check.stderr)")
        #expect(check.stdout.split(separator: "\n").filter { $0.contains(": valid") }.count == 5, "\(check.stdout)")

        let solve = try puzzlelab(["solve", "corpus", "--format", "csv", "--limit", "2"], in: dir)
        #expect(solve.status == 0, "\(solve.stderr)")
        #expect(solve.stdout.split(separator: "\r\n").count == 5)
        // In every family `complete` is true exactly when the stop reason is `exhausted`.
        let counts = CSV.parse(solve.stdout) ?? []
        let complete = try #require(counts.first?.firstIndex(of: "complete"))
        let stop = try #require(counts.first?.firstIndex(of: "stopReason"))
        #expect(counts.dropFirst().allSatisfy { ($0[complete] == "true") == ($0[stop] == "exhausted") }, "\(kind): \(solve.stdout)")
        // Text: one summary line per puzzle; the solved puzzle only when asked for.
        let summary = try puzzlelab(["solve", "p.\(ext)"], in: dir)
        #expect(summary.status == 0 && summary.stdout.split(separator: "\n").count == 1, "\(kind): \(summary.stdout)")
        let shown = try puzzlelab(["solve", "p.\(ext)", "--show-solution", "--limit", "2"], in: dir)
        #expect(shown.status == 0 && shown.stdout.split(separator: "\n").count > 1, "\(kind): \(shown.stdout)")

        // Every family's grade names its uniqueness check solutionsUpTo2 (0, 1 or 2), in JSON and CSV alike.
        let gradeJSON = try puzzlelab(["grade", "corpus", "--kind", kind, "--format", "json"], in: dir)
        #expect(gradeJSON.status == 0, "\(gradeJSON.stderr)")
        for line in gradeJSON.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect([0, 1, 2].contains(object["solutionsUpTo2"] as? Int), "\(kind): \(line)")
            #expect(object["solutionCount"] == nil, "\(kind): \(line)")
        }
        let gradeCSV = CSV.parse(try puzzlelab(["grade", "corpus", "--kind", kind, "--format", "csv"], in: dir).stdout) ?? []
        #expect(gradeCSV.count == 5 && gradeCSV.first?.contains("solutionsUpTo2") == true, "\(kind)")

        let grade = try puzzlelab(["grade", "p.\(ext)", "--explain"], in: dir)
        #expect(grade.status == 0, "\(grade.stderr)")
        #expect(grade.stdout.contains("score"))
        // Without --explain the same report, only without the sentences.
        let sentence = #/^  \d+\. /#
        let plain = try puzzlelab(["grade", "p.\(ext)"], in: dir)
        let explained = grade.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(explained.contains { $0.contains(sentence) }, "\(kind): \(grade.stdout)")
        #expect(plain.stdout.split(separator: "\n", omittingEmptySubsequences: false) == explained.filter { !$0.contains(sentence) })

        let export = try puzzlelab(["export", "--kind", kind, "--count", "3", "--out", "e.csv"], in: dir)
        #expect(export.status == 0, "\(export.stderr)")
        let rows = try String(contentsOf: dir.appendingPathComponent("e.csv"), encoding: .utf8).split(separator: "\r\n")
        #expect(rows.count == 4 && rows.dropFirst().allSatisfy { $0.contains(",ok,") })

        let bench = try puzzlelab(["bench", "--kind", kind, "--count", "5", "--jobs", "1", "--format", "json"])
        #expect(bench.status == 0, "\(bench.stderr)")
        #expect(!bench.stdout.isEmpty && bench.stdout.split(separator: "\n").allSatisfy { $0.contains("\"failed\":0") })

        let pack = try puzzlelab(["pack", "--kind", kind, "--count", "2", "--out", "pack.json"], in: dir)
        #expect(pack.status == 0, "\(pack.stderr)")
        let packed = try puzzlelab(["check", "--quiet", "pack.json", "--kind", kind], in: dir)
        #expect(packed.status == 0, "\(kind) pack: \(packed.stderr)")
    }
}

/// Standard input (`-`) and files without a family's extension are told
/// apart by content: every family's generated output, in every format and
/// profile, piped without `--kind`, is read as that family.
@Suite struct StandardInputTests {
    static let profiles = [
        ("math-crossword", ["class_1", "class_2", "class_3", "class_4"]),
        ("cross-sums", ["easy", "medium", "hard", "extra-hard"]),
        ("number-search", ["level-1", "level-3", "level-5"]),
        ("drills", ["very-easy", "easy", "medium", "hard"]),
        ("morse", ["code-to-word-beginner", "code-to-sentence-intermediate", "word-to-code-advanced", "sentence-to-code-beginner"]),
    ]

    @Test func everyFamilyHasProfilesHere() {
        #expect(Self.profiles.map(\.0) == puzzleFamilies.map(\.info.name))
        for (kind, names) in Self.profiles {
            #expect(Set(names).isSubset(of: puzzleFamilies.first { $0.info.name == kind }?.profileNames ?? []), "\(kind)")
        }
    }

    @Test(arguments: profiles)
    func everyFamilyIsReadFromAPipe(kind: String, profiles: [String]) throws {
        for profile in profiles {
            for format in ["text", "json", "jsonl"] {
                for seed in 1...6 {
                    let puzzle = try puzzlelab(["generate", "--kind", kind, "--profile", profile, "--seed", "\(seed)", "--format", format])
                    #expect(puzzle.status == 0, "\(puzzle.stderr)")
                    let sniffed = try puzzlelab(["grade", "-", "--format", "json"], input: puzzle.stdout)
                    let named = try puzzlelab(["grade", "-", "--format", "json", "--kind", kind], input: puzzle.stdout)
                    #expect(sniffed.status == 0, "\(kind) \(profile) \(format) seed \(seed): \(sniffed.stderr)")
                    #expect(dropTiming(sniffed.stdout) == dropTiming(named.stdout), "\(kind) \(profile) \(format) seed \(seed)")
                }
            }
        }
    }

    @Test func contentNoFamilyReadsIsRefusedNamingKind() throws {
        let run = try puzzlelab(["check", "-"], input: "hello\n")
        #expect(run.status == 65)
        #expect(run.stderr == "puzzlelab: -: the content matches no puzzle family's format; name the family with --kind \(puzzleFamilies.map(\.info.name).joined(separator: "|"))\n")
    }

    /// The JSON report less its `timeMicroseconds` value.
    func dropTiming(_ json: String) -> String {
        json.replacingOccurrences(of: #""timeMicroseconds":[0-9]+"#, with: "", options: .regularExpression)
    }
}
