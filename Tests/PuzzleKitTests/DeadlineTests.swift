import PuzzleKit
import Testing

@Suite struct DeadlineTests {
    @Test func withoutABudgetItNeverPasses() {
        let deadline = Deadline(nil)
        #expect(!deadline.passed)
        #expect(deadline.remaining == nil)
        #expect(deadline.end == nil)
        #expect(deadline.seconds == 0)
    }

    @Test func anEmptyOrNegativeBudgetHasPassedAtOnce() throws {
        for budget: Duration in [.zero, .seconds(-1), .nanoseconds(-5)] {
            let deadline = Deadline(budget)
            #expect(deadline.passed)
            #expect(try #require(deadline.remaining) <= .zero)
        }
    }

    @Test func aLongBudgetEndsWhereItSays() throws {
        let deadline = Deadline(.seconds(3600))
        #expect(deadline.end == deadline.start.advanced(by: .seconds(3600)))
        #expect(!deadline.passed)
        let remaining = try #require(deadline.remaining)
        #expect(remaining > .zero && remaining <= .seconds(3600))
        #expect(deadline.seconds == 3600)
        #expect(Deadline(.milliseconds(1500)).seconds == 1.5)
    }

    @Test func elapsedNeverRunsBackwards() {
        let deadline = Deadline(.seconds(1))
        let first = deadline.elapsed
        let second = deadline.elapsed
        #expect(first >= .zero && second >= first)
    }
}
