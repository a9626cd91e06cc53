@testable import PuzzleKit
import Testing

@Suite struct CatalogueTests {
    let sample = Catalogue(name: "sample", tables: [
        "en": ["solutions#one": "{count} solution", "solutions#other": "{count} solutions", "cell": "row {row}, column {column}"],
        "de": ["solutions#one": "{count} Lösung", "solutions#other": "{count} Lösungen", "cell": "Zeile {row}, Spalte {column}"],
    ])

    @Test func fillsPlaceholdersByName() {
        #expect(sample.text("cell", .english, ["row": "2", "column": "3"]) == "row 2, column 3")
        #expect(sample.text("cell", .german, ["column": "3", "row": "2"]) == "Zeile 2, Spalte 3")
        // A placeholder without an argument stays as written; an unknown key is itself.
        #expect(sample.text("cell", .german, ["row": "2"]) == "Zeile 2, Spalte {column}")
        #expect(sample.text("nope", .german) == "nope")
    }

    @Test func picksThePluralFormOfEachLanguage() {
        #expect(sample.text("solutions", count: 1, .german) == "1 Lösung")
        #expect(sample.text("solutions", count: 2, .german) == "2 Lösungen")
        #expect(sample.text("solutions", count: 0, .german) == "0 Lösungen")
        #expect(sample.text("solutions", count: 1, .english) == "1 solution")
        #expect(sample.text("solutions", count: 1000, .english) == "1000 solutions")
    }

    @Test func reportsMissingKeysPlaceholdersAndPluralForms() {
        #expect(sample.problems() == [])
        let broken = Catalogue(name: "broken", tables: [
            "en": ["a": "{x} and {y}", "b": "b", "n#one": "{count} n", "n#other": "{count} ns", "c": "c"],
            "de": ["a": "{x} und {z}", "n#other": "{count} ns", "extra": "e", "c": "{c"],
        ])
        #expect(broken.problems() == [
            "broken de: 'a' has placeholders [\"x\", \"z\"], English [\"x\", \"y\"]",
            "broken de: 'c' has an unbalanced brace",
            "broken de: 'extra' is not an English key",
            "broken de: 'n' lacks the plural form 'one'",
            "broken de: 'b' is missing",
        ])
        #expect(Catalogue(name: "x", tables: ["en": [:]]).problems() == ["x de: no table"])
        #expect(SharedWords.catalogue.problems() == [])
    }

    @Test func joinsListsAsEachLanguageWrites() {
        #expect(Language.english.list(["a", "b", "c"]) == "a, b and c")
        #expect(Language.german.list(["a", "b", "c"], .or) == "a, b oder c")
        #expect(Language.german.list(["a"]) == "a")
        #expect(Language.german.list([]) == "")
    }

    @Test func writesNumbersWithoutThousandsSeparatorsAndTheLanguagesDecimalSign() {
        #expect(Language.german.number(10000) == "10000")
        #expect(Language.german.number(-3) == "\u{2212}3")
        #expect(Language.english.decimal(2.25, places: 2) == "2.25")
        #expect(Language.german.decimal(2.2, places: 2) == "2,20")
        #expect(Language.german.decimal(0.05, places: 1) == "0,1")
        #expect(Language.english.decimal(7, places: 0) == "7")
        #expect(Language.english.decimal(-0.04, places: 1) == "0.0")
    }

    @Test func readsTheLanguageOnlyFromWhatTheCallerNames() {
        #expect(Language("de") == .german)
        #expect(Language("de_DE.UTF-8") == .german)
        #expect(Language("de-AT") == .german)
        #expect(Language("fr") == nil)
        #expect(Language("C") == nil)
        #expect(Language.fromEnvironment(["LANG": "de_DE.UTF-8"]) == .german)
        #expect(Language.fromEnvironment(["LC_ALL": "en_US.UTF-8", "LANG": "de_DE.UTF-8"]) == .english)
        #expect(Language.fromEnvironment(["LC_ALL": "", "LC_MESSAGES": "C", "LANG": "de_DE"]) == nil)
        #expect(Language.fromEnvironment([:]) == nil)
    }

    @Test func operationsReadWithGlyphsForPeopleAndASCIIForFormats() throws {
        let fact = try #require(ArithmeticFact(.subtraction, 12, 5))
        #expect(fact.text(.german) == "12 \u{2212} 5 = 7")
        #expect(fact.description == "12 - 5 = 7")
        #expect(ArithmeticOperation.allCases.map(\.glyph) == ["+", "\u{2212}", "\u{00D7}", "\u{00F7}"])
        #expect(ArithmeticOperation.allCases.map(\.rawValue) == ["+", "-", "x", "/"])
    }
}
