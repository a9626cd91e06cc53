import ArithmeticDrills
import CrossSums
import MathCrossword
import MorseCode
import NumberSearch
import PuzzleDrawing
import PuzzleKit

/// Every puzzle family of the toolkit, in the order help texts list them:
/// the one list the command line (its commands, help texts and defaults),
/// the fuzzer, the test suites that run every family and the benchmarks
/// read. Adding a family is adding its library to `families` in
/// Package.swift and its value here (and its own subcommands, if it has
/// any, to `puzzleFamilyCommands` in PuzzleFamilyCommands).
public let puzzleFamilies: [any CommandFamily] = [
    MathCrosswordFamily(),
    CrossSumsFamily(),
    NumberSearchFamily(),
    ArithmeticDrillsFamily(),
    MorseCodeFamily(),
]
