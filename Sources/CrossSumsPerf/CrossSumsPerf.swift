import ConstraintSolver
import CrossSums
import Foundation

/// A small release-mode harness for the cross sums figures (not a test):
///
///     swift run -c release CrossSumsPerf            # timings
///     swift run -c release CrossSumsPerf check 500  # 500 seeds per difficulty
///     swift run -c release CrossSumsPerf explain extra-hard 7
@main
struct CrossSumsPerf {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "explain", let difficulty = arguments.dropFirst().first.flatMap(Difficulty.init(name:)) {
            let seed = arguments.dropFirst(2).first.flatMap(Int.init) ?? 1
            guard let puzzle = try? PuzzleGenerator().generate(difficulty: difficulty, seed: seed).puzzle,
                  let report = try? Grader(puzzle: puzzle).grade() else { return }
            print(TextFormat.write(puzzle), terminator: "")
            print(report.reportRow.json)
            print(report.explanation.joined(separator: "\n"))
        } else if arguments.first == "check" {
            check(seeds: arguments.dropFirst().first.flatMap(Int.init) ?? 500)
        } else {
            timings(count: arguments.first.flatMap(Int.init) ?? 500)
        }
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    /// Generation throughput per difficulty, then counting and grading
    /// latency on the generated puzzles (microseconds).
    static func timings(count: Int) {
        let clock = ContinuousClock()
        print("difficulty,size,puzzles,puzzlesPerSecond,candidatesPerPuzzle,countMedianUs,countP90Us,gradeMedianUs,gradeP90Us")
        for difficulty in Difficulty.allCases {
            var puzzles: [Puzzle] = []
            var candidates = 0
            let start = clock.now
            for seed in 1...count {
                guard let generated = try? PuzzleGenerator().generate(difficulty: difficulty, seed: seed) else { continue }
                puzzles.append(generated.puzzle)
                candidates += generated.candidates
            }
            let rate = Double(puzzles.count) / seconds(start.duration(to: clock.now))
            var countTimes: [Double] = []
            var gradeTimes: [Double] = []
            for puzzle in puzzles {
                let t0 = clock.now
                let n = (try? CrossSumsModel(puzzle: puzzle))?.countSolutions(limit: 2)
                countTimes.append(seconds(t0.duration(to: clock.now)) * 1e6)
                precondition(n == 1)
                let t1 = clock.now
                let report = try? Grader(puzzle: puzzle).grade()
                gradeTimes.append(seconds(t1.duration(to: clock.now)) * 1e6)
                precondition(report?.difficulty == difficulty)
            }
            countTimes.sort()
            gradeTimes.sort()
            let size = "\(difficulty.size.rows)x\(difficulty.size.columns)"
            let fields: [String] = [
                difficulty.rawValue, size, String(puzzles.count), String(format: "%.0f", rate),
                String(format: "%.2f", Double(candidates) / Double(max(1, puzzles.count))),
                String(format: "%.1f", percentile(countTimes, 0.5)), String(format: "%.1f", percentile(countTimes, 0.9)),
                String(format: "%.1f", percentile(gradeTimes, 0.5)), String(format: "%.1f", percentile(gradeTimes, 0.9)),
            ]
            print(fields.joined(separator: ","))
        }
    }

    /// Seeds 1...seeds per difficulty: every puzzle counts exactly 1 and
    /// grades within its difficulty, without guessing.
    static func check(seeds: Int) {
        var failed = 0
        for difficulty in Difficulty.allCases {
            var labels: [String: Int] = [:]
            var problems = 0
            var score = 0, steps = 0, rounds = 0, suppositions = 0
            for seed in 1...seeds {
                do {
                    let puzzle = try PuzzleGenerator().generate(difficulty: difficulty, seed: seed).puzzle
                    let count = try CrossSumsModel(puzzle: puzzle).countSolutions(limit: 2)
                    let report = try Grader(puzzle: puzzle).grade()
                    labels[report.label, default: 0] += 1
                    score += report.score
                    steps += report.steps.count
                    rounds += report.rounds
                    suppositions += report.steps(.rowAndColumn)
                    if count != 1 || report.difficulty != difficulty || report.guesses != 0 || report.solution != puzzle.solution {
                        problems += 1
                        print("\(difficulty) seed \(seed): \(count) solutions, graded \(report.label)")
                    }
                } catch {
                    problems += 1
                    print("\(difficulty) seed \(seed): \(error)")
                }
            }
            failed += problems
            let summary = labels.keys.sorted().map { "\($0) \(labels[$0] ?? 0)" }.joined(separator: ", ")
            let mean = { (total: Int) in String(format: "%.1f", Double(total) / Double(seeds)) }
            print("\(difficulty): \(seeds) seeds, \(problems) problems; labels: \(summary); mean score \(mean(score)), steps \(mean(steps)), rounds \(mean(rounds)), row-and-column steps \(mean(suppositions))")
        }
        if failed > 0 { exit(1) }
    }
}
