import ArithmeticDrills
import CrossSums
import MathCrossword
import MorseCode
import NumberSearch
import PuzzleKit

/// Every puzzle family of the toolkit, in the order help texts list them:
/// the one list the command line (its commands, help texts and defaults),
/// the fuzzer, the test suites that run every family and the benchmarks
/// read. Adding a family is adding its library to `families` in
/// Package.swift and its value here.
public let puzzleFamilies: [any PuzzleFamily] = [
    MathCrosswordFamily(),
    CrossSumsFamily(),
    NumberSearchFamily(),
    ArithmeticDrillsFamily(),
    MorseCodeFamily(),
]
