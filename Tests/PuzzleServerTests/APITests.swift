import Foundation
import PuzzleDrawing
import PuzzleFamilies
import PuzzleKit
import PuzzleServer
import Testing

@Suite(.serialized) struct APITests {
    @Test func theFamiliesAreListedWithTheirProfilesAndTheDirectorysPuzzleFiles() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let family = puzzleFamilies[0]
        try write(family, seed: 3, to: directory.appendingPathComponent("one.\(family.info.textExtension)"))
        try write(family, seed: 3, to: directory.appendingPathComponent(".hidden.\(family.info.textExtension)"))
        try Data("not a puzzle\n".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub.\(family.info.textExtension)"),
                                                withIntermediateDirectories: false)
        var options = PlayServerOptions()
        options.directory = directory.path
        try await withServer(options) { port in
            let answer = try await request(port, "GET", "/api/families")
            #expect(answer.status == 200)
            let list = try answer.json()
            let families = try #require(list["families"] as? [[String: Any]])
            #expect(families.compactMap { $0["kind"] as? String } == puzzleFamilies.map(\.info.name))
            for (listed, family) in zip(families, puzzleFamilies) {
                #expect(listed["profiles"] as? [String] == family.profileNames)
            }
            let files = try #require(families[0]["files"] as? [[String: Any]])
            #expect(files.compactMap { $0["name"] as? String } == ["one.\(family.info.textExtension)"])
            #expect(families.dropFirst().allSatisfy { ($0["files"] as? [Any])?.isEmpty == true })
        }
    }

    /// A file's puzzles are those that read: a bad line is neither listed
    /// nor counted by `index`, and an index beyond them is one error.
    @Test func aGameOfAFileChoosesAmongThePuzzlesThatRead() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (text, third) = try linesWithABadOne(puzzleFamilies[0])
        try Data(text.utf8).write(to: directory.appendingPathComponent("three.jsonl"))
        var options = PlayServerOptions()
        options.directory = directory.path
        try await withServer(options) { port in
            let families = try #require(try await request(port, "GET", "/api/families").json()["families"] as? [[String: Any]])
            let files = try #require(families[0]["files"] as? [[String: Any]])
            #expect(files.count == 1 && files[0]["name"] as? String == "three.jsonl" && files[0]["puzzles"] as? Int == 2)
            let second = try await request(port, "POST", "/api/games", json: #"{"file": "three.jsonl", "index": 2}"#)
            #expect(second.status == 201, "\(second.text)")
            #expect(try second.decode(Created.self).view == third)
            let beyond = try await request(port, "POST", "/api/games", json: #"{"file": "three.jsonl", "index": 3}"#)
            #expect(beyond.status == 400 && beyond.text.contains("holds 2 puzzles; expected 1…2, found 3"), "\(beyond.text)")
        }
    }

    @Test func everyFamilyStartsAGameShowsItAndTakesMovesUntilGivenUp() async throws {
        try await withServer { port in
            for family in puzzleFamilies {
                let kind = family.info.name
                let created = try await request(port, "POST", "/api/games", json: #"{"kind": "\#(kind)", "seed": 5, "language": "de"}"#)
                #expect(created.status == 201, "\(kind): \(created.text)")
                let game = try created.decode(Created.self)
                #expect(game.id.count == 24 && game.id.allSatisfy(\.isHexDigit))
                #expect(game.seed == 5)
                #expect(game.view.kind == kind)
                #expect(game.view.actions.contains(PlayMove.giveUpAction))
                #expect(!game.view.status.finished)
                let shown = try await request(port, "GET", "/api/games/\(game.id)")
                #expect(shown.status == 200)
                #expect(try shown.decode(PlayView.self) == game.view)
                // The same game in process: the server's reply is the game logic's.
                var local = try firstProfileGame(family, seed: 5, language: .german).game
                let move = PlayMove("no-such-move")
                let reply = try await request(port, "POST", "/api/games/\(game.id)/moves", encoding: move)
                #expect(reply.status == 200)
                #expect(try reply.decode(PlayReply.self) == local.play(move))
                let gaveUp = try await request(port, "POST", "/api/games/\(game.id)/moves", json: #"{"action": "give-up"}"#)
                let ended = try gaveUp.decode(PlayReply.self)
                #expect(ended.view.status.finished && !ended.view.status.completed)
                #expect(ended.view.actions.isEmpty)
                let after = try await request(port, "POST", "/api/games/\(game.id)/moves", json: #"{"action": "hint"}"#)
                #expect(try after.decode(PlayReply.self).result == .refused)
            }
        }
    }

    /// Needs the families' real game logic: plays each family's solution
    /// moves through the API to the completed state.
    @Test func everyFamilysSolutionMovesCompleteAGameThroughTheAPI() async throws {
        try await withServer { port in
            for family in puzzleFamilies {
                let kind = family.info.name
                let created = try await request(port, "POST", "/api/games", json: #"{"kind": "\#(kind)", "seed": 11}"#)
                let game = try created.decode(Created.self)
                var last = game.view
                for move in try firstProfileGame(family, seed: 11).moves {
                    let reply = try await request(port, "POST", "/api/games/\(game.id)/moves", encoding: move).decode(PlayReply.self)
                    #expect(reply.result == .right || reply.result == .neutral, "\(kind): \(move) → \(reply.result) \(reply.message ?? "")")
                    last = reply.view
                }
                #expect(last.status.finished && last.status.completed, "\(kind)")
                #expect(last.status.mistakes == 0, "\(kind)")
            }
        }
    }

    @Test func everyBadRequestGetsAFourHundredAndOneLineOfJSON() async throws {
        var options = PlayServerOptions()
        options.maxGames = 2
        try await withServer(options) { port in
            func expectError(_ answer: Answer, _ status: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
                #expect(answer.status == status, "\(answer.headers) \(answer.text)", sourceLocation: sourceLocation)
                let error = try answer.json()["error"] as? String
                #expect(error?.isEmpty == false, sourceLocation: sourceLocation)
                #expect(answer.text.split(separator: "\n").count == 1, sourceLocation: sourceLocation)
            }
            try expectError(try await request(port, "GET", "/api/games/0123456789abcdef01234567"), 404)
            try expectError(try await request(port, "POST", "/api/games/0123456789abcdef01234567/moves", json: #"{"action":"hint"}"#), 404)
            try expectError(try await request(port, "GET", "/no/such/page"), 404)
            try expectError(try await request(port, "GET", "/api/games/../../etc/passwd"), 404)
            try expectError(try await request(port, "DELETE", "/api/families"), 405)
            try expectError(try await request(port, "GET", "/api/games"), 405)
            try expectError(try await request(port, "POST", "/api/games", json: "{not json"), 400)
            try expectError(try await request(port, "POST", "/api/games", json: #"{"kind": 7}"#), 400)
            try expectError(try await request(port, "POST", "/api/games", json: #"{"kind": "chess"}"#), 400)
            try expectError(try await request(port, "POST", "/api/games", json: #"{"kind": "cross-sums", "profile": "/etc/passwd"}"#), 400)
            try expectError(try await request(port, "POST", "/api/games", json: #"{"kind": "cross-sums", "seed": "one"}"#), 400)
            try expectError(try await request(port, "POST", "/api/games", json: #"{"file": "../Package.swift"}"#), 400)
            try expectError(try await request(port, "POST", "/api/games", json: #"{"kind": "cross-sums", "language": "fr"}"#), 400)
            let big = Data(#"{"kind": "cross-sums", "player": "\#(String(repeating: "x", count: 17 * 1024))"}"#.utf8)
            try expectError(try await request(port, "POST", "/api/games", body: big), 413)
            let chunk = String(repeating: "y", count: 8 * 1024)
            let chunked = "POST /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n"
                + (0..<3).map { _ in String(chunk.utf8.count, radix: 16) + "\r\n" + chunk + "\r\n" }.joined() + "0\r\n\r\n"
            try expectError(try await exchange(port, Data(chunked.utf8)), 413)
            let first = try await request(port, "POST", "/api/games", json: #"{"kind": "cross-sums", "seed": 1}"#)
            #expect(first.status == 201)
            let id = try first.decode(Created.self).id
            try expectError(try await request(port, "POST", "/api/games/\(id)/moves", json: "[1, 2]"), 400)
            try expectError(try await request(port, "POST", "/api/games/\(id)/moves", json: #"{"action": 5}"#), 400)
            try expectError(try await request(port, "POST", "/api/games/\(id)/moves", json: #"{"row": 1}"#), 400)
            try expectError(try await request(port, "POST", "/api/games/\(id)/moves", json: #"{"action": "keep", "row": "a"}"#), 400)
            #expect(try await request(port, "POST", "/api/games", json: #"{"kind": "cross-sums", "seed": 2}"#).status == 201)
            try expectError(try await request(port, "POST", "/api/games", json: #"{"kind": "cross-sums", "seed": 3}"#), 503)
            // The games kept still answer; a finished game makes room.
            #expect(try await request(port, "GET", "/api/games/\(id)").status == 200)
            #expect(try await request(port, "POST", "/api/games/\(id)/moves", json: #"{"action": "give-up"}"#).status == 200)
            #expect(try await request(port, "POST", "/api/games", json: #"{"kind": "cross-sums", "seed": 3}"#).status == 201)
            try expectError(try await request(port, "GET", "/api/games/\(id)"), 404)
        }
    }

    @Test func randomBodiesAndPathsNeverCrashTheServer() async throws {
        try await withServer { port in
            var random = SplitMix64(seed: 37)
            let pieces = ["/", "api", "games", "moves", "families", "..", "%2e%2e", "%00", "?", "&", "=", "{", "}", "\"", "x", "0"]
            let fragments = [#"{"#, #"}"#, #"""#, "action", ":", ",", "[", "]", "null", "1e999", "-1", "row", "\u{0}", "ü", "\\u0000", "kind",
                             "give-up", "hint", "true"]
            let created = try await request(port, "POST", "/api/games", json: #"{"kind": "number-search", "seed": 4}"#)
            let id = try created.decode(Created.self).id
            for round in 0..<200 {
                let path: String
                if round.isMultiple(of: 2) {
                    path = "/api/games/\(id)/moves"
                } else {
                    path = "/" + (0..<Int(random.next() % 6)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
                }
                let body = (0..<Int(random.next() % 12)).map { _ in fragments[Int(random.next() % UInt64(fragments.count))] }.joined()
                let method = ["GET", "POST", "PUT"][Int(random.next() % 3)]
                let answer = try await request(port, method, path, json: body)
                #expect((200..<500).contains(answer.status) || answer.status == 0, "\(method) \(path) \(body): \(answer.status)")
            }
            #expect(try await request(port, "GET", "/api/games/\(id)").status == 200)
            #expect(try await request(port, "GET", "/").status == 200)
        }
    }

    @Test func thePageAndItsScriptAndStyleAreServed() async throws {
        try await withServer { port in
            let page = try await request(port, "GET", "/")
            #expect(page.status == 200)
            #expect(page.text.contains(#"<script src="/play.js">"#))
            #expect(page.text.contains(#"id="done""#))
            #expect(page.text.contains(#"aria-live="polite""#))
            #expect(try await request(port, "GET", "/play.js").text.contains("/api/games"))
            #expect(try await request(port, "GET", "/play.css").status == 200)
        }
    }

    @Test func thePagesWordsAreInEveryLanguage() {
        #expect(PageWords.catalogue.problems() == [])
    }

    @Test func theServerListensOnLoopbackByDefault() {
        #expect(PlayServerOptions().host == "127.0.0.1")
        #expect(PlayServerOptions().maxGames == 1000)
    }

    private func write(_ family: any CommandFamily, seed: Int, to url: URL) throws {
        try Data(generated(family, seed: seed).utf8).write(to: url)
    }

    /// JSON Lines of `family`'s puzzles of seeds 3 and 4 with a bad line
    /// between them, and the view of a game of the second puzzle.
    private func linesWithABadOne<F: CommandFamily>(_ family: F) throws -> (text: String, second: PlayView) {
        let puzzles = try [3, 4].map { try family.generate(family.profiles[0], GenerationRequest(seed: $0)).puzzle }
        let text = family.writeJSON(puzzles[0], pretty: false) + "\n{\"id\":\n" + family.writeJSON(puzzles[1], pretty: false) + "\n"
        return (text, try PlayGame(family, puzzles: [puzzles[1]]).view)
    }

    private func generated<F: CommandFamily>(_ family: F, seed: Int) throws -> String {
        let puzzle = try family.generate(family.profiles[0], GenerationRequest(seed: seed)).puzzle
        return family.write(puzzle, as: .text, comments: [])
    }
}
