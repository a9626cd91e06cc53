import ArithmeticDrills
import CrossSums
import Foundation
import MathCrossword
import MorseCode
import NumberSearch
import PuzzleDrawing
import PuzzleFamilies
import PuzzleKit
import Testing

/// Every message catalogue of the toolkit.
///
/// Every module's catalogue.
let allCatalogues: [Catalogue] = [
    SharedWords.catalogue,
    DrawingMessages.catalogue,
    MathCrosswordMessages.catalogue,
    CrossSumsMessages.catalogue,
    NumberSearchMessages.catalogue,
    DrillsMessages.catalogue,
    MorseMessages.catalogue,
]

/// `--language` of grade, render and review: German words from the
/// catalogues, English by default, never the environment's language.
@Suite struct LanguageTests {
    @Test func everyCatalogueIsComplete() {
        for catalogue in allCatalogues { #expect(catalogue.problems() == [], "\(catalogue.name)") }
    }

    @Test func theEnvironmentNeverChoosesTheLanguage() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("p.mcw").path
        try puzzlelab(["generate", "--profile", "class_2", "--seed", "5"]).stdout.write(toFile: file, atomically: true, encoding: .utf8)
        for arguments in [["grade", "--profile", "class_2", "--seed", "5", "--explain"], ["render", file, "--step", "1"],
                          ["review", file]] {
            let plain = try puzzlelab(arguments)
            #expect(plain.status == 0, "\(arguments): \(plain.stderr)")
            for environment in [["LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"], ["LC_MESSAGES": "de_DE.UTF-8", "LANGUAGE": "de"]] {
                #expect(try puzzlelab(arguments, environment: environment).stdout == plain.stdout, "\(arguments) \(environment)")
            }
            #expect(try puzzlelab(arguments + ["--language", "en"]).stdout == plain.stdout, "\(arguments)")
            #expect(try puzzlelab(arguments + ["--language", "de"]).stdout != plain.stdout, "\(arguments)")
        }
        #expect(try puzzlelab(["grade", "--profile", "class_2", "--seed", "5"], environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"])
            .stdout.hasPrefix("class_2 seed 5: class_2-5: "))
    }

    @Test(arguments: ["grade", "render", "review"])
    func anOtherLanguageIsAUsageError(command: String) throws {
        for value in ["fr", "de_DE", "EN", ""] {
            let run = try puzzlelab([command, "--language", value, "p.mcw"])
            #expect(run.status == 64, "\(command) \(value)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.hasPrefix("puzzlelab: the value '\(value)' is invalid for '--language <code>'. Please provide one of 'en' and 'de'.\n"),
                    "\(command) \(value): \(run.stderr)")
        }
    }

    /// The summary line of `grade`, from the shared words; the label's and
    /// technique's names as the family's library gives them in the language.
    @Test(arguments: [("math-crossword", "class_1", 3), ("number-search", "level-1", 3), ("cross-sums", "easy", 3)])
    func theGradeLineInGerman(kind: String, profile: String, seed: Int) throws {
        let family = try #require(puzzleFamilies.first { $0.info.name == kind })
        let grade = try germanGrade(family, profile: profile, seed: seed)
        let run = try puzzlelab(["grade", "--kind", kind, "--profile", profile, "--seed", String(seed), "--language", "de"])
        #expect(run.status == 0, "\(run.stderr)")
        let line = String(run.stdout.prefix { $0 != "\n" })
        let steps = grade.steps == 1 ? "1 Schritt" : "\(grade.steps) Schritte"
        let rounds = grade.rounds == 1 ? "1 Runde" : "\(grade.rounds) Runden"
        #expect(line == "\(profile) Startwert \(seed): \(grade.id): \(grade.labelName), Punkte \(grade.score); schwierigste Technik: "
                + "\(grade.technique); \(steps) in \(rounds); 0-mal geraten, 0-mal zurückgenommen; eindeutig")
    }

    /// The English line is as it was (the old binary's, checked by hand).
    @Test func theGradeLineInEnglish() throws {
        let run = try puzzlelab(["grade", "--kind", "number-search", "--profile", "level-1", "--seed", "3"])
        #expect(run.stdout.hasPrefix("level-1 seed 3: level-1-3: easy, score 9; hardest Forward line; 3 steps in 1 round; 0 guesses, 0 backtracks; unique\n"))
        let crossword = try puzzlelab(["grade", "--profile", "class_1", "--seed", "3"])
        #expect(crossword.stdout.hasPrefix("class_1 seed 3: class_1-3: medium, score 26; hardest Unique pair; 5 steps in 3 rounds; 0 guesses, 0 backtracks; unique\n"))
    }

    @Test func theDrawingsWordsInGerman() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("p.mcw").path
        try puzzlelab(["generate", "--profile", "class_2", "--seed", "5"]).stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let render = try puzzlelab(["render", file, "--solution", "--step", "2", "--language", "de"])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout.contains(">math-crossword p, Lösung, Schritt 2</text>"))
        let review = try puzzlelab(["review", "--profile", "class_2", "--seed", "5", "--count", "2", "--unique", "--language", "de"])
        #expect(review.status == 0, "\(review.stderr)")
        for text in ["<html lang=\"de\">", "<h1>PuzzleLab-Übersicht: math-crossword class_2, Startwerte 5…6, eindeutig</h1>",
                     "<p class=\"note\">2 Rätsel. Zeig auf einen Schritt oder klick ihn an: Dann siehst du das Feld so, wie es vor dem Schritt aussieht.",
                     "<dt>Rätselart</dt><dd>math-crossword</dd>\n<dt>Startwert</dt><dd>5</dd>\n<dt>Profil</dt><dd>class_2</dd>\n<dt>Techniken</dt>",
                     "<th>Einstufung</th>", "<th>Punkte</th>", "<th>Schritte</th>", "<h2>Überblick</h2>", ">Angenommene exportieren</button>", "<dt>Techniken</dt>", "<summary>Lösung zeigen</summary>"] {
            #expect(review.stdout.contains(text), "\(text)")
        }
        let english = try puzzlelab(["review", "--profile", "class_2", "--seed", "5", "--language", "en"])
        for text in ["<html lang=\"en\">", "<h1>PuzzleLab review: math-crossword class_2, seed 5</h1>",
                     "<p class=\"note\">1 puzzle. Hover over or click a step", "<summary>Show the solution</summary>"] {
            #expect(english.stdout.contains(text), "\(text)")
        }
    }

    /// Everything grade, render and review say in German holds no English
    /// word, for every family (a few seeds per profile: the family suites
    /// scan 200 per profile). The codes a person types — the family's and
    /// profile's names, the puzzle ids made of them (`easy-1`) — are the
    /// same in every language and are not read.
    @Test(arguments: puzzleFamilies.map(\.info.name))
    func noEnglishInGerman(kind: String) throws {
        let family = try #require(puzzleFamilies.first { $0.info.name == kind })
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for profile in family.profileNames {
            let generate = ["--kind", kind, "--profile", profile, "--seed", "1", "--count", "3"]
            let grade = try puzzlelab(["grade"] + generate + ["--explain", "--language", "de"])
            let review = try puzzlelab(["review"] + generate + ["--language", "de"])
            let file = dir.appendingPathComponent("\(profile).json").path
            try puzzlelab(["generate", "--kind", kind, "--profile", profile, "--seed", "1", "--format", "json"])
                .stdout.write(toFile: file, atomically: true, encoding: .utf8)
            let render = try puzzlelab(["render", file, "--kind", kind, "--step", "1", "--language", "de"])
            #expect(grade.status == 0 && review.status == 0 && render.status == 0, "\(kind) \(profile)")
            let codes = (1...3).map { "\(profile)-\($0)" } + [kind, profile]
            for text in [grade.stdout, readableText(review.stdout), readableText(render.stdout)] {
                let english = englishWords(in: withoutCodes(text, codes), language: .german, catalogues: allCatalogues)
                #expect(english == [], "\(kind) \(profile): \(english)")
            }
        }
    }
}

/// `text` without the codes a person types (ids, profile and family
/// names) where they stand as codes: whole, between spaces, punctuation or
/// line ends.
func withoutCodes(_ text: String, _ codes: [String]) -> String {
    let codes = Set(codes)
    let separators: Set<Character> = [" ", "\n", ",", ":", ";", "(", ")"]
    var out = "", token = ""
    for character in text + "\n" {
        if separators.contains(character) {
            out += codes.contains(token) ? " " : token
            out.append(character)
            token = ""
        } else {
            token.append(character)
        }
    }
    return String(out.dropLast())
}

/// The German grade of a generated puzzle, as the library gives it.
private func germanGrade(_ family: any CommandFamily, profile: String, seed: Int) throws
    -> (id: String, labelName: String, score: Int, technique: String, steps: Int, rounds: Int) {
    func grade<F: CommandFamily>(_ family: F) throws -> (id: String, labelName: String, score: Int, technique: String, steps: Int, rounds: Int) {
        let puzzle = try family.generate(try family.profile(named: profile), GenerationRequest(seed: seed)).puzzle
        let grade = try family.grade(puzzle, solutionsUpTo2: nil, explain: false, language: .german)
        return (family.id(of: puzzle), grade.labelName, grade.score, grade.hardestTechnique?.name ?? "keine", grade.steps, grade.rounds)
    }
    return try grade(family)
}

/// The text a person reads in an SVG or HTML page: without its style and
/// script, tags and attributes.
func readableText(_ page: String) -> String {
    var text = "", rest = page[...]
    while let open = rest.firstIndex(of: "<") {
        text += rest[..<open] + " "
        let element = ["style", "script"].first { rest[open...].hasPrefix("<\($0)") }
        let end = element.flatMap { rest[open...].range(of: "</\($0)>")?.upperBound }
            ?? rest[open...].firstIndex(of: ">").map { rest.index(after: $0) }
        guard let end else { return text }
        rest = rest[end...]
    }
    return text + rest
}
