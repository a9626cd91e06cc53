import Foundation
import PuzzleDrawing
import PuzzleFamilies
import PuzzleKit
import PuzzleServer
import Testing

/// The records of a play log, each line read back.
func readLog(_ path: String) throws -> [PlayLogRecord] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.isEmpty || text.hasSuffix("\n"), "a half line at the end")
    return try text.split(separator: "\n").enumerated().map { try PlayLogRecord.read($0.element, file: path, line: $0.offset + 1) }
}

@Suite(.serialized) struct LogTests {
    @Test func everyMoveAndTheFinishAreLoggedWithTheGradesFeatures() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("play.jsonl").path
        var options = PlayServerOptions()
        options.log = log
        let id = try await withServer(options) { port in
            let created = try await request(port, "POST", "/api/games",
                                            json: #"{"kind": "cross-sums", "profile": "\#(puzzleFamilies[1].profileNames[0])", "seed": 9, "player": "owl-7"}"#)
            let id = try created.decode(Created.self).id
            _ = try await request(port, "POST", "/api/games/\(id)/moves", json: #"{"action": "no-such-move"}"#)
            _ = try await request(port, "POST", "/api/games/\(id)/moves", json: #"{"action": "give-up"}"#)
            // After the end: answered, refused, not logged.
            _ = try await request(port, "POST", "/api/games/\(id)/moves", json: #"{"action": "hint"}"#)
            return id
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: log)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o022 } == 0)
        let records = try readLog(log)
        try #require(records.count == 3)
        guard case .move(let first) = records[0], case .move(let second) = records[1], case .finish(let finish) = records[2] else {
            Issue.record("expected two moves and a finish: \(records)")
            return
        }
        let family = puzzleFamilies[1]
        let local = try firstProfileGame(family, seed: 9)
        #expect(first.game == PlayGameInfo(player: "owl-7", game: id, kind: "cross-sums", puzzle: local.puzzle,
                                           profile: family.profileNames[0], seed: 9, language: "en"))
        #expect(first.step == 1 && second.step == 2)
        #expect(first.move.action == "no-such-move" && first.result == .refused)
        #expect(second.move.action == "give-up")
        #expect(first.elapsedMs <= second.elapsedMs)
        #expect(finish.outcome == .givenUp)
        #expect(finish.moves == 2)
        #expect(finish.solveMs == second.elapsedMs)
        let grade = local.grade
        #expect(finish.label == grade.label && finish.score == grade.score)
        #expect(finish.features["steps"] == Double(grade.steps))
        #expect(finish.features["label"] == nil)
        #expect(finish.features.keys.contains { $0.hasPrefix(GradeResult.techniqueKeyPrefix) })
    }

    @Test func aKilledServerLosesNoAnsweredRecordAndLeavesNoHalfLine() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("play.jsonl").path
        let server = try ServerProcess(["serve", "--port", "0", "--log", log], in: directory)
        var answered = 0
        let created = try await request(server.port, "POST", "/api/games", json: #"{"kind": "morse", "seed": 2}"#)
        let id = try created.decode(Created.self).id
        // A second client keeps moving while the server is killed.
        let port = server.port
        let moving = Task {
            var count = 0
            while !Task.isCancelled {
                guard let answer = try? await request(port, "POST", "/api/games/\(id)/moves", json: #"{"action": "no-such-move"}"#),
                      answer.status == 200 else { break }
                count += 1
            }
            return count
        }
        for _ in 0..<30 {
            #expect(try await request(server.port, "POST", "/api/games/\(id)/moves", json: #"{"action": "clear"}"#).status == 200)
            answered += 1
        }
        server.kill()
        answered += await moving.value
        let records = try readLog(log)
        #expect(records.count >= answered, "answered \(answered), logged \(records.count)")
        #expect(records.count <= answered + 1)
    }

    @Test func serveListensOnLoopbackAndSaysSoWhenOtherMachinesCanReachIt() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let local = try ServerProcess(["serve", "--port", "0"], in: directory)
        #expect(local.output.hasPrefix("serving http://127.0.0.1:\(local.port)/"))
        #expect(try listeningAddresses(port: local.port) == ["0100007F"])
        #expect(local.errors.isEmpty)
        #expect(try await request(local.port, "GET", "/api/families").status == 200)
        #expect(local.stop() == 0)
        let open = try ServerProcess(["serve", "--port", "0", "--host", "0.0.0.0"], in: directory)
        #expect(open.errors.contains("listening on 0.0.0.0:\(open.port) — reachable from other machines"))
        #expect(try listeningAddresses(port: open.port) == ["00000000"])
        #expect(open.stop() == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["stderr", "stdout"])
    }
}

/// The IPv4 addresses (as /proc/net/tcp writes them: 0100007F is
/// 127.0.0.1) that sockets listen on at `port`.
func listeningAddresses(port: Int) throws -> [String] {
    let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
    let hexPort = String(port, radix: 16, uppercase: true)
    return table.split(separator: "\n").dropFirst().compactMap { line in
        let fields = line.split(separator: " ")
        guard fields.count > 3, fields[3] == "0A" else { return nil }
        let local = fields[1].split(separator: ":")
        guard local.count == 2, Int(local[1], radix: 16) == Int(hexPort, radix: 16) else { return nil }
        return String(local[0])
    }
}

/// `puzzlelab serve` running in a process of its own, its output in files.
final class ServerProcess {
    let process = Process()
    let directory: URL
    private(set) var port = 0

    init(_ arguments: [String], in directory: URL) throws {
        self.directory = directory
        process.executableURL = puzzlelabURL
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = directory.appendingPathComponent("stdout"), err = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline && process.isRunning {
            if let range = output.range(of: #"http://[^ ]*:([0-9]+)/"#, options: .regularExpression),
               let port = Int(output[range].split(separator: ":").last?.dropLast() ?? "") {
                self.port = port
                return
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.terminate()
        throw ServerProcessError(description: "serve did not start: \(output) \(errors)")
    }

    var output: String { (try? String(contentsOf: directory.appendingPathComponent("stdout"), encoding: .utf8)) ?? "" }
    var errors: String { (try? String(contentsOf: directory.appendingPathComponent("stderr"), encoding: .utf8)) ?? "" }

    /// SIGTERM, and the exit status.
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// SIGKILL: no chance to flush anything.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { if process.isRunning { kill() } }
}

struct ServerProcessError: Error, CustomStringConvertible { var description: String }

/// The `puzzlelab` binary SwiftPM built beside the test bundle.
let puzzlelabURL: URL = {
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        Bundle.main.bundleURL,
        Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    for directory in candidates {
        let url = directory.appendingPathComponent("puzzlelab")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return candidates[0].appendingPathComponent("puzzlelab")
}()
