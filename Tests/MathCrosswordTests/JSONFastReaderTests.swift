import Foundation
@testable import MathCrossword
import PuzzleKit
import Testing

/// The direct reader of the JSON form against Foundation's decoder: on what
/// the writer emits it reads every level, and on any text it reads a level
/// from, the decoder reads the same level.
@Suite struct JSONFastReaderTests {
    private func decoded(_ data: Data) -> Puzzle? { try? JSONDecoder().decode(Puzzle.self, from: data) }

    @Test func readsWhatTheWriterWrites() throws {
        for profile in Profile.classProfiles {
            for seed in 1...25 {
                var level = try Generator().generate(difficulty: profile, seed: seed).level
                if seed % 2 == 0, let blank = level.blankPositions.first { level[blank].currentValue = 7 }
                if seed % 3 == 0 { level.solution = nil }
                for pretty in [false, true] {
                    let data = Data(JSONFormat.write(level, pretty: pretty).utf8)
                    let fast = JSONFastReader.level(data)
                    #expect(fast != nil, "\(profile.id) seed \(seed)")
                    #expect(fast == decoded(data), "\(profile.id) seed \(seed)")
                    #expect(fast == level, "\(profile.id) seed \(seed)")
                }
            }
        }
    }

    /// Random edits of a level's text (bytes replaced, inserted or removed,
    /// picked among JSON's own characters, digits and letters): whenever the
    /// direct reader returns a level, the decoder returns the same one.
    @Test func neverReadsWhatTheDecoderReadsDifferently() throws {
        var rng = SplitMix64(seed: 77)
        let alphabet = Array("{}[]\":,.-+eE0123456789 \n\\nulltrueidxXabc\u{e9}".utf8)
        var read = 0, differentButRead = 0
        for seed in 1...6 {
            let level = try Generator().generate(difficulty: .class1, seed: seed).level
            let original = Array(JSONFormat.write(level, pretty: seed % 2 == 0).utf8)
            for _ in 0..<400 {
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
                guard let fast = JSONFastReader.level(data) else { continue }
                read += 1
                #expect(fast == decoded(data), "edit of seed \(seed): \(String(decoding: bytes, as: UTF8.self))")
                if fast != level { differentButRead += 1 }
            }
        }
        // Some edits keep the text readable (a digit changed, a space added).
        #expect(read > 100)
        #expect(differentButRead > 10)
    }

    /// Keys the decoder ignores or repeats, fractions and escapes go to the decoder.
    @Test func leavesUnusualTextToTheDecoder() throws {
        let level = try Generator().generate(difficulty: .class1, seed: 3).level
        let text = JSONFormat.write(level, pretty: false)
        for edited in [text.replacingOccurrences(of: "{\"cells\"", with: "{\"extra\":1,\"cells\""),
                       text.replacingOccurrences(of: "\"rows\":", with: "\"rows\":5,\"rows\":"),
                       text.replacingOccurrences(of: "\"class_1\"", with: "\"class\\u005f1\""),
                       text.replacingOccurrences(of: "\"gridRows\":", with: "\"gridRows\":1.0,\"x\":")] {
            #expect(edited != text)
            #expect(JSONFastReader.level(Data(edited.utf8)) == nil)
        }
    }
}
