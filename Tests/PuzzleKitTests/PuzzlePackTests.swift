import Foundation
import Testing
@testable import PuzzleKit

/// The level pack shape (docs/FORMATS.md section 12): its writer, and the
/// reading of its levels' puzzles at their own lines.
@Suite struct PuzzlePackTests {
    static func level(_ seed: Int, _ puzzle: String) -> PuzzlePack.Level {
        PuzzlePack.Level(seed: seed, label: "easy", score: 3, hardestTechnique: seed == 2 ? nil : "t\"q", puzzleJSON: puzzle)
    }

    @Test func writesTheHeaderThenOneLevelPerLine() {
        let text = PuzzlePack.write(kind: "k", profile: "p", levels: [Self.level(1, #"{"a":1}"#), Self.level(2, #"{"a":2}"#)])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(6) == ["{", #"  "format" : "puzzlelab-pack","#, #"  "version" : 2,"#, #"  "kind" : "k","#,
                                    #"  "profile" : "p","#, #"  "levels" : ["#])
        #expect(lines[6].hasPrefix(#"    {"difficulty":"p","grade":{"hardestTechnique":"t\"q","label":"easy","score":3},"id":""#))
        #expect(lines[6].hasSuffix(#"","puzzle":{"a":1},"seed":1},"#))
        #expect(lines[7].contains(#""hardestTechnique":null"#) && lines[7].hasSuffix(#""puzzle":{"a":2},"seed":2}"#))
        #expect(lines.suffix(3) == ["  ]", "}", ""])
        #expect(PuzzlePack.write(kind: "k", profile: "p", levels: []) == "{\n  \"format\" : \"puzzlelab-pack\",\n  \"version\" : 2,\n  \"kind\" : \"k\",\n  \"profile\" : \"p\",\n  \"levels\" : []\n}\n")
        let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect((parsed?["levels"] as? [Any])?.count == 2)
    }

    @Test func idsDependOnKindProfileAndSeed() {
        let a = PuzzlePack.namespace(kind: "math-crossword", profile: "class_1")
        let b = PuzzlePack.namespace(kind: "math-crossword", profile: "class_3")
        #expect(a != b && a != PuzzlePack.namespace(kind: "cross-sums", profile: "class_1"))
        #expect(PuzzlePack.namespace(kind: "ab", profile: "c") != PuzzlePack.namespace(kind: "a", profile: "bc"))
        #expect(PuzzlePack.levelID(namespace: a, seed: 1) != PuzzlePack.levelID(namespace: b, seed: 1))
        #expect(PuzzlePack.levelID(namespace: a, seed: 1) == PuzzlePack.levelID(namespace: a, seed: 1))
        #expect(PuzzlePack.innerNamespace(namespace: a, seed: 1) != PuzzlePack.innerNamespace(namespace: a, seed: 2))
        #expect(PuzzlePack.innerNamespace(namespace: a, seed: 1) != PuzzlePack.innerNamespace(namespace: b, seed: 1))
    }

    @Test func thePuzzlesKeepTheirLinesInAnyLayout() throws {
        let pack = """
            \u{FEFF}{ "levels": [
              {"puzzle": {"n": 1, "s": "a,}]\\""}, "seed": 1},
              {"seed": 2,
               "puzzle": {"n": [2, {"m": 3}]}}
            ],
            "version": 2, "kind": "x", "format": "puzzlelab-pack" }
            """
        let data = Data(pack.utf8)
        #expect(PuzzlePack.kind(of: data) == "x")
        let array = try #require(try PuzzlePack.puzzleArray(data, file: "p.json"))
        #expect(array.count == data.count)
        let text = String(decoding: array, as: UTF8.self)
        #expect(text.split(separator: "\n").count == pack.split(separator: "\n").count)
        let values = try #require(try JSONSerialization.jsonObject(with: array) as? [[String: Any]])
        #expect(values.count == 2 && values[0]["s"] as? String == "a,}]\"")
        let lines = readJSONArray(array, file: "p.json") { _, line in line }.compactMap { try? $0.get() }
        #expect(lines == [2, 4])
    }

    @Test func otherFilesAreNotPacks() throws {
        for text in ["[{\"format\":\"puzzlelab-pack\"}]", "{\"format\":\"other\",\"levels\":[]}", "pool: 5\n", "", "{\"format\":"] {
            #expect(PuzzlePack.kind(of: Data(text.utf8)) == nil, "\(text)")
            #expect(try PuzzlePack.puzzleArray(Data(text.utf8), file: "f") == nil, "\(text)")
        }
    }

    @Test func faultsAreOneLineAtTheirPlace() {
        let cases = [
            ("{\"format\":\"puzzlelab-pack\",\n\"version\":3,\"levels\":[]}", "f:2: a puzzlelab-pack of version 3; this puzzlelab reads version 2"),
            ("{\"format\":\"puzzlelab-pack\",\"levels\":[]}", "f:1: a puzzlelab-pack of version none"),
            ("{\"format\":\"puzzlelab-pack\",\"version\":2}", "f:1: a puzzlelab-pack needs 'levels'"),
            ("{\"format\":\"puzzlelab-pack\",\"version\":2,\"levels\":[\n{\"seed\":1},\n{\"puzzle\":[]}]}", "f:2: level 1 needs 'puzzle'"),
        ]
        for (text, message) in cases {
            #expect(throws: FormatError.self) { try PuzzlePack.puzzleArray(Data(text.utf8), file: "f") }
            do {
                _ = try PuzzlePack.puzzleArray(Data(text.utf8), file: "f")
            } catch {
                #expect(error.description.hasPrefix(message), "\(error.description)")
            }
        }
    }
}
