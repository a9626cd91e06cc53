import Foundation
@testable import MathCrossword
import PuzzleKit
import Testing

/// `check` and the reading it relies on, against the slower ways they
/// replace: building the model to look for an overflow, finding each
/// equation's place by scanning every equation, and reading ids with
/// `UUID(uuidString:)`.
@Suite struct CheckTests {
    /// A class level with its given numbers replaced by values around the
    /// edges of what can overflow.
    private func withLargeNumbers(_ level: Puzzle, _ rng: inout SplitMix64) -> Puzzle {
        let large: [PuzzleNumber] = [7, PuzzleNumber(1 << 20), PuzzleNumber((1 << 20) + 1), PuzzleNumber(1 << 31),
                                     PuzzleNumber(Int.max / 3), PuzzleNumber(Int.max)]
        let cells = level.cells.map { cell -> GridCell in
            guard cell.type == .fixedOperand, rng.index(below: 3) == 0 else { return cell }
            return GridCell(id: cell.id, position: cell.position, type: cell.type,
                            fixedValue: large[rng.index(below: large.count)])
        }
        var pool = level.numberPool
        if !pool.isEmpty, rng.index(below: 4) == 0 { pool[rng.index(below: pool.count)] = large[rng.index(below: large.count)] }
        return Puzzle(id: level.id, difficulty: level.difficulty, rows: level.rows, columns: level.columns, cells: cells,
                      equations: level.equations, numberPool: pool)
    }

    /// `check` reports an overflow exactly when building the model throws
    /// one, and the model is only skipped where no overflow can happen.
    @Test func reportsAnOverflowExactlyWhenTheModelDoes() throws {
        var rng = SplitMix64(seed: 5)
        var overflows = 0, skipped = 0
        for profile in Profile.classProfiles {
            for seed in 1...30 {
                let generated = try Generator().generate(difficulty: profile, seed: seed).level
                let level = seed % 5 == 0 ? generated : withLargeNumbers(generated, &rng)
                var overflow = false
                do throws(SolveError) {
                    _ = try Solver(level: level)
                } catch {
                    if case .overflow = error { overflow = true }
                }
                if !Solver.mayOverflow(level) {
                    #expect(!overflow, "\(profile.id) seed \(seed)")
                    skipped += 1
                }
                let problems = MathCrosswordFamily().check(level).problems
                #expect(problems.isEmpty == !overflow, "\(profile.id) seed \(seed): \(problems)")
                if overflow { overflows += 1 }
            }
        }
        // With the GMP trait nothing overflows; in 64 bits the large numbers do.
        #expect(PuzzleNumber.isArbitraryPrecision ? overflows == 0 : overflows > 5)
        #expect(skipped > 20)
    }

    /// Every equation's text, written for all of them at once, is the one
    /// written for each alone (grids with several equations on a line included).
    @Test func writesEveryEquationAsItWouldAlone() throws {
        var sharedLines = 0
        for profile in Profile.classProfiles {
            for seed in 1...20 {
                var level = try Generator().generate(difficulty: profile, seed: seed).level
                if seed % 2 == 0, let blank = level.blankPositions.first { level[blank].currentValue = 3 }
                let texts = Explain.equationTexts(in: level)
                // The check's lines keep the operators' ASCII symbols; the text people read has glyphs.
                let glyphs = level.equations.map { Explain.equationText($0, in: level) }
                #expect(texts == glyphs.map { $0.replacing("−", with: "-").replacing("×", with: "x").replacing("÷", with: "/") },
                        "\(profile.id) seed \(seed)")
                sharedLines += texts.filter { $0.contains("(from") }.count
            }
        }
        #expect(sharedLines > 0)
    }

    /// Any byte at any place of an id: the direct reader reads the id the
    /// decoder reads, or leaves the text to the decoder.
    @Test func readsIdsAsTheDecoderDoes() throws {
        let level = try Generator().generate(difficulty: .class1, seed: 3).level
        var text = Array(JSONFormat.write(level, pretty: false).utf8)
        let key = Array("\"id\":\"".utf8)
        let start = try #require((0...(text.count - key.count)).first { Array(text[$0..<$0 + key.count]) == key }) + key.count
        // Lower-case digits are read too.
        for i in start..<start + 36 where (0x41...0x46).contains(text[i]) { text[i] += 0x20 }
        let lowered = JSONFastReader.level(Data(text))
        #expect(lowered != nil)
        #expect(lowered == level)
        let bytes = Array("/0189:@AFGZ`afgz- {\"".utf8) + [0x7F, 0x80, 0xC3, 0xFF]
        var read = 0
        for offset in 0..<36 {
            for byte in bytes {
                var edited = text
                edited[start + offset] = byte
                let data = Data(edited)
                guard let fast = JSONFastReader.level(data) else { continue }
                read += 1
                #expect(fast == (try? JSONDecoder().decode(Puzzle.self, from: data)), "byte \(byte) at \(offset)")
            }
        }
        #expect(read > 36 * 6)
    }

    /// Cells in any order and equations in any order read as the same level,
    /// the cells put back in row-major order.
    @Test func readsCellsAndEquationsInAnyOrder() throws {
        var rng = SplitMix64(seed: 9)
        for seed in 1...10 {
            let level = try Generator().generate(difficulty: .class2, seed: seed).level
            let object = try #require(try JSONSerialization.jsonObject(with: Data(JSONFormat.write(level, pretty: false).utf8))
                as? [String: Any])
            var shuffled = object
            shuffled["cells"] = (object["cells"] as? [Any])?.shuffled(using: &rng)
            let equations = (object["equations"] as? [Any])?.shuffled(using: &rng)
            shuffled["equations"] = equations
            let read = try JSONFormat.read(try JSONSerialization.data(withJSONObject: shuffled), file: "x.json")
            #expect(read.cells == level.cells)
            #expect(Set(read.equations.map(\.id)) == Set(level.equations.map(\.id)))
            #expect(read.equations.count == level.equations.count)
            var twice = object
            twice["equations"] = ((object["equations"] as? [Any]) ?? []) + ((object["equations"] as? [Any])?.prefix(1) ?? [])
            #expect(throws: FormatError.self) { try JSONFormat.read(try JSONSerialization.data(withJSONObject: twice), file: "x.json") }
        }
    }

    /// Without details, `check` says the same but for the detail lines.
    @Test func checkWithoutDetailsLeavesOnlyThemOut() throws {
        let family = MathCrosswordFamily()
        for profile in Profile.classProfiles {
            for seed in 1...10 {
                var level = try Generator().generate(difficulty: profile, seed: seed).level
                if seed % 2 == 0 { level.solution = nil }
                if seed % 3 == 0, let blank = level.blankPositions.first { level[blank].currentValue = 2 }
                let full = family.check(level), brief = family.check(level, details: false)
                #expect(!full.details.isEmpty)
                #expect(family.check(level, details: true) == full)
                var expected = full
                expected.details = []
                #expect(brief == expected)
            }
        }
    }
}
