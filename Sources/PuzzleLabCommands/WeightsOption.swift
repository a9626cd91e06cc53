import ArgumentParser
import Foundation
import PuzzleKit

/// `--weights FILE`: a weights file from `puzzlelab calibrate` that makes a
/// grade's score the predicted solve time in seconds (docs/CALIBRATION.md).
struct WeightsOption: ParsableArguments {
    @Option(help: ArgumentHelp("A weights file from puzzlelab calibrate: the score becomes the predicted solve time in whole seconds (the label stays the technique table's).",
                               valueName: "file"))
    var weights: String?

    /// The weights for `family`, or `nil` without `--weights`.
    ///
    /// - Throws: a one-line error when the file cannot be read, is no
    ///   weights file, or holds another family's weights.
    func load<F: GradingFamily>(_ family: F) throws -> GradeWeights? {
        guard let weights else { return nil }
        return try GradeWeights.read(try readInput(path: weights), file: weights, kind: family.info.name, known: family.weightFeatures)
    }
}
