import Foundation
import PuzzleDrawing
import PuzzleFamilies
import PuzzleKit
import Testing

/// docs/GLOSSARY.md is made from the catalogues of every registered family:
/// the test fails when the committed file differs, and writes it with
/// `PUZZLELAB_WRITE_GLOSSARY=1`.
@Suite struct GlossaryTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/GLOSSARY.md").path

    @Test func theGlossaryIsUpToDate() throws {
        let glossary = Glossary.markdown(puzzleFamilies)
        if ProcessInfo.processInfo.environment["PUZZLELAB_WRITE_GLOSSARY"] == "1" {
            try glossary.write(toFile: Self.path, atomically: true, encoding: .utf8)
        }
        let committed = try? String(contentsOfFile: Self.path, encoding: .utf8)
        #expect(committed == glossary, "docs/GLOSSARY.md differs from the catalogues: run PUZZLELAB_WRITE_GLOSSARY=1 swift test --filter GlossaryTests")
    }

    @Test func everyFamilyHasATableOfTechniquesAndOfLabels() {
        let glossary = Glossary.markdown(puzzleFamilies)
        for family in puzzleFamilies {
            #expect(glossary.contains("\n## \(family.info.name)\n"), "\(family.info.name)")
        }
        #expect(glossary.components(separatedBy: "\n### Techniques\n").count == puzzleFamilies.count + 1)
        #expect(glossary.components(separatedBy: "\n### Labels\n").count == puzzleFamilies.count + 1)
    }
}

/// The glossary's Markdown: per family its techniques (code, name and rule
/// in every language) and its grade labels (code, name in every language).
enum Glossary {
    static func markdown(_ families: [any CommandFamily]) -> String {
        var text = """
            # Glossary

            The names and rules of every family's techniques, and the names of its
            grade labels, in every language of the catalogues. Generated from the
            catalogues by `GlossaryTests` (`PUZZLELAB_WRITE_GLOSSARY=1 swift test
            --filter GlossaryTests`); do not edit by hand.

            """
        for family in families { text += section(family) }
        return text
    }

    private static func section<F: CommandFamily>(_ family: F) -> String {
        let languages = Language.all
        var text = "\n## \(family.info.name)\n\n### Techniques\n\n"
        text += row(["Code"] + languages.map { "Name (\($0.name))" } + languages.map { "Rule (\($0.name))" })
        text += row(Array(repeating: "---", count: 1 + 2 * languages.count))
        for technique in F.Technique.allCases {
            text += row(["`\(technique.code)`"] + languages.map { technique.name(in: $0) } + languages.map { technique.rule(in: $0) })
        }
        text += "\n### Labels\n\n"
        text += row(["Code"] + languages.map { "Name (\($0.name))" })
        text += row(Array(repeating: "---", count: 1 + languages.count))
        for label in family.gradeLabels {
            text += row(["`\(label)`"] + languages.map { family.labelName(label, in: $0) })
        }
        return text
    }

    /// One table row, a `|` in a cell escaped.
    private static func row(_ cells: [String]) -> String {
        "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }.joined(separator: " | ") + " |\n"
    }
}
