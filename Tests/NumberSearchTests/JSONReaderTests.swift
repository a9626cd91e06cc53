import Foundation
import PuzzleKit
import Testing
@testable import NumberSearch

/// The direct reader of the JSON form (`JSONFormat.readDirectly`, on
/// `JSONScanner`) against the decoder it stands in for.
@Suite struct JSONReaderTests {
    let oracle = JSONReaderOracle(family: NumberSearchFamily(), direct: JSONFormat.readDirectly,
                                  read: { (data: Data) throws(FormatError) in try JSONFormat.read(data, file: "t.jsonl") })

    @Test func readsEveryProfileAndSeedAsTheDecoder() {
        let texts = oracle.expectReadsEveryProfile(seeds: 1...12)
        oracle.expectAgreesOnEdits(of: Array(texts.prefix(8)), rounds: 250, seed: 21)
    }

    /// Quotes, backslashes, control characters, slashes, umlauts and an
    /// emoji in every string, as the writer escapes them.
    @Test func readsAwkwardStringsAsTheDecoder() {
        for (i, name) in JSONWriterOracle<NumberSearchFamily>.awkwardStrings.enumerated() {
            let level = Puzzle(id: name, profile: name, pathMode: i.isMultiple(of: 2) ? .any : .straight, grid: [[1, 2], [3, Int.min]],
                               questions: [Question(operands: [Int.max, 0], target: -1,
                                                    solutionPositions: i.isMultiple(of: 3) ? nil : [GridPosition(row: 0, column: 1)])])
            oracle.expectReadsAsTheDecoder(JSONFormat.write(level, pretty: i.isMultiple(of: 4)), "string \(i)")
        }
    }

    /// Unknown, repeated or escaped keys, fractions, exponents, numbers
    /// beyond 64 bits, wrong types, bad escapes and lone surrogates, missing
    /// keys: left to the decoder, whose message the reader gives.
    @Test func leavesUnusualTextToTheDecoder() throws {
        let text = try JSONFormat.write(NumberSearchFamily().generate(NumberSearchFamily().profiles[0], GenerationRequest(seed: 1)).puzzle, pretty: false)
        for (from, to) in [(#"{""#, #"{"extra":[1,{"a":null}],""#),
                           (#""profile":"#, #""profile":"a","profile":"#),
                           (#""profile":"#, #""p\u0072ofile":"#),
                           (#""target":"#, #""target":1.0,"xtarget":"#),
                           (#""target":"#, #""target":2e0,"xtarget":"#),
                           (#""target":"#, #""target":99999999999999999999,"xtarget":"#),
                           (#""target":"#, #""target":"1","xtarget":"#),
                           (#""profile":""#, #""profile":"\x"#),
                           (#""profile":""#, #""profile":"\ud800"#),
                           (#""profile":""#, #""profile":"\u12G"#),
                           (#""profile":"#, #""profilez":"#),
                           (#""pathMode":""#, #""pathMode":"x"#),
                           (#""questions":["#, #""questions":[1,"#),
                           (#""grid":[["#, #""grid":[[null,"#),
                           (#""solutionPositions":[{"#, #""solutionPositions":[{"row":1,"#)] {
            let edited = text.replacingOccurrences(of: from, with: to)
            #expect(edited != text, "\(to)")
            oracle.expectLeavesToTheDecoder(edited, to)
        }
    }
}
