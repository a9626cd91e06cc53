import Foundation

/// A level pack an app ships, in the one shape every family shares
/// (docs/FORMATS.md section 12): a JSON object with `format`
/// (`"puzzlelab-pack"`), `version` (2), `kind`, `profile` and `levels`, each
/// level an envelope of `id`, `seed`, `difficulty`, `grade` and the family's
/// own JSON puzzle as `puzzle`. A version 1 pack (a JSON array of puzzles)
/// is read as any JSON array of puzzles is.
///
///     let text = PuzzlePack.write(kind: "cross-sums", profile: "hard", levels: levels)
public enum PuzzlePack {
    /// The value of a pack's `format` key.
    public static let format = "puzzlelab-pack"
    /// The version this toolkit writes and reads (version 1 is a plain array).
    public static let version = 2

    /// One level of a pack, as the pack writer is given it.
    public struct Level: Sendable {
        /// The seed the level was generated from.
        public var seed: Int
        /// The grade label (``GradeResult/label``).
        public var label: String
        /// The grade score (``GradeResult/score``).
        public var score: Int
        /// The code of the hardest technique, `nil` for a path without steps.
        public var hardestTechnique: String?
        /// The family's compact JSON of the puzzle (one line).
        public var puzzleJSON: String

        /// A level of the pack.
        ///
        /// - Parameters:
        ///   - seed: the seed the level was generated from.
        ///   - label: the grade label.
        ///   - score: the grade score.
        ///   - hardestTechnique: the code of the hardest technique, if any.
        ///   - puzzleJSON: the family's compact JSON of the puzzle.
        public init(seed: Int, label: String, score: Int, hardestTechnique: String?, puzzleJSON: String) {
            self.seed = seed
            self.label = label
            self.score = score
            self.hardestTechnique = hardestTechnique
            self.puzzleJSON = puzzleJSON
        }

        /// A level of the pack with the label, score and hardest technique of `grade`.
        ///
        /// - Parameters:
        ///   - seed: the seed the level was generated from.
        ///   - grade: the level's grade.
        ///   - puzzleJSON: the family's compact JSON of the puzzle.
        public init(seed: Int, grade: GradeResult, puzzleJSON: String) {
            self.init(seed: seed, label: grade.label, score: grade.score, hardestTechnique: grade.hardestTechnique?.code, puzzleJSON: puzzleJSON)
        }
    }

    /// The namespace of a pack's ids: a hash of its kind and profile, so
    /// packs of different families or profiles never share ids.
    ///
    /// - Parameters:
    ///   - kind: the family's name (`cross-sums`).
    ///   - profile: the profile's id (`hard`).
    public static func namespace(kind: String, profile: String) -> UInt64 {
        // FNV-1a over "kind\0profile": the same in every run and on every platform.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in Array(kind.utf8) + [0] + Array(profile.utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The id of the level of `seed` in a pack of `namespace`
    /// (``namespace(kind:profile:)``).
    ///
    /// - Parameters:
    ///   - namespace: the pack's namespace.
    ///   - seed: the level's seed.
    public static func levelID(namespace: UInt64, seed: Int) -> UUID {
        UUID(stable: namespace, seed)
    }

    /// The namespace of the ids inside the level of `seed` (a math
    /// crossword's cells and equations) in a pack of `namespace`: distinct
    /// for every kind, profile and seed, so no two levels of any packs share them.
    ///
    /// - Parameters:
    ///   - namespace: the pack's namespace.
    ///   - seed: the level's seed.
    public static func innerNamespace(namespace: UInt64, seed: Int) -> UInt64 {
        var rng = SplitMix64(seed: namespace ^ (UInt64(bitPattern: Int64(seed)) &* 0x9E37_79B9_7F4A_7C15))
        return rng.next()
    }

    /// The pack as text: the header keys one per line, then one level per
    /// line with its keys sorted, ending in a newline. The same levels give
    /// the same bytes.
    ///
    /// - Parameters:
    ///   - kind: the family's name.
    ///   - profile: the profile's id, every level's `difficulty`.
    ///   - levels: the levels, in order.
    public static func write(kind: String, profile: String, levels: [Level]) -> String {
        let namespace = namespace(kind: kind, profile: profile)
        var text = "{\n  \"format\" : \(quoted(format)),\n  \"version\" : \(version),\n"
        text += "  \"kind\" : \(quoted(kind)),\n  \"profile\" : \(quoted(profile)),\n  \"levels\" : ["
        for (index, level) in levels.enumerated() {
            var writer = JSONWriter(pretty: false)
            writer.uuid(levelID(namespace: namespace, seed: level.seed))
            let technique = level.hardestTechnique.map(quoted) ?? "null"
            text += (index == 0 ? "\n    " : ",\n    ")
            text += "{\"difficulty\":\(quoted(profile)),\"grade\":{\"hardestTechnique\":\(technique),\"label\":\(quoted(level.label)),"
            text += "\"score\":\(level.score)},\"id\":\(writer.text),\"puzzle\":\(level.puzzleJSON),\"seed\":\(level.seed)}"
        }
        text += levels.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return text
    }

    /// Whether the first byte after blanks (and a byte-order mark) is `{`:
    /// the cheap test before a pack is looked for, so arrays and text
    /// formats are not scanned.
    private static func startsWithObject(_ data: Data) -> Bool {
        for byte in data.prefix(4096) where ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(byte) {
            return byte == UInt8(ascii: "{")
        }
        return false
    }

    private static func quoted(_ string: String) -> String {
        var writer = JSONWriter(pretty: false)
        writer.string(string)
        return writer.text
    }

    /// The `kind` of a version 2 pack, or `nil` when `data` is not a
    /// pack object (a version 1 pack is an array, read as puzzles are).
    ///
    /// - Parameter data: a file's bytes.
    public static func kind(of data: Data) -> String? {
        guard startsWithObject(data), let members = PackScanner(data).header() else { return nil }
        return members.kind
    }

    /// The puzzles of a version 2 pack as a JSON array of the levels'
    /// `puzzle` objects, every other byte a blank (line breaks kept), so a
    /// puzzle's lines and columns are those of the pack; `nil` when `data`
    /// is not a pack object.
    ///
    /// - Parameters:
    ///   - data: a file's bytes.
    ///   - file: the file's name, for error locations.
    /// - Throws: ``FormatError`` for a pack of another version or without
    ///   its levels' puzzles.
    public static func puzzleArray(_ data: Data, file: String) throws(FormatError) -> Data? {
        guard startsWithObject(data) else { return nil }
        let scanner = PackScanner(data)
        guard let header = scanner.header() else { return nil }
        func fault(_ message: String, at offset: Int) -> FormatError {
            FormatError(message, at: SourceLocation(file: file, line: scanner.line(at: offset)))
        }
        guard header.version == version else {
            throw fault("a \(format) of version \(header.versionText); this puzzlelab reads version \(version) (and version 1, a JSON array of puzzles)",
                        at: header.versionOffset)
        }
        guard let levels = header.levels, let elements = scanner.elements(of: levels) else {
            throw fault("a \(format) needs 'levels', an array of levels", at: header.start)
        }
        var puzzles: [Range<Int>] = []
        for (index, element) in elements.enumerated() {
            guard let puzzle = scanner.members(of: element)?.first(where: { $0.key == "puzzle" })?.value,
                  scanner.bytes[puzzle.lowerBound] == UInt8(ascii: "{") else {
                throw fault("level \(index + 1) needs 'puzzle', the level's puzzle object", at: element.lowerBound)
            }
            puzzles.append(puzzle)
        }
        var array = scanner.bytes.map { $0 == 0x0A || $0 == 0x0D ? $0 : 0x20 }
        for puzzle in puzzles { array.replaceSubrange(puzzle, with: scanner.bytes[puzzle]) }
        array[header.start] = UInt8(ascii: "[")
        for (before, after) in zip(puzzles, puzzles.dropFirst()) where before.upperBound < after.lowerBound {
            array[before.upperBound] = UInt8(ascii: ",")
        }
        array[puzzles.last?.upperBound ?? header.start + 1] = UInt8(ascii: "]")
        return Data(array)
    }
}

/// A light scan of a pack's JSON: the members of an object and the
/// elements of an array as byte ranges, strings and nesting tracked, values
/// not decoded. `nil` for text that does not scan.
private struct PackScanner {
    let bytes: [UInt8]

    init(_ data: Data) { bytes = [UInt8](data) }

    struct Header {
        var start: Int
        var kind: String?
        var version: Int?
        var versionText: String
        var versionOffset: Int
        var levels: Range<Int>?
    }

    /// The header of a pack object (its first meaningful byte `{` and
    /// its `format` the pack's), or `nil`.
    func header() -> Header? {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        skipBlanks(&i)
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{"), let end = valueEnd(from: i),
              let members = members(of: i..<end),
              let format = members.first(where: { $0.key == "format" }), string(format.value) == PuzzlePack.format else { return nil }
        let version = members.first { $0.key == "version" }
        let versionText = version.map { String(decoding: bytes[$0.value], as: UTF8.self) } ?? "none"
        return Header(start: i, kind: members.first { $0.key == "kind" }.flatMap { string($0.value) },
                      version: Int(versionText), versionText: versionText, versionOffset: version?.value.lowerBound ?? i,
                      levels: members.first { $0.key == "levels" }?.value)
    }

    /// The 1-based line of the byte at `offset`.
    func line(at offset: Int) -> Int {
        1 + bytes[..<min(offset, bytes.count)].count { $0 == 0x0A }
    }

    /// The members of the object spanning `range`, keys as written.
    func members(of range: Range<Int>) -> [(key: String, value: Range<Int>)]? {
        guard bytes[range.lowerBound] == UInt8(ascii: "{") else { return nil }
        var members: [(key: String, value: Range<Int>)] = []
        var i = range.lowerBound + 1
        while true {
            skipBlanks(&i)
            guard i < range.upperBound else { return nil }
            if bytes[i] == UInt8(ascii: "}") { return members }
            if !members.isEmpty {
                guard bytes[i] == UInt8(ascii: ",") else { return nil }
                i += 1
                skipBlanks(&i)
            }
            guard i < range.upperBound, bytes[i] == UInt8(ascii: "\""), let keyEnd = valueEnd(from: i), let key = string(i..<keyEnd) else { return nil }
            i = keyEnd
            skipBlanks(&i)
            guard i < range.upperBound, bytes[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            skipBlanks(&i)
            guard i < range.upperBound, let end = valueEnd(from: i) else { return nil }
            members.append((key, i..<end))
            i = end
        }
    }

    /// The elements of the array spanning `range`.
    func elements(of range: Range<Int>) -> [Range<Int>]? {
        guard bytes[range.lowerBound] == UInt8(ascii: "[") else { return nil }
        var elements: [Range<Int>] = []
        var i = range.lowerBound + 1
        while true {
            skipBlanks(&i)
            guard i < range.upperBound else { return nil }
            if bytes[i] == UInt8(ascii: "]") { return elements }
            if !elements.isEmpty {
                guard bytes[i] == UInt8(ascii: ",") else { return nil }
                i += 1
                skipBlanks(&i)
            }
            guard i < range.upperBound, let end = valueEnd(from: i) else { return nil }
            elements.append(i..<end)
            i = end
        }
    }

    /// The end of the value starting at `start`: past its closing bracket or
    /// quote, or at the first blank or delimiter of a number or literal.
    func valueEnd(from start: Int) -> Int? {
        var i = start, depth = 0, inString = false, escaped = false
        while i < bytes.count {
            let byte = bytes[i]
            i += 1
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 {
                    inString = false
                    if depth == 0 { return i }
                }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x5B, 0x7B: depth += 1
            case 0x5D, 0x7D:
                depth -= 1
                if depth == 0 { return i }
                if depth < 0 { return i - 1 }
            case 0x2C, 0x20, 0x09, 0x0A, 0x0D:
                if depth == 0 { return i - 1 }
            default: break
            }
        }
        return depth == 0 && !inString && i > start ? i : nil
    }

    /// The string the JSON string literal at `range` holds, or `nil`.
    func string(_ range: Range<Int>) -> String? {
        guard range.count >= 2, bytes[range.lowerBound] == 0x22 else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(bytes[range]), options: .fragmentsAllowed)) as? String
    }

    func skipBlanks(_ i: inout Int) {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }
}

extension GradingFamily {
    /// A level pack (``PuzzlePack``) of `profile`: each generated puzzle made
    /// level *i* of the pack (``PuzzleFamily/packLevel(_:number:profile:idNamespace:)``),
    /// graded, and written with its seed.
    ///
    ///     let family = CrossSumsFamily()
    ///     let profile = family.profiles[0]
    ///     let levels = try (1...10).map { (seed: $0, puzzle: try family.generate(profile, GenerationRequest(seed: $0)).puzzle) }
    ///     print(try family.pack(levels, profile: profile, timeLimit: nil), terminator: "")
    ///
    /// - Parameters:
    ///   - levels: the generated puzzles and their seeds, in order.
    ///   - profile: the profile they were generated for.
    ///   - timeLimit: the CPU-time budget of each level's grade, as `grade --timeout` gives it; `nil`: none.
    /// - Throws: the first grade that fails, as ``PackLevelFailure``.
    public func pack(_ levels: [(seed: Int, puzzle: Puzzle)], profile: Profile, timeLimit: Duration?) throws -> String {
        let kind = info.name, profileID = id(of: profile)
        let namespace = PuzzlePack.namespace(kind: kind, profile: profileID)
        var written: [PuzzlePack.Level] = []
        written.reserveCapacity(levels.count)
        for (offset, level) in levels.enumerated() {
            let puzzle = packLevel(level.puzzle, number: offset + 1, profile: profile,
                                   idNamespace: PuzzlePack.innerNamespace(namespace: namespace, seed: level.seed))
            let grade: GradeResult
            do {
                grade = try self.grade(puzzle, solutionsUpTo2: nil, words: .none, timeLimit: timeLimit)
            } catch {
                throw PackLevelFailure(level: offset + 1, seed: level.seed, reason: "\(error)")
            }
            written.append(PuzzlePack.Level(seed: level.seed, grade: grade, puzzleJSON: writePackJSON(puzzle)))
        }
        return PuzzlePack.write(kind: kind, profile: profileID, levels: written)
    }
}

/// A level of a pack that could not be graded.
public struct PackLevelFailure: Error, CustomStringConvertible {
    /// The level's number, from 1.
    public var level: Int
    /// The level's seed.
    public var seed: Int
    /// What the grader said.
    public var reason: String

    /// `level N (seed S): reason`.
    public var description: String { "level \(level) (seed \(seed)): \(reason)" }
}
