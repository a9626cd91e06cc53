import Testing
import PuzzleKit

@Suite struct PuzzleSourceTests {
    @Test func theExtensionDecidesWhateverTheContent() {
        let object = "{\"id\":\"a\"}\n"
        #expect(PuzzleSource.form(path: "p.mcw", text: object, textExtension: "mcw") == .text)
        #expect(PuzzleSource.form(path: "dir/P.MCW", text: object, textExtension: "mcw") == .text)
        #expect(PuzzleSource.form(path: "p.json", text: "grid\n", textExtension: "mcw") == .json)
        #expect(PuzzleSource.form(path: "p.JSONL", text: "grid\n", textExtension: "mcw") == .jsonl)
        // Another family's text extension is not this family's.
        #expect(PuzzleSource.form(path: "p.xsum", text: object, textExtension: "mcw") == .jsonl)
    }

    @Test func withoutAKnownExtensionTheFirstMeaningfulCharacterDecides() {
        let form = { (text: String) in PuzzleSource.form(path: "-", text: text, textExtension: "mcw") }
        #expect(form("") == .text)
        #expect(form("profile: class_1\n . 1 + ? = 3\n") == .text)
        #expect(form("# a comment\n{\"id\":\"a\"}\n") == .text)
        // Pretty-printed JSON spans lines that are not objects of their own.
        #expect(form("{\n  \"id\": \"a\"\n}\n") == .json)
        #expect(form("[{\"id\":\"a\"},\n{\"id\":\"b\"}]") == .json)
        // Every line an object: JSON Lines, also with blank lines, indentation and a byte-order mark.
        #expect(form("{\"id\":\"a\"}") == .jsonl)
        #expect(form("\u{FEFF}{\"id\":\"a\"}\n\n\t {\"id\":\"b\"}\r\n") == .jsonl)
        #expect(form("\n   [\n") == .json)
    }
}
