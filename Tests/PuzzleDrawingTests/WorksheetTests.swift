import ArithmeticDrills
import CrossSums
import Foundation
import MathCrossword
import MorseCode
import NumberSearch
@testable import PuzzleDrawing
import PuzzleKit
import Testing

/// The worksheet of issue 38: several boards to a page, a title, one line
/// of instructions, a name line and page numbers in the sheet's language,
/// answer pages, a Morse table, boards too small to read refused.
@Suite struct WorksheetTests {
    /// `count` math crossword boards of `profile` (and their solutions).
    static func mathCrosswords(_ profile: String, count: Int) throws -> (boards: [Board], solved: [Board], words: SheetWords) {
        let family = MathCrosswordFamily()
        let chosen = try family.profile(named: profile)
        let levels = try (1...count).map { try family.generate(chosen, GenerationRequest(seed: $0, unique: true)).puzzle }
        return (try levels.map { try family.board($0, solved: false) }, try levels.map { try family.solvedBoard($0) },
                family.sheetWords(levels, profile: chosen, language: .english))
    }

    /// The number of boards drawn on an SVG page.
    static func boards(_ svg: String) -> Int { svg.components(separatedBy: "<g class=\"puzzle\"").count - 1 }

    @Test func twelveClassTwoPuzzlesGoFourToAPageAutomaticallyAndFillFourPagesThreeToAPage() throws {
        let (boards, solved, words) = try Self.mathCrosswords("class_2", count: 12)
        // Four to a page keep every box at least 8 mm wide (2 × 2); six would not.
        #expect(Worksheet.automaticPerPage(boards, solutions: solved, paper: .a4, words: words) == 4)
        #expect(Worksheet.automaticPerPage(Array(boards.prefix(2)), solutions: Array(solved.prefix(2)), paper: .a4, words: words) == 2)
        let four = try Worksheet(boards: boards, solutions: solved, paper: .a4, perPage: 4, words: words)
        #expect(four.pageCount == 3 && four.pages(answers: .end).sheet.map(Self.boards) == Array(repeating: 4, count: 6))
        let sheet = try Worksheet(boards: boards, solutions: solved, paper: .a4, perPage: 3, words: words)
        let (pages, answers) = sheet.pages(answers: .end)
        #expect(sheet.pageCount == 4 && pages.count == 8 && answers.isEmpty)
        #expect(pages.map(Self.boards) == Array(repeating: 3, count: 8))
        #expect(words.title == "Math crossword – Grade 2")
        for (index, page) in pages.enumerated() {
            #expect(page.contains(">Page \(index + 1) of 8</text>"))
            // Puzzle numbers run 1…12 on the puzzle pages and again on the answer pages.
            let first = index % 4 * 3 + 1
            #expect(page.contains("data-puzzle=\"\(first)\"") && page.contains("data-puzzle=\"\(first + 2)\""))
            #expect(page.contains("<title>Math crossword – Grade 2</title>") == (index < 4))
            #expect(page.contains("<title>Answers: Math crossword – Grade 2</title>") == (index >= 4))
            #expect(page.contains("Name: ____") == (index < 4))
            #expect(page.contains(words.instructions) == (index < 4))
        }
        // Puzzle pages leave the boxes empty; answer pages fill them in (italic answers).
        #expect(!pages[0].contains("font-style=\"italic\"") && pages[4].contains("font-style=\"italic\""))
    }

    @Test func aSeparateKeyIsNumberedOnItsOwnAndNoneLeavesItOut() throws {
        let (boards, solved, words) = try Self.mathCrosswords("class_1", count: 5)
        let sheet = try Worksheet(boards: boards, solutions: solved, paper: .letter, perPage: 2, words: words)
        let (pages, answers) = sheet.pages(answers: .separate)
        #expect(pages.count == 3 && answers.count == 3)
        #expect(pages.map(Self.boards) == [2, 2, 1] && answers.map(Self.boards) == [2, 2, 1])
        #expect(pages[2].contains(">Page 3 of 3</text>") && answers[0].contains(">Page 1 of 3</text>"))
        #expect(pages[0].hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"215.9mm\" height=\"279.4mm\""))
        #expect(sheet.pages(answers: .none) == (pages, []))
        let html = sheet.html(pages, title: words.title)
        #expect(html.contains("@page { size: letter; margin: 0 }") && html.components(separatedBy: "<svg ").count == 4)
        #expect(!html.contains("http://") || !html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http"))
    }

    @Test func germanSheetsSpeakGerman() throws {
        let family = CrossSumsFamily()
        let puzzles = try (1...4).map { try family.generate(.easy, GenerationRequest(seed: $0)).puzzle }
        let words = family.sheetWords(puzzles, profile: .easy, language: .german)
        #expect(words.title == "Kreuzsummen – Leicht")
        let boards = try puzzles.map { try family.board($0, solved: false) }
        let solved = try puzzles.map { try family.solvedBoard($0) }
        let sheet = try Worksheet(boards: boards, solutions: solved, paper: .a4, perPage: 2, words: words, language: .german)
        let pages = sheet.pages(answers: .end).sheet
        #expect(pages.count == 4)
        #expect(pages[0].contains("Datum: ____") && pages[0].contains(">Seite 1 von 4</text>") && pages[0].contains("Streich Zahlen durch"))
        #expect(pages[2].contains("<title>Lösungen: Kreuzsummen – Leicht</title>"))
        #expect(!pages.joined().contains("Page ") && !pages.joined().contains("Date:"))
    }

    @Test func everyFamilyHasItsOwnTitleAndInstructionsInBothLanguages() throws {
        let titles = [
            ("math-crossword", "Math crossword – Grade 1", "Rechenrätsel – Klasse 1"),
            ("cross-sums", "Cross sums – Easy", "Kreuzsummen – Leicht"),
            ("number-search", "Number search – Level 1", "Zahlensuche – Stufe 1"),
            ("drills", "Arithmetic drills – Very easy", "Kopfrechnen – Sehr leicht"),
            ("morse", "Morse code – Reading words, beginner", "Morsecode – Wörter lesen, Anfänger"),
        ]
        let families: [any DrawableFamily] = [MathCrosswordFamily(), CrossSumsFamily(), NumberSearchFamily(), ArithmeticDrillsFamily(),
                                              MorseCodeFamily()]
        var instructions: Set<String> = []
        for (family, (name, english, german)) in zip(families, titles) {
            let (en, de) = try Self.firstProfileWords(family)
            #expect(family.info.name == name)
            #expect(en.title == english && de.title == german)
            #expect(!en.instructions.isEmpty && en.instructions != de.instructions && !en.title.contains("_"))
            instructions.insert(en.instructions)
        }
        #expect(instructions.count == families.count)
    }

    /// The words of a sheet of the family's first profile, seed 1, in English and German.
    static func firstProfileWords<F: DrawableFamily>(_ family: F) throws -> (SheetWords, SheetWords) {
        let profile = try #require(family.profiles.first)
        let puzzle = try family.generate(profile, GenerationRequest(seed: 1)).puzzle
        return (family.sheetWords([puzzle], profile: profile, language: .english),
                family.sheetWords([puzzle], profile: profile, language: .german))
    }

    @Test func morseSheetsCarryTheCodeTableOfTheLettersAndOfWhatTheyUse() throws {
        let family = MorseCodeFamily()
        let profile = try #require(MorseCodeFamily.Profile(id: "code-to-word-beginner"))
        let exercises = try (1...4).map { try family.generate(profile, GenerationRequest(seed: $0)).puzzle }
        let words = family.sheetWords(exercises, profile: profile, language: .english)
        #expect(words.key.prefix(26).map(\.symbol) == (65...90).compactMap { UnicodeScalar($0).map { String(Character($0)) } })
        #expect(words.key.first == SheetKeyEntry(symbol: "A", code: MorseTable.drawn(".-")))
        #expect(words.instructions.hasPrefix("Write above each code"))
        let sheet = try Worksheet(boards: try exercises.map { try family.board($0, solved: false) }, paper: .a4, perPage: 4, words: words)
        let page = try #require(sheet.pages(answers: .end).sheet.first)
        for entry in words.key { #expect(page.contains(">\(entry.code)</text>")) }
        // Other families have no table.
        let (mcw, _) = try Self.firstProfileWords(MathCrosswordFamily())
        #expect(mcw.key.isEmpty)
    }

    @Test func theSameBoardsGiveTheSameBytes() throws {
        let (boards, solved, words) = try Self.mathCrosswords("class_3", count: 4)
        let make = { try Worksheet(boards: boards, solutions: solved, paper: .a4, perPage: 2, words: words).pages(answers: .end).sheet }
        #expect(try make() == make())
    }

    @Test func boardsTooSmallToReadAreRefusedNamingAPerPageThatReads() throws {
        let (boards, solved, words) = try Self.mathCrosswords("class_4", count: 2)
        #expect(throws: DrawingError.self) { try Worksheet(boards: boards, solutions: solved, paper: .a4, perPage: 24, words: words) }
        do {
            _ = try Worksheet(boards: boards, solutions: solved, paper: .a4, perPage: 24, words: words)
        } catch let error as DrawingError {
            let named = try #require(error.description.split(separator: " ").drop { $0 != "use" }.dropFirst(2).first.flatMap { Int($0) })
            #expect(error.description.hasPrefix("--per-page 24 leaves the boards' text "))
            // The per-page named reads, one more does not.
            #expect(throws: Never.self) { try Worksheet(boards: boards, solutions: solved, paper: .a4, perPage: named, words: words) }
            #expect(throws: DrawingError.self) { try Worksheet(boards: boards, solutions: solved, paper: .a4, perPage: named + 1, words: words) }
        }
        // A board too big even alone (60 columns in 167 mm: 2.78 mm cells, 1.53 mm text) names render --paper fit.
        let cells = (0..<60).flatMap { row in (0..<60).map { Cell(row: row, column: $0, "7", .given) } }
        #expect(throws: DrawingError("a board is too big for a worksheet page: its text would be 1.53 mm high, under 2.5 mm; draw it with render --paper fit")) {
            try Worksheet(boards: [Board(cells: cells)], paper: .a4, perPage: 1, words: words)
        }
        #expect(throws: DrawingError.self) { try Worksheet(boards: boards, paper: .fit, perPage: 1, words: words) }
    }

    @Test func theCataloguesHaveEveryWorksheetKeyInBothLanguages() {
        for catalogue in [DrawingMessages.catalogue, MathCrosswordMessages.catalogue, CrossSumsMessages.catalogue,
                          NumberSearchMessages.catalogue, DrillsMessages.catalogue, MorseMessages.catalogue] {
            #expect(catalogue.problems().isEmpty, "\(catalogue.name): \(catalogue.problems())")
        }
    }
}
