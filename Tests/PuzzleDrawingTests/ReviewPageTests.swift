import CrossSums
import Foundation
import MathCrossword
import PuzzleDrawing
import PuzzleKit
import Testing

@Suite struct ReviewPageTests {
    @Test func pageHoldsEveryPuzzleStepAndSolutionAndNothingExternal() throws {
        let family = CrossSumsFamily()
        var entries: [ReviewPage.Entry] = []
        var sentences = 0
        for seed in 1...3 {
            let puzzle = try family.generate(family.profiles[1], GenerationRequest(seed: seed)).puzzle
            let entry = try family.reviewEntry(puzzle, facts: [("seed", String(seed))])
            sentences += entry.steps.count
            #expect(entry.facts.map(\.name) == ["seed", "grade", "score", "steps"])
            #expect(entry.techniques.reduce(0) { $0 + $1.count } == entry.steps.count)
            entries.append(entry)
        }
        let html = ReviewPage(title: "R & D", entries: entries).html
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        #expect(html.contains("<title>R &amp; D</title>"))
        #expect(html.components(separatedBy: "<section class=\"puzzle\"").count == 4)
        #expect(html.components(separatedBy: "<li data-step=").count == sentences + 1)
        #expect(html.components(separatedBy: "<g class=\"step\"").count == sentences + 1)
        #expect(html.components(separatedBy: "<details class=\"solution\">").count == 4)
        #expect(html.contains("@media print"))
        for external in ["src=", "href=", "url(", "@import", "http://", "https://"] {
            let hits = html.components(separatedBy: external).count - 1
            // The SVG namespace is a name, not a fetch.
            let allowed = external == "http://" ? html.components(separatedBy: "xmlns=\"http://www.w3.org/2000/svg\"").count - 1 : 0
            #expect(hits == allowed, "\(external) in the page")
        }
        // Every drawing on the page is well-formed SVG.
        let drawings = html.components(separatedBy: "<svg ").dropFirst().map { "<svg " + $0.components(separatedBy: "</svg>")[0] + "</svg>" }
        #expect(drawings.count == 6)
        #expect(drawings.allSatisfy { SVGTexts.of($0) != nil })
        #expect(ReviewPage(title: "R & D", entries: entries).html == html)
    }

    @Test func theDrawingWordsAreCompleteInEveryLanguage() {
        #expect(DrawingMessages.catalogue.problems() == [])
    }

    /// A page, an entry and a step's caption in German: the page's own
    /// words from the drawing catalogue, the sentences and names from the
    /// family's grade in German.
    @Test func aPageInGerman() throws {
        let family = CrossSumsFamily()
        let puzzle = try family.generate(family.profiles[1], GenerationRequest(seed: 2)).puzzle
        let grade = try family.grade(puzzle, solutionsUpTo2: nil, explain: true, language: .german, timeLimit: nil)
        let entry = try family.reviewEntry(puzzle, facts: [("Startwert", "2")], language: .german)
        #expect(entry.facts.map(\.name) == ["Startwert", "Einstufung", "Punkte", "Schritte"])
        #expect(entry.facts[1].value == grade.labelName)
        #expect(entry.steps == grade.explanation && !entry.steps.isEmpty)
        #expect(entry.techniques.map(\.name) == grade.stepsPerTechnique.filter { $0.steps > 0 }.map(\.technique.name))
        let html = ReviewPage(title: "Übersicht", entries: [entry], language: .german).html
        for text in ["<html lang=\"de\">", "<p class=\"note\">1 Rätsel. Zeig auf einen Schritt", "<dt>Techniken</dt>",
                     "<summary>Lösung zeigen</summary>"] {
            #expect(html.contains(text), "\(text)")
        }
        #expect(ReviewPage(title: "Übersicht", entries: [entry, entry], language: .german).html.contains("<p class=\"note\">2 Rätsel. "))
        let svg = try family.draw(puzzle, step: 1, language: .german)
        // The caption is wrapped over several lines: compared without tags and spaces.
        func letters(_ text: String) -> String {
            text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression).filter { !$0.isWhitespace }
        }
        #expect(letters(svg).contains(letters(escapeXML("1. \(grade.explanation[0])"))))
        let stopped = try family.reviewEntry(family.generate(family.profiles[3], GenerationRequest(seed: 1)).puzzle, facts: [],
                                             language: .german, timeLimit: .zero)
        #expect(stopped.facts.contains { $0.name == "Einstufung" && $0.value.hasSuffix(" (nach Ablauf der Zeit abgebrochen: mindestens so schwer)") })
    }

    /// Issue 33: a review entry is graded once, within the budget it is
    /// given (not the default 10 s).
    @Test func aReviewEntryKeepsToItsBudget() throws {
        let family = CrossSumsFamily()
        let puzzle = try family.generate(family.profiles[3], GenerationRequest(seed: 1)).puzzle
        let stopped = try family.reviewEntry(puzzle, facts: [], timeLimit: .zero)
        #expect(stopped.facts.contains { $0.name == "grade" && $0.value.hasSuffix("(stopped by the time budget: a lower bound)") })
        #expect(stopped.steps.isEmpty && stopped.solution.contains("<svg"))
        // Without a solution of its own and without time, there is none to draw.
        var bare = puzzle
        bare.solution = nil
        #expect(throws: DrawingError.self) { try family.reviewEntry(bare, facts: [], timeLimit: .zero) }
        let graded = try family.reviewEntry(bare, facts: [], timeLimit: .seconds(60))
        #expect(graded.solution == stopped.solution && !graded.steps.isEmpty)
    }

    @Test func aPuzzleWithoutStepsSaysSo() throws {
        let family = MathCrosswordFamily()
        let level = try family.read(Data("pool:\n7 + 5 = 12\n".utf8), file: "x.mcw")[0].get()
        let entry = try family.reviewEntry(level, facts: [])
        #expect(entry.steps.isEmpty)
        #expect(ReviewPage(title: "t", entries: [entry]).html.contains("No explanation steps."))
    }
}
