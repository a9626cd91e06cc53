import Foundation
import PuzzleDrawing
import PuzzleKit

/// The puzzle files directly inside the directory `serve` was given, read
/// once at start: a request names a file by its listed name, never by a
/// path, and nothing outside the directory is read. Hidden files, links,
/// subdirectories and files no family recognizes are left out.
struct PuzzleDirectory: Sendable {
    /// One listed file: its name, its family and its content.
    struct File: Sendable {
        var name: String
        var kind: String
        var puzzles: Int
        var data: Data
    }

    /// The files, sorted by name.
    let files: [File]

    /// No directory: no files.
    init() { files = [] }

    /// Lists `path`.
    ///
    /// - Throws: a one-line error when the directory cannot be listed.
    init(path: String, families: [any CommandFamily]) throws {
        let manager = FileManager.default
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: path)
        } catch {
            let reason = manager.fileExists(atPath: path) ? "cannot list the directory" : "no such directory"
            throw FileAccessError("\(path): \(reason)", access: .read)
        }
        var files: [File] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let full = (path as NSString).appendingPathComponent(name)
            guard let attributes = try? manager.attributesOfItem(atPath: full),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  let size = attributes[.size] as? Int, size <= InputLimits.fileBytes,
                  let data = manager.contents(atPath: full),
                  let family = Self.family(of: name, data: data, families: families) else { continue }
            let puzzles = Self.count(family, data, file: name)
            if puzzles > 0 { files.append(File(name: name, kind: family.info.name, puzzles: puzzles, data: data)) }
        }
        self.files = files
    }

    /// The listed file called `name`.
    func file(named name: String) -> File? { files.first { $0.name == name } }

    /// The family of a file: by its extension, else the one family that
    /// recognizes its head.
    private static func family(of name: String, data: Data, families: [any CommandFamily]) -> (any CommandFamily)? {
        let ext = (name as NSString).pathExtension.lowercased()
        if let family = families.first(where: { $0.info.textExtension == ext }) { return family }
        let head = PuzzleSource.detectionHead(data)
        let matches = families.filter { $0.recognizes(head) }
        return matches.count == 1 ? matches[0] : nil
    }

    /// How many puzzles of the file read.
    private static func count<F: PuzzleFamily>(_ family: F, _ data: Data, file: String) -> Int {
        var count = 0
        family.visit(data, file: file) { if case .success = $0 { count += 1 } }
        return count
    }
}
