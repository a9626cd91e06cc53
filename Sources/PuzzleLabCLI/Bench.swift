import ArgumentParser
import Foundation
import MathCrossword
import PuzzleKit

enum BenchFormat: String, ExpressibleByArgument, CaseIterable {
    case table, csv, json
}

struct Bench: AsyncParsableCommand {
    static let defaultCount = 20_000

    static let configuration = CommandConfiguration(
        abstract: "Measure the generator per profile: throughput, latency, failures, uniqueness.",
        discussion: """
            For each profile it generates the levels of seeds SEED, SEED+1, …
            (so results do not depend on --jobs) and reports: puzzles per
            second (wall clock, and per core: per second of the workers' CPU
            time, which stays meaningful on a busy machine), generator
            latency percentiles from an HDR histogram (every call, failed
            ones too), the failure rate with each failure reason counted,
            attempts per generated level, and — unless --no-solve — the
            uniqueness check: the solver counts each level's solutions up to
            a limit of 2, giving the share of unique levels and the mean
            solution count (capped at 2). Peak memory is the process's
            largest resident set so far (VmHWM on Linux). The first
            min(COUNT, 100) seeds run once, untimed, as a warm-up.

            --jobs N runs N workers in parallel (Swift concurrency, at most
            one per core). A progress bar with ETA goes to stderr when it is a
            terminal; results go to stdout. Measure in a release build
            (swift run -c release …).

            Examples:
              puzzlelab bench
              puzzlelab bench --profile class_4 --count 100000 --jobs 1
              puzzlelab bench --profile class_2 --duration 10 --unique --format json
              puzzlelab bench --kind cross-sums --profile extra-hard --count 2000
              puzzlelab bench --profile my-profile.json --format csv > bench.csv
            """
    )

    @Option(help: "math-crossword or cross-sums.")
    var kind: PuzzleKind = .mathCrossword

    @Option(name: .shortAndLong, help: "Math crossword: all (the four class profiles), class_1 … class_4, or a profile JSON file. Cross sums: all, easy, medium, hard or extra-hard. Repeat for several.")
    var profile: [String] = []

    @Option(name: .shortAndLong, help: "Seeds per profile (default \(Bench.defaultCount) unless --duration is given).")
    var count: Int?

    @Option(help: "Seconds per profile, instead of a count.")
    var duration: Double?

    @Option(name: .shortAndLong, help: "The first seed.")
    var seed = 1

    @Option(name: .shortAndLong, help: "Parallel workers (default: the number of cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Generate with --unique (reveal cells until the solution is unique).")
    var unique = false

    @Flag(inversion: .prefixedNo, help: "Check each level with the solver (limit 2 solutions); --no-solve measures the generator alone.")
    var solve = true

    @Flag(inversion: .prefixedNo, help: "Grade each level (label distribution and mean score); --no-grade leaves the grader out of the timing.")
    var grade = true

    @Option(name: .shortAndLong, help: "Output: table, csv (RFC 4180, a header and one row per profile) or json (one object per profile per line).")
    var format: BenchFormat = .table

    func validate() throws {
        if count != nil && duration != nil { throw ValidationError("give either --count or --duration, not both.") }
        guard kind == .mathCrossword || !unique else { throw ValidationError("cross sums puzzles are always unique; drop --unique.") }
        if let count, count < 1 { throw ValidationError("--count must be at least 1.") }
        if let duration, !(duration > 0 && duration <= 86_400) { throw ValidationError("--duration must be a number of seconds between 0 and 86400.") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1.") }
        guard seed >= 0 || duration == nil else { throw ValidationError("--duration needs a non-negative --seed.") }
        guard seed <= Int.max - ((count ?? Self.defaultCount) - 1) else { throw ValidationError("--seed plus --count exceeds the seed range.") }
    }

    func run() async throws {
        let runs = try self.runs()
        let count = duration == nil ? (self.count ?? Self.defaultCount) : Int.max - max(seed, 0)
        var results: [BenchResult] = []
        if format == .table { print(header()) }
        var wroteCSVHeader = false
        for run in runs {
            let result = try await measure(run, count: count)
            results.append(result)
            let row = result.row
            switch format {
            case .table: break
            case .json: print(row.json)
            case .csv:
                if !wroteCSVHeader { print(row.csvHeader, terminator: CSV.lineEnd); wroteCSVHeader = true }
                print(row.csv, terminator: CSV.lineEnd)
            }
        }
        if format == .table { print(BenchResult.table(results)) }
    }

    /// The runs `--profile` names, in order; every class profile (or cross
    /// sums difficulty) by default.
    func runs() throws -> [PuzzleRun] {
        if kind == .crossSums { return try CrossSumsCLI.runs(profile, solve: solve, grade: grade) }
        var profiles: [DifficultyProfile] = []
        for name in profile.isEmpty ? ["all"] : profile {
            if name == "all" { profiles += DifficultyProfile.classProfiles } else { profiles.append(try resolveProfile(name)) }
        }
        return profiles.map { .mathCrossword($0, unique: unique, solve: solve, shape: false, grade: grade) }
    }

    private func measure(_ run: PuzzleRun, count: Int) async throws -> BenchResult {
        // Warm-up: untimed, uncounted.
        for offset in 0..<min(count, 100) { _ = run.record(seed + offset) }
        let bar = ProgressBar(label: run.profileID, total: duration == nil ? count : nil, duration: duration)
        let start = monotonicNanoseconds()
        let runner = SeedRunner(first: seed, count: count, jobs: jobs,
                                deadline: duration.map { start + UInt64($0 * 1e9) })
        var tally = BenchTally()
        _ = try await runner.run(
            work: { seeds, _ in
                let begin = threadCPUNanoseconds()
                var tally = BenchTally()
                for seed in seeds { tally.add(run.record(seed)) }
                tally.cpuNanoseconds = threadCPUNanoseconds() &- begin
                return tally
            },
            deliver: { tally.merge($0) },
            progress: { bar.update(done: $0) })
        let wall = monotonicNanoseconds() &- start
        bar.finish()
        return BenchResult(profile: run.profileID, labels: run.labels, firstSeed: seed, jobs: jobs, unique: run.unique, solved: solve,
                           tally: tally, wallNanoseconds: wall, peakMemoryBytes: peakResidentBytes())
    }

    private func header() -> String {
        let seeds = duration.map { "seeds from \(seed), \(Self.number($0)) s per profile" }
            ?? "seeds \(seed)…\(seed + (count ?? Self.defaultCount) - 1) per profile"
        var build = "release build"
        #if DEBUG
        build = "DEBUG build (measure with -c release)"
        #endif
        return """
            puzzlelab \(PuzzleLabVersion.string) bench: \(seeds), \(jobs) job\(jobs == 1 ? "" : "s"), \(unique ? "generate --unique" : "generate")\(solve ? " + uniqueness check (solver, limit 2)" : ""); \(build)
            machine: \(machineDescription())

            """
    }

    static func number(_ d: Double) -> String {
        d == d.rounded() ? String(Int(d)) : String(d)
    }
}

/// One profile's bench figures.
struct BenchResult {
    var profile: String
    /// The family's grade labels, easiest first.
    var labels: [String]
    var firstSeed: Int
    var jobs: Int
    var unique: Bool
    var solved: Bool
    var tally: BenchTally
    var wallNanoseconds: UInt64
    var peakMemoryBytes: Int

    var wallSeconds: Double { Double(wallNanoseconds) / 1e9 }
    var puzzlesPerSecond: Double { wallSeconds > 0 ? Double(tally.generated) / wallSeconds : 0 }
    var puzzlesPerCoreSecond: Double {
        tally.cpuNanoseconds > 0 ? Double(tally.generated) / (Double(tally.cpuNanoseconds) / 1e9) : 0
    }
    var failureRate: Double { tally.seedsDone > 0 ? Double(tally.failed) / Double(tally.seedsDone) : 0 }

    func latency(_ percentile: Double) -> Double {
        microseconds(tally.generationLatency.valueAtPercentile(percentile))
    }

    /// The failure reasons as a JSON object, most frequent first.
    var failureReasonsJSON: String {
        ReportRow(tally.sortedFailureReasons.map { ($0.reason, .int($0.count)) }).json
    }

    /// The figures as a report row; the keys are the JSON keys and CSV columns.
    var row: ReportRow {
        let t = tally
        let checked = solved && t.checked > 0
        func ratio(_ a: Int, _ b: Int) -> ReportValue { b > 0 ? .double(Double(a) / Double(b)) : .null }
        return ReportRow([
            ("profile", .string(profile)), ("toolkitVersion", .string(PuzzleLabVersion.string)),
            ("unique", .bool(unique)), ("firstSeed", .int(firstSeed)), ("seeds", .int(t.seedsDone)), ("jobs", .int(jobs)),
            ("generated", .int(t.generated)), ("failed", .int(t.failed)), ("failureRate", .double(failureRate)),
            ("failureReasons", .json(failureReasonsJSON)),
            ("wallSeconds", .double(wallSeconds)), ("puzzlesPerSecond", .double(puzzlesPerSecond.rounded())),
            ("puzzlesPerSecondPerCore", .double(puzzlesPerCoreSecond.rounded())),
            ("latencyP50Microseconds", .double(latency(50))), ("latencyP90Microseconds", .double(latency(90))),
            ("latencyP99Microseconds", .double(latency(99))),
            ("latencyMaxMicroseconds", .double(microseconds(t.generationLatency.max))),
            ("latencyMeanMicroseconds", .double((t.generationLatency.mean / 1000 * 1000).rounded() / 1000)),
            ("attemptsPerSuccess", ratio(t.attempts, t.generated)),
            ("revealedPerSuccess", unique ? ratio(t.revealed, t.generated) : .null),
            ("uniqueRate", checked ? ratio(t.uniqueLevels, t.checked) : .null),
            ("meanSolutionCountCappedAt2", checked ? ratio(t.solutionCountSum, t.checked) : .null),
            ("meanSolverNodes", checked ? ratio(t.solverNodes, t.checked) : .null),
            ("solveP50Microseconds", checked ? .double(microseconds(t.solveLatency.valueAtPercentile(50))) : .null),
            ("solveP99Microseconds", checked ? .double(microseconds(t.solveLatency.valueAtPercentile(99))) : .null),
            ("solveMeanMicroseconds", checked ? .double((t.solveLatency.mean / 1000 * 1000).rounded() / 1000) : .null),
            ("meanGradeScore", t.graded > 0 ? .double(t.meanScore) : .null),
            ("gradeLabels", t.graded > 0 ? .json(ReportRow(labels.map { ($0, .int(t.labels[$0] ?? 0)) }).json) : .null),
            ("peakMemoryMegabytes", .double((Double(peakMemoryBytes) / 1_048_576 * 10).rounded() / 10)),
        ])
    }

    /// The human-readable table of several profiles, with failure reasons below.
    static func table(_ results: [BenchResult]) -> String {
        let solved = results.contains { $0.solved }
        var header = ["profile", "seeds", "failed", "puzzles/s", "per core", "p50 µs", "p90 µs", "p99 µs", "max µs", "attempts"]
        if results.contains(where: \.unique) { header.append("revealed") }
        if solved { header += ["unique", "solutions≤2", "solve p50 µs"] }
        let graded = results.contains { $0.tally.graded > 0 }
        if graded { header += ["score", results.first?.labels.joined(separator: "/") ?? "labels"] }
        header.append("peak MB")
        var lines = [header]
        for r in results {
            let t = r.tally
            var line = [r.profile, String(t.seedsDone), percent(r.failureRate), String(Int(r.puzzlesPerSecond.rounded())),
                        String(Int(r.puzzlesPerCoreSecond.rounded())), fixed(r.latency(50), 1), fixed(r.latency(90), 1),
                        fixed(r.latency(99), 1), fixed(microseconds(t.generationLatency.max), 1),
                        t.generated > 0 ? fixed(Double(t.attempts) / Double(t.generated), 3) : "-"]
            if results.contains(where: \.unique) {
                line.append(r.unique && t.generated > 0 ? fixed(Double(t.revealed) / Double(t.generated), 2) : "-")
            }
            if solved {
                if r.solved && t.checked > 0 {
                    line += [percent(Double(t.uniqueLevels) / Double(t.checked)),
                             fixed(Double(t.solutionCountSum) / Double(t.checked), 3),
                             fixed(microseconds(t.solveLatency.valueAtPercentile(50)), 1)]
                } else {
                    line += ["-", "-", "-"]
                }
            }
            if graded {
                line += t.graded > 0
                    ? [fixed(t.meanScore, 1), r.labels.map { String(t.labels[$0] ?? 0) }.joined(separator: "/")]
                    : ["-", "-"]
            }
            line.append(fixed(Double(r.peakMemoryBytes) / 1_048_576, 1))
            lines.append(line)
        }
        var widths = [Int](repeating: 0, count: header.count)
        for line in lines { for (i, cell) in line.enumerated() { widths[i] = max(widths[i], cell.count) } }
        var out = lines.map { line in
            line.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return i == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        for r in results where !r.tally.failureReasons.isEmpty {
            out.append("\(r.profile) failures: " + r.tally.sortedFailureReasons.map { "\($0.reason) \($0.count)" }.joined(separator: ", "))
        }
        if results.allSatisfy({ $0.tally.failureReasons.isEmpty }) { out.append("failures: none") }
        return out.joined(separator: "\n")
    }

    static func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

    static func percent(_ fraction: Double) -> String { String(format: "%.2f%%", fraction * 100) }
}

/// The process's peak resident set size in bytes.
///
/// On Linux this is `VmHWM` of `/proc/self/status`: `getrusage`'s
/// `ru_maxrss` survives `exec`, so under `swift run` it would report the
/// build tool's peak instead of ours.
func peakResidentBytes() -> Int {
    #if os(Linux)
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
       let kilobytes = Int(line.dropFirst("VmHWM:".count).filter(\.isNumber)) {
        return kilobytes * 1024
    }
    #endif
    var usage = rusage()
    #if canImport(Darwin)
    guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
    return Int(usage.ru_maxrss)  // bytes on Darwin
    #else
    guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
    return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #endif
}

/// The CPU model, core count and operating system, for the bench header.
func machineDescription() -> String {
    var cpu = "unknown CPU"
    if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
       let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
       let colon = line.firstIndex(of: ":") {
        cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let process = ProcessInfo.processInfo
    var load = ""
    if let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
       let first = text.split(separator: " ").first {
        load = ", load average \(first) at start"
    }
    return "\(cpu), \(process.activeProcessorCount) cores, \(process.operatingSystemVersionString)\(load)"
}
