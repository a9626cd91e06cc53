import Foundation
import Testing
import MathCrossword
import PuzzleKit

@Suite struct JSONFormatTests {
    func generated(_ seed: Int) throws -> Puzzle {
        try Generator().generateLevel(difficulty: .class2, seed: seed)
    }

    @Test func roundTripsAGeneratedLevelWithItsSolution() throws {
        let level = try generated(5)
        for pretty in [true, false] {
            let text = JSONFormat.write(level, pretty: pretty)
            #expect(try JSONFormat.read(Data(text.utf8), file: "l.json") == level)
        }
        #expect(!JSONFormat.write(level, pretty: false).contains("\n"))
    }

    @Test func usesTheSeedsCodableKeys() throws {
        let level = try generated(6)
        let object = try JSONSerialization.jsonObject(with: Data(JSONFormat.write(level, pretty: false).utf8)) as? [String: Any]
        #expect(Set(object?.keys.map { $0 } ?? []) == ["id", "difficulty", "rows", "columns", "cells", "equations", "numberPool", "solution"])
        let difficulty = object?["difficulty"] as? [String: Any]
        #expect(difficulty?["minCrossingsPerEquation"] as? Int == 2)
        let cell = (object?["cells"] as? [[String: Any]])?.first
        #expect(CellType.allCases.map(\.rawValue).contains(cell?["type"] as? String ?? ""))
        #expect((cell?["position"] as? [String: Any])?["column"] as? Int == 0)
    }

    @Test func agreesWithTheTextFormat() throws {
        let level = try generated(7)
        let fromText = try TextFormat.read(TextFormat.write(level), file: "x.mcw")
        #expect(fromText.tokenGrid == level.tokenGrid)
        #expect(fromText.equations.map(\.cellPositions) == level.equations.map(\.cellPositions))
        #expect(fromText.numberPool == level.numberPool)
    }

    @Test func readsJSONLinesLineByLine() throws {
        let a = JSONFormat.write(try generated(1), pretty: false)
        let b = JSONFormat.write(try generated(2), pretty: false)
        let results = JSONFormat.readLines("\(a)\n\n{\"id\": \"x\"}\n\(b)\n", file: "c.jsonl")
        #expect(results.count == 3)
        #expect((try? results[0].get())?.id == "class_2-1")
        guard case .failure(let error) = results[1] else { Issue.record("line 3 accepted"); return }
        #expect(error.location == SourceLocation(file: "c.jsonl", line: 3))
        #expect(error.message.contains("missing key 'difficulty'"))
        #expect((try? results[2].get())?.id == "class_2-2")
    }

    /// Edits of a valid level's JSON object and the message each must produce.
    static let rejected: [(String, @Sendable ([String: Any]) -> [String: Any])] = [
        ("expected 100 cells", { var o = $0; o["cells"] = Array(($0["cells"] as! [Any]).dropLast()); return o }),
        ("a second cell at", { var o = $0; var c = $0["cells"] as! [[String: Any]]; c[0]["position"] = c[1]["position"]; o["cells"] = c; return o }),
        ("lies outside", { var o = $0; var c = $0["cells"] as! [[String: Any]]; c[0]["position"] = ["row": 10, "column": 0]; o["cells"] = c; return o }),
        ("cells[0].type", { var o = $0; var c = $0["cells"] as! [[String: Any]]; c[0]["type"] = "wall"; o["cells"] = c; return o }),
        ("is not listed", { var o = $0; o["equations"] = Array(($0["equations"] as! [Any]).dropLast()); return o }),
        ("numberPool lists", { var o = $0; o["numberPool"] = ($0["numberPool"] as! [Int]) + [1]; return o }),
        ("solution: its values", { var o = $0; var s = $0["solution"] as! [[String: Any]]; s[0]["value"] = 9999; o["solution"] = s; return o }),
        // A row far outside the grid, whose cell index would overflow.
        ("solution: expected exactly one entry", { var o = $0; var s = $0["solution"] as! [[String: Any]]; s[0]["row"] = 1_000_000_000_000_000_000; o["solution"] = s; return o }),
        ("expected an integer", { var o = $0; o["rows"] = "ten"; return o }),
    ]

    @Test(arguments: rejected.indices)
    func rejectsInconsistentLevels(_ index: Int) throws {
        let level = try generated(3)
        let object = try JSONSerialization.jsonObject(with: Data(JSONFormat.write(level, pretty: false).utf8)) as! [String: Any]
        let (message, edit) = Self.rejected[index]
        let data = try JSONSerialization.data(withJSONObject: edit(object))
        do {
            _ = try JSONFormat.read(data, file: "bad.json")
            Issue.record("accepted edit \(index)")
        } catch {
            #expect(error.message.contains(message), "edit \(index): \(error)")
            #expect(error.location.file == "bad.json")
        }
    }

    @Test func rejectsSomethingThatIsNotJSON() {
        #expect(throws: FormatError.self) { try JSONFormat.read(Data("not json".utf8), file: "x.json") }
    }

    @Test func readsCustomProfilesAndRejectsBadOnes() throws {
        let custom = Profile(id: "tiny", displayName: "Tiny", minValue: 0, maxValue: 9, allowedOperators: ["+"],
                                       gridRows: 7, gridColumns: 7, minEquations: 2, maxEquations: 3,
                                       maxOperandsPerEquation: 2, minCrossingsPerEquation: 1)
        let data = try JSONEncoder().encode(custom)
        #expect(try Profile.decode(from: data, file: "p.json") == custom)
        let bad = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"+\"", with: "\"^\"")
        #expect(throws: FormatError("invalid profile: allowedOperators: '^' is not one of + - x /",
                                    at: SourceLocation(file: "p.json", line: 1))) {
            try Profile.decode(from: Data(bad.utf8), file: "p.json")
        }
    }
}
