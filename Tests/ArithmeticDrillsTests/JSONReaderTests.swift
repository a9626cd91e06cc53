import Foundation
import PuzzleKit
import Testing
@testable import ArithmeticDrills

/// The direct reader of the JSON form (`JSONFormat.readDirectly`, on
/// `JSONScanner`) against the decoder it stands in for.
@Suite struct JSONReaderTests {
    let oracle = JSONReaderOracle(family: ArithmeticDrillsFamily(), direct: JSONFormat.readDirectly,
                                  read: { (data: Data) throws(FormatError) in try JSONFormat.read(data, file: "t.jsonl") })

    @Test func readsEveryProfileAndSeedAsTheDecoder() {
        let texts = oracle.expectReadsEveryProfile(seeds: 1...12)
        oracle.expectAgreesOnEdits(of: Array(texts.prefix(8)), rounds: 250, seed: 21)
    }

    /// Quotes, backslashes, control characters, slashes, umlauts and an
    /// emoji in every string, as the writer escapes them.
    @Test func readsAwkwardStringsAsTheDecoder() {
        for (i, name) in JSONWriterOracle<ArithmeticDrillsFamily>.awkwardStrings.enumerated() {
            let sheet = Puzzle(id: name, difficulty: .hard, target: i.isMultiple(of: 2) ? nil : i,
                               exercises: [Exercise(.addition, Int.max, 0, difficulty: .hard), Exercise(.subtraction, 3, 1, difficulty: .hard)],
                               answers: [i.isMultiple(of: 3) ? nil : Int.min, 2])
            oracle.expectReadsAsTheDecoder(JSONFormat.write(sheet, pretty: i.isMultiple(of: 4)), "string \(i)")
        }
    }

    /// Unknown, repeated or escaped keys, fractions, exponents, numbers
    /// beyond 64 bits, wrong types, bad escapes and lone surrogates, missing
    /// keys: left to the decoder, whose message the reader gives.
    @Test func leavesUnusualTextToTheDecoder() throws {
        let text = try JSONFormat.write(ArithmeticDrillsFamily().generate(ArithmeticDrillsFamily().profiles[0], GenerationRequest(seed: 1)).puzzle, pretty: false)
        for (from, to) in [(#"{""#, #"{"extra":[1,{"a":null}],""#),
                           (#""id":"#, #""id":"a","id":"#),
                           (#""id":"#, #""i\u0064":"#),
                           (#""firstNumber":"#, #""firstNumber":1.0,"xfirstNumber":"#),
                           (#""firstNumber":"#, #""firstNumber":2e0,"xfirstNumber":"#),
                           (#""firstNumber":"#, #""firstNumber":99999999999999999999,"xfirstNumber":"#),
                           (#""firstNumber":"#, #""firstNumber":"1","xfirstNumber":"#),
                           (#""id":""#, #""id":"\x"#),
                           (#""id":""#, #""id":"\ud800"#),
                           (#""id":""#, #""id":"\u12G"#),
                           (#""id":"#, #""idz":"#),
                           (#""type":""#, #""type":"x"#),
                           (#""difficulty":"#, #""difficulty":7,"x":"#),
                           (#""exercises":["#, #""exercises":[[],"#),
                           (#""firstNumber":"#, #""firstNumber":null,"x":"#)] {
            let edited = text.replacingOccurrences(of: from, with: to)
            #expect(edited != text, "\(to)")
            oracle.expectLeavesToTheDecoder(edited, to)
        }
    }
}
