/// A cell's place in a grid, 0-based: the one position type of every family.
public struct GridPosition: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    public let row: Int
    public let column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// Row-major order: top to bottom, then left to right.
    public static func < (a: GridPosition, b: GridPosition) -> Bool {
        (a.row, a.column) < (b.row, b.column)
    }

    /// "row 3, column 5", 1-based as people count.
    /// 1-based, as people count ("row 1, column 1"); never traps, whatever
    /// a file put in the fields.
    public var description: String { "row \(Self.oneBased(row)), column \(Self.oneBased(column))" }

    private static func oneBased(_ index: Int) -> String { index >= 0 ? String(UInt(index) + 1) : String(index + 1) }
}
