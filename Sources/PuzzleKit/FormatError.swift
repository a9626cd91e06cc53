/// A place in an input file: the file name, a 1-based line and optionally a
/// 1-based column.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int?

    public init(file: String, line: Int, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column` (or `file:line`), the form compilers and editors jump to.
    public var description: String {
        if let column { return "\(file):\(line):\(column)" }
        return "\(file):\(line)"
    }
}

/// Malformed input: where it is and what was expected there.
///
/// Its description is always a single line, `file:line[:column]: message`, so
/// the CLI can print it as is.
public struct FormatError: Error, Sendable, Equatable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(_ message: String, at location: SourceLocation) {
        self.location = location
        self.message = message
    }

    public var description: String {
        let oneLine = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "\(location): \(oneLine)"
    }
}
