/// One metric column a family adds to research rows.
public struct MetricColumn: Sendable, Equatable {
    public var name: String
    public var unit: String
    public var meaning: String

    public init(_ name: String, unit: String, _ meaning: String) {
        self.name = name
        self.unit = unit
        self.meaning = meaning
    }

    /// The grid's rows and columns, the first two columns of grid families.
    public static let gridSize = [
        MetricColumn("rows", unit: "cells", "grid rows"),
        MetricColumn("columns", unit: "cells", "grid columns"),
    ]
}
