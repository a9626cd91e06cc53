import PuzzleKit

/// One self-contained HTML page for reviewing a batch of puzzles: a
/// summary (count, unique share, labels, score range, failures), sort and
/// filter controls, and per puzzle its drawing, its grade at a glance
/// (solutions, guesses, rounds, label, score), accept and reject buttons,
/// and its explanation, where hovering or clicking a step marks its cells
/// on the drawing; explanations and solutions stay folded until asked for.
/// The accepted (or rejected) puzzles' keys are exported from the page as
/// a text file (docs/FORMATS.md section 11). No network, no external file:
/// inline SVG, CSS and a small script. The same page gives the same bytes.
public struct ReviewPage: Sendable {
    /// One puzzle of the page.
    public struct Entry: Sendable {
        /// The heading (the puzzle's id).
        public var title: String
        /// What an exported list names the puzzle by: its seed when it was
        /// generated, else its id.
        public var key: String
        /// Name and value pairs shown under the heading (family, seed, profile, file).
        public var facts: [(name: String, value: String)]
        /// The grade at a glance.
        public var grade: Glance
        /// Techniques with their step counts, easiest first.
        public var techniques: [(name: String, count: Int)]
        /// The puzzle's SVG, with one hidden highlight layer per step (``SVG/document(_:paper:title:highlights:hidden:caption:)``).
        public var drawing: String
        /// The solved puzzle's SVG.
        public var solution: String
        /// The explanation, one sentence per step.
        public var steps: [String]

        /// An entry.
        ///
        /// - Parameters:
        ///   - title: the heading.
        ///   - key: the seed or id an exported list names it by.
        ///   - facts: name and value pairs under the heading.
        ///   - grade: the grade at a glance.
        ///   - techniques: techniques with their step counts.
        ///   - drawing: the puzzle's SVG with its highlight layers.
        ///   - solution: the solved puzzle's SVG.
        ///   - steps: the explanation's sentences.
        public init(title: String, key: String, facts: [(name: String, value: String)], grade: Glance,
                    techniques: [(name: String, count: Int)], drawing: String, solution: String, steps: [String]) {
            self.title = title
            self.key = key
            self.facts = facts
            self.grade = grade
            self.techniques = techniques
            self.drawing = drawing
            self.solution = solution
            self.steps = steps
        }
    }

    /// What a designer checks first about a puzzle's grade, from its
    /// `GradeResult`.
    public struct Glance: Sendable, Equatable {
        /// The label's code.
        public var label: String
        /// The label's name in the page's language.
        public var labelName: String
        /// False when a budget stopped the grade: the label and score are lower bounds.
        public var complete: Bool
        public var score: Int
        /// Solutions counted up to 2 (0 none, 1 unique, 2 two or more);
        /// `nil` when the budget stopped the count.
        public var solutionsUpTo2: Int?
        public var guesses: Int
        public var rounds: Int
        public var steps: Int

        /// The glance of a grade.
        ///
        /// - Parameter grade: the puzzle's grade.
        public init(_ grade: GradeResult) {
            label = grade.label
            labelName = grade.labelName
            complete = grade.complete
            score = grade.score
            solutionsUpTo2 = grade.solutionsUpTo2
            guesses = grade.guesses
            rounds = grade.rounds
            steps = grade.steps
        }

        /// The solutions as the page shows them: `0`, `1`, `≥2`, or `?` when not known.
        public var solutionsText: String {
            switch solutionsUpTo2 {
            case nil: "?"
            case 2?: "≥2"
            case let count?: String(count)
            }
        }
    }

    /// A puzzle that could not be made or graded: listed in the summary
    /// under its reason.
    public struct Failure: Sendable, Equatable {
        /// The seed or id.
        public var key: String
        /// A short stable reason (`GenerationFailure.reason`, or `grade-or-drawing`).
        public var reason: String
        /// The one-line message.
        public var message: String

        /// A failure.
        ///
        /// - Parameters:
        ///   - key: the seed or id.
        ///   - reason: the short stable reason the summary groups by.
        ///   - message: the one-line message.
        public init(key: String, reason: String, message: String) {
            self.key = key
            self.reason = reason
            self.message = message
        }
    }

    /// What the page's exported lists hold: seeds (which `pack --seeds`
    /// and `generate --seeds` take back) or ids, and the comment lines
    /// each list starts with.
    public struct Export: Sendable, Equatable {
        /// `seeds` or `ids`: the start of the exported file's name.
        public var what: String
        /// Lines written first, each after `# ` (the kind and profile of seeds).
        public var header: [String]

        /// An export.
        ///
        /// - Parameters:
        ///   - what: `seeds` or `ids`.
        ///   - header: the comment lines each list starts with, without `# `.
        public init(what: String, header: [String]) {
            self.what = what
            self.header = header
        }
    }

    public var title: String
    public var entries: [Entry]
    /// The family's labels, easiest first, with their names: the order of
    /// the summary's histogram, the label filter and the sort by label.
    public var labels: [(code: String, name: String)]
    /// The puzzles that could not be made or graded.
    public var failures: [Failure]
    public var export: Export
    /// The language of the page's own words (its notes, the facts'
    /// names); the entries bring their own sentences.
    public var language: Language

    /// A page.
    ///
    /// - Parameters:
    ///   - title: the page's title and heading.
    ///   - entries: the puzzles, in page order.
    ///   - labels: the family's labels, easiest first, with their names.
    ///   - failures: the puzzles that could not be made or graded.
    ///   - export: what the exported lists hold.
    ///   - language: the language of the page's own words.
    public init(title: String, entries: [Entry], labels: [(code: String, name: String)] = [], failures: [Failure] = [],
                export: Export = Export(what: "ids", header: []), language: Language = .english) {
        self.title = title
        self.entries = entries
        self.labels = labels
        self.failures = failures
        self.export = export
        self.language = language
    }

    private func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        DrawingMessages.catalogue.text(key, language, arguments)
    }

    /// The batch in numbers, as the page's summary shows them.
    public struct Summary: Sendable, Equatable {
        /// The puzzles on the page (failures not counted).
        public var count: Int
        /// The puzzles with exactly one solution.
        public var unique: Int
        /// Every label with its puzzles, in the page's label order: the
        /// family's labels, then any other an entry has, by code.
        public var labels: [LabelCount]
        /// The lowest, median (of an even count the lower middle one) and
        /// highest score; `nil` without puzzles.
        public var scores: (lowest: Int, median: Int, highest: Int)?
        /// The failures' keys by reason, reasons in alphabetical order.
        public var failures: [(reason: String, keys: [String])]

        public static func == (a: Summary, b: Summary) -> Bool {
            a.count == b.count && a.unique == b.unique && a.labels == b.labels
                && a.scores.map { [$0.lowest, $0.median, $0.highest] } == b.scores.map { [$0.lowest, $0.median, $0.highest] }
                && a.failures.map(\.reason) == b.failures.map(\.reason) && a.failures.map(\.keys) == b.failures.map(\.keys)
        }
    }

    /// A label of the summary's histogram.
    public struct LabelCount: Sendable, Equatable {
        public var code: String
        public var name: String
        public var count: Int
    }

    /// The summary of the page's entries and failures.
    public var summary: Summary {
        var tally = Tally()
        for entry in entries { tally.add(entry.grade.label) }
        let order = tally.ordered(labels.map(\.code), zeros: true).map { label, count in
            LabelCount(code: label, name: labels.first { $0.code == label }?.name
                           ?? entries.first { $0.grade.label == label }?.grade.labelName ?? label, count: count)
        }
        let scores = entries.map(\.grade.score).sorted()
        var reasons: [String: [String]] = [:]
        for failure in failures { reasons[failure.reason, default: []].append(failure.key) }
        return Summary(count: entries.count, unique: entries.filter { $0.grade.solutionsUpTo2 == 1 }.count, labels: order,
                       scores: scores.isEmpty ? nil : (scores[0], scores[(scores.count - 1) / 2], scores[scores.count - 1]),
                       failures: reasons.keys.sorted().map { ($0, reasons[$0] ?? []) })
    }

    /// The page as HTML, ending in a newline.
    public var html: String {
        let summary = self.summary
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
        page += summaryHTML(summary) + controls(summary) + "<main id=\"puzzles\">\n"
        for (index, entry) in entries.enumerated() { page += section(entry, number: index + 1, summary: summary) }
        page += "</main>\n<script>\n\(Self.script)</script>\n</body>\n</html>\n"
        return page
    }

    private func summaryHTML(_ summary: Summary) -> String {
        var html = "<section class=\"summary\" id=\"summary\">\n<h2>\(escapeXML(text("review.summary")))</h2>\n<dl>\n"
        func row(_ name: String, _ value: String, _ id: String) {
            html += "<dt>\(escapeXML(name))</dt><dd id=\"\(id)\">\(escapeXML(value))</dd>\n"
        }
        row(text("review.summary.count"), language.number(summary.count), "summary-count")
        let percent = summary.count == 0 ? 0 : (summary.unique * 200 + summary.count) / (summary.count * 2)
        row(text("review.summary.unique"), text("review.summary.uniqueShare", ["unique": language.number(summary.unique),
            "count": language.number(summary.count), "percent": language.number(percent)]), "summary-unique")
        row(text("review.summary.scores"), summary.scores.map {
            text("review.summary.scoreRange", ["lowest": language.number($0.lowest), "median": language.number($0.median),
                                               "highest": language.number($0.highest)])
        } ?? text("review.none"), "summary-scores")
        let failed = summary.failures.reduce(0) { $0 + $1.keys.count }
        row(text("review.summary.failures"), language.number(failed), "summary-failures")
        html += "</dl>\n<table class=\"labels\">\n<tr><th>\(escapeXML(text("fact.grade")))</th><th>\(escapeXML(text("review.summary.count")))</th></tr>\n"
        for label in summary.labels {
            html += "<tr data-label=\"\(escapeXML(label.code))\"><td>\(escapeXML(label.name))</td><td>\(label.count)</td></tr>\n"
        }
        html += "</table>\n"
        if !summary.failures.isEmpty {
            html += "<table class=\"failures\">\n<tr><th>\(escapeXML(text("review.summary.reason")))</th><th>\(escapeXML(text("review.summary.count")))</th><th>\(escapeXML(export.what == "seeds" ? text("review.summary.seeds") : text("review.summary.ids")))</th></tr>\n"
            for failure in summary.failures {
                html += "<tr data-reason=\"\(escapeXML(failure.reason))\"><td>\(escapeXML(failure.reason))</td><td>\(failure.keys.count)</td><td>\(escapeXML(failure.keys.joined(separator: ", ")))</td></tr>\n"
            }
            html += "</table>\n<ul class=\"failures\">\n"
            for failure in failures { html += "<li>\(escapeXML(failure.message))</li>\n" }
            html += "</ul>\n"
        }
        return html + "</section>\n"
    }

    private func controls(_ summary: Summary) -> String {
        func option(_ value: String, _ name: String) -> String { "<option value=\"\(escapeXML(value))\">\(escapeXML(name))</option>" }
        let header = export.header.map { "# " + $0 }.joined(separator: "\n")
        var html = "<form class=\"controls\" id=\"controls\" data-header=\"\(escapeXML(header))\">\n"
        html += "<label>\(escapeXML(text("review.sort"))) <select id=\"sort\">"
        html += option("order", text("review.sort.order")) + option("score-up", text("review.sort.scoreUp"))
            + option("score-down", text("review.sort.scoreDown")) + option("label", text("review.sort.label"))
        html += "</select></label>\n<label>\(escapeXML(text("fact.grade"))) <select id=\"filter-label\">" + option("", text("review.filter.all"))
        for label in summary.labels { html += option(label.code, "\(label.name) (\(label.count))") }
        html += "</select></label>\n"
        html += "<label>\(escapeXML(text("review.filter.scoreFrom"))) <input type=\"number\" id=\"score-min\" size=\"5\"></label>\n"
        html += "<label>\(escapeXML(text("review.filter.scoreTo"))) <input type=\"number\" id=\"score-max\" size=\"5\"></label>\n"
        html += "<output id=\"shown\" data-template=\"\(escapeXML(text("review.shown")))\"></output>\n"
        html += "<output id=\"verdicts\" data-template=\"\(escapeXML(text("review.verdicts")))\"></output>\n"
        html += "<button type=\"button\" id=\"export-accepted\" data-file=\"accepted-\(escapeXML(export.what)).txt\">\(escapeXML(text("review.exportAccepted")))</button>\n"
        html += "<button type=\"button\" id=\"export-rejected\" data-file=\"rejected-\(escapeXML(export.what)).txt\">\(escapeXML(text("review.exportRejected")))</button>\n"
        html += "</form>\n"
        return html
    }

    private func section(_ entry: Entry, number: Int, summary: Summary) -> String {
        let grade = entry.grade
        let rank = summary.labels.firstIndex { $0.code == grade.label } ?? summary.labels.count
        var html = "<section class=\"puzzle\" id=\"puzzle-\(number)\" data-order=\"\(number)\" data-key=\"\(escapeXML(entry.key))\""
        html += " data-label=\"\(escapeXML(grade.label))\" data-label-rank=\"\(rank)\" data-score=\"\(grade.score)\""
        html += " data-solutions=\"\(grade.solutionsUpTo2.map(String.init) ?? "")\" data-guesses=\"\(grade.guesses)\""
        html += " data-rounds=\"\(grade.rounds)\" data-complete=\"\(grade.complete)\" data-verdict=\"\">\n"
        html += "<h2>\(escapeXML(entry.title))</h2>\n<div class=\"layout\">\n"
        html += "<figure class=\"drawing\">\n\(entry.drawing)</figure>\n<div class=\"about\">\n"
        html += "<table class=\"glance\">\n<tr>" + ["fact.solutions", "fact.guesses", "fact.rounds", "fact.grade", "fact.score", "fact.steps"]
            .map { "<th>\(escapeXML(text($0)))</th>" }.joined() + "</tr>\n"
        let label = grade.complete ? grade.labelName : text("review.lowerBound", ["label": grade.labelName])
        html += "<tr>" + [grade.solutionsText, language.number(grade.guesses), language.number(grade.rounds), label,
                          language.number(grade.score), language.number(grade.steps)]
            .map { "<td>\(escapeXML($0))</td>" }.joined() + "</tr>\n</table>\n"
        html += "<div class=\"verdict\">"
        html += "<button type=\"button\" data-verdict=\"accepted\" aria-pressed=\"false\">\(escapeXML(text("review.accept")))</button> "
        html += "<button type=\"button\" data-verdict=\"rejected\" aria-pressed=\"false\">\(escapeXML(text("review.reject")))</button></div>\n<dl>\n"
        for fact in entry.facts { html += "<dt>\(escapeXML(fact.name))</dt><dd>\(escapeXML(fact.value))</dd>\n" }
        let techniques = entry.techniques.map { "\(escapeXML($0.name)) × \($0.count)" }.joined(separator: ", ")
        html += "<dt>\(escapeXML(text("fact.techniques")))</dt><dd>\(techniques.isEmpty ? escapeXML(text("review.none")) : techniques)</dd>\n</dl>\n"
        if entry.steps.isEmpty {
            html += "<p class=\"note\">\(escapeXML(text("review.noSteps")))</p>\n"
        } else {
            html += "<details class=\"explanation\">\n<summary>\(escapeXML(DrawingMessages.catalogue.text("review.showExplanation", count: entry.steps.count, language)))</summary>\n"
            html += "<ol class=\"steps\">\n"
            for (index, step) in entry.steps.enumerated() {
                html += "<li data-step=\"\(index + 1)\" tabindex=\"0\">\(escapeXML(step))</li>\n"
            }
            html += "</ol>\n</details>\n"
        }
        html += "</div>\n</div>\n<details class=\"solution\">\n<summary>\(escapeXML(text("review.showSolution")))</summary>\n\(entry.solution)</details>\n</section>\n"
        return html
    }

    static let style = """
        body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; color: #000; background: #fff; margin: 1.5em; }
        h1 { font-size: 1.4em; margin: 0 0 0.3em; }
        h2 { font-size: 1.1em; margin: 0 0 0.4em; }
        .note { color: #444; font-size: 0.9em; }
        .summary { display: flex; flex-wrap: wrap; gap: 0.4em 2em; align-items: flex-start; }
        .summary h2 { flex: 1 0 100%; }
        .summary ul.failures { flex: 1 0 100%; margin: 0; font-size: 0.85em; }
        table { border-collapse: collapse; }
        th, td { border: 1px solid #888; padding: 0.1em 0.5em; text-align: left; }
        .controls { position: sticky; top: 0; z-index: 1; background: #fff; border-bottom: 1px solid #888; padding: 0.5em 0;
                    display: flex; flex-wrap: wrap; gap: 0.5em 1.2em; align-items: center; }
        .controls output { color: #444; }
        .controls input { width: 6em; }
        .puzzle { border-top: 1px solid #888; padding: 0.8em 0 1em 0.6em; border-left: 6px solid transparent; }
        .puzzle[data-verdict="accepted"] { border-left-color: #000; }
        .puzzle[data-verdict="rejected"] { border-left-color: #bbb; color: #666; }
        .puzzle[data-verdict="rejected"] figure { opacity: 0.4; }
        .layout { display: flex; flex-wrap: wrap; gap: 1.2em; align-items: flex-start; }
        figure { margin: 0; position: sticky; top: 3.5em; }
        svg { max-width: 100%; height: auto; }
        .about { flex: 1 1 22em; min-width: 16em; }
        table.glance { margin: 0 0 0.5em; }
        .verdict { margin: 0 0 0.5em; }
        .verdict button { font: inherit; padding: 0.2em 0.9em; border: 1px solid #000; background: #fff; cursor: pointer; }
        .verdict button[aria-pressed="true"] { background: #000; color: #fff; }
        button:focus-visible, select:focus-visible, input:focus-visible { outline: 3px solid #000; outline-offset: 2px; }
        dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.15em 0.8em; margin: 0 0 0.6em; }
        dt { font-weight: bold; }
        dd { margin: 0; }
        ol.steps { margin: 0.3em 0 0; padding-left: 2.5em; font-size: 0.9em; }
        ol.steps li { cursor: pointer; padding: 0.1em 0.3em; border-left: 3px solid transparent; }
        ol.steps li:hover, ol.steps li:focus, ol.steps li.active { background: #e6e6e6; border-left-color: #000; outline: none; }
        details.solution { margin-top: 0.6em; }
        summary { cursor: pointer; font-weight: bold; }
        @page { margin: 12mm; }
        @media print {
          body { margin: 0; font-size: 9pt; }
          figure { position: static; }
          .note, .controls, .verdict, summary { display: none; }
          .puzzle { break-inside: avoid; page-break-inside: avoid; border-top: 1px solid #888; border-left: none; padding: 2mm 0; }
          .summary { break-after: page; page-break-after: always; }
          svg { max-height: 68mm; max-width: 85mm; width: auto; }
          ol.steps { font-size: 7.5pt; padding-left: 0; list-style-position: inside; }
          ol.steps li { border: none; background: none; padding: 0; break-inside: avoid; }
        }

        """

    static let script = """
        "use strict";
        (function () {
          var main = document.getElementById("puzzles");
          var sections = Array.from(main.querySelectorAll("section.puzzle"));
          sections.forEach(function (section) {
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
            section.querySelectorAll(".verdict button").forEach(function (button) {
              button.addEventListener("click", function () {
                var verdict = button.getAttribute("data-verdict");
                section.setAttribute("data-verdict", section.getAttribute("data-verdict") === verdict ? "" : verdict);
                section.querySelectorAll(".verdict button").forEach(function (other) {
                  other.setAttribute("aria-pressed", String(other.getAttribute("data-verdict") === section.getAttribute("data-verdict")));
                });
                count();
              });
            });
          });
          var sort = document.getElementById("sort"), label = document.getElementById("filter-label");
          var low = document.getElementById("score-min"), high = document.getElementById("score-max");
          var shown = document.getElementById("shown"), verdicts = document.getElementById("verdicts");
          function number(section, name) { return Number(section.getAttribute("data-" + name)); }
          function fill(output, values) {
            output.textContent = output.getAttribute("data-template").replace(/\\{(\\w+)\\}/g, function (all, name) {
              return name in values ? String(values[name]) : all;
            });
          }
          function having(verdict) {
            return sections.filter(function (section) { return section.getAttribute("data-verdict") === verdict; });
          }
          function count() {
            var accepted = having("accepted").length, rejected = having("rejected").length;
            fill(verdicts, { accepted: accepted, rejected: rejected, open: sections.length - accepted - rejected });
          }
          function update() {
            var by = sort.value, from = low.value === "" ? -Infinity : Number(low.value), to = high.value === "" ? Infinity : Number(high.value);
            var visible = 0;
            sections.slice().sort(function (a, b) {
              var difference = by === "score-up" ? number(a, "score") - number(b, "score")
                : by === "score-down" ? number(b, "score") - number(a, "score")
                : by === "label" ? number(a, "label-rank") - number(b, "label-rank") : 0;
              return difference || number(a, "order") - number(b, "order");
            }).forEach(function (section) {
              main.appendChild(section);
              var score = number(section, "score");
              section.hidden = !((label.value === "" || section.getAttribute("data-label") === label.value) && score >= from && score <= to);
              if (!section.hidden) { visible += 1; }
            });
            fill(shown, { shown: visible, count: sections.length });
          }
          // The keys of the puzzles with `verdict`, in page order, after the header: a file pack and generate take back with --seeds.
          function exported(verdict) {
            var header = document.getElementById("controls").getAttribute("data-header");
            return (header === "" ? "" : header + "\\n") + "# " + verdict + "\\n"
              + having(verdict).map(function (section) { return section.getAttribute("data-key") + "\\n"; }).join("");
          }
          ["accepted", "rejected"].forEach(function (verdict) {
            var button = document.getElementById("export-" + verdict);
            button.addEventListener("click", function () {
              var link = document.createElement("a");
              link.href = URL.createObjectURL(new Blob([exported(verdict)], { type: "text/plain" }));
              link.download = button.getAttribute("data-file");
              document.body.appendChild(link);
              link.click();
              link.remove();
              setTimeout(function () { URL.revokeObjectURL(link.href); }, 1000);
            });
          });
          [sort, label, low, high].forEach(function (control) {
            control.addEventListener("input", update);
            control.addEventListener("change", update);
          });
          document.getElementById("controls").addEventListener("submit", function (event) { event.preventDefault(); });
          update();
          count();
        })();

        """
}

extension DrawableFamily {
    /// The puzzle's entry for a ``ReviewPage``: graded with its
    /// explanation (the grade's own uniqueness check counts its solutions
    /// up to 2 within the budget), drawn with one highlight layer per
    /// step, and solved.
    ///
    /// - Parameters:
    ///   - puzzle: the puzzle to review.
    ///   - key: what an exported list names it by (its seed when it was
    ///     generated); `nil`: its id.
    ///   - facts: shown under the heading (family, seed, profile), named
    ///     in `language` by the caller.
    ///   - language: the language of the explanation and the techniques' and
    ///     label's names.
    ///   - timeLimit: the budget of the puzzle's one grade.
    /// - Throws: what grading and ``board(_:solved:)`` throw, or a
    ///   ``DrawingError`` when there is no solution to draw.
    public func reviewEntry(_ puzzle: Puzzle, key: String? = nil, facts: [(name: String, value: String)], language: Language = .english,
                            timeLimit: Duration? = DefaultBudget.time) throws -> ReviewPage.Entry {
        let graded = try graded(puzzle, language: language, timeLimit: timeLimit)
        let grade = graded.grade
        let marks = graded.steps
        let techniques = Technique.allCases.compactMap { technique -> (name: String, count: Int)? in
            let count = marks.filter { $0.technique == technique.code }.count
            return count == 0 ? nil : (technique.name(in: language), count)
        }
        return ReviewPage.Entry(
            title: id(of: puzzle), key: key ?? id(of: puzzle), facts: facts, grade: ReviewPage.Glance(grade),
            techniques: techniques,
            drawing: SVG.document(try board(puzzle, solved: false), paper: .fit, title: nil, highlights: marks, hidden: true),
            solution: SVG.document(try graded.solvedBoard(of: id(of: puzzle)), paper: .fit, title: nil),
            steps: grade.explanation)
    }

    /// The family's labels, easiest first, with their names in `language`:
    /// a ``ReviewPage``'s label order.
    ///
    /// - Parameter language: the language of the names.
    public func reviewLabels(language: Language) -> [(code: String, name: String)] {
        gradeLabels.map { ($0, labelName($0, in: language)) }
    }
}
