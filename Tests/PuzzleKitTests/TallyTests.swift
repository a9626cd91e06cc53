import PuzzleKit
import Testing

@Suite struct TallyTests {
    @Test func namesOfTheOrderComeFirstThenTheOthersByName() {
        var tally = Tally()
        for name in ["hard", "zebra", "easy", "hard", "alpha"] { tally.add(name) }
        let order = ["easy", "medium", "hard"]
        #expect(tally.ordered(order).map(\.name) == ["easy", "hard", "alpha", "zebra"])
        #expect(tally.ordered(order).map(\.count) == [1, 2, 1, 1])
        #expect(tally.ordered(order, zeros: true).map(\.name) == ["easy", "medium", "hard", "alpha", "zebra"])
        #expect(tally.ordered(order, zeros: true)[1].count == 0)
        #expect(tally.ordered().map(\.name) == ["alpha", "easy", "hard", "zebra"])
        #expect(tally.total == 5 && tally["hard"] == 2 && tally["medium"] == 0)
    }

    @Test func mergingAddsCountsAndZeroAddsNothing() {
        var a = Tally(), b = Tally()
        a.add("x", count: 3)
        b.add("x"); b.add("y", count: 2); b.add("z", count: 0)
        a.merge(b)
        #expect(a["x"] == 4 && a["y"] == 2 && a.total == 6)
        #expect(a.ordered().map(\.name) == ["x", "y"])
    }
}
