import Foundation
import PuzzleKit
import Testing

/// The play log records (FORMATS.md section 9): flat objects with sorted
/// keys that read back as written; other versions and kinds refused.
@Suite struct PlayLogTests {
    let game = PlayGameInfo(player: "p17", game: "00ff", kind: "cross-sums", puzzle: "xs-1", profile: "easy", seed: 7, language: "en")

    @Test func aMoveRecordIsOneFlatLineThatReadsBack() throws {
        let record = PlayLogRecord.move(PlayMoveRecord(game: game, step: 1, elapsedMs: 5210, level: nil,
                                                       move: PlayMove("remove", row: 0, column: 2), result: .right, hint: false))
        #expect(record.line == #"{"elapsedMs":5210,"game":"00ff","hint":false,"kind":"cross-sums","language":"en","#
            + #""move":{"action":"remove","column":2,"row":0},"player":"p17","profile":"easy","puzzle":"xs-1","record":"move","#
            + #""result":"right","seed":7,"step":1,"version":1}"#)
        #expect(try PlayLogRecord.read(Substring(record.line), file: "log", line: 1) == record)
    }

    @Test func aFinishRecordCarriesTheGradeFeatures() throws {
        var fromFile = game
        fromFile.profile = nil
        fromFile.seed = nil
        let record = PlayLogRecord.finish(PlayFinishRecord(game: fromFile, outcome: .givenUp, solveMs: 61044, moves: 7, mistakes: 1, hints: 2,
                                                           label: "easy", score: 9, features: ["steps": 6, "rounds": 3, "forcedShare": 0.5]))
        #expect(!record.line.contains("profile") && !record.line.contains("seed"))
        #expect(record.line.contains(#""features":{"forcedShare":0.5,"rounds":3,"steps":6}"#))
        #expect(record.line.contains(#""outcome":"given-up""#))
        #expect(try PlayLogRecord.read(Substring(record.line), file: "log", line: 1) == record)
    }

    @Test func otherVersionsKindsAndBrokenLinesAreRefusedWithTheirLine() {
        func error(_ line: String) -> String {
            do {
                _ = try PlayLogRecord.read(Substring(line), file: "log.jsonl", line: 4)
                return ""
            } catch {
                return error.description
            }
        }
        #expect(error(#"{"record":"move","version":2}"#) == "log.jsonl:4: play log version 2 is not read by this build (it reads version 1)")
        #expect(error(#"{"record":"start","version":1}"#) == #"log.jsonl:4: record: expected "move" or "finish", found "start""#)
        #expect(error(#"{"record":"move","version":1,"player":"p"}"#).hasPrefix("log.jsonl:4: "))
        #expect(error("not json").hasPrefix("log.jsonl:4: "))
    }
}
