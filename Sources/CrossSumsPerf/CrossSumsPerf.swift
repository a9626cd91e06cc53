import CrossSums
import ConstraintSolver
import Foundation
import PuzzleKit

@main
struct CrossSumsPerf {
    static func main() {
        let args = CommandLine.arguments
        if args.count > 1 && args[1] == "find" {
            find()
            return
        }
        if args.count > 1 && args[1] == "explore" {
            explore()
            return
        }
        let clock = ContinuousClock()
        let only = args.count > 1 ? Difficulty(name: args[1]) : nil
        for difficulty in Difficulty.allCases where only == nil || only == difficulty {
            let n = args.count > 2 ? Int(args[2]) ?? 200 : 200
            var candidates = 0
            var failures = 0
            let start = clock.now
            for seed in 1...n {
                do {
                    let g = try PuzzleGenerator().generate(difficulty: difficulty, seed: seed)
                    candidates += g.candidates
                } catch {
                    failures += 1
                }
            }
            let elapsed = start.duration(to: clock.now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            print("\(difficulty): \(Double(n) / seconds) puzzles/s, candidates/puzzle \(Double(candidates) / Double(n)), failures \(failures)")
        }
    }

    static func find() {
        var found: Set<String> = []
        var rng = SplitMix64(seed: 7)
        for i in 0..<2_000_000 {
            let rows = rng.uniform(in: 4...7), cols = rows
            let grid = (0..<rows).map { _ in (0..<cols).map { _ in rng.uniform(in: 1...9) } }
            let mask = (0..<rows).map { _ in (0..<cols).map { _ in rng.chance(1, in: 2) } }
            let rowSums = (0..<rows).map { r in (0..<cols).reduce(0) { $0 + (mask[r][$1] ? grid[r][$1] : 0) } }
            let colSums = (0..<cols).map { c in (0..<rows).reduce(0) { $0 + (mask[$1][c] ? grid[$1][c] : 0) } }
            let p = Puzzle(id: "x\(i)", difficulty: "custom", grid: grid, solution: mask, rowSums: rowSums, columnSums: colSums)
            guard let grader = try? Grader(puzzle: p) else { continue }
            let report = grader.grade()
            var key = report.hardestTechnique?.code ?? "none"
            if report.guesses > 0 { key = report.isUnique ? "unique-guess" : "multi-guess" }
            if key != "unique-guess" && key != "row-and-column" { continue }
            if rows * cols > (key == "unique-guess" ? 49 : 25) { continue }
            if found.insert(key).inserted {
                print("== \(key) \(report.label) steps \(report.steps.count)")
                print(TextFormat.write(p), terminator: "")
                print(report.explanation.joined(separator: "\n"))
            }
            if found.count == 2 { break }
        }
    }

    static func explore() {
        for size in [5, 6, 7, 8, 9] {
            for percent in [30, 40, 50, 60] {
                var rng = SplitMix64(seed: size * 100 + percent)
                var labels: [String: Int] = [:]
                let n = 300
                for i in 0..<n {
                    let grid = (0..<size).map { _ in (0..<size).map { _ in rng.uniform(in: 1...9) } }
                    let mask = (0..<size).map { _ in (0..<size).map { _ in rng.chance(percent, in: 100) } }
                    let rowSums = (0..<size).map { r in (0..<size).reduce(0) { $0 + (mask[r][$1] ? grid[r][$1] : 0) } }
                    let colSums = (0..<size).map { c in (0..<size).reduce(0) { $0 + (mask[$1][c] ? grid[$1][c] : 0) } }
                    let p = Puzzle(id: "x\(i)", difficulty: "custom", grid: grid, solution: mask, rowSums: rowSums, columnSums: colSums)
                    guard let grader = try? Grader(puzzle: p) else { continue }
                    let report = grader.grade(upTo: .rowAndColumn)
                    let label = report.outcome == .solved ? report.label : (p.countSolutions(limit: 2) == 1 ? "unique-stuck" : "multi")
                    labels[label, default: 0] += 1
                }
                let keys = ["easy", "medium", "hard", "extra-hard", "unique-stuck", "multi"]
                print("\(size)x\(size) keep \(percent)%: " + keys.map { "\($0) \(labels[$0] ?? 0)" }.joined(separator: ", "))
            }
        }
    }
}
