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

    /// `location: message` on one printable line: line breaks become
    /// spaces, other control characters are escaped (`\u{0}`), and any
    /// stretch of input the message quotes is cut to ``excerptLength``
    /// characters with "…", so a huge or binary token never floods a terminal.
    public var description: String {
        "\(location.description.printable(excerpts: false)): \(message.printable(excerpts: true))"
    }

    /// The most characters of one word (a run without spaces) an error shows.
    public static let excerptLength = 64
}

extension String {
    /// The text on one line with control characters escaped; with
    /// `excerpts`, each word cut to ``FormatError/excerptLength`` characters
    /// with "…".
    public func printable(excerpts: Bool) -> String {
        var out = ""
        var word = 0
        for scalar in unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == " " {
                out.append(" ")
                word = 0
                continue
            }
            word += 1
            if excerpts && word > FormatError.excerptLength {
                if word == FormatError.excerptLength + 1 { out.append("…") }
                continue
            }
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format && scalar != "\u{200D}" {
                out.append("\\u{\(String(scalar.value, radix: 16))}")
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
