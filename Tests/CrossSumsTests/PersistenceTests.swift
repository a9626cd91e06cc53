import CrossSums
import Foundation
import Testing

@Suite struct PersistenceTests {
    /// A fresh directory for one test.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("crosssums-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func contents(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func aMissingFileGivesTheDefaultProfile() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = PersistenceService(url: dir.appendingPathComponent("profile.json"))
        let (profile, event) = store.load()
        #expect(profile == .default)
        #expect(event == .missing)
        #expect(store.loadProfile() == PlayerProfile(highestLevelCompleted: [:], totalHints: 0, soundEnabled: true))
    }

    @Test func savedProfilesLoadBackAndNoTemporaryFileIsLeft() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = PersistenceService(url: dir.appendingPathComponent("nested/profile.json"))
        var profile = PlayerProfile.default
        profile.recordCompletion(difficulty: "hard", level: 3)
        profile.recordCompletion(difficulty: "hard", level: 2)
        profile.recordCompletion(difficulty: "easy", level: 1)
        profile.totalHints = 4
        profile.soundEnabled = false
        try store.saveProfile(profile)
        #expect(store.load().profile == profile)
        #expect(store.load().event == .loaded)
        #expect(profile.levelToPlay("hard") == 4)
        #expect(profile.levelToPlay("medium") == 1)
        let text = try String(contentsOf: store.url, encoding: .utf8)
        #expect(text.contains("\"highestLevelCompleted\""))
        let easy = try #require(text.range(of: "\"easy\""))
        let hard = try #require(text.range(of: "\"hard\""))
        #expect(easy.lowerBound < hard.lowerBound)  // sorted keys
        #expect(try Self.contents(dir.appendingPathComponent("nested")) == ["profile.json"])
        // Saving again replaces the file.
        profile.totalHints = 5
        try store.saveProfile(profile)
        #expect(store.loadProfile().totalHints == 5)
        #expect(try Self.contents(dir.appendingPathComponent("nested")) == ["profile.json"])
    }

    @Test(arguments: ["not json", "{\"totalHints\": 1}", "{\"highestLevelCompleted\":{},\"totalHints\":-1,\"soundEnabled\":true}", "\u{FF}\u{FE}"])
    func aCorruptFileIsMovedAsideNeverLost(_ corrupt: String) throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("profile.json")
        let store = PersistenceService(url: url)
        try Data(corrupt.utf8).write(to: url)
        let (profile, event) = store.load()
        #expect(profile == .default)
        let aside = dir.appendingPathComponent("profile.json.corrupt-1")
        #expect(event == .recovered(movedTo: aside.path))
        #expect(try Data(contentsOf: aside) == Data(corrupt.utf8))
        #expect(!FileManager.default.fileExists(atPath: url.path))
        // A second corrupt file gets the next free name.
        try Data("garbage".utf8).write(to: url)
        #expect(store.load().event == .recovered(movedTo: dir.appendingPathComponent("profile.json.corrupt-2").path))
        #expect(try Self.contents(dir) == ["profile.json.corrupt-1", "profile.json.corrupt-2"])
    }

    @Test func savingOverACorruptFileMovesItAsideFirst() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("profile.json")
        try Data("{broken".utf8).write(to: url)
        let store = PersistenceService(url: url)
        try store.saveProfile(PlayerProfile(totalHints: 2))
        #expect(store.loadProfile().totalHints == 2)
        #expect(try String(contentsOf: dir.appendingPathComponent("profile.json.corrupt-1"), encoding: .utf8) == "{broken")
    }
}
