/// A place in an input file: the file name, a 1-based line and optionally a
/// 1-based column; or the file as a whole (``init(file:)``), for what no
/// line of it shows (a file that is missing, too large or empty).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// The 1-based line; 0 for the file as a whole.
    public var line: Int
    public var column: Int?

    public init(file: String, line: Int, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The file as a whole: its description is the file's name alone.
    ///
    /// - Parameter file: the file's name, as the error shows it.
    public init(file: String) {
        self.init(file: file, line: 0)
    }

    /// `file:line:column` (or `file:line`, or `file` for the file as a
    /// whole), the form compilers and editors jump to.
    public var description: String {
        guard line > 0 else { return file }
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
            if scalar.isShownEscaped {
                out.append(scalar.escaped)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The text as a text report shows outside text (an id, a file name, a
    /// label read from a file): every control character (line breaks
    /// included) and invisible format character written as `\u{1b}` (its
    /// hexadecimal code), and every backslash doubled so that the escape is
    /// unambiguous; other text unchanged. The result never holds a control
    /// character, so a report line stays one line and no terminal escape
    /// runs (docs/CLI.md, "Output").
    ///
    ///     "evil\u{1B}[2J\nFAKE".escapingControlCharacters
    ///     // evil\u{1b}[2J\u{a}FAKE
    public var escapingControlCharacters: String {
        // Printable ASCII but the backslash, the common case, is never escaped.
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) { return self }
        guard unicodeScalars.contains(where: { $0.isShownEscaped || $0 == "\\" }) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            if scalar.isShownEscaped {
                out.append(scalar.escaped)
            } else if scalar == "\\" {
                out.append("\\\\")
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension Unicode.Scalar {
    /// A control character, or an invisible format character other than
    /// the zero-width joiner (which emoji need).
    fileprivate var isShownEscaped: Bool {
        properties.generalCategory == .control || properties.generalCategory == .format && self != "\u{200D}"
    }

    /// `\u{…}` with the scalar's hexadecimal code.
    fileprivate var escaped: String { "\\u{\(String(value, radix: 16))}" }
}
