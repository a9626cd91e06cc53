import Foundation
import PuzzleKit
import Testing
@testable import MorseCode

/// The direct reader of the JSON form (`JSONFormat.readDirectly`, on
/// `JSONScanner`) against the decoder it stands in for.
@Suite struct JSONReaderTests {
    let oracle = JSONReaderOracle(family: MorseCodeFamily(), direct: JSONFormat.readDirectly,
                                  read: { (data: Data) throws(FormatError) in try JSONFormat.read(data, file: "t.jsonl") })

    @Test func readsEveryProfileAndSeedAsTheDecoder() {
        let texts = oracle.expectReadsEveryProfile(seeds: 1...12)
        oracle.expectAgreesOnEdits(of: Array(texts.prefix(8)), rounds: 250, seed: 21)
    }

    /// Quotes, backslashes, control characters, slashes, umlauts and an
    /// emoji in every string, as the writer escapes them.
    @Test func readsAwkwardStringsAsTheDecoder() {
        for (i, name) in JSONWriterOracle<MorseCodeFamily>.awkwardStrings.enumerated() {
            let exercise = Puzzle(id: name, mode: ExerciseMode.allCases[i % 4], difficulty: .advanced, prompt: name, answer: name + "x")
            oracle.expectReadsAsTheDecoder(JSONFormat.write(exercise, pretty: i.isMultiple(of: 3)), "string \(i)")
        }
    }

    /// Unknown, repeated or escaped keys, fractions, exponents, numbers
    /// beyond 64 bits, wrong types, bad escapes and lone surrogates, missing
    /// keys: left to the decoder, whose message the reader gives.
    @Test func leavesUnusualTextToTheDecoder() throws {
        let text = try JSONFormat.write(MorseCodeFamily().generate(MorseCodeFamily().profiles[0], GenerationRequest(seed: 1)).puzzle, pretty: false)
        for (from, to) in [(#"{""#, #"{"extra":[1,{"a":null}],""#),
                           (#""id":"#, #""id":"a","id":"#),
                           (#""id":"#, #""i\u0064":"#),
                           (#""id":""#, #""id":"\x"#),
                           (#""id":""#, #""id":"\ud800"#),
                           (#""id":""#, #""id":"\u12G"#),
                           (#""id":"#, #""idz":"#),
                           (#""mode":""#, #""mode":"x"#),
                           (#""difficulty":""#, #""difficulty":"x"#),
                           (#""prompt":"#, #""prompt":1,"x":"#),
                           (#""answer":"#, #""answer":null,"x":"#)] {
            let edited = text.replacingOccurrences(of: from, with: to)
            #expect(edited != text, "\(to)")
            oracle.expectLeavesToTheDecoder(edited, to)
        }
    }
}
