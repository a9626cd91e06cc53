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

    /// The shared oracle (Foundation's decoder through `decodeJSON`) over
    /// every profile, and on random edits: what the decoder refuses is left
    /// to it, with its message.
    @Test func readsAsTheDecoderOverEveryProfileAndEdits() {
        let oracle = JSONReaderOracle(family: MathCrosswordFamily(), direct: JSONFastReader.level,
                                      read: { (data: Data) throws(FormatError) in try JSONFormat.read(data, file: "t.jsonl") },
                                      largeNumberHint: puzzleNumberHint)
        let texts = oracle.expectReadsEveryProfile(seeds: 1...6)
        oracle.expectAgreesOnEdits(of: Array(texts.prefix(4)), rounds: 200, seed: 31)
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

    /// Keys the decoder ignores or repeats, fractions and escapes in keys go to the decoder.
    @Test func leavesUnusualTextToTheDecoder() throws {
        let level = try Generator().generate(difficulty: .class1, seed: 3).level
        let text = JSONFormat.write(level, pretty: false)
        for edited in [text.replacingOccurrences(of: "{\"cells\"", with: "{\"extra\":1,\"cells\""),
                       text.replacingOccurrences(of: "\"rows\":", with: "\"rows\":5,\"rows\":"),
                       text.replacingOccurrences(of: "\"rows\":", with: "\"ro\\u0077s\":"),
                       text.replacingOccurrences(of: "\"gridRows\":", with: "\"gridRows\":1.0,\"x\":")] {
            #expect(edited != text)
            #expect(JSONFastReader.level(Data(edited.utf8)) == nil)
        }
        // An escape in a string value is read directly, as the decoder reads it.
        let escaped = Data(text.replacingOccurrences(of: "\"class_1\"", with: "\"class\\u005f1\"").utf8)
        #expect(JSONFastReader.level(escaped) == level)
    }

    /// The same level written another way: keys in random order, blanks
    /// between tokens, ids in lower, upper or mixed case, absent fields
    /// written as `null`, and (with `escapes`) characters of strings written
    /// as `\u` escapes.
    private func rewritten(_ value: Any, key: String? = nil, _ rng: inout SplitMix64, escapes: Bool) -> String {
        let blank = { (rng: inout SplitMix64) -> String in [" ", "", "\n", "\t", "\r\n  "][rng.index(below: 5)] }
        switch value {
        case var object as [String: Any]:
            if object["position"] != nil, object["type"] != nil {
                for field in ["fixedValue", "operatorSymbol", "currentValue"] where object[field] == nil && rng.chance(1, in: 3) {
                    object[field] = NSNull()
                }
            }
            var keys = object.keys.sorted()
            keys.stableShuffle(using: &rng)
            let members = keys.map { name in
                blank(&rng) + "\"\(name)\"" + blank(&rng) + ":" + blank(&rng) + rewritten(object[name] as Any, key: name, &rng, escapes: escapes)
            }
            return "{" + members.joined(separator: ",") + blank(&rng) + "}"
        case let array as [Any]:
            return "[" + array.map { blank(&rng) + rewritten($0, &rng, escapes: escapes) }.joined(separator: ",") + blank(&rng) + "]"
        case var text as String:
            if key == "id", UUID(uuidString: text) != nil {
                let cased = [text.lowercased(), text.uppercased(), String(text.enumerated().map { $0.offset % 2 == 0 ? Character($0.element.lowercased()) : $0.element })]
                text = cased[rng.index(below: cased.count)]
            }
            if escapes && !text.isEmpty {
                let at = rng.index(below: text.count)
                return "\"" + text.enumerated().map { offset, character in
                    offset == at && character.isASCII ? String(format: "\\u%04X", character.asciiValue.map(Int.init) ?? 0) : String(character)
                }.joined() + "\""
            }
            return "\"" + text + "\""
        case is NSNull:
            return "null"
        case let number as NSNumber:
            return "\(number.intValue)"
        default:
            return "?"
        }
    }

    @Test func readsAnyKeyOrderBlanksCaseAndNulls() throws {
        var rng = SplitMix64(seed: 91)
        for profile in Profile.classProfiles {
            for seed in 1...8 {
                var level = try Generator().generate(difficulty: profile, seed: seed).level
                if seed % 2 == 0, let blank = level.blankPositions.first { level[blank].currentValue = 3 }
                let object = try JSONSerialization.jsonObject(with: Data(JSONFormat.write(level, pretty: false).utf8))
                for _ in 0..<3 {
                    let data = Data(rewritten(object, &rng, escapes: false).utf8)
                    let fast = JSONFastReader.level(data)
                    #expect(fast != nil, "\(profile.id) seed \(seed)")
                    #expect(fast == decoded(data), "\(profile.id) seed \(seed)")
                    #expect(fast == level, "\(profile.id) seed \(seed)")
                    // With an escape in every string: a cell type or an
                    // orientation with one is left to the decoder; either
                    // way the same level is read.
                    let escaped = Data(rewritten(object, &rng, escapes: true).utf8)
                    let direct = JSONFastReader.level(escaped)
                    #expect(direct == nil || direct == level)
                    #expect(try JSONFormat.read(escaped, file: "t.jsonl") == JSONFormat.read(data, file: "t.jsonl"))
                }
            }
        }
    }

    @Test func readsIdsInAnyCaseAsUUIDDoes() throws {
        let level = try Generator().generate(difficulty: .class1, seed: 4).level
        let text = JSONFormat.write(level, pretty: false)
        var rng = SplitMix64(seed: 8)
        for _ in 0..<200 {
            let uuid = UUID(uuid: (UInt8(truncatingIfNeeded: rng.next()), 0x12, 0xAB, 0xFF, 0, 9, 0xA0, 0x0A, 0x5C, 0xC5,
                                   UInt8(truncatingIfNeeded: rng.next()), 1, 2, 3, 0xFE, UInt8(truncatingIfNeeded: rng.next())))
            let written = [uuid.uuidString, uuid.uuidString.lowercased()][rng.index(below: 2)]
            let edited = text.replacingOccurrences(of: level.cells[0].id.uuidString, with: written)
            let fast = try #require(JSONFastReader.level(Data(edited.utf8)))
            #expect(fast.cells[0].id == uuid)
            #expect(fast == decoded(Data(edited.utf8)))
        }
        // Not the canonical form: left to the decoder (which refuses these).
        for id in ["{\(level.cells[0].id.uuidString)}", String(level.cells[0].id.uuidString.dropLast()), "G" + level.cells[0].id.uuidString.dropFirst()] {
            let edited = text.replacingOccurrences(of: level.cells[0].id.uuidString, with: id)
            #expect(JSONFastReader.level(Data(edited.utf8)) == nil)
        }
    }

    /// A key is its bytes between the quotes: blanks inside a key make
    /// another key, which the direct reader leaves to the decoder.
    @Test func blanksInsideKeysAreNotSkipped() throws {
        let level = try Generator().generate(difficulty: .class1, seed: 5).level
        let text = JSONFormat.write(level, pretty: false)
        for (from, to) in [("{\"id\":", "{\" id\":"), ("\"position\":", "\"position \":"), ("{\"column\":", "{\"column \":"),
                           ("\"type\":\"block\"", "\"type\":\" block\""), ("{\"fixedValue\":", "{\"fixed Value\":")] {
            let edited = text.replacingOccurrences(of: from, with: to)
            #expect(edited != text)
            #expect(JSONFastReader.level(Data(edited.utf8)) == nil, "\(to)")
            #expect(decoded(Data(edited.utf8)) != level)
        }
    }
}
