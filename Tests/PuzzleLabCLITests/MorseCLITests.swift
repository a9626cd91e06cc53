import Foundation
import Testing

@Suite struct MorseCLITests {
    /// `morse count --words` says in the language asked whether a word has
    /// exactly the code; English by default; another code is an error that
    /// names the languages.
    @Test func countSpeaksTheLanguageAsked() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("ET\nTEA\n".utf8).write(to: dir.appendingPathComponent("words.txt"))
        let english = try puzzlelab(["morse", "count", ".-", "--words", "words.txt"], in: dir)
        #expect(english.status == 0 && english.stdout == "1\nwords with exactly this code: ET\n")
        #expect(try puzzlelab(["morse", "count", ".-", "--words", "words.txt", "--language", "en"], in: dir).stdout == english.stdout)
        let german = try puzzlelab(["morse", "count", ".-", "--words", "words.txt", "--language", "de"], in: dir)
        #expect(german.status == 0 && german.stdout == "1\nWörter mit genau diesem Code: ET\n")
        let none = try puzzlelab(["morse", "count", "...---", "--words", "words.txt", "--language", "de"], in: dir)
        #expect(none.status == 0 && none.stdout == "0\nKein Wort hat genau diesen Code\n")
        let bad = try puzzlelab(["morse", "count", ".-", "--language", "fr"], in: dir)
        #expect(bad.status != 0 && bad.stdout.isEmpty)
        #expect(bad.stderr.contains("'fr'") && bad.stderr.contains("'en'") && bad.stderr.contains("'de'"))
    }
}
