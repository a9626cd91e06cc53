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
            one per core). Results go to stdout as they come: the header at
            once, each profile's row (table, csv or json) as soon as the
            profile finishes. Ctrl-C keeps the finished rows and says on
            stderr which profile was cut and which did not run (exit 130). A
            progress bar with the whole run's ETA goes to stderr when it is a
            terminal (--progress / --no-progress force it either way).
            Measure in a release build (swift run -c release …).

            Examples:
              puzzlelab bench
              puzzlelab bench --profile class_4 --count 100000 --jobs 1
              puzzlelab bench --profile class_2 --duration 10 --unique --format json
              puzzlelab bench --kind cross-sums --profile extra-hard --count 2000
              puzzlelab bench --profile my-profile.json --format csv > bench.csv
            """
    )

    @OptionGroup var options: GenerationOptions<Bench>

    @Option(parsing: .unconditional, help: "Seconds per profile, instead of a count.")
    var duration: Double?

    @OptionGroup var workers: Workers

    @OptionGroup var budget: TimeBudget

    @Flag(inversion: .prefixedNo, help: "Draw the progress bar on stderr (default: only when stderr is a terminal).")
    var progress: Bool?

    @Flag(inversion: .prefixedNo, help: "Check each level with the solver (limit 2 solutions); --no-solve measures the generator alone.")
    var solve = true

    @Flag(inversion: .prefixedNo, help: "Grade each level (label distribution and mean score); --no-grade leaves the grader out of the timing.")
    var grade = true

    @Option(name: .shortAndLong, help: "Output: table, csv (RFC 4180, a header and one row per profile) or json (one object per profile per line).")
    var format: BenchFormat = .table

    @OptionGroup var weights: WeightsOption

    func validate() throws {
        if weights.weights != nil && !grade { throw ValidationError("--weights changes the grades' scores; --no-grade makes none.") }
        if options.count != nil && duration != nil { throw ValidationError("give either --count or --duration, not both.") }
        if let duration, !(duration > 0 && duration <= 86_400) { throw ValidationError("--duration must be a number of seconds between 0 and 86400.") }
        try options.refuseSeedsFile("bench works through --seed and --count (or --duration)")
        guard options.seed >= 0 || duration == nil else { throw ValidationError("--duration needs a non-negative --seed.") }
        _ = try seeds()
    }

    /// The seeds each profile may use: SEED … SEED+COUNT-1, or with
    /// --duration every seed from SEED up to `Int.max` (the clock stops the
    /// run long before).
    func seeds() throws -> ClosedRange<Int> {
        duration == nil ? try options.seedRange(standardCount: Self.defaultCount) : options.seed...Int.max
    }

    func run() async throws {
        let runs = try self.runs()
        let seeds = try self.seeds()
        // SEED…Int.max holds Int.max + 1 seeds when SEED is 0; no run gets near either.
        let count = seeds.upperBound - seeds.lowerBound == Int.max ? Int.max : seeds.upperBound - seeds.lowerBound + 1
        // The progress bar's total, and the check that the whole run's seeds can be counted.
        let (total, overflow) = count.multipliedReportingOverflow(by: runs.count)
        guard duration != nil || !overflow else {
            throw ValidationError("--count \(count) for each of \(runs.count) profiles is more seeds than one run can count (at most \(Int.max) in all).")
        }
        let labels = runs.first?.labels ?? []
        let table = BenchTable(profiles: runs.map(\.profileID), labels: labels, unique: options.unique, solved: solve,
                               graded: grade && !labels.isEmpty)
        if format == .table { emit(header(seeds) + "\n" + table.header) }
        let watch = InterruptWatch()
        defer { watch.cancel() }
        let bar = ProgressBar(label: "bench", total: duration == nil ? total : nil,
                              duration: duration.map { $0 * Double(runs.count) }, enabled: progress)
        var results: [BenchResult] = []
        for (index, run) in runs.enumerated() {
            let doneBefore = results.reduce(0) { $0 + $1.tally.seedsDone }
            let result = try await measure(run, count: count, stop: watch.flag) { bar.update(done: doneBefore + $0) }
            if watch.flag.isSet {
                bar.finish()
                let rest = runs.dropFirst(index + 1).map(\.profileID)
                printError("puzzlelab: interrupted; \(results.count) of \(runs.count) profiles finished; \(run.profileID) cut after "
                           + "\(result.tally.seedsDone) seeds" + (rest.isEmpty ? "" : "; not run: \(rest.joined(separator: ", "))"))
                throw ExitCode(130)
            }
            results.append(result)
            switch format {
            case .table: emit(table.line(result))
            case .json: emit(result.row.json)
            case .csv: emit((results.count == 1 ? [result.row.csvHeader, result.row.csv] : [result.row.csv]).joined(separator: CSV.lineEnd),
                            terminator: CSV.lineEnd)
            }
        }
        bar.finish()
        if format == .table { emit(BenchTable.failures(results)) }
    }

    /// Prints `text` and flushes it at once, so a reader (or a run cut short)
    /// has every finished row.
    private func emit(_ text: String, terminator: String = "\n") {
        print(text, terminator: terminator)
        flushStandardOutput()
    }

    /// The runs `--profile` names, in order; every profile of the family by
    /// default.
    func runs() throws -> [PuzzleRun] {
        try runs(options.family())
    }

    private func runs<F: CountingFamily & GradingFamily>(_ family: F) throws -> [PuzzleRun] {
        try options.refuseUnsupported(family)
        return try options.profiles(family).map {
            PuzzleRun(family, profile: $0, unique: options.unique, minBlanks: options.minBlanks, solve: solve, grade: grade,
                      metrics: false, timeLimit: budget.time, weights: try weights.load(family))
        }
    }

    /// Measures one profile; `stop` cuts it short, `progress` gets the seeds done.
    private func measure(_ run: PuzzleRun, count: Int, stop: StopFlag, progress: @escaping (Int) -> Void) async throws -> BenchResult {
        // Warm-up: untimed, uncounted.
        let seed = options.seed
        for offset in 0..<min(count, 100) where !stop.isSet { _ = run.record(seed + offset) }
        let start = monotonicNanoseconds()
        let runner = SeedRunner(first: seed, count: count, jobs: workers.count,
                                deadline: duration.map { start + UInt64($0 * 1e9) }, stop: stop)
        var tally = BenchTally()
        _ = try await runner.run(
            work: { seeds, stop in
                let begin = threadCPUNanoseconds()
                var tally = BenchTally()
                for seed in seeds {
                    if stop?.isSet == true { break }
                    tally.add(run.record(seed))
                }
                tally.cpuNanoseconds = threadCPUNanoseconds() &- begin
                return tally
            },
            deliver: { tally.merge($0) },
            progress: progress)
        let wall = monotonicNanoseconds() &- start
        return BenchResult(profile: run.profileID, labels: run.labels, firstSeed: seed, jobs: workers.count, unique: run.unique, solved: solve,
                           tally: tally, wallNanoseconds: wall, peakMemoryBytes: peakResidentBytes())
    }

    private func header(_ range: ClosedRange<Int>) -> String {
        let seeds = duration.map { "seeds from \(range.lowerBound), \(Self.number($0)) s per profile" }
            ?? "seeds \(range.lowerBound)…\(range.upperBound) per profile"
        var build = "release build"
        #if DEBUG
        build = "DEBUG build (measure with -c release)"
        #endif
        return """
            puzzlelab \(PuzzleLabVersion.string) bench: \(seeds), \(counted(workers.count, "job")), \(options.unique ? "generate --unique" : "generate")\(options.minBlanks.map { " --min-blanks \($0)" } ?? "")\(solve ? " + uniqueness check (solver, limit 2)" : ""); \(build)
            machine: \(machineDescription())

            """
    }

    static func number(_ d: Double) -> String {
        d == d.rounded() ? String(Int(d)) : String(d)
    }
}

extension Bench: GeneratingCommand {
    static var takesSeedsFile: Bool { false }
    typealias Profiles = SeveralProfiles
    static var countHelp: String { "How many puzzles per profile (default: \(defaultCount) per profile; --duration instead runs for a time)." }
}
