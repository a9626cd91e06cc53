import Foundation
import Testing
import PuzzleKit
@testable import NumberSearch

@Suite struct JSONFormatTests {
    @Test func usesTheDefaultCodableKeys() throws {
        let level = Puzzle(id: "a", profile: "custom", pathMode: .any, grid: [[6, 8]],
                          questions: [Question(operands: [60, 8], target: 68,
                                               solutionPositions: [GridPosition(row: 0, column: 0), GridPosition(row: 0, column: 1)])])
        #expect(JSONFormat.write(level) == #"{"grid":[[6,8]],"id":"a","pathMode":"any","profile":"custom","questions":[{"operands":[60,8],"solutionPositions":[{"column":0,"row":0},{"column":1,"row":0}],"target":68}]}"#)
        #expect(try JSONFormat.read(Data(JSONFormat.write(level, pretty: true).utf8), file: "f") == level)
    }

    @Test func roundTripsGeneratedLevels() throws {
        for n in 1...5 {
            let level = try Generator.generate(Profile.level(of: n), seed: 9).level
            #expect(try JSONFormat.read(Data(JSONFormat.write(level).utf8), file: "f") == level)
        }
    }

    @Test func solutionPositionsAreOptional() throws {
        let level = try JSONFormat.read(Data(#"{"id":"a","profile":"p","pathMode":"straight","grid":[[6,8]],"questions":[{"operands":[60,8],"target":68}]}"#.utf8), file: "f")
        #expect(level.questions[0].solutionPositions == nil)
    }

    @Test(arguments: [
        (#"{"id":"a","profile":"p","pathMode":"straight","grid":[[6,8]]}"#, "missing key 'questions'"),
        (#"{"id":"a","profile":"p","pathMode":"sideways","grid":[[6,8]],"questions":[]}"#, "pathMode"),
        (#"{"id":"a","profile":"p","pathMode":"straight","grid":[[6,18]],"questions":[{"operands":[1,0],"target":1}]}"#, "grid[0][1]: expected a digit 0-9"),
        (#"{"id":"a","profile":"p","pathMode":"straight","grid":[[6,8],[1]],"questions":[{"operands":[1,0],"target":1}]}"#, "grid[1]: has 1 digits"),
        (#"{"id":"a","profile":"p","pathMode":"straight","grid":[],"questions":[{"operands":[1,0],"target":1}]}"#, "expected 1 to 20 rows"),
        (#"{"id":"a","profile":"p","pathMode":"straight","grid":[[1]],"questions":[]}"#, "expected 1 to 9 questions"),
        (#"{"id":"a","profile":"p","pathMode":"straight","grid":[[1]],"questions":[{"operands":[1],"target":1}]}"#, "expected two operands"),
        (#"{"id":"a","profile":"p","pathMode":"straight","grid":[[1]],"questions":[{"operands":[2,-1],"target":1}]}"#, "operands[1]: expected a non-negative"),
        (#"{"id":"a","profile":"p","pathMode":"straight","grid":[[1]],"questions":[{"operands":[1,1],"target":1}]}"#, "target: 1 is not 1 + 1"),
        (#"{"id":"a","profile":"p","pathMode":"straight","grid":[[1]],"questions":[{"operands":[999,1],"target":1000}]}"#, "more than three digits"),
        (#"{"id":"a","profile":"p","pathMode":"straight","grid":[[1]],"questions":[{"operands":[1,0],"target":1,"solutionPositions":[{"row":1,"column":0}]}]}"#, "outside the 1x1 grid"),
        (#"{"id":"a","profile":"p","pathMode":"straight","grid":[[1,2]],"questions":[{"operands":[20,1],"target":21,"solutionPositions":[{"row":0,"column":0},{"row":0,"column":1}]}]}"#, "reads 12, not 21"),
        (#"{"id":"a","profile":"p","pathMode":"straight","grid":[[1]],"questions":[{"operands":[1,0],"target":1,"solutionPositions":[]}]}"#, "the path is empty"),
        (#"[1]"#, "expected"),
    ])
    func rejects(_ json: String, _ message: String) {
        do {
            _ = try JSONFormat.read(Data(json.utf8), file: "bad.json", line: 3)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.description.hasPrefix("bad.json:3:"), "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test func arraysAndLinesReportEachLevel() throws {
        let good = JSONFormat.write(try Generator.generate(Profile.level(of: 1), seed: 1).level)
        let bad = #"{"id":"a","profile":"p","pathMode":"straight","grid":[[1]],"questions":[]}"#
        let array = NumberSearchFamily().read(Data("[\(good),\(bad),{\"id\":1}]".utf8), file: "x.json")
        #expect(array.count == 3)
        #expect((try? array[0].get()) != nil)
        if case .failure(let e) = array[1] { #expect(e.description.contains("[1] questions")) } else { Issue.record("accepted") }
        if case .failure(let e) = array[2] { #expect(e.description.contains("[2]")) } else { Issue.record("accepted") }
        let lines = JSONFormat.readLines("\(good)\n\n\(bad)\n", file: "x.jsonl")
        #expect(lines.count == 2)
        if case .failure(let e) = lines[1] { #expect(e.description.hasPrefix("x.jsonl:3:")) } else { Issue.record("accepted") }
        #expect(NumberSearchFamily().read(Data("[{".utf8), file: "x.json").count == 1)
    }
}
