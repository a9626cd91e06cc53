import Foundation
import Testing

/// The command line behaves the same way everywhere: defaults, arguments
/// that look like options, messages.
@Suite struct ConsistencyTests {
    @Test func morseCodesMayStartWithADash() throws {
        let count = try puzzlelab(["morse", "count", "-..-..."])
        #expect(count.status == 0 && count.stdout == "56\n", "\(count.stderr)")
        let listed = try puzzlelab(["morse", "count", "--list", "1", "-..-..."])
        #expect(listed.stdout == "56\nDB\n")
        let dashed = try puzzlelab(["morse", "count", "--", "-.."])
        #expect(dashed.stdout == "4\n")
        let decoded = try puzzlelab(["morse", "decode", "-.. --- / ..."])
        #expect(decoded.stdout == "DO S\n")
        let unknown = try puzzlelab(["morse", "count", ".-", "--bogus"])
        #expect(unknown.status != 0 && unknown.stderr.hasPrefix("Error: unknown option '--bogus'"))
    }

    @Test func aWordListWithoutAnExactMatchSaysSo() throws {
        let dir = try temporaryDirectory()
        try "CAT\nDOG\n".write(to: dir.appendingPathComponent("w.txt"), atomically: true, encoding: .utf8)
        let run = try puzzlelab(["morse", "count", "-..-...", "--words", "w.txt"], in: dir)
        #expect(run.stdout == "0\nno word has exactly this code\n")
    }
}
