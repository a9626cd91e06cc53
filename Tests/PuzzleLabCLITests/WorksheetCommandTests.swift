import Foundation
import Testing

/// `puzzlelab worksheet` as a teacher runs it.
@Suite struct WorksheetCommandTests {
    /// The files of `dir`, sorted.
    static func files(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    }

    @Test func aWorksheetOfGeneratedPuzzlesWritesTheHTMLAndOneSVGPerPageTheSameBytesTwice() throws {
        let dir = try temporaryDirectory()
        let arguments = ["worksheet", "--profile", "class_1", "--count", "4", "--per-page", "2", "--title", "Week 3"]
        let run = try puzzlelab(arguments + ["--out", "a"], in: dir)
        #expect(run.status == 0 && run.stdout.isEmpty, "\(run.stderr)")
        #expect(run.stderr == "puzzlelab: wrote 4 puzzles on 2 pages (2 per page) and 2 answer pages to a\n")
        let out = dir.appendingPathComponent("a")
        #expect(try Self.files(out) == ["answers-1.svg", "answers-2.svg", "page-1.svg", "page-2.svg", "worksheet.html"])
        let html = try String(contentsOf: out.appendingPathComponent("worksheet.html"), encoding: .utf8)
        #expect(html.contains("@page { size: A4; margin: 0 }") && html.components(separatedBy: "<svg ").count == 5)
        #expect(html.contains(">Week 3</text>") && html.contains(">Answers: Week 3</text>") && html.contains(">Page 4 of 4</text>"))
        #expect(try puzzlelab(arguments + ["--out", "b"], in: dir).status == 0)
        for name in try Self.files(out) {
            #expect(try Data(contentsOf: out.appendingPathComponent(name)) == Data(contentsOf: dir.appendingPathComponent("b/" + name)))
        }
    }

    @Test func aWorksheetOfFilesSeparatesTheAnswers() throws {
        let dir = try temporaryDirectory()
        let corpus = try puzzlelab(["generate", "--kind", "cross-sums", "--count", "3", "--format", "jsonl"]).stdout
        try corpus.write(to: dir.appendingPathComponent("c.jsonl"), atomically: true, encoding: .utf8)
        let run = try puzzlelab(["worksheet", "c.jsonl", "--answers", "separate", "--language", "de", "--out", "s"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let out = dir.appendingPathComponent("s")
        let names = try Self.files(out)
        #expect(names.contains("answers.html") && names.contains("worksheet.html") && names.contains("answers-1.svg"))
        let page = try String(contentsOf: out.appendingPathComponent("page-1.svg"), encoding: .utf8)
        // From files the title is the family's name alone, never an id.
        #expect(page.contains("<title>Kreuzsummen</title>") && page.contains("Datum: ___") && page.contains(">Seite 1 von "))
    }

    @Test func worksheetRefusesWhatItCannotDoOnOneLine() throws {
        let dir = try temporaryDirectory()
        try "x".write(to: dir.appendingPathComponent("p.txt"), atomically: true, encoding: .utf8)
        let puzzle = try puzzlelab(["generate", "--seed", "2"]).stdout
        try puzzle.write(to: dir.appendingPathComponent("p.mcw"), atomically: true, encoding: .utf8)
        let morse = try puzzlelab(["generate", "--kind", "morse", "--seed", "2"]).stdout
        try morse.write(to: dir.appendingPathComponent("p.morse"), atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["worksheet", "--out", "o"], "puzzlelab: give puzzle files (- for standard input), or --profile / --count / --seeds to make a worksheet of generated puzzles.\n"),
            (["worksheet", "p.mcw", "--count", "2", "--out", "o"], "puzzlelab: give puzzle files or --profile / --count / --seeds, not both.\n"),
            (["worksheet", "--count", "2"], "puzzlelab: missing expected argument '--out <DIR>'\n"),
            (["worksheet", "--count", "2", "--paper", "fit", "--out", "o"], "puzzlelab: --paper must be a4 or letter: a worksheet is printed.\n"),
            (["worksheet", "--count", "2", "--per-page", "0", "--out", "o"], "puzzlelab: --per-page must be from 1 to 24.\n"),
            (["worksheet", "p.mcw", "p.morse", "--out", "o"],
             "puzzlelab: a worksheet holds puzzles of one family: p.mcw is math-crossword, p.morse is morse\n"),
            (["worksheet", "--profile", "class_4", "--count", "2", "--per-page", "24", "--out", "o"],
             "puzzlelab: --per-page 24 leaves the boards' text "),
        ]
        for (arguments, message) in cases {
            let run = try puzzlelab(arguments, in: dir)
            #expect(run.status == 64 && run.stderr.hasPrefix(message), "\(arguments): \(run.stderr)")
            #expect(isOneError(run), "\(arguments): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("o").path))
        let unreadable = try puzzlelab(["worksheet", "p.txt", "--out", "o"], in: dir)
        #expect(unreadable.status == 65 && unreadable.stderr.hasPrefix("puzzlelab: p.txt: the content matches no puzzle family's format"), "\(unreadable.stderr)")
    }

    @Test func worksheetKeepsExistingFilesWithoutForce() throws {
        let dir = try temporaryDirectory()
        let arguments = ["worksheet", "--count", "2", "--out", "w"]
        #expect(try puzzlelab(arguments, in: dir).status == 0)
        let page = dir.appendingPathComponent("w/page-1.svg")
        try "kept".write(to: page, atomically: true, encoding: .utf8)
        let again = try puzzlelab(arguments, in: dir)
        #expect(again.status == 73 && again.stderr == "puzzlelab: w/worksheet.html exists; add --force to replace it\n", "\(again.stderr)")
        #expect(try String(contentsOf: page, encoding: .utf8) == "kept")
        #expect(try puzzlelab(arguments + ["--force"], in: dir).status == 0)
        #expect(try String(contentsOf: page, encoding: .utf8).hasPrefix("<svg "))
    }

    @Test func pdfNeedsRsvgConvertAndNamesIt() throws {
        let dir = try temporaryDirectory()
        let run = try puzzlelab(["worksheet", "--count", "2", "--out", "w", "--pdf", "w.pdf"], in: dir, environment: ["PATH": dir.path])
        #expect(run.status == 69 && run.stderr.hasPrefix("puzzlelab: --pdf needs rsvg-convert (librsvg) on PATH"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("w").path))
    }

    @Test(.enabled(if: ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].contains { FileManager.default.isExecutableFile(atPath: $0) }))
    func pdfHasOnePagePerSVGAndTheSameBytesTwice() throws {
        let dir = try temporaryDirectory()
        let arguments = ["worksheet", "--count", "3", "--per-page", "2", "--out", "w", "--force"]
        #expect(try puzzlelab(arguments + ["--pdf", "a.pdf"], in: dir).status == 0)
        #expect(try puzzlelab(arguments + ["--pdf", "b.pdf"], in: dir).status == 0)
        let a = try Data(contentsOf: dir.appendingPathComponent("a.pdf")), b = try Data(contentsOf: dir.appendingPathComponent("b.pdf"))
        #expect(a.prefix(5) == Data("%PDF-".utf8) && a == b)
        // Two puzzle pages and two answer pages: four page objects besides the page tree.
        let text = String(decoding: a, as: UTF8.self)
        #expect(text.components(separatedBy: "/Type /Page").count - 1 == 5 && text.components(separatedBy: "/Type /Pages").count - 1 == 1)
    }
}
