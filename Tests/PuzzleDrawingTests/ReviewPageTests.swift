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
            #expect(entry.facts.map(\.name) == ["seed"] && entry.key == family.id(of: puzzle))
            let grade = try family.grade(puzzle, solutionsUpTo2: nil, explain: false)
            #expect(entry.grade == ReviewPage.Glance(grade) && entry.grade.steps == entry.steps.count)
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

    /// Issue 38: a batch page's summary counts what its entries say
    /// (computed here again from the entries), lists the failures by
    /// reason, and shows each number.
    @Test func theSummaryCountsTheEntriesAndListsTheFailures() throws {
        let family = CrossSumsFamily()
        let profile = family.profiles[2]
        var entries: [ReviewPage.Entry] = []
        for seed in 1...7 {
            let puzzle = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
            entries.append(try family.reviewEntry(puzzle, key: String(seed), facts: [("seed", String(seed))]))
        }
        let failures = [ReviewPage.Failure(key: "9", reason: "no-unique", message: "seed 9: no unique puzzle"),
                        ReviewPage.Failure(key: "8", reason: "a-reason", message: "seed 8: a reason"),
                        ReviewPage.Failure(key: "11", reason: "no-unique", message: "seed 11: no unique puzzle")]
        let page = ReviewPage(title: "batch", entries: entries, labels: family.reviewLabels(language: .english), failures: failures,
                              export: ReviewPage.Export(what: "seeds", header: ["kind: cross-sums", "profile: \(family.id(of: profile))"]))
        let summary = page.summary
        let scores = entries.map(\.grade.score).sorted()
        #expect(summary.count == 7)
        #expect(summary.unique == entries.filter { $0.grade.solutionsUpTo2 == 1 }.count)
        #expect(summary.labels.map(\.code) == family.gradeLabels)
        for label in summary.labels { #expect(label.count == entries.filter { $0.grade.label == label.code }.count) }
        #expect(summary.labels.reduce(0) { $0 + $1.count } == 7)
        #expect(summary.scores?.lowest == scores.first && summary.scores?.median == scores[3] && summary.scores?.highest == scores.last)
        #expect(summary.failures.map(\.reason) == ["a-reason", "no-unique"] && summary.failures.map(\.keys) == [["8"], ["9", "11"]])
        let html = page.html
        let unique = summary.unique
        for text in ["<dd id=\"summary-count\">7</dd>",
                     "<dd id=\"summary-unique\">\(unique) of 7 (\((unique * 200 + 7) / 14) %) have exactly one solution</dd>",
                     "<dd id=\"summary-scores\">lowest \(scores[0]), median \(scores[3]), highest \(scores[6])</dd>",
                     "<dd id=\"summary-failures\">3</dd>",
                     "<tr data-reason=\"no-unique\"><td>no-unique</td><td>2</td><td>9, 11</td></tr>",
                     "<li>seed 8: a reason</li>"] {
            #expect(html.contains(text), "\(text)")
        }
        for label in summary.labels {
            #expect(html.contains("<tr data-label=\"\(label.code)\"><td>\(label.name)</td><td>\(label.count)</td></tr>"))
        }
        // The median of an even count is the lower middle score.
        let six = ReviewPage(title: "t", entries: Array(entries.prefix(6))).summary
        #expect(six.scores?.median == entries.prefix(6).map(\.grade.score).sorted()[2])
        #expect(ReviewPage(title: "t", entries: []).summary.scores == nil)
    }

    /// Issue 38: every puzzle's grade at a glance as data attributes and
    /// a table, the sort, filter, verdict and export controls, and the
    /// explanation folded like the solution.
    @Test func eachPuzzleCarriesItsGradeAndTheControlsAreThere() throws {
        let family = MathCrosswordFamily()
        let profile = family.profiles[1]
        var entries: [ReviewPage.Entry] = []
        for seed in 1...4 {
            let puzzle = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
            entries.append(try family.reviewEntry(puzzle, key: String(seed), facts: []))
        }
        let labels = family.reviewLabels(language: .english)
        let page = ReviewPage(title: "t", entries: entries, labels: labels,
                              export: ReviewPage.Export(what: "seeds", header: ["kind: math-crossword", "profile: x"]))
        let html = page.html
        for (index, entry) in entries.enumerated() {
            let grade = entry.grade
            let rank = try #require(labels.firstIndex { $0.code == grade.label })
            #expect(html.contains("<section class=\"puzzle\" id=\"puzzle-\(index + 1)\" data-order=\"\(index + 1)\" data-key=\"\(index + 1)\" "
                                  + "data-label=\"\(grade.label)\" data-label-rank=\"\(rank)\" data-score=\"\(grade.score)\" "
                                  + "data-solutions=\"\(grade.solutionsUpTo2.map(String.init) ?? "")\" data-guesses=\"\(grade.guesses)\" "
                                  + "data-rounds=\"\(grade.rounds)\" data-complete=\"\(grade.complete)\" data-verdict=\"\">"), "entry \(index + 1)")
            #expect(html.contains("<tr><td>\(grade.solutionsText)</td><td>\(grade.guesses)</td><td>\(grade.rounds)</td><td>\(grade.labelName)</td>"
                                  + "<td>\(grade.score)</td><td>\(grade.steps)</td></tr>"))
        }
        #expect(html.components(separatedBy: "<th>solutions</th><th>guesses</th><th>rounds</th><th>grade</th><th>score</th><th>steps</th>").count == 5)
        for control in ["<select id=\"sort\"><option value=\"order\">", "<option value=\"score-up\">", "<option value=\"score-down\">",
                        "<option value=\"label\">", "<select id=\"filter-label\"><option value=\"\">all</option>",
                        "<input type=\"number\" id=\"score-min\"", "<input type=\"number\" id=\"score-max\"",
                        "<button type=\"button\" id=\"export-accepted\" data-file=\"accepted-seeds.txt\">Export accepted</button>",
                        "<button type=\"button\" id=\"export-rejected\" data-file=\"rejected-seeds.txt\">Export rejected</button>",
                        "data-header=\"# kind: math-crossword\n# profile: x\"", "<output id=\"verdicts\""] {
            #expect(html.contains(control), "\(control)")
        }
        for label in labels { #expect(html.contains("<option value=\"\(label.code)\">\(label.name) (")) }
        #expect(html.components(separatedBy: "<button type=\"button\" data-verdict=\"accepted\" aria-pressed=\"false\">Accept</button>").count == 5)
        #expect(html.components(separatedBy: "<button type=\"button\" data-verdict=\"rejected\" aria-pressed=\"false\">Reject</button>").count == 5)
        // Every step list is inside a folded explanation; nothing is open.
        let withSteps = entries.filter { !$0.steps.isEmpty }
        #expect(!withSteps.isEmpty)
        #expect(html.components(separatedBy: "<ol class=\"steps\">").count == withSteps.count + 1)
        for entry in withSteps {
            #expect(html.contains("<details class=\"explanation\">\n<summary>Show the explanation (\(entry.steps.count) \(entry.steps.count == 1 ? "step" : "steps"))</summary>\n<ol class=\"steps\">"))
        }
        #expect(!html.contains("<details open") && !html.contains(" open>"))
        #expect(page.html == html)
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
        #expect(entry.facts.map(\.name) == ["Startwert"])
        #expect(entry.grade.labelName == grade.labelName)
        #expect(entry.steps == grade.explanation && !entry.steps.isEmpty)
        #expect(entry.techniques.map(\.name) == grade.stepsPerTechnique.filter { $0.steps > 0 }.map(\.technique.name))
        let html = ReviewPage(title: "Übersicht", entries: [entry], language: .german).html
        for text in ["<html lang=\"de\">", "<p class=\"note\">1 Rätsel. Zeig auf einen Schritt", "<dt>Techniken</dt>",
                     "<summary>Lösung zeigen</summary>",
                     "<th>Lösungen</th><th>Rateschritte</th><th>Runden</th><th>Einstufung</th><th>Punkte</th><th>Schritte</th>",
                     "<summary>Erklärung zeigen (\(entry.steps.count) Schritte)</summary>", ">Annehmen</button>"] {
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
        #expect(!stopped.grade.complete)
        #expect(ReviewPage(title: "t", entries: [stopped], language: .german).html
            .contains("<td>\(stopped.grade.labelName) (nach Ablauf der Zeit abgebrochen: mindestens so schwer)</td>"))
    }

    /// Issue 33: a review entry is graded once, within the budget it is
    /// given (not the default 10 s).
    @Test func aReviewEntryKeepsToItsBudget() throws {
        let family = CrossSumsFamily()
        let puzzle = try family.generate(family.profiles[3], GenerationRequest(seed: 1)).puzzle
        let stopped = try family.reviewEntry(puzzle, facts: [], timeLimit: .zero)
        #expect(!stopped.grade.complete && stopped.grade.solutionsUpTo2 == nil)
        #expect(ReviewPage(title: "t", entries: [stopped]).html.contains("(stopped by the time budget: a lower bound)</td><td>"))
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
