import PuzzleKit

/// One self-contained HTML page for reviewing puzzles: per puzzle its
/// drawing, facts, technique counts and explanation, where hovering or
/// clicking a step marks its cells on the drawing; solutions stay folded
/// until asked for. No network, no external file: inline SVG, CSS and a
/// small script. The same entries give the same bytes.
public struct ReviewPage: Sendable {
    /// One puzzle of the page.
    public struct Entry: Sendable {
        /// The heading (the puzzle's id).
        public var title: String
        /// Name and value pairs shown under the heading (seed, profile, grade, score).
        public var facts: [(name: String, value: String)]
        /// Techniques with their step counts, easiest first.
        public var techniques: [(name: String, count: Int)]
        /// The puzzle's SVG, with one hidden highlight layer per step (``SVG/document(_:paper:title:highlights:hidden:caption:)``).
        public var drawing: String
        /// The solved puzzle's SVG.
        public var solution: String
        /// The explanation, one sentence per step.
        public var steps: [String]

        public init(title: String, facts: [(name: String, value: String)], techniques: [(name: String, count: Int)],
                    drawing: String, solution: String, steps: [String]) {
            self.title = title
            self.facts = facts
            self.techniques = techniques
            self.drawing = drawing
            self.solution = solution
            self.steps = steps
        }
    }

    public var title: String
    public var entries: [Entry]
    /// The language of the page's own words (its notes, the facts'
    /// names); the entries bring their own sentences.
    public var language: Language

    public init(title: String, entries: [Entry], language: Language = .english) {
        self.title = title
        self.entries = entries
        self.language = language
    }

    private func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        DrawingMessages.catalogue.text(key, language, arguments)
    }

    /// The page as HTML, ending in a newline.
    public var html: String {
        var page = """
            <!DOCTYPE html>
            <html lang="\(language.code)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escapeXML(title))</title>
            <style>
            \(Self.style)</style>
            </head>
            <body>
            <h1>\(escapeXML(title))</h1>
            <p class="note">\(escapeXML(DrawingMessages.catalogue.text("review.note", count: entries.count, language)))</p>

            """
        for (index, entry) in entries.enumerated() { page += section(entry, number: index + 1) }
        page += "<script>\n\(Self.script)</script>\n</body>\n</html>\n"
        return page
    }

    private func section(_ entry: Entry, number: Int) -> String {
        var html = "<section class=\"puzzle\" id=\"puzzle-\(number)\">\n<h2>\(escapeXML(entry.title))</h2>\n<div class=\"layout\">\n"
        html += "<figure class=\"drawing\">\n\(entry.drawing)</figure>\n<div class=\"about\">\n<dl>\n"
        for fact in entry.facts { html += "<dt>\(escapeXML(fact.name))</dt><dd>\(escapeXML(fact.value))</dd>\n" }
        let techniques = entry.techniques.map { "\(escapeXML($0.name)) × \($0.count)" }.joined(separator: ", ")
        html += "<dt>\(escapeXML(text("fact.techniques")))</dt><dd>\(techniques.isEmpty ? escapeXML(text("review.none")) : techniques)</dd>\n</dl>\n"
        if entry.steps.isEmpty {
            html += "<p class=\"note\">\(escapeXML(text("review.noSteps")))</p>\n"
        } else {
            html += "<ol class=\"steps\">\n"
            for (index, step) in entry.steps.enumerated() {
                html += "<li data-step=\"\(index + 1)\" tabindex=\"0\">\(escapeXML(step))</li>\n"
            }
            html += "</ol>\n"
        }
        html += "</div>\n</div>\n<details class=\"solution\">\n<summary>\(escapeXML(text("review.showSolution")))</summary>\n\(entry.solution)</details>\n</section>\n"
        return html
    }

    static let style = """
        body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; color: #000; background: #fff; margin: 1.5em; }
        h1 { font-size: 1.4em; margin: 0 0 0.3em; }
        h2 { font-size: 1.1em; margin: 0 0 0.4em; }
        .note { color: #444; font-size: 0.9em; }
        .puzzle { border-top: 1px solid #888; padding: 0.8em 0 1em; }
        .layout { display: flex; flex-wrap: wrap; gap: 1.2em; align-items: flex-start; }
        figure { margin: 0; position: sticky; top: 0.5em; }
        svg { max-width: 100%; height: auto; }
        .about { flex: 1 1 22em; min-width: 16em; }
        dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.15em 0.8em; margin: 0 0 0.6em; }
        dt { font-weight: bold; }
        dd { margin: 0; }
        ol.steps { margin: 0; padding-left: 2em; font-size: 0.9em; }
        ol.steps li { cursor: pointer; padding: 0.1em 0.3em; border-left: 3px solid transparent; }
        ol.steps li:hover, ol.steps li:focus, ol.steps li.active { background: #e6e6e6; border-left-color: #000; outline: none; }
        details.solution { margin-top: 0.6em; }
        summary { cursor: pointer; font-weight: bold; }
        @page { margin: 12mm; }
        @media print {
          body { margin: 0; font-size: 9pt; }
          figure { position: static; }
          .note, summary { display: none; }
          .puzzle { break-inside: avoid; page-break-inside: avoid; border-top: none; }
          .puzzle:nth-of-type(2n) { break-after: page; page-break-after: always; }
          svg { max-height: 105mm; width: auto; }
          ol.steps { columns: 2; font-size: 7.5pt; }
          ol.steps li { border: none; background: none; }
        }

        """

    static let script = """
        "use strict";
        document.querySelectorAll("section.puzzle").forEach(function (section) {
          var layers = section.querySelectorAll("figure.drawing g.step");
          var writes = section.querySelectorAll("figure.drawing g.write");
          var items = section.querySelectorAll("ol.steps li");
          var pinned = null;
          function show(step) {
            layers.forEach(function (layer) {
              layer.setAttribute("visibility", layer.getAttribute("data-step") === step ? "visible" : "hidden");
            });
            // The board as it stands before the step: what the earlier steps wrote.
            writes.forEach(function (write) {
              var shown = step !== null && Number(write.getAttribute("data-step")) < Number(step);
              write.setAttribute("visibility", shown ? "visible" : "hidden");
            });
            items.forEach(function (item) { item.classList.toggle("active", item.getAttribute("data-step") === step); });
          }
          items.forEach(function (item) {
            var step = item.getAttribute("data-step");
            item.addEventListener("mouseenter", function () { show(step); });
            item.addEventListener("mouseleave", function () { show(pinned); });
            item.addEventListener("focus", function () { show(step); });
            item.addEventListener("click", function () { pinned = pinned === step ? null : step; show(pinned); });
            item.addEventListener("keydown", function (event) {
              if (event.key === "Enter" || event.key === " ") { event.preventDefault(); item.click(); }
            });
          });
        });

        """
}

extension DrawableFamily {
    /// The puzzle's entry for a ``ReviewPage``: graded with its
    /// explanation, drawn with one highlight layer per step, and solved.
    ///
    /// - Parameters:
    ///   - puzzle: the puzzle to review.
    ///   - facts: shown before the grade and score (seed, profile), named
    ///     in `language` by the caller.
    ///   - language: the language of the explanation, the techniques' and
    ///     label's names and the facts this adds.
    ///   - timeLimit: the budget of the puzzle's one grade.
    /// - Throws: what grading and ``board(_:solved:)`` throw, or a
    ///   ``DrawingError`` when there is no solution to draw.
    public func reviewEntry(_ puzzle: Puzzle, facts: [(name: String, value: String)], language: Language = .english,
                            timeLimit: Duration? = DefaultBudget.time) throws -> ReviewPage.Entry {
        let graded = try graded(puzzle, language: language, timeLimit: timeLimit)
        let grade = graded.grade
        let marks = graded.steps
        let techniques = Technique.allCases.compactMap { technique -> (name: String, count: Int)? in
            let count = marks.filter { $0.technique == technique.code }.count
            return count == 0 ? nil : (technique.name(in: language), count)
        }
        return ReviewPage.Entry(
            title: id(of: puzzle),
            facts: facts + [(text("fact.grade"), grade.complete ? grade.labelName : text("review.lowerBound", ["label": grade.labelName])),
                            (text("fact.score"), language.number(grade.score)), (text("fact.steps"), language.number(grade.explanation.count))],
            techniques: techniques,
            drawing: SVG.document(try board(puzzle, solved: false), paper: .fit, title: nil, highlights: marks, hidden: true),
            solution: SVG.document(try graded.solvedBoard(of: id(of: puzzle)), paper: .fit, title: nil),
            steps: grade.explanation)

        func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
            DrawingMessages.catalogue.text(key, language, arguments)
        }
    }
}
