import Foundation
import PuzzleKit
import Testing

/// `grade --format json` of every family shares the core keys of the one
/// grade schema (docs/FORMATS.md section 5), in order, each with one JSON
/// type, and every per-technique key is `steps_` and a technique code.
@Suite struct GradeSchemaTests {
    static let kinds = ["math-crossword", "cross-sums", "number-search", "drills", "morse"]

    @Test func everyFamilySharesTheCoreKeysWithOneTypeEach() throws {
        var rows: [(kind: String, fields: [(key: String, type: String?)])] = []
        for kind in Self.kinds {
            let run = try puzzlelab(["grade", "--kind", kind, "--count", "12", "--format", "json"])
            #expect(run.status == 0, "\(kind): \(run.stderr)")
            for line in run.stdout.split(separator: "\n") {
                #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(kind): not JSON: \(line)")
                rows.append((kind, try #require(Self.topLevel(String(line)), "\(kind): not one object: \(line)")))
            }
        }
        let keySets = rows.map { Set($0.fields.map(\.key)) }
        let shared = keySets.dropFirst().reduce(keySets[0]) { $0.intersection($1) }
        #expect(shared.count >= 14, "only \(shared.count) shared keys: \(shared.sorted())")
        #expect(Set(GradeResult.coreKeys).isSubset(of: shared), "core keys missing: \(Set(GradeResult.coreKeys).subtracting(shared).sorted())")
        for key in GradeResult.coreKeys {
            let types = Set(rows.compactMap { row in row.fields.first { $0.key == key }?.type })
            #expect(types.count == 1, "\(key) has the JSON types \(types.sorted())")
        }
        for (kind, fields) in rows {
            let keys = fields.map(\.key)
            #expect(Array(keys.drop { $0 != "label" }.prefix(GradeResult.coreKeys.count)) == GradeResult.coreKeys,
                    "\(kind): the core keys are not in order after the id")
            let perTechnique = keys.filter { $0.contains("-") || $0.hasPrefix(GradeResult.techniqueKeyPrefix) }
            #expect(!perTechnique.isEmpty && perTechnique.allSatisfy { $0.hasPrefix(GradeResult.techniqueKeyPrefix) },
                    "\(kind): per-technique keys \(perTechnique)")
        }
    }

    /// The top-level keys of a one-line JSON object, in order, each with the
    /// JSON type of its value (`nil` for null).
    static func topLevel(_ line: String) -> [(key: String, type: String?)]? {
        var fields: [(key: String, type: String?)] = []
        let chars = Array(line.unicodeScalars)
        guard chars.first == "{" else { return nil }
        var i = 1
        func skipString() { // chars[i] is the opening quote; leaves i after the closing one
            i += 1
            while i < chars.count, chars[i] != "\"" { i += chars[i] == "\\" ? 2 : 1 }
            i += 1
        }
        while i < chars.count, chars[i] == "\"" {
            let keyStart = i + 1
            skipString()
            let key = String(String.UnicodeScalarView(chars[keyStart..<(i - 1)]))
            guard i < chars.count, chars[i] == ":" else { return nil }
            i += 1
            let type: String?
            switch chars[i] {
            case "\"": type = "string"
            case "t", "f": type = "boolean"
            case "n": type = nil
            case "[": type = "array"
            case "{": type = "object"
            default: type = "number"
            }
            fields.append((key, type))
            var depth = 0
            while i < chars.count {
                let c = chars[i]
                if c == "\"" { skipString(); continue }
                if c == "[" || c == "{" { depth += 1 }
                if c == "]" || c == "}" { if depth == 0 { break }; depth -= 1 }
                if c == ",", depth == 0 { i += 1; break }
                i += 1
            }
        }
        return fields.isEmpty ? nil : fields
    }
}
