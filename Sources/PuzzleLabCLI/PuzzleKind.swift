import ArgumentParser
import Foundation

/// The puzzle families the CLI handles.
enum PuzzleKind: String, ExpressibleByArgument, CaseIterable {
    case mathCrossword = "math-crossword"
    case crossSums = "cross-sums"

    /// The family of a file: by extension (`.mcw`, `.xsum`), else by content
    /// (a cross sums puzzle or pack has a `grid` key, a math crossword level
    /// `cells`; a text grid whose first row starts with `.` and holds no
    /// operator is a cross sums grid).
    static func of(path: String, data: Data) -> PuzzleKind {
        switch (path as NSString).pathExtension.lowercased() {
        case "mcw": return .mathCrossword
        case "xsum": return .crossSums
        default: break
        }
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        if text.contains("\"grid\"") && !text.contains("\"cells\"") { return .crossSums }
        if text.contains("\"cells\"") { return .mathCrossword }
        let firstRow = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty && !$0.hasPrefix("#") && !$0.contains(":") }
        if let firstRow, firstRow.hasPrefix("."), !firstRow.contains(where: { "+x*/=?×÷".contains($0) }) {
            return .crossSums
        }
        return .mathCrossword
    }
}
