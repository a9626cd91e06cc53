import PuzzleKit
import Testing

@Suite struct ArithmeticLoadTests {
    func load(_ op: ArithmeticOperation, _ a: Int, _ b: Int) -> ArithmeticLoad? {
        ArithmeticFact(op, a, b).map(ArithmeticLoad.init)
    }

    func codes(_ op: ArithmeticOperation, _ a: Int, _ b: Int) -> [String] {
        load(op, a, b)?.features.map(\.code) ?? []
    }

    @Test func factsComputeTheirResultOrRefuse() {
        #expect(ArithmeticFact(.subtraction, 12, 5)?.description == "12 - 5 = 7")
        #expect(ArithmeticFact(.division, 56, 8)?.result == 7)
        #expect(ArithmeticFact(.division, 7, 2) == nil && ArithmeticFact(.division, 7, 0) == nil)
        #expect(ArithmeticFact(.division, .min, -1) == nil)
        #expect(ArithmeticFact(.addition, .max, 1) == nil && ArithmeticFact(.multiplication, .max, 2) == nil)
    }

    /// Within 20 the drills' rules: a strategy and the size features.
    @Test func additionAndSubtractionWithinTwenty() {
        #expect(codes(.addition, 7, 5) == ["no-anchor", "big-operand", "big-result", "cross-ten"])
        #expect(load(.addition, 7, 5)?.score == 8)
        #expect(codes(.subtraction, 7, 6) == ["count-on", "subtraction"])
        #expect(codes(.subtraction, 5, 5) == ["zero", "subtraction"])
        #expect(codes(.addition, 9, 0) == ["zero"])
        #expect(codes(.subtraction, 12, 5) == ["no-anchor", "subtraction", "big-operand", "cross-ten"])
        #expect(codes(.subtraction, 10, 3) == ["ten-complement", "subtraction"])  // 3 + 7 lands on ten
    }

    /// Issue 35: larger numbers carry per column, count their digits and
    /// read whole tens as the small fact.
    @Test func largerNumbers() {
        // 4,728 - 2,959 = 1,769 as 2,959 + 1,769: the ones pass ten, the tens and hundreds carry, four digits.
        let big = load(.subtraction, 4728, 2959)
        #expect(big?.features.map(\.code) == ["no-anchor", "subtraction", "big-operand", "big-result", "cross-ten",
                                             "place-value", "carry", "long-number"])
        #expect(big?.carries == 2 && big?.extraDigits == 2 && big?.score == 3 + 1 + 1 + 1 + 3 + 2 + 2 * 3 + 2 * 2)
        #expect(codes(.addition, 70, 30) == ["ten-complement", "place-value"])
        #expect(codes(.addition, 34, 25) == ["no-anchor", "big-operand", "big-result", "place-value"])
        #expect(load(.addition, 7, 5)!.score < load(.addition, 47, 35)!.score)
        #expect(load(.addition, 47, 35)!.score < load(.addition, 347, 589)!.score)
        #expect(load(.addition, 347, 589)!.score < load(.subtraction, 4728, 2959)!.score)
    }

    /// Issue 35: the times tables — x1, x2, x5, x10 and squares easy; x7,
    /// x8, x9 hard; beyond the 10 x 10 table harder; a division is its
    /// table fact read backwards.
    @Test func multiplicationAndDivision() {
        #expect(codes(.multiplication, 6, 6) == ["times-easy"])
        #expect(codes(.multiplication, 5, 9) == ["times-easy"])
        #expect(codes(.multiplication, 347, 10) == ["place-value", "times-easy", "long-number"])
        #expect(codes(.multiplication, 3, 4) == ["times-table"])
        #expect(codes(.multiplication, 7, 8) == ["times-hard"])
        #expect(codes(.multiplication, 30, 4) == ["place-value", "times-table"])
        #expect(codes(.multiplication, 12, 12) == ["beyond-table", "long-number"])
        #expect(codes(.division, 56, 8) == ["times-hard", "division"])
        #expect(codes(.division, 45, 5) == ["times-easy", "division"])
        let scores = [load(.multiplication, 2, 3), load(.multiplication, 3, 4), load(.multiplication, 7, 8), load(.multiplication, 12, 12)]
            .map { $0?.score ?? 0 }
        #expect(scores == scores.sorted() && Set(scores).count == 4)
    }

    /// Any Int, also from outside data, gives a load without trapping.
    @Test func extremeValuesDoNotTrap() {
        for a in [Int.min, Int.min + 1, -1_000_000_007, -10, -1, 0, 1, 9, 10, 99, Int.max - 1, Int.max] {
            for b in [Int.min, -7, -1, 0, 1, 10, 12, Int.max] {
                for op in ArithmeticOperation.allCases {
                    let load = ArithmeticLoad(ArithmeticFact(op, a, b, result: a))
                    #expect(load.score >= 1)
                    #expect(load.features.count { [.zero, .countOn, .tie, .tenComplement, .nearAnchor, .noAnchor, .timesEasy,
                                                   .timesTable, .timesHard, .beyondTable].contains($0) } == 1)
                }
            }
        }
    }
}
