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
        guard startsWithObject(data) else { return nil }
        return data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return Header(bytes).flatMap { $0.kind.flatMap { string(in: bytes, at: $0) } }
        }
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
        return try data.withUnsafeBytes { raw in
            puzzleArray(raw.bindMemory(to: UInt8.self), file: file)
        }.get()
    }

    private static func puzzleArray(_ bytes: UnsafeBufferPointer<UInt8>, file: String) -> Result<Data?, FormatError> {
        guard let header = Header(bytes) else { return .success(nil) }
        func fault(_ message: String, at offset: Int) -> Result<Data?, FormatError> {
            let line = 1 + bytes[..<offset].count { $0 == 0x0A }
            return .failure(FormatError(message, at: SourceLocation(file: file, line: line)))
        }
        let versionText = header.version.map { String(decoding: bytes[$0], as: UTF8.self) } ?? "none"
        guard Int(versionText) == version else {
            return fault("a \(format) of version \(versionText); this puzzlelab reads version \(version) (and version 1, a JSON array of puzzles)",
                         at: header.version?.lowerBound ?? header.start)
        }
        let missingLevels = fault("a \(format) needs 'levels', an array of levels", at: header.start)
        guard let levels = header.levels else { return missingLevels }
        var scanner = JSONScanner(bytes)
        scanner.offset = levels.lowerBound
        guard scanner.take(UInt8(ascii: "[")) else { return missingLevels }
        var puzzles: [Range<Int>] = []
        if !scanner.take(UInt8(ascii: "]")) {
            repeat {
                scanner.skipSpace()
                let level = scanner.offset
                var puzzle: Range<Int>?
                let read = scanner.object { s in
                    guard let value = s.skipValue() else { return false }
                    if s.key("puzzle"), puzzle == nil { puzzle = value }
                    return true
                }
                guard read, let puzzle, bytes[puzzle.lowerBound] == UInt8(ascii: "{") else {
                    return fault("level \(puzzles.count + 1) needs 'puzzle', the level's puzzle object", at: level)
                }
                puzzles.append(puzzle)
            } while scanner.take(UInt8(ascii: ","))
            guard scanner.take(UInt8(ascii: "]")) else { return missingLevels }
        }
        var array = bytes.map { $0 == 0x0A || $0 == 0x0D ? $0 : 0x20 }
        for puzzle in puzzles { array.replaceSubrange(puzzle, with: bytes[puzzle]) }
        array[header.start] = UInt8(ascii: "[")
        for (before, after) in zip(puzzles, puzzles.dropFirst()) where before.upperBound < after.lowerBound {
            array[before.upperBound] = UInt8(ascii: ",")
        }
        array[puzzles.last?.upperBound ?? header.start + 1] = UInt8(ascii: "]")
        return .success(Data(array))
    }

    /// The string value at `range`, or `nil` when it is not one.
    private static func string(in bytes: UnsafeBufferPointer<UInt8>, at range: Range<Int>) -> String? {
        var scanner = JSONScanner(bytes)
        scanner.offset = range.lowerBound
        return scanner.string()
    }

    /// Where the members of a pack object's header are: the byte ranges of
    /// the first `kind`, `version` and `levels` values.
    private struct Header {
        /// The offset of the object's `{`.
        var start: Int
        var kind: Range<Int>?
        var version: Range<Int>?
        var levels: Range<Int>?

        /// The header of the first value of `bytes` (after a byte-order mark
        /// and blanks) when it is an object whose first `format` is the
        /// pack's; otherwise `nil`. Only the object's members are scanned,
        /// their values stepped over.
        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            var scanner = JSONScanner(bytes)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.offset = 3 }
            scanner.skipSpace()
            start = scanner.offset
            var format: Range<Int>?
            var kind: Range<Int>?, version: Range<Int>?, levels: Range<Int>?
            let read = scanner.object { s in
                guard let value = s.skipValue() else { return false }
                if s.key("format") { format = format ?? value }
                if s.key("kind") { kind = kind ?? value }
                if s.key("version") { version = version ?? value }
                if s.key("levels") { levels = levels ?? value }
                return true
            }
            guard read, let format, PuzzlePack.string(in: bytes, at: format) == PuzzlePack.format else { return nil }
            (self.kind, self.version, self.levels) = (kind, version, levels)
        }
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
    ///   - compact: each `puzzle` in the compact form of the family's JSON
    ///     where it has one (``PuzzleFamily/writeCompactJSON(_:pretty:)``).
    /// - Throws: the first grade that fails, as ``PackLevelFailure``.
    public func pack(_ levels: [(seed: Int, puzzle: Puzzle)], profile: Profile, timeLimit: Duration?,
                     compact: Bool = false) throws -> String {
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
            let json = (compact ? writeCompactJSON(puzzle, pretty: false) : nil) ?? writePackJSON(puzzle)
            written.append(PuzzlePack.Level(seed: level.seed, grade: grade, puzzleJSON: json))
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
