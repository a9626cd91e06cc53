import Foundation
import PuzzleKit

/// The settings a level is generated from.
///
/// Four class profiles are built in (``Profile/classProfiles``); custom profiles are read
/// from JSON with the same keys (see ``Profile/decode(from:file:)``).
public struct Profile: Codable, Sendable, Equatable, Hashable {
    public let id: String
    public let displayName: String
    public let minValue: PuzzleNumber
    public let maxValue: PuzzleNumber
    public let allowedOperators: [String]
    public let gridRows: Int
    public let gridColumns: Int
    public let minEquations: Int
    public let maxEquations: Int
    public let maxOperandsPerEquation: Int
    /// A soft goal: the generator tries to reach it and reports what it achieved.
    public let minCrossingsPerEquation: Int

    public init(id: String, displayName: String, minValue: PuzzleNumber, maxValue: PuzzleNumber, allowedOperators: [String],
                gridRows: Int, gridColumns: Int, minEquations: Int, maxEquations: Int,
                maxOperandsPerEquation: Int, minCrossingsPerEquation: Int) {
        self.id = id
        self.displayName = displayName
        self.minValue = minValue
        self.maxValue = maxValue
        self.allowedOperators = allowedOperators
        self.gridRows = gridRows
        self.gridColumns = gridColumns
        self.minEquations = minEquations
        self.maxEquations = maxEquations
        self.maxOperandsPerEquation = maxOperandsPerEquation
        self.minCrossingsPerEquation = minCrossingsPerEquation
    }
}

extension Profile {
    public static let class1 = Profile(
        id: "class_1", displayName: "Klasse 1 – bis 20", minValue: 0, maxValue: 20,
        allowedOperators: ["+", "-"], gridRows: 8, gridColumns: 8, minEquations: 6, maxEquations: 8,
        maxOperandsPerEquation: 2, minCrossingsPerEquation: 1)

    public static let class2 = Profile(
        id: "class_2", displayName: "Klasse 2 – bis 100", minValue: 0, maxValue: 100,
        allowedOperators: ["+", "-", "x", "/"], gridRows: 10, gridColumns: 10, minEquations: 10, maxEquations: 12,
        maxOperandsPerEquation: 2, minCrossingsPerEquation: 2)

    public static let class3 = Profile(
        id: "class_3", displayName: "Klasse 3 – bis 1000", minValue: 0, maxValue: 1000,
        allowedOperators: ["+", "-", "x", "/"], gridRows: 12, gridColumns: 12, minEquations: 12, maxEquations: 16,
        maxOperandsPerEquation: 2, minCrossingsPerEquation: 3)

    public static let class4 = Profile(
        id: "class_4", displayName: "Klasse 4 – bis 10000", minValue: 0, maxValue: 10000,
        allowedOperators: ["+", "-", "x", "/"], gridRows: 14, gridColumns: 14, minEquations: 16, maxEquations: 20,
        maxOperandsPerEquation: 2, minCrossingsPerEquation: 4)

    /// The built-in class profiles, easiest first.
    public static let classProfiles: [Profile] = [class1, class2, class3, class4]

    /// The class profile with this id (`class_1` … `class_4`), if any.
    public static func named(_ id: String) -> Profile? {
        classProfiles.first { $0.id == id }
    }

    /// The operators of `allowedOperators`, in the order given.
    public var operators: [ArithmeticOperator] {
        allowedOperators.compactMap(ArithmeticOperator.init(symbol:))
    }

    /// Why this profile cannot be generated, or `nil` when it can.
    ///
    /// The generator places `A op B = C` equations (five cells), so a grid needs
    /// at least five rows or columns; every range and count must be ordered.
    /// The most rows × columns × maxEquations a profile may ask for.
    public static let layoutWork = 1_000_000_000

    public var problem: String? {
        if id.isEmpty || !id.utf8.allSatisfy(Self.isNameByte) {
            return "id must be a name of letters, digits, '_' and '-'"
        }
        if minValue < 0 { return "minValue must be 0 or more" }
        if maxValue < minValue { return "maxValue must be at least minValue" }
        if allowedOperators.isEmpty { return "allowedOperators must list at least one operator" }
        if let bad = allowedOperators.first(where: { ArithmeticOperator(symbol: $0) == nil }) {
            return "allowedOperators: '\(bad)' is not one of + - x /"
        }
        if gridRows < 1 || gridColumns < 1 { return "gridRows and gridColumns must be positive" }
        if max(gridRows, gridColumns) < 5 { return "a \(gridRows)x\(gridColumns) grid cannot hold a five-cell equation" }
        if gridRows > 1000 || gridColumns > 1000 { return "grids are limited to 1000x1000" }
        if minEquations < 1 { return "minEquations must be at least 1" }
        if maxEquations < minEquations { return "maxEquations must be at least minEquations" }
        // The layout search scans the grid once per equation placed, so its
        // work grows as rows × columns × equations: 10^9 lays out in about
        // 8 s on one core (500x500 with 5,000 equations); beyond it a
        // generator would run for minutes in silence.
        if maxEquations > Self.layoutWork / (gridRows * gridColumns) {
            return "a \(gridRows)x\(gridColumns) grid with up to \(maxEquations) equations is more than the generator lays out"
                + " within its budget: gridRows x gridColumns x maxEquations must be at most 1,000,000,000"
        }
        if maxOperandsPerEquation < 2 { return "maxOperandsPerEquation must be at least 2" }
        if minCrossingsPerEquation < 0 { return "minCrossingsPerEquation must be 0 or more" }
        if maxValue.adding(maxValue) == .overflow || (operators.contains(.multiply) || operators.contains(.divide))
            && maxValue.multiplying(maxValue) == .overflow {
            return "values up to \(maxValue) add or multiply beyond \(puzzleNumberLimit)"
        }
        return nil
    }

    static func isNameCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "-")
    }

    /// ``isNameCharacter(_:)`` for one byte of UTF-8 text (a non-ASCII byte
    /// fails, as a non-ASCII character does); cheap enough for the generator,
    /// which checks its profile on every call.
    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2D
    }

    /// Reads a custom profile from JSON (the keys of this type) and checks it.
    ///
    /// - Throws: `FormatError` naming the file and what is wrong.
    public static func decode(from data: Data, file: String) throws -> Profile {
        let profile = try decodeJSON(Profile.self, from: data, file: file, line: 1, largeNumberHint: puzzleNumberHint)
        if let problem = profile.problem {
            throw FormatError("invalid profile: \(problem)", at: SourceLocation(file: file, line: 1))
        }
        return profile
    }
}
