import ArgumentParser
import Foundation
import PuzzleKit
import PuzzleResearch

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

    @OptionGroup var options: GenerationOptions

    @Option(help: "Seconds per profile, instead of a count.")
    var duration: Double?

    @Option(name: .shortAndLong, help: "Parallel workers (default: the number of cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Flag(inversion: .prefixedNo, help: "Check each level with the solver (limit 2 solutions); --no-solve measures the generator alone.")
    var solve = true

    @Flag(inversion: .prefixedNo, help: "Grade each level (label distribution and mean score); --no-grade leaves the grader out of the timing.")
    var grade = true

    @Option(name: .shortAndLong, help: "Output: table, csv (RFC 4180, a header and one row per profile) or json (one object per profile per line).")
    var format: BenchFormat = .table

    func validate() throws {
        if options.count != nil && duration != nil { throw ValidationError("give either --count or --duration, not both.") }
        if let duration, !(duration > 0 && duration <= 86_400) { throw ValidationError("--duration must be a number of seconds between 0 and 86400.") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1.") }
        guard options.seed >= 0 || duration == nil else { throw ValidationError("--duration needs a non-negative --seed.") }
        guard options.seed <= Int.max - ((options.count ?? Self.defaultCount) - 1) else { throw ValidationError("--seed plus --count exceeds the seed range.") }
    }

    func run() async throws {
        let runs = try self.runs()
        let count = duration == nil ? (options.count ?? Self.defaultCount) : Int.max - max(options.seed, 0)
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

    /// The runs `--profile` names, in order; every profile of the family by
    /// default.
    func runs() throws -> [PuzzleRun] {
        try runs(options.family())
    }

    private func runs<F: PuzzleFamily>(_ family: F) throws -> [PuzzleRun] {
        try options.refuseUnsupported(family)
        return try options.profiles(family).map {
            PuzzleRun(family, profile: $0, unique: options.unique, minBlanks: options.minBlanks, solve: solve, grade: grade,
                      metrics: false)
        }
    }

    private func measure(_ run: PuzzleRun, count: Int) async throws -> BenchResult {
        // Warm-up: untimed, uncounted.
        let seed = options.seed
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
        let seed = options.seed
        let seeds = duration.map { "seeds from \(seed), \(Self.number($0)) s per profile" }
            ?? "seeds \(seed)…\(seed + (options.count ?? Self.defaultCount) - 1) per profile"
        var build = "release build"
        #if DEBUG
        build = "DEBUG build (measure with -c release)"
        #endif
        return """
            puzzlelab \(PuzzleLabVersion.string) bench: \(seeds), \(jobs) job\(jobs == 1 ? "" : "s"), \(options.unique ? "generate --unique" : "generate")\(options.minBlanks.map { " --min-blanks \($0)" } ?? "")\(solve ? " + uniqueness check (solver, limit 2)" : ""); \(build)
            machine: \(machineDescription())

            """
    }

    static func number(_ d: Double) -> String {
        d == d.rounded() ? String(Int(d)) : String(d)
    }
}

