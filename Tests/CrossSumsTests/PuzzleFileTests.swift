import CrossSums
import Foundation
import PuzzleKit
import Testing

@Suite struct PuzzleFileTests {
    static let puzzle = JSONFormatTests.tiny

    static func ids(_ results: [Result<Puzzle, FormatError>]) -> [String] {
        results.map { (try? $0.get())?.id ?? "error" }
    }

    @Test func readsEveryKindByExtension() throws {
        let text = TextFormat.write(Self.puzzle)
        #expect(Self.ids(PuzzleFile.read(Data(text.utf8), file: "dir/a.xsum")) == ["a"])
        let object = JSONFormat.write(Self.puzzle, pretty: true)
        #expect(Self.ids(PuzzleFile.read(Data(object.utf8), file: "p.json")) == ["easy-1"])
        var second = Self.puzzle
        second.id = "easy-2"
        let pack = JSONFormat.writePack([Self.puzzle, second])
        #expect(Self.ids(PuzzleFile.read(Data(pack.utf8), file: "puzzles.json")) == ["easy-1", "easy-2"])
        let lines = JSONFormat.write(Self.puzzle) + "\n" + JSONFormat.write(second) + "\n"
        #expect(Self.ids(PuzzleFile.read(Data(lines.utf8), file: "c.jsonl")) == ["easy-1", "easy-2"])
    }

    @Test func standardInputIsToldApartByContent() throws {
        let text = TextFormat.write(Self.puzzle, comments: ["from stdin"])
        #expect(Self.ids(PuzzleFile.read(Data(text.utf8), file: "-")) == ["stdin"])
        #expect(Self.ids(PuzzleFile.read(Data(JSONFormat.write(Self.puzzle).utf8), file: "-")) == ["easy-1"])
        #expect(Self.ids(PuzzleFile.read(Data(JSONFormat.writePack([Self.puzzle]).utf8), file: "-")) == ["easy-1"])
        let two = JSONFormat.write(Self.puzzle) + "\n" + JSONFormat.write(Self.puzzle) + "\n"
        #expect(Self.ids(PuzzleFile.read(Data(two.utf8), file: "-")) == ["easy-1", "easy-1"])
    }

    @Test func faultsAreOneLineErrors() {
        let results = PuzzleFile.read(Data([0xFF, 0xFE, 0x00]), file: "bin.xsum")
        guard case .failure(let error) = results.first else { Issue.record("accepted binary data"); return }
        #expect(error.description == "bin.xsum:1: expected UTF-8 text")
        let bad = PuzzleFile.read(Data("[{\"id\":\"x\"}]".utf8), file: "puzzles.json")
        #expect(bad.count == 1)
        guard case .failure(let packError) = bad.first else { Issue.record("accepted a bad pack"); return }
        #expect(packError.description.hasPrefix("puzzles.json:1: missing key"))
    }
}
