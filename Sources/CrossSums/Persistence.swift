import Foundation
import PuzzleKit

/// Why a profile could not be saved.
public struct PersistenceError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String

    public var description: String { "\(path): \(message)" }
}

/// How a profile was loaded.
public enum ProfileLoadEvent: Sendable, Equatable {
    /// Read from the file.
    case loaded
    /// No file yet: a default profile.
    case missing
    /// The file was unreadable or not a profile: a default profile, and the
    /// old file moved to `movedTo` (never deleted).
    case recovered(movedTo: String)
    /// The file was unreadable and could not be moved aside: a default
    /// profile, and saving refuses to overwrite the file.
    case unrecoverable(String)
}

/// Saves and loads the ``PlayerProfile`` as a JSON file.
///
/// Saving is atomic: the JSON (sorted keys) is written to a temporary file
/// beside the profile and renamed over it, so a crash leaves the old or the
/// new profile, never half of one. Loading never fails: a missing file gives
/// the default profile, and a corrupt one (not JSON, wrong keys or types,
/// negative counts) gives the default profile after the file is moved aside
/// to `<name>.corrupt-<n>` (the first free `n`), so it is never lost.
///
///     let store = PersistenceService(url: directory.appendingPathComponent("profile.json"))
///     var profile = store.loadProfile()
///     profile.recordCompletion(difficulty: "hard", level: 3)
///     try store.saveProfile(profile)
public struct PersistenceService: Sendable {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// Loads the profile, or the default one (see ``load()``).
    public func loadProfile() -> PlayerProfile {
        load().profile
    }

    /// Loads the profile and says how.
    public func load() -> (profile: PlayerProfile, event: ProfileLoadEvent) {
        let manager = FileManager.default
        guard manager.fileExists(atPath: url.path) else { return (.default, .missing) }
        if let data = try? Data(contentsOf: url), let profile = Self.decode(data) {
            return (profile, .loaded)
        }
        do {
            return (.default, .recovered(movedTo: try moveAside().path))
        } catch {
            return (.default, .unrecoverable(error.description))
        }
    }

    /// Saves the profile atomically, creating the directory if needed. A
    /// corrupt file in the way is first moved aside, never overwritten.
    ///
    /// - Throws: ``PersistenceError`` when the file cannot be written or a
    ///   corrupt file cannot be moved aside.
    public func saveProfile(_ profile: PlayerProfile) throws(PersistenceError) {
        let manager = FileManager.default
        if manager.fileExists(atPath: url.path) {
            let existing = try? Data(contentsOf: url)
            if existing.flatMap(Self.decode) == nil { _ = try moveAside() }
        }
        do {
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let data = try canonicalJSONEncoder(pretty: true).encode(profile)
            try data.write(to: url, options: .atomic)
        } catch {
            throw PersistenceError(path: url.path, message: "cannot save the profile: \(error.localizedDescription)")
        }
    }

    /// A profile from JSON, or `nil` when it is not a valid one.
    static func decode(_ data: Data) -> PlayerProfile? {
        guard let profile = try? JSONDecoder().decode(PlayerProfile.self, from: data),
              profile.totalHints >= 0, profile.highestLevelCompleted.values.allSatisfy({ $0 >= 0 }) else { return nil }
        return profile
    }

    /// Moves the file to the first free `<name>.corrupt-<n>`.
    private func moveAside() throws(PersistenceError) -> URL {
        let manager = FileManager.default
        var n = 1
        var target = url.appendingPathExtension("corrupt-\(n)")
        while manager.fileExists(atPath: target.path) {
            n += 1
            target = url.appendingPathExtension("corrupt-\(n)")
        }
        do {
            try manager.moveItem(at: url, to: target)
            return target
        } catch {
            throw PersistenceError(path: url.path, message: "the profile is corrupt and cannot be moved aside to \(target.lastPathComponent): \(error.localizedDescription)")
        }
    }
}
