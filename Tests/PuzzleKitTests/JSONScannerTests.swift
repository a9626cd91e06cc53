import Foundation
@testable import PuzzleKit
import Testing

/// The byte-level JSON reader of the families' fast readers against
/// Foundation's `JSONDecoder`: whatever it reads, the decoder reads the same;
/// whatever the decoder refuses, it refuses.
@Suite struct JSONScannerTests {
    /// A string, integer or `true`/`false` read alone by the scanner.
    private func scanned<T>(_ text: [UInt8], _ read: (inout JSONScanner) -> T?) -> T? {
        JSONScanner.read(Data(text), read)
    }

    private func decoded<T: Decodable>(_ type: T.Type, _ text: [UInt8]) -> T? {
        try? JSONDecoder().decode(type, from: Data(text))
    }

    /// The example of `JSONScanner`'s documentation.
    @Test func theDocumentedExampleReads() {
        let data = Data(#"{"rows":3,"name":"a\u00e9"}"#.utf8)
        let read = JSONScanner.read(data) { scanner -> (Int, String)? in
            var rows: Int?, name: String?
            let ok = scanner.object { s in
                if s.key("rows"), rows == nil { rows = s.integer(); return rows != nil }
                if s.key("name"), name == nil { name = s.string(); return name != nil }
                return false
            }
            guard ok, let rows, let name else { return nil }
            return (rows, name)
        }
        #expect(read.map { "\($0.0) \($0.1)" } == "3 aé")
    }

    @Test func readsEveryEscapeAsTheDecoderDoes() throws {
        let valid = [#""""#, #""plain""#, #""a\"b\\c\/d""#, #""\b\f\n\r\t""#, #""\u0041\u00e9\u00E9\u20AC""#,
                     #""\u0000""#, #""\ud83e\udde9 puzzle""#, #""\uD83D\uDE00""#, #""Größe 🧩""#, #""\u005c\u0022""#]
        for text in valid {
            let bytes = Array(text.utf8)
            let read = scanned(bytes) { $0.string() }
            #expect(read != nil, "\(text)")
            #expect(read == decoded(String.self, bytes), "\(text)")
        }
        #expect(scanned(Array(#""\ud83e\udde9""#.utf8)) { $0.string() } == "🧩")
        // Bad escapes, lone surrogates, raw control characters, bad UTF-8,
        // no closing quote: refused, as the decoder refuses them.
        let invalid = [#""\x""#, #""\u12""#, #""\u12G4""#, #""\ud83e""#, #""\ud83e\u0041""#, #""\udde9""#, #""\ud83e x""#,
                       "\"tab\there\"", "\"line\nbreak\"", #""open"#, #""\"#]
        for text in invalid {
            let bytes = Array(text.utf8)
            #expect(scanned(bytes) { $0.string() } == nil, "\(text)")
            #expect(decoded(String.self, bytes) == nil, "\(text)")
        }
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22]] {
            #expect(scanned(bytes) { $0.string() } == nil, "\(bytes)")
        }
    }

    /// Random strings of JSON's escape characters, hex digits and other
    /// bytes: whenever the scanner reads one, the decoder reads the same.
    @Test func readsRandomStringsAsTheDecoderDoes() {
        var rng = SplitMix64(seed: 12)
        let alphabet = Array("\\\"uUdDc8e9F0/bnrtx \u{e9}🧩".utf8) + [0x01, 0x7F, 0xFF, 0x0A]
        var read = 0, escapes = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = [0x22]
            for _ in 0..<rng.uniform(in: 0...12) { bytes.append(alphabet[rng.index(below: alphabet.count)]) }
            bytes.append(0x22)
            guard let string = scanned(bytes, { $0.string() }) else { continue }
            read += 1
            if bytes.contains(0x5C) { escapes += 1 }
            #expect(string == decoded(String.self, bytes), "\(bytes)")
        }
        #expect(read > 1_000)
        #expect(escapes > 50)
    }

    @Test func readsIntegersAsTheDecoderDoes() {
        let texts = ["0", "-1", "7", "1234567890", "\(Int.max)", "\(Int.min)", " 42 "]
        for text in texts {
            let bytes = Array(text.utf8)
            let read = scanned(bytes) { $0.integer() }
            #expect(read != nil, "\(text)")
            #expect(read == decoded(Int.self, bytes), "\(text)")
        }
        // Beyond Int, fractions, exponents, leading zeros, `-0`, signs the
        // grammar has not: left to the decoder.
        for text in ["9223372036854775808", "-9223372036854775809", "1.0", "1.5", "1e2", "2E0", "01", "-0", "+1", "-", "", "1 2"] {
            #expect(scanned(Array(text.utf8)) { $0.integer() } == nil, "\(text)")
        }
    }

    @Test func readsBooleansArraysAndPositions() throws {
        #expect(scanned(Array("true".utf8)) { $0.bool() } == true)
        #expect(scanned(Array(" false ".utf8)) { $0.bool() } == false)
        #expect(scanned(Array("tru".utf8)) { $0.bool() } == nil)
        #expect(scanned(Array("[1, 2 ,3]".utf8)) { $0.integers() } == [1, 2, 3])
        #expect(scanned(Array("[]".utf8)) { $0.integers() } == [])
        #expect(scanned(Array("[1,]".utf8)) { $0.integers() } == nil)
        #expect(scanned(Array("[1 2]".utf8)) { $0.integers() } == nil)
        for text in [#"{"column":2,"row":5}"#, #"{ "row" : 5 , "column" : 2 }"#] {
            #expect(scanned(Array(text.utf8)) { $0.gridPosition() } == GridPosition(row: 5, column: 2))
            #expect(scanned(Array(text.utf8)) { $0.gridPosition() } == decoded(GridPosition.self, Array(text.utf8)))
        }
        // A repeated or unknown key, a missing one: left to the decoder.
        for text in [#"{"column":2,"row":5,"row":6}"#, #"{"column":2,"row":5,"x":1}"#, #"{"column":2}"#, #"{"column":2,"row":5"#] {
            #expect(scanned(Array(text.utf8)) { $0.gridPosition() } == nil, "\(text)")
        }
        // Only blanks may follow the value.
        #expect(scanned(Array("1 x".utf8)) { $0.integer() } == nil)
    }

    /// Stepping over a value ends exactly where the value ends, whatever it
    /// holds, and leaves what follows; text that ends inside a value, or no
    /// value, is refused.
    @Test func skipsAnyValueToItsEnd() {
        let values = ["0", "-12.5e3", "true", "null", #""a,b]}\"\\""#, #""""#, "[]", "{}", #"[1,[2,{"a":"]"}],"}"]"#,
                      #"{ "k" : [ 1 , 2 ] , "s" : "{" }"#, #"{"puzzle":{"cells":[{"row":1}]},"seed":3}"#]
        for value in values {
            for follower in ["", ",2", " ]", "}", "\n"] {
                let text = Array((" " + value + follower).utf8)
                let skipped = text.withUnsafeBufferPointer { bytes -> (Range<Int>?, Int) in
                    var scanner = JSONScanner(bytes)
                    let range = scanner.skipValue()
                    return (range, scanner.offset)
                }
                #expect(skipped.0 == 1..<(1 + value.utf8.count), "\(value)\(follower)")
                #expect(skipped.1 == 1 + value.utf8.count, "\(value)\(follower)")
            }
            #expect((try? JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)) != nil, "\(value)")
        }
        for text in ["", "  ", ",1", "]", #""open"#, #""esc\"#, "[1,2", #"{"a":"}"#] {
            let range = Array(text.utf8).withUnsafeBufferPointer { bytes -> Range<Int>? in
                var scanner = JSONScanner(bytes)
                return scanner.skipValue()
            }
            #expect(range == nil, "\(text)")
        }
    }

    /// The eight-digits-at-once hex reading against one digit at a time: every
    /// byte value at every place of a word of digits, and random words.
    @Test func hexDigitsReadAsOneAtATime() {
        func reference(_ word: UInt64) -> UInt32? {
            var value: UInt32 = 0
            for k in 0..<4 {
                var octet: UInt32 = 0
                for byte in [UInt8(truncatingIfNeeded: word >> (16 * k)), UInt8(truncatingIfNeeded: word >> (16 * k + 8))] {
                    guard let digit = Character(UnicodeScalar(byte)).hexDigitValue, byte < 0x80 else { return nil }
                    octet = octet << 4 | UInt32(digit)
                }
                value |= octet << (8 * k)
            }
            return value
        }
        let base = Array("0123abCD".utf8)
        for place in 0..<8 {
            for byte in 0...255 {
                var bytes = base
                bytes[place] = UInt8(byte)
                let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
                #expect(JSONScanner.hexOctets(word) == reference(word), "byte \(byte) at \(place)")
            }
        }
        var rng = SplitMix64(seed: 3)
        let digits = Array("0123456789abcdefABCDEF".utf8)
        for _ in 0..<20_000 {
            let bytes = (0..<8).map { _ in rng.chance(1, in: 20) ? UInt8(truncatingIfNeeded: rng.next()) : digits[rng.index(below: digits.count)] }
            let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
            #expect(JSONScanner.hexOctets(word) == reference(word), "\(bytes)")
        }
    }

}
