import FlyingFox
import Foundation
import PuzzleDrawing
import PuzzleKit

/// A request the API refuses: its status and the one line of its
/// `{"error": "…"}` body.
struct APIError: Error {
    var status: HTTPStatusCode
    var message: String
    /// The method the route takes, for a `405`'s Allow header.
    var allow: HTTPMethod?

    init(_ status: HTTPStatusCode, _ message: String, allow: HTTPMethod? = nil) {
        self.status = status
        self.message = message
        self.allow = allow
    }
}

/// `POST /api/games`: what game to start.
struct GameRequest: Decodable {
    var kind: String?
    var profile: String?
    var seed: Int?
    var file: String?
    var index: Int?
    var player: String?
    var language: String?
}

/// The answer to `POST /api/games`.
struct GameCreated: Encodable {
    var id: String
    /// The seed the puzzles were generated from (chosen by the server when
    /// the request named none); `nil` for a puzzle of a file.
    var seed: Int?
    var view: PlayView
}

/// `GET /api/families`: every family, its profiles and its files.
struct FamilyList: Encodable {
    struct Family: Encodable {
        var kind: String
        var summary: String
        var profiles: [String]
        var files: [File]
    }

    struct File: Encodable {
        var name: String
        var puzzles: Int
    }

    var families: [Family]
    var language: String
}

/// The JSON API and the page: routes a request, never throws.
struct PlayAPI: HTTPHandler {
    /// The largest request body taken.
    static let bodyLimit = 16 * 1024

    let families: [any CommandFamily]
    let directory: PuzzleDirectory
    let games: Games
    let language: Language
    /// Grade each game at its start, for the finish records.
    let grading: Bool
    /// Serve each game's solution moves.
    let solutions: Bool

    func handleRequest(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            return try await route(request)
        } catch {
            var response = Self.json(["error": error.message], status: error.status)
            if let allow = error.allow { response.headers[HTTPHeader("Allow")] = allow.rawValue }
            return response
        }
    }

    private func route(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let method = request.method
        switch parts {
        case [""]:
            try allow(method, .GET)
            return Self.text(PlayPage.html(language: language), type: "text/html; charset=utf-8")
        case ["play.css"]:
            try allow(method, .GET)
            return Self.text(PlayPage.css, type: "text/css; charset=utf-8")
        case ["play.js"]:
            try allow(method, .GET)
            return Self.text(PlayPage.script, type: "text/javascript; charset=utf-8")
        case ["api", "families"]:
            try allow(method, .GET)
            return Self.json(familyList)
        case ["api", "games"]:
            try allow(method, .POST)
            let body = try await Self.body(of: request)
            let created = try await startGame(try Self.decode(GameRequest.self, body))
            return Self.json(created, status: .created)
        case let parts where parts.count == 3 && parts[0] == "api" && parts[1] == "games":
            try allow(method, .GET)
            guard let view = await games.view(parts[2]) else { throw Self.unknownGame }
            return Self.json(view)
        case let parts where parts.count == 4 && parts[0] == "api" && parts[1] == "games" && parts[3] == "solution":
            try allow(method, .GET)
            guard let solution = await games.solution(parts[2]) else { throw Self.unknownGame }
            guard let solution else { throw APIError(.notFound, "solutions are not served: start the server with --solutions") }
            return Self.json(solution)
        case let parts where parts.count == 4 && parts[0] == "api" && parts[1] == "games" && parts[3] == "moves":
            try allow(method, .POST)
            let move = try Self.decode(PlayMove.self, try await Self.body(of: request))
            guard let reply = await games.play(move, in: parts[2]) else { throw Self.unknownGame }
            return Self.json(reply)
        default:
            throw APIError(.notFound, "no such page: \(request.path)")
        }
    }

    private static let unknownGame = APIError(.notFound, "no such game (it may have ended with a restart of the server)")

    private func allow(_ method: HTTPMethod, _ allowed: HTTPMethod) throws(APIError) {
        guard method == allowed else { throw APIError(.methodNotAllowed, "\(method.rawValue) is not taken here; use \(allowed.rawValue)", allow: allowed) }
    }

    private var familyList: FamilyList {
        FamilyList(families: families.map { family in
            FamilyList.Family(kind: family.info.name, summary: family.info.summary, profiles: family.profileNames,
                              files: directory.files.filter { $0.kind == family.info.name }.map { .init(name: $0.name, puzzles: $0.puzzles) })
        }, language: language.code)
    }

    // MARK: Starting a game

    private func startGame(_ request: GameRequest) async throws(APIError) -> GameCreated {
        let file = try request.file.map { name throws(APIError) in
            guard let file = directory.file(named: name) else { throw APIError(.badRequest, "file: no listed puzzle file is called '\(name)'") }
            return file
        }
        guard let kind = request.kind ?? file?.kind else { throw APIError(.badRequest, "kind: name a family or a file") }
        guard let family = families.first(where: { $0.info.name == kind }) else {
            throw APIError(.badRequest, "kind: expected one of \(families.map(\.info.name).joined(separator: ", ")), found '\(kind)'")
        }
        if let file, file.kind != kind { throw APIError(.badRequest, "file: '\(file.name)' holds \(file.kind) puzzles, not \(kind)") }
        var language = self.language
        if let code = request.language {
            guard let chosen = Language(code) else {
                throw APIError(.badRequest, "language: expected one of \(Language.all.map(\.code).joined(separator: ", ")), found '\(code)'")
            }
            language = chosen
        }
        // Generating and grading run outside the games' actor.
        var (game, seed) = try Self.newGame(family, request, file: file, language: language, grading: grading, solutions: solutions)
        game.info.player = request.player ?? ""
        let view = game.play.view
        guard let id = await games.add(game) else { throw APIError(.serviceUnavailable, "the server is full: too many games; try again later") }
        return GameCreated(id: id, seed: seed, view: view)
    }

    private static func newGame<F: CommandFamily>(_ family: F, _ request: GameRequest, file: PuzzleDirectory.File?,
                                                  language: Language, grading: Bool, solutions: Bool) throws(APIError) -> (Game, Int?) {
        let puzzles: [F.Puzzle]
        var profileID: String?
        var seed: Int?
        if let file {
            // The puzzles that read are counted; only the chosen one is kept.
            let index = request.index ?? 1
            var count = 0
            var chosen: F.Puzzle?
            family.visit(file.data, file: file.name) { result in
                guard case .success(let puzzle) = result else { return }
                count += 1
                if count == index { chosen = puzzle }
            }
            guard let chosen else {
                throw APIError(.badRequest, "index: '\(file.name)' holds \(count) puzzles; expected 1…\(count), found \(index)")
            }
            puzzles = [chosen]
            if let problem = family.problems(puzzles[0]).first { throw APIError(.badRequest, "\(file.name): \(problem)") }
        } else {
            let name = request.profile ?? family.profileNames[0]
            guard family.profileNames.contains(name), let profile = try? family.profile(named: name) else {
                throw APIError(.badRequest, "profile: expected one of \(family.profileNames.joined(separator: ", ")), found '\(name)'")
            }
            let chosen = request.seed ?? Int.random(in: 1...999_999)
            do {
                puzzles = try family.gamePuzzles(profile, seed: chosen)
            } catch {
                throw APIError(.badRequest, "seed \(chosen): \(error)")
            }
            profileID = name
            seed = chosen
        }
        let play: PlayGame
        do {
            play = try PlayGame(family, puzzles: puzzles, language: language)
        } catch {
            throw APIError(.badRequest, "the puzzle cannot be played: \(error)")
        }
        let first = puzzles.first.map(family.id(of:)) ?? ""
        let info = PlayGameInfo(player: "", game: "", kind: family.info.name, puzzle: first, profile: profileID, seed: seed,
                                language: language.code)
        return (Game(play: play, info: info, grade: grading ? grade(family, puzzles) : nil,
                     solution: solutions ? family.solutionMoves(puzzles) : nil), seed)
    }

    /// The hardest label, the summed score and the summed numeric fields of
    /// the grades of `puzzles`; a puzzle the grader cannot grade adds
    /// nothing.
    static func grade<F: CommandFamily>(_ family: F, _ puzzles: [F.Puzzle]) -> GameGrade {
        var grade = GameGrade(label: "", score: 0, features: [:])
        var hardest = -1
        for puzzle in puzzles {
            guard let result = try? family.grade(puzzle, solutionsUpTo2: nil, words: .none, timeLimit: DefaultBudget.time) else { continue }
            let rank = family.gradeLabels.firstIndex(of: result.label) ?? -1
            if rank > hardest || grade.label.isEmpty {
                hardest = max(rank, hardest)
                grade.label = result.label
            }
            grade.score += result.score
            for (key, value) in result.fields {
                switch value {
                case .int(let number): grade.features[key, default: 0] += Double(number)
                case .double(let number): grade.features[key, default: 0] += number
                default: break
                }
            }
        }
        return grade
    }

    // MARK: Bodies and answers

    /// The request's body, refused over ``bodyLimit`` (by its
    /// Content-Length, or while reading a chunked body).
    private static func body(of request: HTTPRequest) async throws(APIError) -> Data {
        let tooLarge = APIError(.payloadTooLarge, "the request body is over \(bodyLimit / 1024) KiB")
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > bodyLimit { throw tooLarge }
        var data = Data()
        do {
            for try await chunk in request.bodySequence {
                data.append(chunk)
                if data.count > bodyLimit { throw tooLarge }
            }
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError(.badRequest, "the request body could not be read")
        }
        return data
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws(APIError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let DecodingError.keyNotFound(key, _) {
            throw APIError(.badRequest, "\(key.stringValue): missing")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw APIError(.badRequest, "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)")
        } catch {
            throw APIError(.badRequest, "the body is not a JSON object of this request")
        }
    }

    static func json(_ value: some Encodable, status: HTTPStatusCode = .ok) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(value)) ?? Data(#"{"error":"the answer could not be written"}"#.utf8)
        var headers = HTTPHeaders()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        if status == .payloadTooLarge { headers[.connection] = "close" }
        return HTTPResponse(statusCode: status, headers: headers, body: body + Data("\n".utf8))
    }

    private static func text(_ text: String, type: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        return HTTPResponse(statusCode: .ok, headers: headers, body: Data(text.utf8))
    }
}
