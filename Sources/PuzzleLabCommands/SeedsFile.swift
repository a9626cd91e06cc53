import Foundation
import PuzzleKit

/// The seeds a command works through, in order: SEED … SEED+COUNT-1, or
/// the seeds of a `--seeds` file.
enum Seeds: RandomAccessCollection {
    case range(ClosedRange<Int>)
    case list([Int])

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch self {
        case .range(let range): range.count
        case .list(let list): list.count
        }
    }

    subscript(position: Int) -> Int {
        switch self {
        case .range(let range): range.lowerBound + position
        case .list(let list): list[position]
        }
    }
}

/// A seeds file (docs/FORMATS.md section 11): one seed per line, blank
/// lines and `#` comments ignored; the comments `# kind: NAME`,
/// `# profile: ID` and `# unique: true|false` name what the seeds are for.
struct SeedsFile: Equatable {
    /// The seeds, in the file's order, each once.
    var seeds: [Int]
    /// The family the `# kind:` comment names, if any.
    var kind: String?
    /// The profile the `# profile:` comment names, if any.
    var profile: String?
    /// Whether the `# unique:` comment says the seeds were generated with `--unique`, if it is there.
    var unique: String?
    /// Where the comments naming them are, for errors.
    var kindLine = 0, profileLine = 0, uniqueLine = 0

    /// Reads a seeds file.
    ///
    /// - Throws: a one-line `file:line: …` error for a line that is not a
    ///   seed or a comment, a seed given twice, a second `kind` or
    ///   `profile` comment, or a file without seeds.
    static func parse(_ data: Data, file: String) throws(FormatError) -> SeedsFile {
        var text = Substring(String(decoding: data, as: UTF8.self))
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        var result = SeedsFile(seeds: [])
        // The seeds: the lines of the shared lexical rules (FORMATS.md section 0).
        var lines: [Int: Int] = [:]
        for line in try meaningfulLines(of: String(text), file: file) {
            let at = SourceLocation(file: file, line: line.number)
            guard let seed = Int(line.content) else {
                throw FormatError("expected a seed (an integer) or a # comment, found '\(line.content)'", at: at)
            }
            if let first = lines[seed] { throw FormatError("seed \(seed) again (first on line \(first)); give each seed once", at: at) }
            lines[seed] = line.number
            result.seeds.append(seed)
        }
        // The comments that say what the seeds are for.
        let comments = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated()
            .map { ($0.offset + 1, $0.element.trimmingCharacters(in: .whitespaces)) }.filter { $0.1.hasPrefix("#") }
        for (number, line) in comments {
            let comment = line.dropFirst().trimmingCharacters(in: .whitespaces)
            for (name, keyPath, lineKeyPath) in [("kind", \SeedsFile.kind, \SeedsFile.kindLine), ("profile", \SeedsFile.profile, \SeedsFile.profileLine),
                                              ("unique", \SeedsFile.unique, \SeedsFile.uniqueLine)]
            where comment.hasPrefix(name + ":") {
                guard result[keyPath: keyPath] == nil else {
                    throw FormatError("a second '# \(name):' comment (the first is on line \(result[keyPath: lineKeyPath]))",
                                      at: SourceLocation(file: file, line: number))
                }
                result[keyPath: keyPath] = comment.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
                result[keyPath: lineKeyPath] = number
            }
        }
        guard !result.seeds.isEmpty else {
            throw FormatError("no seeds (expected one integer per line)", at: SourceLocation(file: file))
        }
        return result
    }

    /// Refuses, as one line, seeds whose comments name another family or
    /// profile than the command's.
    func refuseOther(kind: String, profile: String, unique: Bool, file: String) throws(FormatError) {
        if let named = self.kind, named != kind {
            throw FormatError("the seeds are for --kind \(named), not \(kind); give --kind \(named)", at: SourceLocation(file: file, line: kindLine))
        }
        if let named = self.profile, named != profile {
            throw FormatError("the seeds are for --profile \(named), not \(profile); give --profile \(named)",
                              at: SourceLocation(file: file, line: profileLine))
        }
        if let named = self.unique, named != String(unique) {
            throw FormatError(named == "true" ? "the seeds are of puzzles generated with --unique; give --unique"
                                              : "the seeds are of puzzles generated without --unique; leave --unique out",
                              at: SourceLocation(file: file, line: uniqueLine))
        }
    }
}
