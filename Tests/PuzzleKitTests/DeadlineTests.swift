import Foundation
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
        #expect(deadline.end == deadline.start + .seconds(3600))
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

    /// Issue 33: the budget is the thread's CPU time, so time the thread
    /// spends waiting (for a core on a loaded machine, here asleep) is not
    /// spent; work is.
    @Test func onlyTheThreadsWorkSpendsTheBudget() {
        let deadline = Deadline(.milliseconds(50))
        Thread.sleep(forTimeInterval: 0.2)
        #expect(!deadline.passed)
        #expect(deadline.elapsed < .milliseconds(50))
        var spin: UInt64 = 1
        while !deadline.passed { spin = spin &* 6364136223846793005 &+ 1 }
        #expect(deadline.elapsed >= .milliseconds(50) && spin != 0)
    }

    /// A meter reads the clock on its first check and then once per
    /// ``WorkMeter/workPerReading`` units of work.
    @Test func aWorkMeterReadsTheClockByWork() {
        var passed = WorkMeter(Deadline(.zero))
        let passedAtOnce = passed.passed(after: 0)
        #expect(passedAtOnce && passed.hasPassed)
        var never = WorkMeter(Deadline(nil))
        var neverPassed = false
        for _ in 0..<1_000 where never.passed(after: WorkMeter.workPerReading) { neverPassed = true }
        #expect(!neverPassed)
        var long = WorkMeter(Deadline(.seconds(3600)))
        let longPassed = long.passed(after: 1)
        #expect(!longPassed && !long.hasPassed)
    }

    @Test func budgetsAreNamedInSeconds() {
        #expect(Deadline.describe(.seconds(10)) == "10 s CPU")
        #expect(Deadline.describe(.milliseconds(200)) == "0.2 s CPU")
        #expect(Deadline.describe(.milliseconds(1500)) == "1.5 s CPU")
    }
}
