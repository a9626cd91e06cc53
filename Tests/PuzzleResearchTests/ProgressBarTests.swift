@testable import PuzzleLabCommands
import Testing

/// The progress bar's ETA of a run of `Int.max` seeds at under one seed per
/// second is beyond what an Int holds in seconds: shown, never a trap.
@Suite struct ProgressBarTests {
    @Test func theClockShowsAnyEstimate() {
        #expect(ProgressBar.clock(0) == "0:00")
        #expect(ProgressBar.clock(75) == "1:15")
        #expect(ProgressBar.clock(3_725) == "1:02:05")
        #expect(ProgressBar.clock(35_999_999) == "9999:59:59")
        // Int.max seeds at 0.5 seeds per second, and what no estimate should be.
        for unknown in [Double(Int.max) / 0.5, 1e300, .infinity, .nan, -1] {
            #expect(ProgressBar.clock(unknown) == "--:--", "\(unknown)")
        }
    }
}
