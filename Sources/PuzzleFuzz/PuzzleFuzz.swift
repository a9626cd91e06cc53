// The libFuzzer entry point for the family readers. Built with
// `swift build -c release --product puzzlelab-fuzz --sanitize fuzzer` it is a
// fuzzer (`.ci/run` runs it); a plain build links it as a do-nothing binary.
//
//     PUZZLE_FUZZ_FAMILY=morse SWIFT_BACKTRACE=enable=no .build-fuzz/release/puzzlelab-fuzz -max_total_time=30 corpus/
import Foundation
import PuzzleFamilies
import PuzzleKit

/// The family whose reader `PUZZLE_FUZZ_FAMILY` names (by `--kind` name), or
/// every family when it is unset.
let fuzzed: [any PuzzleFamily] = {
    guard let name = ProcessInfo.processInfo.environment["PUZZLE_FUZZ_FAMILY"] else { return puzzleFamilies }
    return puzzleFamilies.filter { $0.info.name == name }
}()

/// Reads the bytes as a file of the family (by content, and as its text
/// format); whatever reads must write and read back, and check, without a
/// crash. Failures to read are fine: they are one-line errors.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let data = Data(bytes: bytes, count: size)
    for family in fuzzed { roundTrip(family, data) }
    return 0
}

func roundTrip<F: PuzzleFamily>(_ family: F, _ data: Data) {
    for file in ["fuzz", "fuzz.\(family.info.textExtension)"] {
        for case .success(let puzzle) in family.read(data, file: file) {
            _ = family.check(puzzle)
            let text = family.writeText(puzzle, comments: [])
            guard case .success? = family.read(Data(text.utf8), file: "again.\(family.info.textExtension)").first else {
                fatalError("\(family.info.name): a puzzle that read does not read back from its own text:\n\(text)")
            }
            _ = family.writeJSON(puzzle, pretty: false)
        }
    }
}
