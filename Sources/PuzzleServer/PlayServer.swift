import FlyingFox
import FlyingSocks
import Foundation
import PuzzleDrawing
import PuzzleKit

/// How `puzzlelab serve` runs: where it listens, what it reads and writes,
/// and its bounds.
public struct PlayServerOptions: Sendable {
    /// The address to listen on: loopback unless the user says otherwise.
    public var host = "127.0.0.1"
    /// The port; 0 lets the system choose one.
    public var port: UInt16 = 8080
    /// The directory whose puzzle files are offered, or `nil` for generated
    /// puzzles only.
    public var directory: String?
    /// The play log to append to, or `nil` for none.
    public var log: String?
    /// The most games kept at once.
    public var maxGames = 1000
    /// The language of games that do not name one, and of the page at first.
    public var language: Language = .english
    /// Answer `GET /api/games/{id}/solution` with the moves that solve the
    /// game, for scripted players and tests; off by default, so a player
    /// cannot look the answers up.
    public var solutions = false

    public init() {}
}

/// The play server: the page of every family and its JSON API
/// (docs/PLAY.md) over the families' own game logic.
///
///     let server = try PlayServer(families: families, options: PlayServerOptions())
///     Task { try await server.run() }
///     print(try await server.port())
public final class PlayServer: Sendable {
    private let server: HTTPServer
    /// The options the server was made with.
    public let options: PlayServerOptions

    /// A server of `families`: lists the directory and opens the log.
    ///
    /// - Parameters:
    ///   - families: the families it plays, in the order the page lists them.
    ///   - options: where it listens and what it reads and writes.
    /// - Throws: a one-line error when the host is not an address, the
    ///   directory cannot be listed or the log cannot be opened.
    public init(families: [any CommandFamily], options: PlayServerOptions) throws {
        self.options = options
        let directory = try options.directory.map { try PuzzleDirectory(path: $0, families: families) } ?? PuzzleDirectory()
        let log = try options.log.map { try PlayLogFile(path: $0) }
        let api = PlayAPI(families: families, directory: directory, games: Games(maxGames: options.maxGames, log: log),
                          language: options.language, grading: log != nil, solutions: options.solutions)
        let address: any SocketAddress
        do {
            if options.host.contains(":") {
                address = try sockaddr_in6.inet6(ip6: options.host, port: options.port)
            } else {
                address = try sockaddr_in.inet(ip4: options.host, port: options.port)
            }
        } catch {
            throw UsageError("--host: expected an IP address such as 127.0.0.1 or 0.0.0.0, found '\(options.host)'")
        }
        let configuration = HTTPServer.Configuration(address: address, timeout: 30, sharedRequestReplaySize: PlayAPI.bodyLimit,
                                                     logger: .disabled)
        server = HTTPServer(config: configuration, handler: api)
    }

    /// Listens and answers until ``stop()``.
    ///
    /// - Throws: when the address cannot be listened on.
    public func run() async throws {
        try await server.run()
    }

    /// The port the server listens on, once it does (the system's choice
    /// for port 0).
    ///
    /// - Parameter timeout: how long to wait for it to listen, in seconds.
    /// - Throws: when the server is not listening within `timeout`.
    public func port(timeout: Double = 5) async throws -> Int {
        try await server.waitUntilListening(timeout: timeout)
        switch await server.listeningAddress {
        case .ip4(_, let port)?, .ip6(_, let port)?: return Int(port)
        default: return Int(options.port)
        }
    }

    /// Stops listening and closes the connections, waiting up to a second
    /// for answers in progress.
    public func stop() async {
        await server.stop(timeout: 1)
    }

    /// The address to open in a browser: loopback when the server listens
    /// on every address.
    ///
    /// - Parameter port: the port the server listens on.
    public func url(port: Int) -> String {
        let host = switch options.host {
        case "0.0.0.0": "127.0.0.1"
        case "::": "[::1]"
        case let host where host.contains(":"): "[\(host)]"
        default: options.host
        }
        return "http://\(host):\(port)/"
    }

    /// Whether other machines can reach the server (it listens on more than
    /// loopback).
    public var reachableFromOtherMachines: Bool {
        !(options.host.hasPrefix("127.") || options.host == "::1")
    }
}
