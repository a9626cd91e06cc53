import Foundation
import PuzzleKit
import Testing

/// ``JSONWriter`` against `JSONEncoder` set up by ``canonicalJSONEncoder(pretty:)``.
@Suite struct JSONWriterTests {
    /// A value of every shape the writer writes: nested objects and arrays,
    /// empty ones included, optional keys, strings, integers, Booleans and
    /// UUIDs; keys declared in sorted order.
    struct Sample: Encodable {
        struct Inner: Encodable {
            var flag: Bool
            var list: [Int]
            var name: String?
        }
        var empties: [[Int]]
        var id: UUID
        var inner: [Inner]
        var position: GridPosition
        var text: String
        var value: Int

        func write(to w: inout JSONWriter) {
            w.beginObject()
            w.key("empties")
            w.beginArray()
            for list in empties { w.integers(list) }
            w.endArray()
            w.key("id"); w.uuid(id)
            w.key("inner")
            w.beginArray()
            for element in inner {
                w.beginObject()
                w.key("flag"); w.bool(element.flag)
                w.key("list"); w.integers(element.list)
                if let name = element.name { w.key("name"); w.string(name) }
                w.endObject()
            }
            w.endArray()
            w.key("position"); w.position(position)
            w.key("text"); w.string(text)
            w.key("value"); w.integer(value)
            w.endObject()
        }
    }

    static func encoded(_ value: some Encodable, pretty: Bool) throws -> [UInt8] {
        Array(try canonicalJSONEncoder(pretty: pretty).encode(value))
    }

    @Test func writesEveryShapeAsTheEncoderDoes() throws {
        var rng = SplitMix64(seed: 39)
        let strings = ["", "a/b", "say \"hi\"", "back\\slash", "Größe – 🧩", "\u{7F}\u{80}\u{2028}"]
            + (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
        for round in 0..<200 {
            let inner = (0..<Int.random(in: 0...3, using: &rng)).map { i in
                Sample.Inner(flag: i.isMultiple(of: 2), list: (0..<Int.random(in: 0...3, using: &rng)).map { _ in Int(bitPattern: UInt(rng.next())) >> Int.random(in: 0...63, using: &rng) },
                             name: Bool.random(using: &rng) ? nil : strings.randomElement(using: &rng))
            }
            let sample = Sample(empties: round.isMultiple(of: 3) ? [] : [[], [round]], id: UUID(), inner: inner,
                                position: GridPosition(row: round, column: -round),
                                text: (0..<3).compactMap { _ in strings.randomElement(using: &rng) }.joined(),
                                value: [Int.min, Int.max, 0, -round, round * 1_000_003][round % 5])
            for pretty in [false, true] {
                var writer = JSONWriter(pretty: pretty)
                sample.write(to: &writer)
                #expect(writer.bytes == (try Self.encoded(sample, pretty: pretty)), "round \(round), pretty \(pretty)")
            }
        }
    }

    @Test func writesEveryBMPScalarOfAStringAsTheEncoderDoes() throws {
        // Every scalar up to U+FFFF (surrogates excepted) and some beyond, in
        // strings of 64.
        let scalars = (0..<0x1_0000).compactMap(UnicodeScalar.init) + [0x1_F9E9, 0x10_FFFF].compactMap(UnicodeScalar.init)
        for start in stride(from: 0, to: scalars.count, by: 64) {
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[start..<min(start + 64, scalars.count)])
            for pretty in [false, true] {
                var writer = JSONWriter(pretty: pretty)
                writer.beginArray()
                writer.string(text)
                writer.endArray()
                #expect(writer.bytes == (try Self.encoded([text], pretty: pretty)), "scalars from \(start)")
            }
        }
    }
}
