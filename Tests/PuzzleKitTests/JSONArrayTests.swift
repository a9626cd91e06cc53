import Foundation
import PuzzleKit
import Testing

@Suite struct JSONArrayTests {
    private func read(_ text: String) -> [Result<String, FormatError>] {
        readJSONArray(Data(text.utf8), file: "a.json") { data, line throws(FormatError) in
            "\(line):" + String(decoding: data, as: UTF8.self)
        }
    }

    @Test func splitsTopLevelElementsWithTheirLines() throws {
        let results = read("\u{FEFF}[\n{\"a\":[1,2],\"s\":\"x,]}\\\"\"},\n  {\"b\":{}}\n]\n")
        #expect(try results.map { try $0.get() } == ["2:{\"a\":[1,2],\"s\":\"x,]}\\\"\"}", "3:{\"b\":{}}"])
        #expect(read("[]").isEmpty)
    }

    @Test func rejectsWhatIsNotAnArray() {
        for text in ["{\"a\":1}", "[{\"a\":1}", "[\"open", ""] {
            let results = read(text)
            #expect(results.count == 1)
            if case .failure(let error) = results.first {
                #expect(error.description == "a.json:1: expected a JSON array of puzzles")
            } else {
                Issue.record("accepted \(text)")
            }
        }
    }

    /// A bad element is one failure; the others still read.
    @Test func oneBadElementDoesNotHideTheOthers() {
        let results = readJSONArray(Data("[1,\nx,\n3]".utf8), file: "n.json") { data, line throws(FormatError) in
            guard let n = Int(String(decoding: data, as: UTF8.self)) else {
                throw FormatError("expected a number", at: SourceLocation(file: "n.json", line: line))
            }
            return n
        }
        #expect(results.count == 3)
        #expect((try? results[0].get()) == 1 && (try? results[2].get()) == 3)
        if case .failure(let error) = results[1] { #expect(error.description == "n.json:2: [1] expected a number") }
    }
}
