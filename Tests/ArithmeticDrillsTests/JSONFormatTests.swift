import ArithmeticDrills
import Foundation
import PuzzleKit
import Testing

@Suite struct JSONFormatTests {
    func read(_ json: String) throws(FormatError) -> Puzzle {
        try JSONFormat.read(Data(json.utf8), file: "s.json")
    }

    func error(_ json: String) -> String {
        do {
            _ = try read(json)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func writesTheSeedKeysAndReadsThemBack() throws {
        let sheet = Puzzle(id: "hard-1", difficulty: .hard, target: nil, exercises: [Exercise(.addition, 7, 5, difficulty: .hard)], answers: [12])
        let compact = JSONFormat.write(sheet, pretty: false)
        #expect(compact == #"{"difficulty":4,"exercises":[{"answer":12,"difficulty":4,"firstNumber":7,"secondNumber":5,"type":"plus"}],"id":"hard-1"}"#)
        #expect(try read(compact) == sheet)
        #expect(try read(JSONFormat.write(sheet, pretty: true)) == sheet)
        for profile in ArithmeticDrillsFamily().profiles {
            for seed in 1...30 {
                let generated = try Generator.sheet(profile, seed: seed)
                #expect(try read(JSONFormat.write(generated, pretty: false)) == generated)
            }
        }
    }

    @Test func seedExerciseObjectsWithExtraKeysRead() throws {
        let json = #"{"id":"x","difficulty":2,"exercises":[{"id":"6F9619FF-8B86-D011-B42D-00CF4FC964FF","type":"minus","firstNumber":5,"secondNumber":2,"difficulty":2,"visualHint":null,"createdAt":0}]}"#
        #expect(try read(json).exercises == [Exercise(.subtraction, 5, 2, difficulty: .easy)])
    }

    @Test(arguments: [
        (#"{"id":"x","difficulty":4,"exercises":[]}"#, "s.json:1: exercises: expected at least one exercise"),
        (#"{"difficulty":4,"exercises":[]}"#, "s.json:1: missing key 'id'"),
        (#"{"id":"x","difficulty":5,"exercises":[]}"#, "s.json:1: difficulty: Cannot initialize Difficulty from invalid Int value 5"),
        (#"{"id":"x","difficulty":4,"exercises":[{"type":"times","firstNumber":1,"secondNumber":2,"difficulty":4}]}"#, "s.json:1: exercises[0].type: Cannot initialize OperationType from invalid String value times"),
        (#"{"id":"x","difficulty":4,"exercises":[{"type":"plus","firstNumber":-1,"secondNumber":2,"difficulty":4}]}"#, "s.json:1: exercises[0].firstNumber: expected a non-negative integer, found -1"),
        (#"{"id":"x","difficulty":4,"exercises":[{"type":"plus","firstNumber":1,"secondNumber":2,"difficulty":4,"answer":-3}]}"#, "s.json:1: exercises[0].answer: expected a non-negative integer, found -3"),
        (#"{"id":"x","difficulty":4,"exercises":[{"type":"plus","firstNumber":1,"secondNumber":2,"difficulty":3}]}"#, "s.json:1: exercises[0].difficulty: 3 differs from the sheet's difficulty 4"),
        (#"{"id":"x","difficulty":4,"target":-2,"exercises":[{"type":"plus","firstNumber":1,"secondNumber":2,"difficulty":4}]}"#, "s.json:1: target: expected a non-negative integer, found -2"),
        (#"{"id":"x","difficulty":4,"exercises":[{"type":"plus","firstNumber":"1","secondNumber":2,"difficulty":4}]}"#, "s.json:1: exercises[0].firstNumber: expected an integer"),
    ])
    func rejections(_ json: String, _ expected: String) {
        #expect(error(json) == expected)
    }

    @Test func arraysAndLinesGiveOneResultPerSheet() throws {
        let family = ArithmeticDrillsFamily()
        let a = try Generator.sheet(Profile(difficulty: .easy), seed: 1)
        let b = try Generator.sheet(Profile(difficulty: .hard), seed: 2)
        let lines = family.write(a, as: .jsonl, comments: []) + "{\"id\":1}\n" + family.write(b, as: .jsonl, comments: [])
        let results = family.read(Data(lines.utf8), file: "c.jsonl")
        #expect(results.count == 3)
        #expect(try results[0].get() == a)
        #expect(try results[2].get() == b)
        #expect(throws: FormatError.self) { try results[1].get() }
        let array = "[" + JSONFormat.write(a, pretty: false) + "," + JSONFormat.write(b, pretty: true) + "]"
        let fromArray = family.read(Data(array.utf8), file: "c.json")
        #expect(fromArray.count == 2)
        #expect(try fromArray[1].get() == b)
    }
}
