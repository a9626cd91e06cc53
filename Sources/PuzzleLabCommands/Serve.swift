import ArgumentParser
import Dispatch
import Foundation
import PuzzleKit
import PuzzleServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play puzzles in a web browser: a local web app on the families' game logic.",
        discussion: """
            Serves one page that plays every family, and its JSON API
            (docs/PLAY.md): puzzles generated from a profile and seed, or
            the puzzle files directly inside DIR (read once at start; nothing
            outside DIR is read). Listens on 127.0.0.1 unless --host says
            otherwise; prints the address to open. --log FILE appends one
            JSON line per move and per finished game (FORMATS.md, "Play
            logs"); nothing else is written. Ctrl-C stops the server.

            Examples:
              puzzlelab serve
              puzzlelab serve levels/ --log play.jsonl --language de
              puzzlelab serve --host 0.0.0.0 --port 8080
            """
    )

    @Argument(help: "A directory whose puzzle files the page offers (read only).")
    var directory: String?

    @Option(help: "The address to listen on (0.0.0.0: every network interface).")
    var host = "127.0.0.1"

    @Option(parsing: .unconditional, help: "The port to listen on (0: any free port).")
    var port = 8080

    @Option(help: ArgumentHelp("Append a play log record per move and per finished game to FILE.", valueName: "FILE"))
    var log: String?

    @Option(parsing: .unconditional, help: "The most games kept at once (finished games and games idle for 2 hours are dropped first).")
    var maxGames = 1000

    @Flag(help: "Serve each game's solution moves (GET /api/games/ID/solution), for scripted players and tests.")
    var solutions = false

    @OptionGroup var language: LanguageOption

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535.") }
        guard maxGames >= 1 else { throw ValidationError("--max-games must be at least 1.") }
    }

    func run() async throws {
        var options = PlayServerOptions()
        options.host = host
        options.port = UInt16(port)
        options.directory = directory
        options.log = log
        options.maxGames = maxGames
        options.language = language.language
        options.solutions = solutions
        let server = try PlayServer(families: families, options: options)
        let running = Task { try await server.run() }
        let listening: Int
        do {
            listening = try await server.port()
        } catch {
            running.cancel()
            let reason = if case .failure(let failure) = await running.result { systemReason(failure) } else { systemReason(error) }
            throw CLIError("cannot listen on \(host):\(port): \(reason)", status: .unavailable)
        }
        // Ctrl-C and SIGTERM stop the server: the answers in progress end,
        // the log holds every record written.
        let stops = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { Task { await server.stop() } }
            source.resume()
            return source
        }
        if server.reachableFromOtherMachines {
            printError("listening on \(host):\(listening) — reachable from other machines")
        }
        print("serving \(server.url(port: listening)) — open it in a browser; Ctrl-C stops")
        flushStandardOutput()
        _ = await running.result
        stops.forEach { $0.cancel() }
    }
}
