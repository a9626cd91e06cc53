import Foundation
import PuzzleFamilies
import Testing

/// `puzzlelab pack` writes one shape for every family (docs/FORMATS.md
/// section 12): a versioned object whose levels carry the same envelope —
/// id, seed, difficulty, grade and the family's puzzle — and that every
/// command reads back, as it reads the version 1 packs (arrays of puzzles)
/// of Tests/Fixtures/packs/.
@Suite struct PackTests {
    static let kinds = puzzleFamilies.map(\.info.name)
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/packs")

    /// The pack `arguments` write to standard output, parsed.
    static func pack(_ arguments: [String]) throws -> (text: String, object: [String: Any]) {
        let run = try puzzlelab(["pack"] + arguments + ["--out", "-"])
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return (run.stdout, try #require(object, "\(arguments): not a JSON object"))
    }

    static func levels(_ pack: [String: Any]) throws -> [[String: Any]] {
        try #require(pack["levels"] as? [[String: Any]])
    }

    /// The JSON type of a value, as a word.
    static func type(_ value: Any?) -> String {
        switch value {
        case is NSNull: "null"
        case is NSNumber: "number"
        case is String: "string"
        case is [Any]: "array"
        case is [String: Any]: "object"
        default: "missing"
        }
    }

    /// The keys and types of a pack and of its levels' envelopes (the
    /// puzzle only as an object, since it is the family's own).
    static func shape(_ pack: [String: Any]) throws -> [String] {
        var shape = pack.keys.sorted().map { "\($0): \(type(pack[$0]))" }
        for level in try levels(pack) {
            shape += level.keys.sorted().map { "level.\($0): \(type(level[$0]))" }
            let grade = try #require(level["grade"] as? [String: Any])
            // hardestTechnique is a string, or null for a path without steps.
            shape += grade.keys.sorted().map { "grade.\($0): \($0 == "hardestTechnique" && grade[$0] is NSNull ? "string" : type(grade[$0]))" }
        }
        return Array(Set(shape)).sorted()
    }

    @Test func everyFamilyWritesTheSameShape() throws {
        var shapes: [String: [String]] = [:]
        for kind in Self.kinds {
            let pack = try Self.pack(["--kind", kind, "--count", "2", "--seed", "4"]).object
            #expect(pack["format"] as? String == "puzzlelab-pack" && pack["version"] as? Int == 2 && pack["kind"] as? String == kind)
            let profile = try #require(pack["profile"] as? String)
            let levels = try Self.levels(pack)
            #expect(levels.map { $0["seed"] as? Int } == [4, 5], "\(kind)")
            #expect(levels.allSatisfy { $0["difficulty"] as? String == profile }, "\(kind): difficulty is the profile id")
            #expect(levels.allSatisfy { UUID(uuidString: $0["id"] as? String ?? "") != nil }, "\(kind): ids are UUIDs")
            shapes[kind] = try Self.shape(pack)
        }
        let first = try #require(shapes[Self.kinds[0]])
        #expect(first == ["format: string", "grade.hardestTechnique: string", "grade.label: string", "grade.score: number",
                          "kind: string", "level.difficulty: string", "level.grade: object", "level.id: string",
                          "level.puzzle: object", "level.seed: number", "levels: array", "profile: string", "version: number"])
        for kind in Self.kinds { #expect(shapes[kind] == first, "\(kind)") }
    }

    @Test(arguments: kinds)
    func gradesAreThoseGradeGives(kind: String) throws {
        let pack = try Self.pack(["--kind", kind, "--count", "3", "--seed", "11"]).object
        let profile = try #require(pack["profile"] as? String)
        let grade = try puzzlelab(["grade", "--kind", kind, "--profile", profile, "--seed", "11", "--count", "3", "--format", "json"])
        #expect(grade.status == 0, "\(grade.stderr)")
        let rows = try grade.stdout.split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let levels = try Self.levels(pack)
        #expect(rows.count == 3 && levels.count == 3)
        for (level, row) in zip(levels, rows) {
            let packed = try #require(level["grade"] as? [String: Any])
            #expect(packed["label"] as? String == row["label"] as? String, "\(kind) seed \(level["seed"] ?? "")")
            #expect(packed["score"] as? Int == row["score"] as? Int, "\(kind) seed \(level["seed"] ?? "")")
            #expect(Self.type(packed["hardestTechnique"]) == Self.type(row["hardestTechnique"])
                    && packed["hardestTechnique"] as? String == row["hardestTechnique"] as? String, "\(kind)")
        }
    }

    @Test(arguments: kinds)
    func theSameArgumentsGiveTheSameBytes(kind: String) throws {
        let arguments = ["--kind", kind, "--count", "3", "--seed", "21"]
        let first = try Self.pack(arguments).text
        #expect(first.hasPrefix("{\n  \"format\" : \"puzzlelab-pack\",\n  \"version\" : 2,\n") && first.hasSuffix("\n  ]\n}\n"))
        #expect(try Self.pack(arguments).text == first)
        // One level per line: level i of a longer pack is level i of a shorter one.
        let longer = try Self.pack(["--kind", kind, "--count", "4", "--seed", "21"]).text
        let lines = first.split(separator: "\n")
        #expect(Array(longer.split(separator: "\n").prefix(lines.count - 2)) == Array(lines.dropLast(2)).map { $0.hasSuffix("}") ? $0 + "," : $0 })
    }

    /// Every UUID in a pack: the levels' ids and every id inside their puzzles.
    static func uuids(_ text: String) -> [String] {
        let pattern = /[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/
        return text.matches(of: pattern).map { String($0.output) }
    }

    @Test func idsDoNotCollideAcrossPacksOfOtherProfiles() throws {
        let class1 = Self.uuids(try Self.pack(["--profile", "class_1", "--count", "3", "--seed", "1"]).text)
        let class3 = Self.uuids(try Self.pack(["--profile", "class_3", "--count", "3", "--seed", "1"]).text)
        #expect(class1.count > 3 * 20 && class3.count > 3 * 20, "level ids and cell and equation ids")
        #expect(Set(class1).count == class1.count && Set(class3).count == class3.count, "no id twice in a pack")
        #expect(Set(class1).isDisjoint(with: class3))
        for kind in Self.kinds.dropFirst() {
            let family = try #require(puzzleFamilies.first { $0.info.name == kind })
            let first = Self.uuids(try Self.pack(["--kind", kind, "--profile", family.profileNames[0], "--count", "3"]).text)
            let last = Self.uuids(try Self.pack(["--kind", kind, "--profile", family.profileNames.last ?? "", "--count", "3"]).text)
            #expect(first.count == 3 && Set(first).isDisjoint(with: last), "\(kind)")
        }
    }

    @Test func generateKeepsItsIDs() throws {
        // generate writes one puzzle per seed, as before: its ids depend on the seed alone.
        let class1 = try puzzlelab(["generate", "--profile", "class_1", "--seed", "1", "--format", "json"])
        let class3 = try puzzlelab(["generate", "--profile", "class_3", "--seed", "1", "--format", "json"])
        #expect(Self.uuids(class1.stdout).first == Self.uuids(class3.stdout).first)
    }

    @Test(arguments: kinds)
    func packsOfBothVersionsReadBack(kind: String) throws {
        let dir = try temporaryDirectory()
        // Written as `.jsonl` too: a pack is read as one whatever its name.
        for name in ["v2.json", "v2.jsonl"] {
            let written = try puzzlelab(["pack", "--kind", kind, "--count", "3", "--out", name], in: dir)
            #expect(written.status == 0, "\(written.stderr)")
        }
        let old = Self.fixtures.appendingPathComponent("\(kind)-v1.json").path
        for file in [dir.appendingPathComponent("v2.json").path, dir.appendingPathComponent("v2.jsonl").path, old] {
            let check = try puzzlelab(["check", file])
            #expect(check.status == 0 && check.stdout.split(separator: "\n").filter { $0.contains(": valid") }.count == 3,
                    "\(file): \(check.stdout) \(check.stderr)")
            for command in ["solve", "grade"] {
                let run = try puzzlelab([command, file, "--format", "json"])
                #expect(run.status == 0 && run.stdout.split(separator: "\n").count == 3, "\(command) \(file): \(run.stderr)")
            }
            let render = try puzzlelab(["render", file, "--index", "2", "--out", "-"])
            #expect(render.status == 0 && render.stdout.contains("<svg"), "\(file): \(render.stderr)")
        }
    }

    @Test func morseLevelsSpellModeAsTheCommandLine() throws {
        let pack = try Self.pack(["--kind", "morse", "--profile", "word-to-code-advanced", "--count", "2"])
        let modes = try Self.levels(pack.object).map { ($0["puzzle"] as? [String: Any])?["mode"] as? String }
        #expect(modes == ["word-to-code", "word-to-code"])
        let dir = try temporaryDirectory()
        try pack.text.write(to: dir.appendingPathComponent("m.json"), atomically: true, encoding: .utf8)
        let check = try puzzlelab(["check", "m.json"], in: dir)
        #expect(check.status == 0 && check.stdout.contains("valid, word-to-code"), "\(check.stdout) \(check.stderr)")
    }

    @Test func aBadLevelIsNamedAtItsLine() throws {
        let dir = try temporaryDirectory()
        var text = try Self.pack(["--kind", "number-search", "--count", "3"]).text
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Line 8 is the second level: its puzzle's grid gets a row of letters.
        lines[7] = lines[7].replacingOccurrences(of: "\"grid\":[", with: "\"grid\":[\"x\",")
        text = lines.joined(separator: "\n")
        try text.write(to: dir.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let check = try puzzlelab(["check", "bad.json"], in: dir)
        #expect(check.status != 0)
        #expect(check.stderr.contains("bad.json:8"), "the third level's line: \(check.stderr)")

        let future = text.replacingOccurrences(of: "\"version\" : 2", with: "\"version\" : 3")
        try future.write(to: dir.appendingPathComponent("future.json"), atomically: true, encoding: .utf8)
        let refused = try puzzlelab(["check", "future.json"], in: dir)
        #expect(refused.status != 0 && refused.stderr.contains("future.json:3") && refused.stderr.contains("version 3"), "\(refused.stderr)")

        let other = try puzzlelab(["check", "--kind", "morse", "bad.json"], in: dir)
        #expect(other.status != 0 && other.stderr.contains("a number-search pack, not morse"), "\(other.stderr)")
    }
}
