import Foundation

/// Weights fitted to people's solve times by `puzzlelab calibrate`: a
/// grade's score becomes the predicted solve time in whole seconds
/// (docs/FORMATS.md, "Weights files"; docs/CALIBRATION.md).
///
/// The model is `seconds = intercept + Σ weight × feature` over the grade's
/// technique step counts (`steps_<technique>`) and structure terms
/// (``structureFeatures``), rounded half away from zero and never below 0.
/// The label stays the technique table's.
public struct GradeWeights: Codable, Sendable, Equatable {
    /// The `format` every weights file names.
    public static let formatName = "puzzlelab-weights"
    /// The version of weights files this build writes and reads.
    public static let version = 1
    /// The unit of the intercept and of a weight times its feature.
    public static let unit = "seconds"
    /// The grade's fields besides the technique step counts that a weight
    /// may be given to: the structure of the solution path.
    public static let structureFeatures = ["rounds", "longestForcedRun", "backtracks", "guesses"]
    /// The largest intercept or weight a file may hold, in seconds.
    public static let largest = 1_000_000.0

    /// The family the weights are for (`math-crossword`).
    public var kind: String
    /// Seconds of every puzzle.
    public var intercept: Double
    /// Seconds per unit of each feature (`steps_one-blank`: per step);
    /// features without a weight count 0.
    public var weights: [String: Double]
    /// How the weights were fitted and how well they predicted held-out
    /// solves; `nil` in a file written by hand.
    public var fit: GradeWeightsFit?

    /// - Parameters:
    ///   - kind: the family's name.
    ///   - intercept: seconds of every puzzle.
    ///   - weights: seconds per unit of each feature.
    ///   - fit: the fit's figures (`nil`: none).
    public init(kind: String, intercept: Double, weights: [String: Double], fit: GradeWeightsFit?) {
        self.kind = kind
        self.intercept = intercept
        self.weights = weights
        self.fit = fit
    }

    /// The predicted solve time of a grade's features, in whole seconds:
    /// the intercept plus each weight times its feature (0 when the
    /// features lack it), rounded half away from zero, at least 0.
    ///
    /// - Parameter features: the grade's numeric fields (``GradeResult/features``).
    public func seconds(for features: [String: Double]) -> Int {
        var total = intercept
        for key in weights.keys.sorted() { total += (weights[key] ?? 0) * (features[key] ?? 0) }
        guard total.isFinite, total > 0 else { return 0 }
        return Int(min(total, 1e15).rounded())
    }

    private enum CodingKeys: String, CodingKey { case format, version, kind, unit, intercept, weights, fit }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(String.self, forKey: .kind)
        intercept = try container.decode(Double.self, forKey: .intercept)
        weights = try container.decode([String: Double].self, forKey: .weights)
        fit = try container.decodeIfPresent(GradeWeightsFit.self, forKey: .fit)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.formatName, forKey: .format)
        try container.encode(Self.version, forKey: .version)
        try container.encode(kind, forKey: .kind)
        try container.encode(Self.unit, forKey: .unit)
        try container.encode(intercept, forKey: .intercept)
        try container.encode(weights, forKey: .weights)
        try container.encodeIfPresent(fit, forKey: .fit)
    }

    /// The file's text: pretty JSON with sorted keys and a final newline.
    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Reads a weights file for the family `kind`.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: the file's name, for errors.
    ///   - kind: the family the weights must be for.
    ///   - known: the feature names the family's grades have
    ///     (``GradingFamily/weightFeatures``).
    /// - Throws: a one-line ``FormatError`` at the line of the offending key:
    ///   another format or version, weights of another family, a feature the
    ///   family does not have (naming the ones it has), another unit, or a
    ///   number out of range.
    public static func read(_ data: Data, file: String, kind: String, known: [String]) throws(FormatError) -> GradeWeights {
        let text = String(decoding: data, as: UTF8.self)
        func error(_ message: String, key: String) -> FormatError {
            FormatError(message, at: SourceLocation(file: file, line: line(of: key, in: text)))
        }
        struct Header: Decodable { var format: String?; var version: Int?; var unit: String? }
        let header = try decodeJSON(Header.self, from: data, file: file, line: 1)
        guard header.format == formatName else {
            throw error("format: expected \"\(formatName)\" (a weights file written by puzzlelab calibrate), found "
                        + (header.format.map { "\"\($0)\"" } ?? "none"), key: "format")
        }
        guard header.version == version else {
            throw error("version: expected \(version), found \(header.version.map(String.init) ?? "none")", key: "version")
        }
        guard header.unit == unit else {
            throw error("unit: expected \"\(unit)\", found " + (header.unit.map { "\"\($0)\"" } ?? "none"), key: "unit")
        }
        let weights = try decodeJSON(GradeWeights.self, from: data, file: file, line: 1)
        guard weights.kind == kind else {
            throw error("kind: these weights are for \(weights.kind), not \(kind) (calibrate play logs of \(kind) for its weights)", key: "kind")
        }
        guard abs(weights.intercept) <= largest else {
            throw error("intercept: expected seconds from -\(Int(largest)) to \(Int(largest)), found \(weights.intercept)", key: "intercept")
        }
        for name in weights.weights.keys.sorted() {
            guard known.contains(name) else {
                throw error("weights: \(kind) has no feature \"\(name)\"; its features are \(known.joined(separator: ", "))", key: name)
            }
            let value = weights.weights[name] ?? 0
            guard value >= 0 && value <= largest else {
                throw error("weights: \(name): expected seconds from 0 to \(Int(largest)), found \(value)", key: name)
            }
        }
        return weights
    }

    /// The 1-based line of the first `"key"` in `text`, or 1.
    private static func line(of key: String, in text: String) -> Int {
        let quoted = "\"\(key)\""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains(quoted) {
            return index + 1
        }
        return 1
    }
}

/// How a ``GradeWeights`` was fitted, and how well it and the hand-set
/// score predicted solve times of held-out solves (k-fold cross-validation).
public struct GradeWeightsFit: Codable, Sendable, Equatable {
    /// Completed games without a hint: the solves fitted.
    public var solves: Int
    /// Games left out: lost, given up, or with a hint.
    public var excluded: Int
    /// The cross-validation's folds.
    public var folds: Int
    /// The ridge penalty chosen (on standardised features).
    public var lambda: Double
    /// Pearson correlation of held-out predictions with the solve times.
    public var cvCorrelation: Double
    /// Mean absolute error of held-out predictions, in seconds.
    public var cvMeanAbsoluteError: Double
    /// The same for the hand-set score scaled by a factor and an intercept
    /// fitted in the same folds.
    public var handSetCvCorrelation: Double
    public var handSetCvMeanAbsoluteError: Double
    /// Features that had the same value in every solve: no weight.
    public var dropped: [String]

    /// - Parameters:
    ///   - solves: the solves fitted.
    ///   - excluded: the games left out.
    ///   - folds: the cross-validation's folds.
    ///   - lambda: the ridge penalty.
    ///   - cvCorrelation: the fitted model's held-out correlation.
    ///   - cvMeanAbsoluteError: the fitted model's held-out mean absolute error.
    ///   - handSetCvCorrelation: the hand-set score's held-out correlation.
    ///   - handSetCvMeanAbsoluteError: the hand-set score's held-out mean absolute error.
    ///   - dropped: the features that never varied.
    public init(solves: Int, excluded: Int, folds: Int, lambda: Double, cvCorrelation: Double, cvMeanAbsoluteError: Double,
                handSetCvCorrelation: Double, handSetCvMeanAbsoluteError: Double, dropped: [String]) {
        self.solves = solves
        self.excluded = excluded
        self.folds = folds
        self.lambda = lambda
        self.cvCorrelation = cvCorrelation
        self.cvMeanAbsoluteError = cvMeanAbsoluteError
        self.handSetCvCorrelation = handSetCvCorrelation
        self.handSetCvMeanAbsoluteError = handSetCvMeanAbsoluteError
        self.dropped = dropped
    }
}

extension GradeResult {
    /// The grade's numeric fields (integers and decimals of ``fields``) by
    /// key: what a play log's finish record keeps and weights apply to.
    public var features: [String: Double] {
        var features: [String: Double] = [:]
        for (key, value) in fields {
            switch value {
            case .int(let n): features[key] = Double(n)
            case .double(let d): features[key] = d
            default: break
            }
        }
        return features
    }

    /// The grade with its score the predicted seconds of `weights`
    /// (``GradeWeights/seconds(for:)``); the grade itself without weights.
    public func weighted(_ weights: GradeWeights?) -> GradeResult {
        guard let weights else { return self }
        var grade = self
        grade.score = weights.seconds(for: features)
        return grade
    }
}

extension GradingFamily {
    /// The features a weights file may weight for this family: one step
    /// count per technique (`steps_<code>`), then
    /// ``GradeWeights/structureFeatures``.
    public var weightFeatures: [String] {
        Technique.allCases.map { GradeResult.techniqueKeyPrefix + $0.code } + GradeWeights.structureFeatures
    }

    /// The hand-set weight (score points per step) of each technique's
    /// step count.
    public var handSetWeights: [String: Int] {
        Dictionary(Technique.allCases.map { (GradeResult.techniqueKeyPrefix + $0.code, $0.weight) }, uniquingKeysWith: { first, _ in first })
    }
}
