import CrossSums
import Foundation
import PuzzleKit
import Testing

@Suite struct JSONFormatTests {
    static let tiny = Puzzle(id: "easy-1", difficulty: "easy", grid: [[3, 5], [7, 2]],
                             solution: [[true, false], [false, true]], rowSums: [3, 2], columnSums: [3, 2])

    @Test func usesTheSeedsKeysAndRoundTrips() throws {
        let text = JSONFormat.write(Self.tiny)
        #expect(text == #"{"columnSums":[3,2],"difficulty":"easy","grid":[[3,5],[7,2]],"id":"easy-1","rowSums":[3,2],"solution":[[true,false],[false,true]]}"#)
        #expect(try JSONFormat.read(Data(text.utf8), file: "p.json") == Self.tiny)
        let pretty = JSONFormat.write(Self.tiny, pretty: true)
        #expect(pretty.contains("\n"))
        #expect(try JSONFormat.read(Data(pretty.utf8), file: "p.json") == Self.tiny)
    }

    @Test func theSolutionIsOptional() throws {
        var unsolved = Self.tiny
        unsolved.solution = nil
        let text = JSONFormat.write(unsolved)
        #expect(!text.contains("solution"))
        #expect(try JSONFormat.read(Data(text.utf8), file: "p.json") == unsolved)
    }

    @Test func readsJSONLines() throws {
        let good = JSONFormat.write(Self.tiny)
        let results = JSONFormat.readLines(good + "\n\n{\"id\":1}\n" + good + "\r\n", file: "c.jsonl")
        #expect(results.count == 3)
        #expect((try? results[0].get()) == Self.tiny)
        guard case .failure(let error) = results[1] else { Issue.record("accepted a bad line"); return }
        #expect(error.location.line == 3)
        #expect((try? results[2].get()) == Self.tiny)
    }

    @Test func packsRoundTripOnePuzzlePerLine() throws {
        let pack = try LevelPack.generate(difficulty: .easy, levels: 3, seed: 9)
        let text = JSONFormat.writePack(pack)
        #expect(text.split(separator: "\n").count == 5)
        let read = try JSONFormat.readPack(Data(text.utf8), file: "puzzles.json")
        #expect(read == pack)
        #expect(read.map(\.id) == ["easy-1", "easy-2", "easy-3"])
        #expect(JSONFormat.writePack([]) == "[]\n")
        #expect(try JSONFormat.readPack(Data("[]".utf8), file: "empty.json").isEmpty)
    }

    static func puzzleJSON(_ id: String = "easy-1", difficulty: String = "easy", grid: String = "[[3,5],[7,2]]",
                           solution: String? = "[[true,false],[false,true]]", rowSums: String = "[3,2]",
                           columnSums: String = "[3,2]") -> String {
        var fields = ["\"id\":\"\(id)\"", "\"difficulty\":\"\(difficulty)\"", "\"grid\":\(grid)",
                      "\"rowSums\":\(rowSums)", "\"columnSums\":\(columnSums)"]
        if let solution { fields.append("\"solution\":\(solution)") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// One case per class of rejected puzzle: the JSON, then a part of the message.
    static let rejectedPuzzles: [(String, String)] = [
        ("{", "expected valid JSON"),
        ("[]", "expected an object"),
        (#"{"id":"easy-1","difficulty":"easy","grid":[[1]],"rowSums":[1]}"#, "missing key 'columnSums'"),
        (puzzleJSON(grid: #"[[3,"5"],[7,2]]"#), "grid[0][1]: expected an integer"),
        // Foundation on Linux reports a fraction or a too-large integer as invalid JSON, without the path.
        (puzzleJSON(grid: "[[3,5],[7,2.5]]"), "grid[1][1]: expected an integer, found 2.5"),
        (puzzleJSON(grid: "[[3,5],[7,99999999999999999999]]"), "does not fit in 64 bits"),
        (puzzleJSON(grid: "[]", solution: nil, rowSums: "[]", columnSums: "[]"), "at least one row and one column"),
        (puzzleJSON(grid: "[[],[]]", solution: nil, columnSums: "[]"), "at least one row and one column"),
        (puzzleJSON(grid: "[[3,5],[7]]", solution: nil), "grid row 2 has 1 numbers, expected 2"),
        (puzzleJSON(grid: "[[3,5],[7,0]]", solution: nil), "numbers must be positive"),
        (puzzleJSON(grid: "[[3,5],[-7,2]]", solution: nil), "numbers must be positive"),
        (puzzleJSON(rowSums: "[3]"), "rowSums has 1 sums for 2 rows"),
        (puzzleJSON(columnSums: "[3,2,0]"), "columnSums has 3 sums for 2 columns"),
        (puzzleJSON(rowSums: "[3,-2]"), "sums must be non-negative"),
        (puzzleJSON(columnSums: "[-3,2]"), "sums must be non-negative"),
        (puzzleJSON(solution: "[[true,false]]"), "solution must have the grid's shape"),
        (puzzleJSON(solution: "[[true,true],[false,true]]"), "solution: the kept numbers of row 1 add up to 8, not 3"),
        (puzzleJSON(grid: "[[9223372036854775807,9223372036854775807]]", solution: nil, rowSums: "[1]", columnSums: "[1,1]"),
         "this build cannot represent it"),
    ]

    @Test(arguments: rejectedPuzzles.indices)
    func rejectsMalformedPuzzles(_ index: Int) {
        let (json, message) = Self.rejectedPuzzles[index]
        do {
            _ = try JSONFormat.read(Data(json.utf8), file: "bad.json", line: 4)
            Issue.record("accepted case \(index): \(json)")
        } catch {
            #expect(error.location == SourceLocation(file: "bad.json", line: 4), "case \(index): \(error)")
            #expect(error.message.contains(message), "case \(index): \(error)")
            #expect(!error.description.contains("\n"))
        }
    }

    /// One case per class of rejected pack: the elements, the line the
    /// faulty one starts on and a part of the message.
    static let rejectedPacks: [([String], Int, String)] = [
        ([puzzleJSON("easy-1"), puzzleJSON("easy-1")], 3, "repeats the id of [0]"),
        ([puzzleJSON("hard-1")], 2, "expected the id 'easy-<level>'"),
        ([puzzleJSON("easy-0")], 2, "expected the id 'easy-<level>'"),
        ([puzzleJSON("easy-01")], 2, "expected the id 'easy-<level>'"),
        ([puzzleJSON("easy")], 2, "expected the id 'easy-<level>'"),
        ([puzzleJSON("easy-1"), puzzleJSON("easy-3")], 3, "level 2 is missing"),
        ([puzzleJSON("easy-1"), puzzleJSON(rowSums: "[3]")], 3, "[1] (id 'easy-1'): rowSums has 1 sums"),
        ([puzzleJSON("easy-1"), "{\"id\":3}"], 1, "[1].id: expected a string"),
    ]

    @Test(arguments: rejectedPacks.indices)
    func rejectsMalformedPacks(_ index: Int) {
        let (elements, line, message) = Self.rejectedPacks[index]
        let text = "[\n" + elements.joined(separator: ",\n") + "\n]\n"
        do {
            _ = try JSONFormat.readPack(Data(text.utf8), file: "puzzles.json")
            Issue.record("accepted case \(index)")
        } catch {
            #expect(error.location == SourceLocation(file: "puzzles.json", line: line), "case \(index): \(error)")
            #expect(error.message.contains(message), "case \(index): \(error)")
        }
    }

    @Test func packLevelsMayComeInAnyOrderAndMixDifficulties() throws {
        let text = "[" + [Self.puzzleJSON("easy-2"), Self.puzzleJSON("hard-1", difficulty: "hard"), Self.puzzleJSON("easy-1")].joined(separator: ",") + "]"
        let pack = try JSONFormat.readPack(Data(text.utf8), file: "puzzles.json")
        let service = PuzzleService(puzzles: pack)
        #expect(service.difficulties == ["easy", "hard"])
        #expect(service.levelCount(difficulty: "easy") == 2)
        #expect(service.getPuzzle(difficulty: "hard", level: 1)?.id == "hard-1")
        #expect(service.getPuzzle(difficulty: "hard", level: 2) == nil)
    }
}
