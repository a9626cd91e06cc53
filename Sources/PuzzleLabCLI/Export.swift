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
            fails gets a row with its failure reason and empty metrics.
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
            """
    )

    @OptionGroup var options: GenerationOptions

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

    func validate() throws {
        if listColumns { return }
        guard options.count != nil else { throw ValidationError("missing --count N.") }
        guard let out, !out.isEmpty else { throw ValidationError("missing --out FILE.csv.") }
        if out == "-" && resume { throw ValidationError("--resume needs --out FILE.csv (standard output cannot be resumed).") }
    }

    func run() async throws {
        let run = try makeRun(options.family())
        let columns = PuzzleColumn.all(metrics: run.metricColumns)
        if listColumns {
            print(PuzzleColumn.markdownTable(columns))
            return
        }
        guard let count = options.count, let out else { return }
        let seed = options.seed
        let toStandardOutput = out == "-"
        let partial = toStandardOutput ? "standard output" : out + ".partial"
        let header = ReportRow(columns.map { ($0.name, .null) }).csvHeader + CSV.lineEnd
        if !toStandardOutput && !force && FileManager.default.fileExists(atPath: out) {
            guard resume else { throw CLIError("\(out) exists; add --force to replace it") }
            // A finished export: say whether it is this one, and change nothing.
            let rows: Int
            do {
                rows = try Self.resumable(out, columns: columns, profile: run.profileID, seed: seed, unique: run.unique, repair: false)
            } catch {
                throw CLIError("\(out) is finished and is not this export (\(error)); it is kept: export to another file, or add --force to replace it")
            }
            guard rows == count else {
                throw CLIError("\(out) is finished with \(rows) rows, not --count \(count); it is kept: export to another file, or add --force to replace it")
            }
            printError("\(out): already complete (\(count) rows, profile \(run.profileID), seeds \(seed)…\(seed + (count - 1))); nothing to resume")
            return
        }
        let handle: FileHandle
        var existing = 0
        if toStandardOutput {
            handle = .standardOutput
            try write(Data(header.utf8), to: handle, path: partial)
        } else if resume && FileManager.default.fileExists(atPath: partial) {
            existing = try Self.resumable(partial, columns: columns, profile: run.profileID, seed: seed, unique: run.unique, repair: true)
            guard existing <= count else {
                throw CLIError("\(partial) already holds \(existing) rows, more than --count \(count)")
            }
            guard let h = FileHandle(forWritingAtPath: partial) else { throw CLIError("\(partial): cannot open the file for writing") }
            handle = h
            try handle.seekToEnd()
        } else {
            if FileManager.default.fileExists(atPath: partial) {
                throw CLIError("\(partial) exists (an interrupted export?): add --resume to continue it, or delete it")
            }
            guard FileManager.default.createFile(atPath: partial, contents: Data(header.utf8)),
                  let h = FileHandle(forWritingAtPath: partial) else {
                throw CLIError("\(partial): cannot create the file")
            }
            handle = h
            try handle.seekToEnd()
        }
        defer { if !toStandardOutput { try? handle.close() } }

        let watch = InterruptWatch()
        defer { watch.cancel() }
        let bar = ProgressBar(label: run.profileID, total: count, duration: nil, alreadyDone: existing)
        let runner = SeedRunner(first: seed + existing, count: count - existing, jobs: workers.count, stop: watch.flag)
        var failed = 0
        let written = try await runner.run(
            work: { seeds, stop in
                var chunk = ExportChunk()
                for seed in seeds {
                    if stop?.isSet == true { break }
                    let record = run.record(seed)
                    chunk.text += PuzzleColumn.row(record, columns: columns).csv + CSV.lineEnd
                    chunk.seedsDone += 1
                    if !record.generated { chunk.failed += 1 }
                }
                return chunk
            },
            deliver: { chunk in
                try write(Data(chunk.text.utf8), to: handle, path: partial)
                failed += chunk.failed
            },
            progress: { bar.update(done: existing + $0) })
        bar.finish()
        let total = existing + written
        guard total == count else {
            let kept = total == 0 ? "no rows yet" : "\(total) rows (seeds \(seed)…\(seed + (total - 1)))"
            if toStandardOutput {
                printError("puzzlelab: interrupted; standard output has \(kept) of \(count)")
            } else {
                try? handle.synchronize()
                printError("puzzlelab: interrupted; \(partial) keeps \(kept); run the same command with --resume to continue")
            }
            throw ExitCode(130)
        }
        if !toStandardOutput {
            try handle.synchronize()
            try handle.close()
            try moveIntoPlace(partial, out, replacing: force)
        }
        let resumed = existing > 0 ? ", resumed after \(existing)" : ""
        printError("\(out): \(count) rows, profile \(run.profileID), seeds \(seed)…\(seed + (count - 1))\(resumed), \(failed) failed in this run")
    }

    /// Checks an export file (an interrupted one's partial file, or a
    /// finished one) and returns its row count.
    ///
    /// The header must be this version's, and the rows must be the seeds
    /// `seed`, `seed + 1`, … of the same profile and mode, each cell of its
    /// column's kind (``PuzzleColumn/accepts(_:)``). With `repair`, an
    /// unfinished last line (a row cut off by a crash) is removed from the
    /// file; without it the file is not touched.
    static func resumable(_ path: String, columns: [PuzzleColumn], profile: String, seed: Int, unique: Bool,
                          repair: Bool) throws -> Int {
        let names = columns.map(\.name)
        let data = try readInput(path: path)
        guard let lastNewline = data.lastIndex(of: UInt8(ascii: "\n")) else {
            throw CLIError("\(path): no complete header line; delete the file and start again")
        }
        let kept = data[..<(lastNewline + 1)]
        guard let text = String(data: kept, encoding: .utf8), let records = CSV.parse(text), let header = records.first else {
            throw CLIError("\(path): not a valid UTF-8 CSV file; delete it and start again")
        }
        guard header == names else {
            throw CLIError("\(path):1: the header is not this version's (\(names.count) columns from seed to \(names.last ?? "")); delete the file or export to another one")
        }
        let column = { (name: String) in names.firstIndex(of: name) ?? 0 }
        let (seedColumn, profileColumn, versionColumn, uniqueColumn) =
            (column("seed"), column("profile"), column("toolkitVersion"), column("unique"))
        for (offset, record) in records.dropFirst().enumerated() {
            let line = offset + 2
            let expected = seed + offset
            guard record.count == names.count else {
                throw CLIError("\(path):\(line): expected \(names.count) fields, found \(record.count)")
            }
            guard record[seedColumn] == String(expected) else {
                throw CLIError("\(path):\(line): seed \(record[seedColumn]), expected \(expected); resume with the --seed the export started with")
            }
            guard record[profileColumn] == profile else {
                throw CLIError("\(path):\(line): profile \(record[profileColumn]), expected \(profile); resume with the same --profile")
            }
            guard record[uniqueColumn] == String(unique) else {
                throw CLIError("\(path):\(line): unique is \(record[uniqueColumn]); resume with\(unique ? "out" : "") --unique")
            }
            guard record[versionColumn] == PuzzleLabVersion.string else {
                throw CLIError("\(path):\(line): written by PuzzleLab \(record[versionColumn]), this is \(PuzzleLabVersion.string); start a new export")
            }
            if let bad = columns.indices.first(where: { !columns[$0].accepts(record[$0]) }) {
                throw CLIError("\(path):\(line): column \(names[bad]) holds '\(record[bad].printable(excerpts: true))', not a value of its kind (\(columns[bad].unit.isEmpty ? "text" : columns[bad].unit)); delete the file and start again")
            }
        }
        if repair && kept.count < data.count {
            guard let handle = FileHandle(forWritingAtPath: path) else { throw CLIError("\(path): cannot open the file for writing") }
            try handle.truncate(atOffset: UInt64(kept.count))
            try handle.close()
        }
        return records.count - 1
    }

    /// The run of the family and profile asked for.
    private func makeRun<F: PuzzleFamily>(_ family: F) throws -> PuzzleRun {
        try options.refuseUnsupported(family)
        return PuzzleRun(family, profile: try options.singleProfile(family), unique: options.unique,
                         minBlanks: options.minBlanks, solve: true, grade: true, timeLimit: budget.time)
    }
}

/// The CSV rows of one chunk of seeds.
struct ExportChunk: SeedChunkResult {
    var text = ""
    var seedsDone = 0
    var failed = 0
}
