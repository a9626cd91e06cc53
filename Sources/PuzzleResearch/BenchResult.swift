import Foundation
import PuzzleKit

/// One profile's bench figures.
public struct BenchResult: Sendable {
    public var profile: String
    /// The family's grade labels, easiest first.
    public var labels: [String]
    public var firstSeed: Int
    public var jobs: Int
    public var unique: Bool
    public var solved: Bool
    public var tally: BenchTally
    public var wallNanoseconds: UInt64
    public var peakMemoryBytes: Int

    public init(profile: String, labels: [String], firstSeed: Int, jobs: Int, unique: Bool, solved: Bool,
                tally: BenchTally, wallNanoseconds: UInt64, peakMemoryBytes: Int) {
        self.profile = profile
        self.labels = labels
        self.firstSeed = firstSeed
        self.jobs = jobs
        self.unique = unique
        self.solved = solved
        self.tally = tally
        self.wallNanoseconds = wallNanoseconds
        self.peakMemoryBytes = peakMemoryBytes
    }

    public var wallSeconds: Double { Double(wallNanoseconds) / 1e9 }
    public var puzzlesPerSecond: Double { wallSeconds > 0 ? Double(tally.generated) / wallSeconds : 0 }
    public var puzzlesPerCoreSecond: Double {
        tally.cpuNanoseconds > 0 ? Double(tally.generated) / (Double(tally.cpuNanoseconds) / 1e9) : 0
    }
    public var failureRate: Double { tally.seedsDone > 0 ? Double(tally.failed) / Double(tally.seedsDone) : 0 }

    public func latency(_ percentile: Double) -> Double {
        microseconds(tally.generationLatency.valueAtPercentile(percentile))
    }

    /// The failure reasons as a JSON object, most frequent first.
    public var failureReasonsJSON: String {
        ReportRow(tally.sortedFailureReasons.map { ($0.reason, .int($0.count)) }).json
    }

    /// The figures as a report row; the keys are the JSON keys and CSV columns.
    public var row: ReportRow {
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
            ("meanSolutionsUpTo2", checked ? ratio(t.solutionsUpTo2Sum, t.checked) : .null),
            ("meanSolverNodes", checked ? ratio(t.solverNodes, t.checked) : .null),
            ("solveP50Microseconds", checked ? .double(microseconds(t.solveLatency.valueAtPercentile(50))) : .null),
            ("solveP99Microseconds", checked ? .double(microseconds(t.solveLatency.valueAtPercentile(99))) : .null),
            ("solveMeanMicroseconds", checked ? .double((t.solveLatency.mean / 1000 * 1000).rounded() / 1000) : .null),
            ("meanGradeScore", t.graded > 0 ? .double(t.meanScore) : .null),
            ("gradeLabels", t.graded > 0 ? .json(ReportRow(labels.map { ($0, .int(t.labels[$0])) }).json) : .null),
            ("peakMemoryMegabytes", .double((Double(peakMemoryBytes) / 1_048_576 * 10).rounded() / 10)),
        ])
    }

    public static func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

    public static func percent(_ fraction: Double) -> String { String(format: "%.2f%%", fraction * 100) }
}

/// The human-readable bench table, written a line at a time: the header
/// before any profile runs and each profile's line as soon as it finishes.
/// Columns have fixed widths (the header's, at least 8, and the longest
/// profile name first), so the lines align without waiting for the others.
public struct BenchTable: Sendable {
    public let labels: [String]
    public let unique: Bool
    public let solved: Bool
    public let graded: Bool
    private let columns: [String]
    private let widths: [Int]

    /// - Parameters:
    ///   - profiles: every profile the run will measure, for the first column's width.
    ///   - labels: the family's grade labels, easiest first.
    ///   - unique: the run asked for unique puzzles.
    ///   - solved: the run counted solutions (the solver columns).
    ///   - graded: the run graded the puzzles (the grade columns).
    public init(profiles: [String], labels: [String], unique: Bool, solved: Bool, graded: Bool) {
        self.labels = labels
        self.unique = unique
        self.solved = solved
        self.graded = graded
        var columns = ["profile", "seeds", "failed", "puzzles/s", "per core", "p50 µs", "p90 µs", "p99 µs", "max µs", "attempts"]
        if unique { columns.append("revealed") }
        if solved { columns += ["unique", "solutions≤2", "solve p50 µs"] }
        if graded { columns += ["score", labels.joined(separator: "/")] }
        columns.append("peak MB")
        self.columns = columns
        widths = columns.enumerated().map { i, name in
            i == 0 ? max(name.count, profiles.map(\.count).max() ?? 0) : max(name.count, 8)
        }
    }

    /// The column names, aligned.
    public var header: String { line(columns) }

    /// One profile's figures, aligned under ``header``.
    public func line(_ r: BenchResult) -> String {
        let t = r.tally
        typealias F = BenchResult
        var cells = [r.profile, String(t.seedsDone), F.percent(r.failureRate), String(Int(r.puzzlesPerSecond.rounded())),
                     String(Int(r.puzzlesPerCoreSecond.rounded())), F.fixed(r.latency(50), 1), F.fixed(r.latency(90), 1),
                     F.fixed(r.latency(99), 1), F.fixed(microseconds(t.generationLatency.max), 1),
                     t.generated > 0 ? F.fixed(Double(t.attempts) / Double(t.generated), 3) : "-"]
        if unique { cells.append(t.generated > 0 ? F.fixed(Double(t.revealed) / Double(t.generated), 2) : "-") }
        if solved {
            cells += t.checked > 0
                ? [F.percent(Double(t.uniqueLevels) / Double(t.checked)), F.fixed(Double(t.solutionsUpTo2Sum) / Double(t.checked), 3),
                   F.fixed(microseconds(t.solveLatency.valueAtPercentile(50)), 1)]
                : ["-", "-", "-"]
        }
        if graded {
            cells += t.graded > 0 ? [F.fixed(t.meanScore, 1), labels.map { String(t.labels[$0]) }.joined(separator: "/")] : ["-", "-"]
        }
        cells.append(F.fixed(Double(r.peakMemoryBytes) / 1_048_576, 1))
        return line(cells)
    }

    /// The failure reasons of each profile that had any, or "failures: none".
    public static func failures(_ results: [BenchResult]) -> String {
        let lines = results.filter { !$0.tally.failureReasons.isEmpty }.map { r in
            "\(r.profile) failures: " + r.tally.sortedFailureReasons.map { "\($0.reason) \($0.count)" }.joined(separator: ", ")
        }
        return lines.isEmpty ? "failures: none" : lines.joined(separator: "\n")
    }

    private func line(_ cells: [String]) -> String {
        cells.enumerated().map { i, cell in
            let pad = String(repeating: " ", count: max(0, widths[i] - cell.count))
            return i == 0 ? cell + pad : pad + cell
        }.joined(separator: "  ")
    }
}

/// The process's peak resident set size in bytes.
///
/// On Linux this is `VmHWM` of `/proc/self/status`: `getrusage`'s
/// `ru_maxrss` survives `exec`, so under `swift run` it would report the
/// build tool's peak instead of ours.
public func peakResidentBytes() -> Int {
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
public func machineDescription() -> String {
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
