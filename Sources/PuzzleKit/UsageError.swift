/// A command-line argument that names nothing the family knows, as one line.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
