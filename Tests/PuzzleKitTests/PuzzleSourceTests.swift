import Foundation
import Testing
@testable import PuzzleKit

@Suite struct PuzzleSourceTests {
    @Test func theExtensionDecidesWhateverTheContent() {
        let object = "{\"id\":\"a\"}\n"
        #expect(PuzzleSource.form(path: "p.mcw", text: object, textExtension: "mcw") == .text)
        #expect(PuzzleSource.form(path: "dir/P.MCW", text: object, textExtension: "mcw") == .text)
        #expect(PuzzleSource.form(path: "p.json", text: "grid\n", textExtension: "mcw") == .json)
        #expect(PuzzleSource.form(path: "p.JSONL", text: "grid\n", textExtension: "mcw") == .jsonl)
        // Another family's text extension is not this family's.
        #expect(PuzzleSource.form(path: "p.xsum", text: object, textExtension: "mcw") == .jsonl)
    }

    @Test func withoutAKnownExtensionTheFirstMeaningfulCharacterDecides() {
        let form = { (text: String) in PuzzleSource.form(path: "-", text: text, textExtension: "mcw") }
        #expect(form("") == .text)
        #expect(form("profile: class_1\n . 1 + ? = 3\n") == .text)
        #expect(form("# a comment\n{\"id\":\"a\"}\n") == .text)
        // Pretty-printed JSON spans lines that are not objects of their own.
        #expect(form("{\n  \"id\": \"a\"\n}\n") == .json)
        #expect(form("[{\"id\":\"a\"},\n{\"id\":\"b\"}]") == .json)
        // Every line an object: JSON Lines, also with blank lines, indentation and a byte-order mark.
        #expect(form("{\"id\":\"a\"}") == .jsonl)
        #expect(form("\u{FEFF}{\"id\":\"a\"}\n\n\t {\"id\":\"b\"}\r\n") == .jsonl)
        #expect(form("\n   [\n") == .json)
    }
}

/// Reading JSON Lines from the file's bytes, against reading them from its
/// text, and the UTF-8 check against the standard library's.
@Suite struct JSONLinesBytesTests {
    /// Random texts of lines: objects, blanks, tabs, CR in and at the end of
    /// lines, byte-order marks, non-ASCII text.
    private func randomText(_ rng: inout SplitMix64) -> String {
        let pieces = ["{\"a\":1}", "{}", " ", "\t", "\r", "\n", "\r\n", "\u{FEFF}", "é", "–", "x", "\n\n"]
        var text = rng.chance(1, in: 4) ? "\u{FEFF}" : ""
        for _ in 0..<rng.uniform(in: 0...12) { text += pieces[rng.index(below: pieces.count)] }
        return text
    }

    /// Detection reads a JSON file's first object as its keys at every
    /// depth, each once, never its values; text as its first 4 KiB.
    @Test func detectionReadsTheFirstObjectsKeys() {
        let head = { (text: String) in PuzzleSource.detectionHead(Data(text.utf8)) }
        #expect(head(#"{"id": "cells", "grid": [{"v": 1, "id": 2}], "a\"b" : {"rowSums": []}}"# + "\n{\"later\": 1}\n")
                == #"{"id":null,"grid":null,"v":null,"a\"b":null,"rowSums":null}"#)
        #expect(head("\u{FEFF} [ {\"questions\": [\"x:\"]}, {\"other\": 1}]") == #"{"questions":null}"#)
        #expect(head("{}") == "{}")
        #expect(head(#"{"cut": [1, "#) == #"{"cut":null}"#)
        let text = "pool: 1 2\n" + String(repeating: "x", count: 5_000)
        #expect(head(text) == String(text.prefix(4096)))
    }

    @Test func bytesAndTextGiveTheSameLines() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<3_000 {
            let text = randomText(&rng)
            let read = { (data: Data, line: Int) throws(FormatError) -> String in
                if data.first == UInt8(ascii: "x") { throw FormatError("x", at: SourceLocation(file: "f", line: line)) }
                return "\(line):" + String(decoding: data, as: UTF8.self)
            }
            let fromText = readJSONLines(text, read: read)
            // A slice of a larger buffer, as a line of a file is.
            let padded = Data("pad".utf8) + Data(text.utf8)
            let fromBytes = readJSONLines(padded.dropFirst(3), read: read)
            #expect(fromText.map(describe) == fromBytes.map(describe), "\(Array(text.utf8))")
        }
    }

    private func describe(_ result: Result<String, FormatError>) -> String {
        switch result {
        case .success(let text): return "ok " + text
        case .failure(let error): return "error \(error.location.line): \(error.message)"
        }
    }

    @Test func utf8CheckAgreesWithTheStandardLibrary() {
        var rng = SplitMix64(seed: 5)
        let fragments: [[UInt8]] = [[0x41], [0x20, 0x7B], Array("é".utf8), Array("–".utf8), Array("😀".utf8), [0x80], [0xC0, 0x80],
                                    [0xE2, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], Array("abcdefgh".utf8)]
        var invalid = 0
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<rng.uniform(in: 0...4) {
                bytes += rng.chance(1, in: 6) ? [UInt8(truncatingIfNeeded: rng.next())] : fragments[rng.index(below: fragments.count)]
            }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(PuzzleSource.isUTF8(Data(bytes)) == expected, "\(bytes)")
            #expect(PuzzleSource.isUTF8(Data(bytes)) == (String(data: Data(bytes), encoding: .utf8) != nil), "\(bytes)")
            if !expected { invalid += 1 }
        }
        // Both answers come up often.
        #expect(invalid > 500 && invalid < 4_500, "\(invalid) invalid")
    }

    /// A `.jsonl` file is read from its bytes, other names from its text:
    /// the same puzzles and errors either way, byte-order marks included.
    @Test func jsonlByNameReadsAsJSONLinesByContent() {
        var rng = SplitMix64(seed: 9)
        for _ in 0..<2_000 {
            let text = randomText(&rng).replacingOccurrences(of: "{}", with: "{\"b\":2}")
            var bytes = Array(text.utf8)
            if rng.chance(1, in: 5), !bytes.isEmpty { bytes[rng.index(below: bytes.count)] = 0xFF }
            let read = { (file: String) in
                PuzzleSource.read(Data(bytes), file: file, textExtension: "t", text: { _ throws(FormatError) in "text" },
                                  json: { data, line throws(FormatError) in "\(line):" + String(decoding: data, as: UTF8.self) })
            }
            let byName = read("a.jsonl"), byContent = read("-")
            // Content that is not all objects reads as another form; compare where it reads as JSON Lines.
            let whole = String(data: Data(bytes), encoding: .utf8)
            guard whole == nil || PuzzleSource.form(path: "-", text: whole ?? "", textExtension: "t") == .jsonl else { continue }
            #expect(byName.map(describe) == byContent.map(describe), "\(bytes)")
        }
    }

    /// A `.jsonl` file is checked as UTF-8 before its first line is read: a
    /// file that is not UTF-8 anywhere (a sequence cut by a line feed or a
    /// carriage return, a stray byte on any line, after a byte-order mark)
    /// is one failure at line 1, and one that is gives every line.
    @Test func jsonlThatIsNotUTF8AnywhereIsOneFailure() {
        var rng = SplitMix64(seed: 23)
        let pieces: [[UInt8]] = [Array("{\"a\":1}".utf8), [0x0A], [0x0D, 0x0A], [0x20], Array("é–😀".utf8), [0xE2, 0x80], [0x93],
                                 [0xFF], [0xC3], [0xA9], [0xEF, 0xBB, 0xBF], [0xED, 0xA0, 0x80]]
        var invalid = 0, valid = 0
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<rng.uniform(in: 1...6) { bytes += pieces[rng.index(below: pieces.count)] }
            var lines = 0
            let results = PuzzleSource.read(Data(bytes), file: "a.jsonl", textExtension: "t", text: { _ throws(FormatError) in 0 },
                                            json: { _, line throws(FormatError) in lines += 1; return line })
            if bytes.starts(with: [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF]) {
                // Two leading byte-order marks: refused before anything is read.
                #expect(results.count == 1 && lines == 0)
                guard case .failure(let error) = results.first else { Issue.record("\(bytes) read"); continue }
                #expect(error.message == "a second byte-order mark; a file may start with one only" && error.location.line == 1)
            } else if String(validating: bytes, as: UTF8.self) == nil {
                invalid += 1
                #expect(results.count == 1, "\(bytes)")
                guard case .failure(let error) = results.first else { Issue.record("\(bytes) read"); continue }
                #expect(error.message == "expected UTF-8 text" && error.location.line == 1, "\(bytes)")
            } else {
                valid += 1
                #expect(results.count == lines, "\(bytes)")
            }
        }
        #expect(invalid > 300 && valid > 300, "\(invalid) invalid, \(valid) valid")
    }
}

/// Reading hands each puzzle on before it reads the next, in every JSON
/// form that holds several puzzles.
@Suite struct StreamingReadTests {
    private let objects = ["{\"n\":1}", "{\"n\":2}", "{\"n\":3,\"bad\":true}", "{\"n\":4}"]

    /// The files of four objects, the third one that does not read.
    private var files: [(name: String, text: String)] {
        let levels = objects.map { "{\"seed\":1,\"puzzle\":\($0)}" }.joined(separator: ",\n")
        return [("a.jsonl", objects.joined(separator: "\n") + "\n"),
                ("-", "\u{FEFF}" + objects.joined(separator: "\r\n")),
                ("a.json", "[\n" + objects.joined(separator: ",\n") + "\n]\n"),
                ("pack.json", "{\"format\":\"puzzlelab-pack\",\"version\":2,\"kind\":\"k\",\"profile\":\"p\",\"levels\":[\n\(levels)\n]}\n"),
                // A pack is read as one whatever its name.
                ("pack.jsonl", "{\"format\":\"puzzlelab-pack\",\"version\":2,\"kind\":\"k\",\"profile\":\"p\",\"levels\":[\n\(levels)\n]}\n")]
    }

    /// Reads `text` as `file`, logging each read (`read N`) and each result
    /// handed on (`ok N` or `error LINE: MESSAGE`) in the order they happen.
    private func log(_ text: String, file: String) -> [String] {
        // A box, so that both closures given to one call can add to it.
        final class Events { var list: [String] = [] }
        let events = Events()
        PuzzleSource.visit(Data(text.utf8), file: file, textExtension: "t", text: { _ throws(FormatError) in 0 },
                           json: { data, line throws(FormatError) in
                               let object = String(decoding: data, as: UTF8.self)
                               let n = object.filter(\.isNumber).first.flatMap { Int(String($0)) } ?? 0
                               events.list.append("read \(n)")
                               if object.contains("bad") { throw FormatError("bad", at: SourceLocation(file: file, line: line)) }
                               return n
                           }) { result in
            switch result {
            case .success(let n): events.list.append("ok \(n)")
            case .failure(let error): events.list.append("error \(error.location.line): \(error.message)")
            }
        }
        return events.list
    }

    @Test func eachPuzzleIsHandedOnBeforeTheNextIsRead() {
        for (file, text) in files {
            let events = log(text, file: file)
            let array = file.hasPrefix("pack") || file.hasSuffix(".json")
            let line3 = array ? 4 : 3
            let message = array ? "[2] bad" : "bad"
            #expect(events == ["read 1", "ok 1", "read 2", "ok 2", "read 3", "error \(line3): \(message)", "read 4", "ok 4"], "\(file)")
        }
    }
}
