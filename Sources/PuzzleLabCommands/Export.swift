import ArgumentParser
import Foundation
import PuzzleKit
import PuzzleResearch

struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write one CSV row of metrics per generated puzzle, for notebooks.",
        discussion: """
            Generates the levels of seeds SEED … SEED+COUNT-1 and writes one
            RFC 4180 row per seed, in seed order: size, equations, blanks,
            crossing metrics, the generator's attempts, the uniqueness check
            (solver, limit 2 solutions) and the times. A seed whose generation
            fails gets a row with its failure reason and empty metrics. The
            first seed runs once untimed before the rows, so its timings do
            not carry the start-up cost.
            `--list-columns` describes every column and its unit.

            Rows go to FILE.partial as they finish; the finished file is
            renamed to FILE atomically. An existing FILE is kept unless
            --force. Ctrl-C keeps every finished row and leaves FILE.partial
            a valid CSV; run the same command with --resume to continue it
            without repeating a seed (every row is checked first). --resume
            of a finished export says so and changes nothing. Apart from the
            timing columns the output does not depend on --jobs.

            Examples:
              puzzlelab export --profile class_1 --count 1000 --out class_1.csv
              puzzlelab export --profile class_4 --count 100000 --out big.csv --resume
              puzzlelab export --kind cross-sums --profile hard --count 500 --out hard.csv
              puzzlelab export --list-columns
              puzzlelab export --kind drills --list-columns --summary json
              puzzlelab export --seed 10001 --count 10000 --out - --summary json

            `--summary json` is for drivers that run one shard of seeds per
            call: the summary on standard error becomes one JSON object
            (rows, seeds, failed, wall time, and each column's value type in
            this run's rows), and with --list-columns the family's profiles
            and columns are printed as JSON.
            """
    )

    @OptionGroup var options: GenerationOptions<Export>

    @Option(name: .shortAndLong, help: "The CSV file to write (FILE.partial while it is written; - for standard output).")
    var out: String?

    @OptionGroup var workers: Workers

    @OptionGroup var budget: TimeBudget

    @Flag(help: "Continue an interrupted export from FILE.partial (a finished FILE is left as it is).")
    var resume = false

    @Flag(help: "Replace FILE if it exists (without it an existing file is an error and is kept).")
    var force = false

    @Flag(help: "Print the columns, their units and meanings as a Markdown table, and exit.")
    var listColumns = false

    @Option(help: "The summary on standard error: text (one line) or json (one object, for drivers); with --list-columns, json prints the family's profiles and columns.")
    var summary: SummaryFormat = .text

    @OptionGroup var weights: WeightsOption

    func validate() throws {
        if listColumns { return }
        try options.refuseSeedsFile("export works through --seed and --count (it resumes by row)")
        guard options.count != nil else { throw ValidationError("missing --count N.") }
        _ = try options.seedRange(standardCount: 1)
        guard let out, !out.isEmpty else { throw ValidationError("missing --out FILE.csv.") }
        if out == "-" && resume { throw ValidationError("--resume needs --out FILE.csv (standard output cannot be resumed).") }
    }

    func run() async throws {
        let run = try makeRun(options.family())
        let columns = PuzzleColumn.all(metrics: run.metricColumns, gradeLabels: run.labels)
        if listColumns {
            print(summary == .json ? Self.columnsJSON(columns, family: options.family()) : PuzzleColumn.markdownTable(columns))
            return
        }
        guard let count = options.count, let out else { return }
        let seed = options.seed
        // Only a regular file gets a partial file; standard output or an
        // existing FIFO or character device is written to as it is.
        let target = try OutputTarget(out, replacing: true)
        let streaming = target != .file(out)
        let partial = target == .standardOutput ? "standard output" : streaming ? out : out + ".partial"
        if streaming && resume { throw CLIError("\(out) is not a regular file: --resume needs --out FILE.csv") }
        let header = ReportRow(columns.map { ($0.name, .null) }).csvHeader + CSV.lineEnd
        if !streaming && !force && FileManager.default.fileExists(atPath: out) {
            guard resume else { throw CLIError("\(out) exists; add --force to replace it", status: .cannotCreate) }
            // A finished export: say whether it is this one, and change nothing.
            let rows: Int
            do {
                rows = try Self.resumable(readInput(path: out), path: out, columns: columns, profile: run.profileID, seed: seed,
                                          unique: run.unique, repair: nil)
            } catch {
                throw CLIError("\(out) is finished and is not this export (\(error)); it is kept: export to another file, or add --force to replace it", status: .cannotCreate)
            }
            guard rows == count else {
                throw CLIError("\(out) is finished with \(rows) rows, not --count \(count); it is kept: export to another file, or add --force to replace it", status: .cannotCreate)
            }
            printError("\(out): already complete (\(count) rows, profile \(run.profileID), seeds \(seed)…\(seed + (count - 1))); nothing to resume")
            return
        }
        let handle: FileHandle
        var existing = 0
        if streaming {
            handle = target == .standardOutput ? .standardOutput : try openStream(out)
            try write(Data(header.utf8), to: handle, path: partial)
        } else if resume, let h = try ExportPartial.openToResume(partial) {
            // Locked: no other export writes it while it is checked and continued.
            handle = h
            existing = try Self.resumable(readInput(path: partial), path: partial, columns: columns, profile: run.profileID,
                                          seed: seed, unique: run.unique, repair: handle)
            guard existing <= count else {
                throw CLIError("\(partial) already holds \(existing) rows, more than --count \(count)", status: .dataError)
            }
            try handle.seekToEnd()
        } else {
            handle = try ExportPartial.create(partial, header: header)
        }
        defer { if target != .standardOutput { try? handle.close() } }

        let started = ContinuousClock.now
        let typed = summary == .json
        let watch = InterruptWatch()
        defer { watch.cancel() }
        let bar = ProgressBar(label: run.profileID, total: count, duration: nil, alreadyDone: existing)
        // The seeds still to do start after the partial's rows; none are left when it holds all (seed + count may lie past Int.max).
        let first = existing < count ? seed + existing : seed
        // Warm-up, untimed and not written: the first row's timings would
        // otherwise carry the process's start-up cost (tables built on first use).
        if existing < count { _ = run.record(first) }
        let runner = SeedRunner(first: first, count: count - existing, jobs: workers.count, stop: watch.flag)
        var failed = 0
        var kinds = ValueKinds(columns: columns.count)
        let written = try await runner.run(
            work: { seeds, stop in
                var chunk = ExportChunk()
                for seed in seeds {
                    if stop?.isSet == true { break }
                    let record = run.record(seed)
                    let row = PuzzleColumn.row(record, columns: columns)
                    chunk.text += row.csv + CSV.lineEnd
                    if typed { chunk.kinds.note(row) }
                    chunk.seedsDone += 1
                    if !record.generated { chunk.failed += 1 }
                }
                return chunk
            },
            deliver: { chunk in
                try write(Data(chunk.text.utf8), to: handle, path: partial)
                failed += chunk.failed
                kinds.merge(chunk.kinds)
            },
            progress: { bar.update(done: existing + $0) })
        bar.finish()
        let total = existing + written
        guard total == count else {
            let kept = total == 0 ? "no rows yet" : "\(total) rows (seeds \(seed)…\(seed + (total - 1)))"
            if streaming {
                printError("puzzlelab: interrupted; \(partial) has \(kept) of \(count)")
            } else {
                try? handle.synchronize()
                printError("puzzlelab: interrupted; \(partial) keeps \(kept); run the same command with --resume to continue")
            }
            throw ExitCode(130)
        }
        if !streaming {
            try handle.synchronize()
            // The lock is held until the handle closes, after the move: the
            // finished file never has a second writer either.
            try moveIntoPlace(partial, out, replacing: force)
        }
        if typed {
            let wall = ContinuousClock.now - started
            printError(ReportRow([
                ("out", .string(out)), ("kind", .string(options.family().info.name)), ("profile", .string(run.profileID)),
                ("unique", .bool(run.unique)), ("toolkitVersion", .string(PuzzleLabVersion.string)),
                ("firstSeed", .int(seed)), ("count", .int(count)), ("rows", .int(total)), ("resumedAfter", .int(existing)),
                ("failed", .int(failed)), ("wallSeconds", .double(Double(wall.microseconds) / 1_000_000)),
                ("columns", .json("[" + columns.indices.map { index in
                    ReportRow([("name", .string(columns[index].name)), ("type", .string(kinds.type(of: index)))]).json
                }.joined(separator: ",") + "]")),
            ]).json)
            return
        }
        let resumed = existing > 0 ? ", resumed after \(existing)" : ""
        printError("\(out): \(count) rows, profile \(run.profileID), seeds \(seed)…\(seed + (count - 1))\(resumed), \(failed) failed in this run")
    }

    /// Checks an export file (an interrupted one's partial file, or a
    /// finished one) and returns its row count.
    ///
    /// The header must be this version's, and the rows must be the seeds
    /// `seed`, `seed + 1`, … of the same profile and mode, each cell of its
    /// column's kind (``PuzzleColumn/accepts(_:)``). A cell an error quotes
    /// is shown escaped and shortened (`String.printable(excerpts:)`).
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - path: its name, for messages.
    ///   - repair: the file open for writing: an unfinished last line (a row
    ///     cut off by a crash) is removed from the file through it; `nil`
    ///     leaves the file as it is.
    static func resumable(_ data: Data, path: String, columns: [PuzzleColumn], profile: String, seed: Int, unique: Bool,
                          repair: FileHandle?) throws -> Int {
        let names = columns.map(\.name)
        guard let lastNewline = data.lastIndex(of: UInt8(ascii: "\n")) else {
            throw CLIError("\(path): no complete header line; delete the file and start again", status: .dataError)
        }
        let kept = data[..<(lastNewline + 1)]
        guard let text = String(data: kept, encoding: .utf8), let records = CSV.parse(text), let header = records.first else {
            throw CLIError("\(path): not a valid UTF-8 CSV file; delete it and start again", status: .dataError)
        }
        guard header == names else {
            throw CLIError("\(path):1: the header is not this version's (\(names.count) columns from seed to \(names.last ?? "")); delete the file or export to another one", status: .dataError)
        }
        let column = { (name: String) in names.firstIndex(of: name) ?? 0 }
        let (seedColumn, profileColumn, versionColumn, uniqueColumn) =
            (column("seed"), column("profile"), column("toolkitVersion"), column("unique"))
        for (offset, record) in records.dropFirst().enumerated() {
            let line = offset + 2
            let (expected, pastLast) = seed.addingReportingOverflow(offset)
            guard !pastLast else {
                throw CLIError("\(path):\(line): a row after seed \(Int.max), the largest seed; delete the file and start again", status: .dataError)
            }
            let cell = { (index: Int) in record[index].printable(excerpts: true) }
            guard record.count == names.count else {
                throw CLIError("\(path):\(line): expected \(names.count) fields, found \(record.count)", status: .dataError)
            }
            guard record[seedColumn] == String(expected) else {
                throw CLIError("\(path):\(line): seed \(cell(seedColumn)), expected \(expected); resume with the --seed the export started with", status: .dataError)
            }
            guard record[profileColumn] == profile else {
                throw CLIError("\(path):\(line): profile \(cell(profileColumn)), expected \(profile); resume with the same --profile", status: .dataError)
            }
            guard record[uniqueColumn] == String(unique) else {
                throw CLIError("\(path):\(line): unique is \(cell(uniqueColumn)); resume with\(unique ? "out" : "") --unique", status: .dataError)
            }
            guard record[versionColumn] == PuzzleLabVersion.string else {
                throw CLIError("\(path):\(line): written by PuzzleLab \(cell(versionColumn)), this is \(PuzzleLabVersion.string); start a new export", status: .dataError)
            }
            if let bad = columns.indices.first(where: { !columns[$0].accepts(record[$0]) }) {
                throw CLIError("\(path):\(line): column \(names[bad]) holds '\(cell(bad))', expected \(columns[bad].kind.expected); delete the file and start again", status: .dataError)
            }
        }
        if let repair, kept.count < data.count {
            do { try repair.truncate(atOffset: UInt64(kept.count)) } catch {
                throw CLIError("\(path): cannot cut off its unfinished last line: \(systemReason(error))", status: .ioError)
            }
        }
        return records.count - 1
    }

    /// `--list-columns --summary json`: the family, its profiles and its
    /// columns (name, unit, type, meaning, timing; a label column's
    /// labels) as one JSON object.
    static func columnsJSON(_ columns: [PuzzleColumn], family: any PuzzleFamily) -> String {
        ReportRow([
            ("kind", .string(family.info.name)), ("toolkitVersion", .string(PuzzleLabVersion.string)),
            ("profiles", .strings(family.profileNames)),
            ("columns", .json("[" + columns.map { column in
                var fields: [(String, ReportValue)] = [("name", .string(column.name)), ("unit", .string(column.unit)),
                                                       ("type", .string(column.kind.name))]
                if case .label(let labels) = column.kind { fields.append(("labels", .strings(labels))) }
                fields += [("meaning", .string(column.meaning)), ("timing", .bool(column.timing))]
                return ReportRow(fields).json
            }.joined(separator: ",") + "]")),
        ]).json
    }

    /// The run of the family and profile asked for.
    private func makeRun<F: CountingFamily & GradingFamily>(_ family: F) throws -> PuzzleRun {
        try options.refuseUnsupported(family)
        return PuzzleRun(family, profile: try options.singleProfile(family), unique: options.unique,
                         minBlanks: options.minBlanks, solve: true, grade: true, timeLimit: budget.time,
                         weights: try weights.load(family))
    }
}

/// The CSV rows of one chunk of seeds.
struct ExportChunk: SeedChunkResult {
    var text = ""
    var seedsDone = 0
    var failed = 0
    var kinds = ValueKinds(columns: 0)
}

/// `--summary`'s formats.
enum SummaryFormat: String, ExpressibleByArgument {
    case text, json
}

/// The kinds of value (int, double, string, bool, json) each column held in
/// the rows written, for `--summary json`: a driver declares its column
/// types from them instead of guessing from the CSV text ("2" may be a
/// double).
struct ValueKinds: Sendable {
    private var bits: [UInt8]

    init(columns: Int) { bits = Array(repeating: 0, count: columns) }

    mutating func note(_ row: ReportRow) {
        if bits.count < row.fields.count { bits += Array(repeating: 0, count: row.fields.count - bits.count) }
        for (index, field) in row.fields.enumerated() {
            switch field.value {
            case .int: bits[index] |= 1
            case .double: bits[index] |= 2
            case .string: bits[index] |= 4
            case .bool: bits[index] |= 8
            case .json: bits[index] |= 16
            case .null: break
            }
        }
    }

    mutating func merge(_ other: ValueKinds) {
        if bits.count < other.bits.count { bits += Array(repeating: 0, count: other.bits.count - bits.count) }
        for (index, value) in other.bits.enumerated() { bits[index] |= value }
    }

    /// `int`, `double`, `string`, `bool`, `json`; `null` when every value
    /// was empty; `double` for ints and doubles together, `string` for any
    /// other mix (a count above 2^53 is written as a string).
    func type(of column: Int) -> String {
        switch column < bits.count ? bits[column] : 0 {
        case 0: "null"
        case 1: "int"
        case 2, 3: "double"
        case 8: "bool"
        case 16: "json"
        default: "string"
        }
    }
}

extension Export: GeneratingCommand {
    static var takesSeedsFile: Bool { false }
    typealias Profiles = OneProfile
    static var countHelp: String { "How many rows, of seeds SEED … SEED+N-1 (required)." }
}
