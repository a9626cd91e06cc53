import ArgumentParser
import Foundation
import PuzzleKit

/// `puzzlelab families`: the families `--kind` names, with their file
/// extensions, profiles and grade labels.
struct ListFamilies: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "families",
        abstract: "List the puzzle families (--kind), their profiles (--profile) and grade labels.",
        discussion: """
            The first family is the default of --kind, and each family's first
            profile the default of --profile. --format json writes one
            object per family, for scripts.

            Examples:
              puzzlelab families
              puzzlelab families --format json
            """
    )

    @Option(help: "text or json.")
    var format: SummaryFormat = .text

    /// What the command lists of one family.
    struct Entry: Encodable {
        var name: String
        var `extension`: String
        var summary: String
        var profiles: [String]
        var labels: [String]
    }

    func run() throws {
        let entries = families.map {
            Entry(name: $0.info.name, extension: $0.info.textExtension, summary: $0.info.summary,
                  profiles: $0.profileNames, labels: $0.gradeLabels)
        }
        switch format {
        case .text:
            for entry in entries {
                print("\(entry.name) (.\(entry.extension)): \(entry.summary)")
                print("  profiles: \(entry.profiles.joined(separator: ", "))")
                print("  labels:   \(entry.labels.joined(separator: ", "))")
            }
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(entries), as: UTF8.self))
        }
    }
}
