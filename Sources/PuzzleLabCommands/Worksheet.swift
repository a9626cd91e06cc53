import ArgumentParser
import Foundation
import PuzzleDrawing
import PuzzleKit

struct WorksheetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worksheet",
        abstract: "Write a printable worksheet: several puzzles to a page, with an answer key.",
        discussion: """
            Puts generated puzzles (seeds SEED … SEED+COUNT-1 of --profile) or
            the puzzles of files on A4 or Letter pages, several to a page in a
            grid, each board scaled to fill its cell and numbered 1, 2, …; on
            every page a title (--title, default the family's and profile's
            names), one line of instructions, a name and date line and the
            page number (Morse sheets add a code table). Without --per-page,
            a page takes the most boards (up to 12) whose boxes stay at least
            8 mm wide; boards whose text would be under 2.5 mm are refused.
            The answer key (--answers) follows the puzzle pages (end), is a
            document of its own (separate), or is left out (none).

            --out DIR writes worksheet.html (every page as inline SVG, for
            print), page-1.svg … and answers-1.svg … (and answers.html with
            --answers separate). --pdf FILE also writes a PDF of the pages
            through rsvg-convert (librsvg), which must be on PATH; with
            --answers separate the answers go to FILE-answers.pdf. The same
            arguments give the same bytes. Refuses to overwrite existing
            files without --force.

            Examples:
              puzzlelab worksheet --profile class_2 --count 12 --unique --out sheet --pdf sheet.pdf
              puzzlelab worksheet --kind morse --profile code-to-word-beginner --count 6 --language de --out morse
              puzzlelab worksheet puzzles.jsonl --per-page 4 --answers separate --paper letter --out sheet
            """
    )

    @Argument(help: "Puzzle files of one family (any text format, .json, .jsonl); - reads standard input. Or --profile / --count: generated puzzles.")
    var files: [String] = []

    @OptionGroup var options: GenerationOptions<WorksheetCommand>

    @Option(help: "The sheet: a4 or letter.")
    var paper: Paper = .a4

    @Option(parsing: .unconditional, help: ArgumentHelp("Puzzles on one page (default: as many as stay easy to write in, up to 12).", valueName: "N"))
    var perPage: Int?

    @Option(help: "The title on every page (default: the family's and profile's names).")
    var title: String?

    @Option(help: "Where the answer key goes: end (after the puzzles), separate (answers.html, answers-N.svg), none.")
    var answers: AnswerKey = .end

    @Option(help: ArgumentHelp("The folder to write worksheet.html and the SVG pages to (made if missing).", valueName: "DIR"))
    var out: String

    @Option(help: ArgumentHelp("Also write the pages as one PDF, through rsvg-convert.", valueName: "FILE"))
    var pdf: String?

    @Flag(help: "Overwrite existing files.")
    var force = false

    @OptionGroup var budget: TimeBudget

    @OptionGroup var language: LanguageOption

    /// The most generated puzzles one worksheet holds.
    static let mostPuzzles = 500

    /// Refuses more than ``mostPuzzles`` seeds (`given` says where they come from).
    private static func refuseTooMany(_ count: Int, given: String) throws {
        guard count <= mostPuzzles else {
            throw ValidationError("\(given) \(count): a worksheet holds at most \(mostPuzzles) generated puzzles; make several with --seed.")
        }
    }

    func validate() throws {
        let generating = !options.profile.isEmpty || options.count != nil || options.seedsFile != nil
        guard files.isEmpty == generating else {
            throw ValidationError(files.isEmpty ? "Give puzzle files (- for standard input), or --profile / --count / --seeds to make a worksheet of generated puzzles."
                                                : "Give puzzle files or --profile / --count / --seeds, not both.")
        }
        if generating {
            try Self.refuseTooMany(options.seedRange(standardCount: 1).count, given: "--count")
        }
        if let perPage, !(1...Worksheet.mostPerPage * 2).contains(perPage) {
            throw ValidationError("--per-page must be from 1 to \(Worksheet.mostPerPage * 2).")
        }
        if paper == .fit { throw ValidationError("--paper must be a4 or letter: a worksheet is printed.") }
        if let title, title.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--title must not be empty.") }
    }

    func run() throws {
        if pdf != nil, Self.converterPath() == nil {
            throw CLIError("--pdf needs rsvg-convert (librsvg) on PATH; install it (apt-get install librsvg2-bin) or leave out --pdf",
                           status: .unavailable)
        }
        let sheet = files.isEmpty ? try generatedSheet(options.family()) : try filesSheet()
        try write(sheet)
    }

    /// The pages to write: the worksheet's and the separate answer key's, and the document title.
    struct Sheet {
        var pages: [String]
        var answerPages: [String]
        var worksheet: Worksheet
    }

    /// The worksheet of the generated puzzles of seeds SEED … SEED+COUNT-1.
    private func generatedSheet<F: DrawableFamily>(_ family: F) throws -> Sheet {
        try options.refuseUnsupported(family)
        let profile = try options.singleProfile(family)
        var puzzles: [F.Puzzle] = []
        let seeds = try options.seeds(standardCount: 1, family: family, profile: profile)
        try Self.refuseTooMany(seeds.count, given: "--seeds \(options.seedsFile ?? "")")
        for seed in seeds {
            do {
                puzzles.append(try family.generate(profile, options.request(seed: seed, timeLimit: budget.time)).puzzle)
            } catch {
                throw CLIError("profile \(family.id(of: profile)), seed \(seed): \(error)", status: .failed)
            }
        }
        return try sheet(family, puzzles, profile: profile)
    }

    /// The worksheet of every puzzle of the files, which must be of one
    /// family; fails after reporting every file or puzzle that cannot be read.
    private func filesSheet() throws -> Sheet {
        var inputs: [(family: any CommandFamily, file: String, data: Data)] = []
        let failed = forEachInput(files, kind: options.kind) { family, file, data in
            inputs.append((family, file, data))
            return 0
        }
        if failed > 0 { throw ExitCode.failure }
        guard let first = inputs.first else { throw ExitCode.failure }
        if let other = inputs.first(where: { $0.family.info.name != first.family.info.name }) {
            throw CLIError("a worksheet holds puzzles of one family: \(first.file) is \(first.family.info.name), \(other.file) is \(other.family.info.name)")
        }
        return try filesSheet(first.family, inputs.map { ($0.file, $0.data) })
    }

    private func filesSheet<F: DrawableFamily>(_ family: F, _ inputs: [(file: String, data: Data)]) throws -> Sheet {
        var puzzles: [F.Puzzle] = [], failed = 0
        for input in inputs {
            forEachPuzzle(family, input.data, file: input.file) { result in
                switch result {
                case .success(let puzzle) where isValid(family, puzzle, file: input.file): puzzles.append(puzzle)
                case .success: failed += 1
                case .failure(let error):
                    reportError(error)
                    failed += 1
                }
            }
        }
        if failed > 0 { throw ExitCode.failure }
        return try sheet(family, puzzles, profile: nil)
    }

    /// The pages of `puzzles`, with their solved boards unless `--answers none`.
    private func sheet<F: DrawableFamily>(_ family: F, _ puzzles: [F.Puzzle], profile: F.Profile?) throws -> Sheet {
        let language = language.language
        var words = family.sheetWords(puzzles, profile: profile, language: language)
        if let title { words.title = title }
        var boards: [Board] = [], solutions: [Board] = []
        for puzzle in puzzles {
            do {
                boards.append(try family.board(puzzle, solved: false))
                if answers != .none { solutions.append(try family.solvedBoard(puzzle, language: language, timeLimit: budget.time)) }
            } catch {
                throw CLIError("\(family.id(of: puzzle)): \(error)", status: .failed)
            }
        }
        let perPage = perPage ?? Worksheet.automaticPerPage(boards, solutions: solutions, paper: paper, words: words)
        do {
            let worksheet = try Worksheet(boards: boards, solutions: solutions, paper: paper, perPage: perPage, words: words, language: language)
            let (pages, answerPages) = worksheet.pages(answers: answers)
            return Sheet(pages: pages, answerPages: answerPages, worksheet: worksheet)
        } catch {
            throw CLIError("\(error)")
        }
    }

    /// Writes the HTML, the SVG pages and the PDF; refuses every existing
    /// file before writing any without `--force`.
    private func write(_ sheet: Sheet) throws {
        let count = sheet.worksheet.pageCount
        // With the key at the end, the sheet's pages after the puzzles' are the answers.
        let puzzlePages = Array(sheet.pages.prefix(count)), endPages = Array(sheet.pages.dropFirst(count))
        let answerPages = endPages + sheet.answerPages
        var files: [(name: String, text: String)] = [("worksheet.html", sheet.worksheet.html(sheet.pages, title: sheet.worksheet.words.title))]
        if !sheet.answerPages.isEmpty {
            let title = DrawingMessages.catalogue.text("sheet.answers", language.language, ["title": sheet.worksheet.words.title])
            files.append(("answers.html", sheet.worksheet.html(sheet.answerPages, title: title)))
        }
        files += puzzlePages.enumerated().map { ("page-\($0.offset + 1).svg", $0.element) }
        files += answerPages.enumerated().map { ("answers-\($0.offset + 1).svg", $0.element) }
        let paths = files.map { (out as NSString).appendingPathComponent($0.name) }
        let pdfs = pdf.map { [$0] + (sheet.answerPages.isEmpty ? [] : [Self.answersPDF($0)]) } ?? []
        for path in paths + pdfs { try refuseExisting(path, replacing: force) }
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw CLIError("\(out): cannot make the folder: \(systemReason(error))", status: .cannotCreate)
        }
        for (path, file) in zip(paths, files) { try writeOutput(file.text, to: path, replacing: force) }
        let svgs = zip(paths, files).filter { $0.1.name.hasSuffix(".svg") }.map(\.0)
        let sheetSVGs = svgs.filter { ($0 as NSString).lastPathComponent.hasPrefix("page-") }
            + (sheet.answerPages.isEmpty ? svgs.filter { ($0 as NSString).lastPathComponent.hasPrefix("answers-") } : [])
        if let pdf {
            try convert(sheetSVGs, to: pdf)
            if !sheet.answerPages.isEmpty {
                try convert(svgs.filter { ($0 as NSString).lastPathComponent.hasPrefix("answers-") }, to: Self.answersPDF(pdf))
            }
        }
        let puzzles = sheet.worksheet.boards.count
        printError("puzzlelab: wrote \(counted(puzzles, "puzzle")) on \(counted(count, "page")) (\(sheet.worksheet.perPage) per page)"
                   + (answerPages.isEmpty ? "" : " and \(counted(answerPages.count, "answer page"))") + " to \(out)"
                   + (pdfs.isEmpty ? "" : ", \(pdfs.joined(separator: " and "))"))
    }

    /// `FILE-answers.pdf` beside `FILE.pdf`.
    static func answersPDF(_ pdf: String) -> String {
        let ext = (pdf as NSString).pathExtension
        return (pdf as NSString).deletingPathExtension + "-answers." + (ext.isEmpty ? "pdf" : ext)
    }

    /// The rsvg-convert on PATH, or `nil`.
    static func converterPath() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { ($0 as NSString).appendingPathComponent("rsvg-convert") }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `rsvg-convert -f pdf SVG… -o PDF` (one page per SVG), with
    /// SOURCE_DATE_EPOCH set so the same pages give the same bytes.
    private func convert(_ svgs: [String], to pdf: String) throws {
        guard let converter = Self.converterPath() else { throw CLIError("--pdf needs rsvg-convert (librsvg) on PATH", status: .unavailable) }
        let temporary = pdf + ".partial"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: converter)
        process.arguments = ["-f", "pdf"] + svgs + ["-o", temporary]
        var environment = ProcessInfo.processInfo.environment
        environment["SOURCE_DATE_EPOCH"] = "0"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw CLIError("cannot run \(converter): \(systemReason(error))", status: .unavailable)
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            unlink(temporary)
            let line = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? "exit status \(process.terminationStatus)"
            throw CLIError("rsvg-convert failed to write \(pdf): \(line)", status: .ioError)
        }
        try moveIntoPlace(temporary, pdf, replacing: force)
    }
}

extension AnswerKey: ExpressibleByArgument {}

extension WorksheetCommand: GeneratingCommand {
    typealias Profiles = OneProfile
    static var countHelp: String { "How many generated puzzles on the sheet, of seeds SEED … SEED+N-1 (default: 1; at most \(mostPuzzles))." }
}
