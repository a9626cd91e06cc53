import Foundation
import PuzzleKit
import Testing

/// The oracle of the families' JSON writers: Foundation's `JSONEncoder` as
/// ``canonicalJSONEncoder(pretty:)`` sets it up, which wrote every level
/// before ``JSONWriter``. `encodable` turns a puzzle into the value that
/// encoder was given.
struct JSONWriterOracle<Family: PuzzleFamily> {
    var family: Family
    var encodable: (Family.Puzzle) -> any Encodable

    /// What `JSONEncoder` writes for `puzzle`, as text.
    func encoded(_ puzzle: Family.Puzzle, pretty: Bool) throws -> String {
        String(decoding: try canonicalJSONEncoder(pretty: pretty).encode(encodable(puzzle)), as: UTF8.self)
    }

    /// Whether the writer and the encoder give the same bytes for `puzzle`,
    /// pretty and compact.
    func expectSameBytes(_ puzzle: Family.Puzzle, _ what: String) throws {
        for pretty in [false, true] {
            let written = family.writeJSON(puzzle, pretty: pretty)
            let expected = try encoded(puzzle, pretty: pretty)
            #expect(Array(written.utf8) == Array(expected.utf8), "\(what), pretty \(pretty)")
        }
    }

    /// Every profile of the family, `seeds` each (every third also unique),
    /// through ``expectSameBytes(_:_:)``. Returns the puzzles. (Packs are
    /// made of the compact form, one puzzle a line.)
    @discardableResult
    func expectSameBytesForEveryProfile(seeds: ClosedRange<Int>) throws -> [Family.Puzzle] {
        var all: [Family.Puzzle] = []
        for profile in family.profiles {
            var puzzles: [Family.Puzzle] = []
            for seed in seeds {
                for unique in [false, true] where seed % 3 == 0 || !unique {
                    guard let generated = try? family.generate(profile, GenerationRequest(seed: seed, unique: unique)) else { continue }
                    try expectSameBytes(generated.puzzle, "\(family.id(of: profile)) seed \(seed) unique \(unique)")
                    puzzles.append(generated.puzzle)
                }
            }
            #expect(!puzzles.isEmpty, "\(family.id(of: profile)): no puzzle generated")
            all += puzzles
        }
        return all
    }

    /// Strings that need escaping or are not ASCII: quotes, backslashes,
    /// every control character, slashes, DEL, umlauts, a dash, an emoji.
    static var awkwardStrings: [String] {
        let controls = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        return ["", "plain", "say \"hi\"", "back\\slash", "a/b//c", controls, "tab\tline\nreturn\r", "\u{7F}del",
                "Klasse 4 – bis 10000", "Größe ÄÖÜ ß", "🧩 puzzle", "\u{2028}\u{2029}", "\\\"\\u0041", "</script>"]
    }
}
