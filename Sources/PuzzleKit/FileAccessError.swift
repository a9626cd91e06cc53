/// A file or directory a command was given that cannot be opened, as one
/// line naming it: an input that does not exist or cannot be read, or an
/// output that cannot be created. The CLI exits with `EX_NOINPUT` (66) for
/// the first and `EX_CANTCREAT` (73) for the second.
public struct FileAccessError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the command wanted to do with the file.
    public enum Access: Sendable, Equatable {
        case read
        case write
    }

    public var description: String
    public var access: Access

    /// - Parameters:
    ///   - description: the path and what is wrong, `path: reason`.
    ///   - access: reading an input or writing an output.
    public init(_ description: String, access: Access) {
        self.description = description
        self.access = access
    }
}
