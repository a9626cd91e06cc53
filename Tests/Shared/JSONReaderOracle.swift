import Foundation
import PuzzleKit
import Testing

/// The oracle of a family's direct JSON reader (`readDirectly`, on
/// PuzzleKit's `JSONScanner`): Foundation's `JSONDecoder` through
/// `decodeJSON`, which read every level before it. The direct reader must
/// read every level the writer writes, read the same value as the decoder
/// whenever it reads one, and leave to the decoder whatever the decoder
/// refuses, so that every error message stays the decoder's.
struct JSONReaderOracle<Family: PuzzleFamily, Value: Equatable & Decodable> {
    var family: Family
    /// The direct reader: the value, or `nil` (left to the decoder).
    var direct: (Data) -> Value?
    /// The family's reader of one JSON level (direct first, else the decoder).
    var read: (Data) throws(FormatError) -> Family.Puzzle
    /// The hint the family's reader gives `decodeJSON` for large numbers.
    var largeNumberHint: String? = nil

    /// What the decoder reads from `data`, or its error.
    func decoded(_ data: Data) -> Result<Value, FormatError> {
        Result { () throws(FormatError) -> Value in
            try decodeJSON(Value.self, from: data, file: "t.jsonl", line: 1, largeNumberHint: largeNumberHint)
        }
    }

    /// The message of the family reader's error on `data`, or `nil` when it reads a level.
    func readError(_ data: Data) -> String? {
        do throws(FormatError) {
            _ = try read(data)
            return nil
        } catch {
            return error.message
        }
    }

    /// Every profile of the family, `seeds` each (every third also unique),
    /// written compact and pretty: the direct reader reads each as the
    /// decoder does. Returns the compact texts.
    @discardableResult
    func expectReadsEveryProfile(seeds: ClosedRange<Int>) -> [String] {
        var texts: [String] = []
        for profile in family.profiles {
            for seed in seeds {
                for unique in [false, true] where seed % 3 == 0 || !unique {
                    guard let generated = try? family.generate(profile, GenerationRequest(seed: seed, unique: unique)) else { continue }
                    for pretty in [false, true] {
                        let text = family.writeJSON(generated.puzzle, pretty: pretty)
                        expectReadsAsTheDecoder(text, "\(family.id(of: profile)) seed \(seed) unique \(unique) pretty \(pretty)")
                        if !pretty { texts.append(text) }
                    }
                }
            }
        }
        #expect(texts.count >= family.profiles.count, "too few puzzles generated")
        return texts
    }

    /// The direct reader reads `text`, to what the decoder reads.
    func expectReadsAsTheDecoder(_ text: String, _ what: String) {
        let data = Data(text.utf8)
        let fast = direct(data)
        #expect(fast != nil, "\(what): left to the decoder")
        if let fast { #expect(decoded(data) == .success(fast), "\(what)") }
    }

    /// The direct reader leaves `text` to the decoder; when the decoder
    /// refuses it, the family's reader gives the decoder's message.
    func expectLeavesToTheDecoder(_ text: String, _ what: String) {
        let data = Data(text.utf8)
        #expect(direct(data) == nil, "\(what): read directly")
        if case .failure(let error) = decoded(data) {
            #expect(readError(data) == error.message, "\(what)")
        }
    }

    /// Random edits of `texts` (bytes replaced, inserted or removed, picked
    /// among JSON's own characters, escapes, digits and letters, or the text
    /// cut short): whenever the direct reader reads a value the decoder
    /// reads the same, and whatever the decoder refuses the family's reader
    /// refuses with the decoder's message.
    func expectAgreesOnEdits(of texts: [String], rounds: Int, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let alphabet = Array("{}[]\":,.-+eE0123456789 \n\\nulltrueidxXabcu/\u{e9}".utf8)
        var readDirectly = 0, refused = 0
        for text in texts {
            let original = Array(text.utf8)
            for _ in 0..<rounds {
                var bytes = original
                if rng.chance(1, in: 10) {
                    bytes.removeLast(rng.uniform(in: 1...bytes.count))
                } else {
                    for _ in 0..<rng.uniform(in: 1...2) where !bytes.isEmpty {
                        let at = rng.index(below: bytes.count)
                        switch rng.index(below: 3) {
                        case 0: bytes[at] = alphabet[rng.index(below: alphabet.count)]
                        case 1: bytes.insert(alphabet[rng.index(below: alphabet.count)], at: at)
                        default: bytes.remove(at: at)
                        }
                    }
                }
                let data = Data(bytes)
                let fast = direct(data)
                switch decoded(data) {
                case .success(let value):
                    if let fast {
                        readDirectly += 1
                        #expect(fast == value, "edit: \(String(decoding: bytes, as: UTF8.self))")
                    }
                case .failure(let error):
                    refused += 1
                    #expect(fast == nil, "read directly what the decoder refuses: \(String(decoding: bytes, as: UTF8.self))")
                    #expect(readError(data) == error.message, "edit: \(String(decoding: bytes, as: UTF8.self))")
                }
            }
        }
        // Some edits keep the text readable (a digit changed, a blank added), most do not.
        #expect(readDirectly > texts.count * rounds / 200)
        #expect(refused > texts.count * rounds / 4)
    }
}
