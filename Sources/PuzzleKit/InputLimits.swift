import Foundation

/// The largest input the readers take, checked before any parsing so that
/// an oversized file costs a scan, not a parse: generous for real puzzles
/// (a 40×40 math crossword is about 190 KB on one JSON line, most of it
/// the ids of its 1,600 cells; a corpus of them spans several files), small enough that no
/// input can make a reader run for minutes or echo megabytes.
public enum InputLimits {
    /// The most bytes one input file (or standard input) may hold: 256 MiB.
    public static let fileBytes = 256 << 20
    /// The most bytes one line may hold: 1 MiB.
    public static let lineBytes = 1 << 20

    /// Throws at the first line longer than ``lineBytes``.
    ///
    /// - Throws: a ``FormatError`` naming the file and line.
    /// - Complexity: O(*n*) in the bytes, one `memchr` scan.
    public static func checkLines(_ data: Data, file: String) throws(FormatError) {
        let tooLong: Int? = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0, line = 1
            while offset < buffer.count {
                let rest = buffer.count - offset
                guard let newline = memchr(base + offset, 0x0A, rest) else {
                    return rest > lineBytes ? line : nil
                }
                let length = base.distance(to: UnsafeRawPointer(newline)) - offset
                if length > lineBytes { return line }
                offset += length + 1
                line += 1
            }
            return nil
        }
        if let line = tooLong {
            throw FormatError("line longer than \(lineBytes / (1 << 20)) MiB (the most one line may hold)",
                              at: SourceLocation(file: file, line: line))
        }
    }
}
