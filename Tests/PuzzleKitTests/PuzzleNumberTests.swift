import Foundation
import Testing
import PuzzleKit

@Suite struct PuzzleNumberTests {
    func value(_ outcome: ArithmeticOutcome) -> PuzzleNumber? {
        if case .value(let v) = outcome { return v }
        return nil
    }

    func number(_ text: String) -> PuzzleNumber? { PuzzleNumber(decimalDigits: Substring(text)) }

    @Test func agreesWithSwiftIntegersWhereTheyFit() {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<20_000 {
            let a = rng.uniform(in: -1_000_000_000...1_000_000_000), b = rng.uniform(in: -1_000_000...1_000_000)
            let x = PuzzleNumber(a), y = PuzzleNumber(b)
            #expect(value(x.adding(y))?.intValue == a + b)
            #expect(value(x.subtracting(y))?.intValue == a - b)
            #expect(value(x.multiplying(y))?.intValue == a * b)
            if b != 0 && a % b == 0 {
                #expect(value(x.dividingExactly(y))?.intValue == a / b)
            } else {
                #expect(x.dividingExactly(y) == .undefined)
            }
            #expect((x < y) == (a < b))
            #expect(x.description == String(a))
        }
    }

    @Test func parsesDecimalDigits() {
        #expect(number("0")?.intValue == 0)
        #expect(number("9223372036854775807")?.intValue == Int.max)
        #expect(number("12a") == nil)
        #expect(number("") == nil)
    }

    #if !GMP
    @Test func overflowIsDetectedAtTheExactBoundary() {
        let max = PuzzleNumber(Int.max)
        #expect(max.adding(0) == .value(Int.max))
        #expect(max.adding(1) == .overflow)
        #expect(PuzzleNumber(Int.min).subtracting(1) == .overflow)
        #expect(PuzzleNumber(3_037_000_499).multiplying(3_037_000_499) == .value(9_223_372_030_926_249_001))
        #expect(PuzzleNumber(3_037_000_500).multiplying(3_037_000_500) == .overflow)
        #expect(PuzzleNumber(Int.min).dividingExactly(-1) == .overflow)
        #expect(number("9223372036854775808") == nil)
        #expect(!PuzzleNumber.isArbitraryPrecision)
        #expect(puzzleNumberLimit.contains("--traits GMP"))
    }
    #else
    @Test func largeValuesAreExact() {
        guard let a = number("123456789012345678901234567890"), let b = number("987654321098765432109876543210") else {
            Issue.record("parse failed")
            return
        }
        let product = value(a.multiplying(b))
        #expect(product?.description == "121932631137021795226185032733622923332237463801111263526900")
        #expect(product.flatMap { value($0.dividingExactly(a)) } == b)
        #expect(product.map { $0.adding(1) }.flatMap(value).map { $0.dividingExactly(a) } == .undefined)
        #expect(value(PuzzleNumber(Int.max).adding(1))?.description == "9223372036854775808")
        #expect(value(PuzzleNumber(Int.max).adding(1)).flatMap { value($0.subtracting(1)) }?.intValue == Int.max)
        let big = number("1000000000000000000000000000000")
        #expect(big == value(PuzzleNumber(1_000_000_000_000_000).multiplying(1_000_000_000_000_000)))
        #expect(Set([big, big.flatMap { value($0.adding(0)) }]).count == 1)
        #expect(big.map { PuzzleNumber(Int.max) < $0 } == true)
        #expect(big.map { value($0.dividingExactly(0)) } == .some(nil))
        #expect(PuzzleNumber.isArbitraryPrecision)
    }

    @Test func codableWritesLargeValuesAsStrings() throws {
        let values = [PuzzleNumber(42), number("123456789012345678901234567890") ?? 0]
        let data = try JSONEncoder().encode(values)
        #expect(String(decoding: data, as: UTF8.self) == "[42,\"123456789012345678901234567890\"]")
        #expect(try JSONDecoder().decode([PuzzleNumber].self, from: data) == values)
    }

    @Test func aMillionOperationsKeepMemoryFlat() {
        func residentKilobytes() -> Int {
            let status = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
            let pages = Int(status.split(separator: " ").dropFirst().first ?? "0") ?? 0
            return pages * 4
        }
        let base = number("340282366920938463463374607431768211457") ?? 0
        var checksum = 0
        let before = residentKilobytes()
        for i in 0..<1_000_000 {
            guard let p = value(base.multiplying(PuzzleNumber(i | 1))), let q = value(p.dividingExactly(PuzzleNumber(i | 1))) else { continue }
            if q == base { checksum += 1 }
        }
        let after = residentKilobytes()
        #expect(checksum == 1_000_000)
        #expect(after - before < 20_000, "resident memory grew by \(after - before) kB")
    }
    #endif
}
