import Foundation
@testable import MathCrossword
import PuzzleKit
import Testing

/// The compact JSON level (docs/FORMATS.md section 2, "The compact level"):
/// it expands to exactly the level it was written from, written again in
/// the current form it gives today's bytes, a level it cannot say is
/// written in the current form, and every fault is one line naming the
/// file and the line.
@Suite struct CompactLevelTests {
    /// The benchmark profiles of Benchmarks/Profiles (20×20 and 40×40 grids).
    static func benchmarkProfile(_ name: String) throws -> Profile {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Benchmarks/Profiles/\(name).json")
        return try Profile.decode(from: Data(contentsOf: url), file: url.path)
    }

    /// Levels of every class profile and of the 20×20 and 40×40 benchmark
    /// profiles, plain and unique, some with a player's numbers placed,
    /// some without their solution, some with a pack's ids.
    static func levels() throws -> [Puzzle] {
        var levels: [Puzzle] = []
        var rng = SplitMix64(seed: 42)
        let big = [(try benchmarkProfile("sq20"), 1...6), (try benchmarkProfile("sq40"), 1...3)]
        for (profile, seeds) in Profile.classProfiles.map({ ($0, 1...30) }) + big {
            for seed in seeds {
                let generator = Generator()
                let generated = seed % 3 == 0 ? try? generator.generateUnique(difficulty: profile, seed: seed)
                    : try? generator.generate(difficulty: profile, seed: seed)
                guard var level = generated?.level else { continue }
                if seed % 4 == 1 { level = level.withIDs(namespace: rng.next()) }
                if seed % 5 == 2 { level.solution = nil }
                if seed % 2 == 0 {
                    for position in level.blankPositions where rng.chance(1, in: 3) { level[position].currentValue = PuzzleNumber(rng.uniform(in: 0...99)) }
                }
                levels.append(level)
            }
        }
        #expect(levels.count > 120)
        return levels
    }

    private func read(_ text: String, file: String = "t.json") throws(FormatError) -> Puzzle {
        try JSONFormat.read(Data(text.utf8), file: file)
    }

    @Test func expandsToTheLevelItWasWrittenFrom() throws {
        for level in try Self.levels() {
            for pretty in [false, true] {
                let compact = try #require(JSONFormat.writeCompact(level, pretty: pretty), "\(level.id)")
                #expect(try read(compact) == level, "\(level.id) pretty \(pretty)")
                // Written again in the current form: today's bytes.
                #expect(JSONFormat.write(try read(compact), pretty: pretty) == JSONFormat.write(level, pretty: pretty), "\(level.id)")
                #expect(pretty || !compact.contains("\n"))
            }
        }
    }

    /// What the writer emits is read directly, to what the decoder reads.
    @Test func theDirectReaderReadsWhatTheWriterWrites() throws {
        for level in try Self.levels().prefix(40) {
            for pretty in [false, true] {
                let data = Data(try #require(JSONFormat.writeCompact(level, pretty: pretty)).utf8)
                let direct = try #require(JSONFastReader.compactLevel(data), "\(level.id)")
                #expect(direct == CompactLevel(level))
                #expect(try JSONDecoder().decode(CompactLevel.self, from: data) == direct)
            }
        }
    }

    @Test func isSmallerByFarOnLargeGrids() throws {
        let level = try Generator().generate(difficulty: try Self.benchmarkProfile("sq40"), seed: 1).level
        let compact = try #require(JSONFormat.writeCompact(level, pretty: false))
        let current = JSONFormat.write(level, pretty: false)
        #expect(compact.utf8.count * 10 < current.utf8.count, "\(compact.utf8.count) against \(current.utf8.count) bytes")
    }

    @Test func writesTheKeysOfTheFormat() throws {
        let level = try Generator().generate(difficulty: .class1, seed: 2).level
        let text = try #require(JSONFormat.writeCompact(level, pretty: false))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object.keys.sorted() == ["columns", "difficulty", "equations", "format", "grid", "id", "idNamespace", "numberPool",
                                         "rows", "solution", "version"])
        #expect(object["format"] as? String == "math-crossword-compact" && object["version"] as? Int == 1)
        // A generated level's namespace is its seed.
        #expect(object["idNamespace"] as? String == "0000000000000002")
        let grid = try #require(object["grid"] as? [String])
        let tokens = level.tokenGrid.tokens.map(\.text)
        #expect(grid == (0..<level.rows).map { tokens[($0 * level.columns)..<(($0 + 1) * level.columns)].joined(separator: " ") })
        let first = try #require((object["equations"] as? [[Any]])?.first)
        #expect(first.count == 4 && ["h", "v"].contains(first[0] as? String ?? ""))
        #expect(text.hasPrefix("{\"columns\":") && text.hasSuffix(",\"version\":1}"))
    }

    /// Levels the form cannot say exactly: each is written in the current
    /// form by the family's writer.
    @Test func aLevelWhoseIDsAreNotDerivedHasNoCompactForm() throws {
        let level = try Generator().generate(difficulty: .class2, seed: 9).level
        #expect(JSONFormat.writeCompact(level, pretty: false) != nil)
        func edited(_ index: Int, _ change: (GridCell) -> GridCell) -> Puzzle {
            var copy = level
            copy.cells[index] = change(level.cells[index])
            return copy
        }
        let blank = try #require(level.cells.firstIndex { $0.type == .emptyOperand })
        let fixed = try #require(level.cells.firstIndex { $0.type == .fixedOperand })
        let op = try #require(level.cells.firstIndex { $0.type == .operatorSymbol })
        let block = try #require(level.cells.firstIndex { $0.type == .block })
        let equation = level.equations[1]
        let renamedEquation = Puzzle(id: level.id, difficulty: level.difficulty, rows: level.rows, columns: level.columns, cells: level.cells,
                                 equations: level.equations.map { $0 == equation ? Equation(id: UUID(), orientation: $0.orientation, cellPositions: $0.cellPositions) : $0 },
                                 numberPool: level.numberPool, solution: level.solution)
        let cannot: [(String, Puzzle)] = [
            ("random ids", Puzzle(id: level.id, difficulty: level.difficulty, rows: level.rows, columns: level.columns,
                                  cells: level.cells.map { GridCell(id: UUID(), position: $0.position, type: $0.type, fixedValue: $0.fixedValue, operatorSymbol: $0.operatorSymbol, currentValue: $0.currentValue) },
                                  equations: level.equations, numberPool: level.numberPool, solution: level.solution)),
            ("one cell's id", edited(blank) { GridCell(id: UUID(), position: $0.position, type: $0.type) }),
            ("one equation's id", renamedEquation),
            ("ids of another namespace from the second cell on", Puzzle(id: level.id, difficulty: level.difficulty, rows: level.rows, columns: level.columns,
                                  cells: [level.cells[0]] + level.withIDs(namespace: 77).cells.dropFirst(), equations: level.equations,
                                  numberPool: level.numberPool, solution: level.solution)),
            ("an operator spelled *", edited(op) { GridCell(id: $0.id, position: $0.position, type: $0.type, operatorSymbol: "*") }),
            ("a number placed in a fixed cell", edited(fixed) { GridCell(id: $0.id, position: $0.position, type: $0.type, fixedValue: $0.fixedValue, currentValue: 3) }),
            ("a block with a value", edited(block) { GridCell(id: $0.id, position: $0.position, type: $0.type, fixedValue: 4) }),
            ("a cell out of place", edited(blank) { GridCell(id: $0.id, position: GridPosition(row: $0.position.row, column: $0.position.column + 1), type: $0.type) }),
        ]
        let family = MathCrosswordFamily()
        for (what, puzzle) in cannot {
            #expect(puzzle != level, "\(what)")
            #expect(JSONFormat.writeCompact(puzzle, pretty: false) == nil, "\(what)")
            #expect(family.write(puzzle, as: .jsonl, comments: [], compact: true) == JSONFormat.write(puzzle, pretty: false) + "\n", "\(what)")
        }
        #expect(family.write(level, as: .jsonl, comments: [], compact: true) == JSONFormat.writeCompact(level, pretty: false).map { $0 + "\n" })
        #expect(family.write(level, as: .json, comments: [], compact: true) == JSONFormat.writeCompact(level, pretty: true).map { $0 + "\n" })
    }

    @Test func aLevelReadFromTextHasTheNamespaceZero() throws {
        let level = try TextFormat.read(TextFormat.write(try Generator().generate(difficulty: .class3, seed: 4).level), file: "x.mcw")
        let compact = try #require(JSONFormat.writeCompact(level, pretty: false))
        #expect(compact.contains("\"idNamespace\":\"0000000000000000\""))
        #expect(try read(compact) == level)
    }

    /// The solution is judged on a compact level's tokens, not on its
    /// cells: with two of its values swapped, with its equations listed in
    /// another order, or both, a level is read or refused in the compact
    /// form exactly as in the current form, the same equation named.
    @Test func judgesTheSolutionAsTheCurrentFormDoes() throws {
        var rng = SplitMix64(seed: 44)
        var holds = 0, refusals = 0
        for level in try Self.levels() where (level.solution?.count ?? 0) >= 2 {
            for edit in 0..<3 {
                var forms: [[String: Any]] = []
                for text in [try #require(JSONFormat.writeCompact(level, pretty: false)), JSONFormat.write(level, pretty: false)] {
                    forms.append(try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]))
                }
                if edit != 1 {
                    var solution = try #require(forms[0]["solution"] as? [[String: Any]])
                    let i = rng.index(below: solution.count), j = rng.index(below: solution.count)
                    (solution[i]["value"], solution[j]["value"]) = (solution[j]["value"], solution[i]["value"])
                    for k in forms.indices { forms[k]["solution"] = solution }
                }
                if edit != 0 {
                    let count = try #require(forms[0]["equations"] as? [Any]).count
                    let order = (0..<count).reversed().map { ($0 * 7) % count }
                    for k in forms.indices {
                        let equations = try #require(forms[k]["equations"] as? [Any])
                        forms[k]["equations"] = Set(order).count == count ? order.map { equations[$0] } : equations.reversed()
                    }
                }
                let outcomes = try forms.map { form -> String in
                    let text = String(decoding: try JSONSerialization.data(withJSONObject: form, options: [.sortedKeys]), as: UTF8.self)
                    do throws(FormatError) {
                        return "read, solution \(try read(text).solution.map { $0.map(\.value) } ?? [])"
                    } catch {
                        return error.message
                    }
                }
                #expect(outcomes[0] == outcomes[1], "\(level.id) edit \(edit)")
                if outcomes[0].contains("does not hold") { refusals += 1 } else if outcomes[0].hasPrefix("read") { holds += 1 }
            }
        }
        #expect(refusals > 100 && holds > 100, "\(refusals) refused, \(holds) read")
    }

    /// Edits of a valid compact level and the message each must give.
    static let refused: [(String, @Sendable (inout [String: Any]) -> Void)] = [
        ("a level of format 'math-crossword-tiny'; this puzzlelab reads math crossword levels without 'format' and those of format 'math-crossword-compact' (version 1)",
         { $0["format"] = "math-crossword-tiny" }),
        ("a level of format that is not a string", { $0["format"] = 7 }),
        ("a math-crossword-compact level of version 2; this puzzlelab reads version 1", { $0["version"] = 2 }),
        ("a math-crossword-compact level of version none", { $0["version"] = nil }),
        ("a math-crossword-compact level of version that is not an integer", { $0["version"] = "1" }),
        ("idNamespace: expected 16 lower-case hex digits, found '000000000000000A'", { $0["idNamespace"] = "000000000000000A" }),
        ("idNamespace: expected 16 lower-case hex digits, found '123'", { $0["idNamespace"] = "123" }),
        ("grid: expected 10 rows (one string each), found 9", { $0["grid"] = Array(($0["grid"] as! [String]).dropLast()) }),
        ("grid[1]: expected 10 cells apart by one space, found 9", { row(&$0, 1) { String($0.split(separator: " ").dropLast().joined(separator: " ")) } }),
        ("grid[2] at row 3, column 1: expected '.', '?', a number, an operator (+ - x /) or '=', cells apart by one space, found 'y'",
         { row(&$0, 2) { replacingFirstCell(of: $0, with: "y") } }),
        ("grid[0] at row 1, column 2: expected '.', '?', a number, an operator (+ - x /) or '=', cells apart by one space, found ''",
         { row(&$0, 0) { $0.replacingOccurrences(of: " ", with: "  ") } }),
        ("grid[4] at row 5, column 1: expected '.', '?', a number, an operator (+ - x /) or '=', cells apart by one space, found 'X'",
         { row(&$0, 4) { replacingFirstCell(of: $0, with: "X") } }),
        ("grid[0] at row 1, column 1: expected a number without leading zeros, found '07'", { row(&$0, 0) { replacingFirstCell(of: $0, with: "07") } }),
        ("equations[0]: the horizontal run of 5 cells from [0, 8] does not lie in the 10x10 grid", { $0["equations"] = [["h", 0, 8, 5]] }),
        ("equations[0]: the vertical run of 5 cells from [-1, 0] does not lie in the 10x10 grid", { $0["equations"] = [["v", -1, 0, 5]] }),
        ("equations[0]: expected \"h\" or \"v\" first, found \"d\"", { $0["equations"] = [["d", 0, 0, 5]] }),
        ("equations[0]: expected [\"h\" or \"v\", row, column, length]", { $0["equations"] = [["h", 0, 0]] }),
        ("is not a run of the grid", { var e = $0["equations"] as! [[Any]]; e[0][3] = 3; $0["equations"] = e }),
        ("is not listed", { $0["equations"] = Array(($0["equations"] as! [Any]).dropLast()) }),
        ("numberPool lists", { $0["numberPool"] = ($0["numberPool"] as! [Int]) + [1] }),
        ("solution: its values are not the pool's tiles", { var s = $0["solution"] as! [[String: Any]]; s[0]["value"] = 9999; $0["solution"] = s }),
        ("solution: expected exactly one entry per empty operand", { var s = $0["solution"] as! [[String: Any]]; s[0]["row"] = 1_000_000_000_000_000_000; $0["solution"] = s }),
        ("current: expected at most one entry per empty operand and none elsewhere, found one at row 1, column 1",
         { $0["current"] = [["row": 0, "column": 0, "value": 1]] }),
        ("current: expected at most one entry per empty operand and none elsewhere, found one at row 1000000000000000001, column 1",
         { $0["current"] = [["row": 1_000_000_000_000_000_000, "column": 0, "value": 1]] }),
        ("current: values must be non-negative", { $0["current"] = [["row": 9, "column": 9, "value": -1]] }),
        ("rows and columns must be positive", { $0["rows"] = 0 }),
        ("rows: expected an integer", { $0["rows"] = "ten" }),
        ("missing key 'grid'", { $0["grid"] = nil }),
    ]

    /// Replaces grid row `index` by `change` of it.
    private static func row(_ object: inout [String: Any], _ index: Int, _ change: (String) -> String) {
        var grid = object["grid"] as! [String]
        grid[index] = change(grid[index])
        object["grid"] = grid
    }

    /// A grid row with its first cell's text replaced.
    private static func replacingFirstCell(of row: String, with text: String) -> String {
        ([text] + row.split(separator: " ", omittingEmptySubsequences: false).dropFirst().map(String.init)).joined(separator: " ")
    }

    /// A 10×10 level (class_2) whose last grid cell is empty and first is
    /// not, as a compact JSON object.
    private func refusable() throws -> [String: Any] {
        for seed in 1...1000 {
            let level = try Generator().generateLevel(difficulty: .class2, seed: seed)
            guard level.cells.last?.type == .emptyOperand, level.cells.first?.type != .emptyOperand else { continue }
            let text = try #require(JSONFormat.writeCompact(level, pretty: false))
            return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }
        throw FormatError("no level", at: SourceLocation(file: "-"))
    }

    @Test(arguments: refused.indices)
    func refusesAFaultInOneLineWithFileAndLine(_ index: Int) throws {
        let (message, edit) = Self.refused[index]
        var object = try refusable()
        #expect(throws: Never.self) { try read(String(decoding: JSONSerialization.data(withJSONObject: object), as: UTF8.self)) }
        edit(&object)
        let line = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        // The faulty level as line 3 of JSON Lines, after a good one.
        let good = try #require(JSONFormat.writeCompact(try Generator().generateLevel(difficulty: .class1, seed: 1), pretty: false))
        let results = JSONFormat.readLines("\(good)\n\n\(line)\n", file: "bad.jsonl")
        #expect(results.count == 2)
        #expect((try? results[0].get()) != nil)
        guard case .failure(let error) = results.last else { Issue.record("edit \(index) accepted"); return }
        #expect(error.location == SourceLocation(file: "bad.jsonl", line: 3), "edit \(index)")
        #expect(error.message.contains(message), "edit \(index): \(error.message)")
        #expect(!error.description.contains("\n"), "edit \(index)")
    }

    /// The current form is read as before: a level without `format` is
    /// never taken for the compact one, and one with `format` is.
    @Test func aCurrentLevelMarkedWithAFormatIsRefused() throws {
        let text = JSONFormat.write(try Generator().generateLevel(difficulty: .class1, seed: 3), pretty: false)
        let marked = "{\"format\":\"math-crossword-v2\"," + text.dropFirst()
        #expect(throws: FormatError("a level of format 'math-crossword-v2'; this puzzlelab reads math crossword levels without 'format' and those of format 'math-crossword-compact' (version 1)",
                                    at: SourceLocation(file: "t.json", line: 1))) { try read(marked) }
        let compactMarked = "{\"format\":\"math-crossword-compact\",\"version\":1," + text.dropFirst()
        #expect(throws: FormatError("missing key 'idNamespace'", at: SourceLocation(file: "t.json", line: 1))) { try read(compactMarked) }
    }

    /// Random edits of compact levels: whenever the direct reader reads one,
    /// the decoder reads the same; whatever the decoder refuses is refused
    /// in one line.
    @Test func theDirectReaderNeverReadsWhatTheDecoderReadsDifferently() throws {
        var rng = SplitMix64(seed: 5)
        let alphabet = Array("{}[]\":,.-+eE0123456789 \n\\nulltruehvx?=/abc\u{e9}".utf8)
        var readDirectly = 0, refused = 0
        for seed in 1...4 {
            let level = try Generator().generate(difficulty: .class3, seed: seed).level
            let original = Array(try #require(JSONFormat.writeCompact(level, pretty: seed % 2 == 0)).utf8)
            for _ in 0..<250 {
                var bytes = original
                for _ in 0..<rng.uniform(in: 1...2) {
                    let at = rng.index(below: bytes.count)
                    switch rng.index(below: 3) {
                    case 0: bytes[at] = alphabet[rng.index(below: alphabet.count)]
                    case 1: bytes.insert(alphabet[rng.index(below: alphabet.count)], at: at)
                    default: bytes.remove(at: at)
                    }
                }
                let data = Data(bytes)
                let direct = JSONFastReader.compactLevel(data)
                let decoded = try? JSONDecoder().decode(CompactLevel.self, from: data)
                if let direct {
                    readDirectly += 1
                    #expect(direct == decoded, "\(String(decoding: bytes, as: UTF8.self))")
                }
                if decoded == nil {
                    #expect(direct == nil)
                    do {
                        _ = try JSONFormat.read(data, file: "e.json")
                        Issue.record("read what the decoder refuses: \(String(decoding: bytes, as: UTF8.self))")
                    } catch {
                        refused += 1
                        #expect(!error.description.contains("\n"))
                    }
                }
            }
        }
        #expect(readDirectly > 20)
        #expect(refused > 250)
    }
}
