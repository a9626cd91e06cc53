import Foundation
import PuzzleKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The play log a user named (`--log FILE`): every record is one
/// `write(2)` of one line to the file opened with `O_APPEND`, not buffered,
/// so a killed server loses no record it has answered and never leaves a
/// half line.
public final class PlayLogFile: Sendable {
    /// The path as given.
    public let path: String
    private let descriptor: Int32

    /// Opens `path` for appending, creating it (mode 0644) when missing.
    ///
    /// - Parameter path: the log file's path.
    /// - Throws: a one-line error naming the path when it cannot be opened.
    public init(path: String) throws {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw FileAccessError("\(path): cannot open the play log: \(String(cString: strerror(errno)))", access: .write)
        }
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Appends one record as one line.
    ///
    /// - Parameter record: the record to append.
    /// - Returns: whether the whole line was written.
    @discardableResult
    public func append(_ record: PlayLogRecord) -> Bool {
        let bytes = Array((record.line + "\n").utf8)
        let written = bytes.withUnsafeBytes { buffer in write(descriptor, buffer.baseAddress, buffer.count) }
        return written == bytes.count
    }
}
