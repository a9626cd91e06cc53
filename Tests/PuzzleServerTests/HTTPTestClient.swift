import Foundation
import PuzzleDrawing
import PuzzleFamilies
import PuzzleKit
import PuzzleServer
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An answer of the server: its status and body.
struct Answer {
    var status: Int
    var body: Data
    var headers: String

    var text: String { String(decoding: body, as: UTF8.self) }

    func json() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any], "not a JSON object: \(text)")
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try JSONDecoder().decode(type, from: body) }
}

/// Sends raw request bytes to 127.0.0.1:`port` and reads the answer to the
/// end (the requests ask the server to close): a client that can send
/// anything, malformed requests included. The blocking socket calls run on
/// a thread of their own, never on the threads the server's tasks need.
func exchange(_ port: Int, _ request: Data) async throws -> Answer {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try blockingExchange(port, request) })
        }
    }
}

private func blockingExchange(_ port: Int, _ request: Data) throws -> Answer {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(socket >= 0)
    defer { close(socket) }
    var timeout = timeval(tv_sec: 20, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { throw ConnectionRefused() }
    _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = recv(socket, &buffer, buffer.count, 0)
        if count <= 0 { break }
        received.append(contentsOf: buffer[0..<count])
    }
    let separator = Data("\r\n\r\n".utf8)
    guard let end = received.range(of: separator) else { return Answer(status: 0, body: received, headers: "") }
    let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
    let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return Answer(status: status, body: received[end.upperBound...], headers: head)
}

/// No server answers on the port.
struct ConnectionRefused: Error {}

/// One request with a body (JSON) or none.
func request(_ port: Int, _ method: String, _ path: String, body: Data? = nil, headers: [String] = []) async throws -> Answer {
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    for header in headers { head += header + "\r\n" }
    if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
    return try await exchange(port, Data((head + "\r\n").utf8) + (body ?? Data()))
}

func request(_ port: Int, _ method: String, _ path: String, json: String) async throws -> Answer {
    try await request(port, method, path, body: Data(json.utf8))
}

func request(_ port: Int, _ method: String, _ path: String, encoding value: some Encodable) async throws -> Answer {
    try await request(port, method, path, body: try JSONEncoder().encode(value))
}

/// A server of the toolkit's families on a free port for the length of
/// `body`.
func withServer<T>(_ options: PlayServerOptions = PlayServerOptions(), families: [any CommandFamily] = puzzleFamilies,
                   _ body: (Int) async throws -> T) async throws -> T {
    var options = options
    options.port = 0
    let server = try PlayServer(families: families, options: options)
    let running = Task { try await server.run() }
    defer { running.cancel() }
    // Generous: tests start servers while other suites keep both cores busy.
    let port = try await server.port(timeout: 60)
    do {
        let result = try await body(port)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// The answer to `POST /api/games`.
struct Created: Decodable {
    var id: String
    var seed: Int?
    var view: PlayView
}

/// A fresh temporary directory.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("puzzleserver-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The puzzles a game of `family`'s first profile plays from `seed`.
func firstProfileGame<F: CommandFamily>(_ family: F, seed: Int, language: Language = .english)
    throws -> (game: PlayGame, moves: [PlayMove], puzzle: String, grade: GradeResult) {
    let puzzles = try family.gamePuzzles(family.profiles[0], seed: seed)
    let first = try #require(puzzles.first)
    return (try PlayGame(family, puzzles: puzzles, language: language), family.solutionMoves(puzzles), family.id(of: first),
            try family.grade(first, solutionsUpTo2: nil, words: .none, timeLimit: DefaultBudget.time))
}
