import PuzzleKit
import Testing

@Suite struct CSVTests {
    static let awkward: [String] = [
        "plain", "", "with,comma", "with \"quotes\"", "\"", "line\nbreak", "crlf\r\nbreak", "cr\ronly",
        " spaces ", "ünïcödé ×÷", ",", "\"\"", "trailing,", "a\"b,c\nd",
    ]

    @Test func recordsRoundTripThroughParse() throws {
        let records = [Self.awkward, Self.awkward.reversed(), ["1", "2", "3"], [""], ["x"]]
        let text = records.map(CSV.record).joined(separator: CSV.lineEnd) + CSV.lineEnd
        #expect(CSV.parse(text) == records)
    }

    @Test func quotesOnlyWhenNeeded() {
        #expect(CSV.field("abc") == "abc")
        #expect(CSV.field("a,b") == "\"a,b\"")
        #expect(CSV.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSV.field("a\nb") == "\"a\nb\"")
        #expect(CSV.field("a\r\nb") == "\"a\r\nb\"")
    }

    @Test func reportRowsWriteTheSameColumnsAsCSVAndJSON() throws {
        let row = ReportRow([("name", .string("x, \"y\"\nz")), ("n", .int(3)), ("r", .double(0.5)), ("ok", .bool(true)),
                             ("none", .null), ("reasons", .json("{\"a\":1,\"b\":2}"))])
        let parsed = try #require(CSV.parse(row.csvHeader + CSV.lineEnd + row.csv + CSV.lineEnd))
        #expect(parsed == [["name", "n", "r", "ok", "none", "reasons"], ["x, \"y\"\nz", "3", "0.5", "true", "", "{\"a\":1,\"b\":2}"]])
        #expect(row.json == "{\"name\":\"x, \\\"y\\\"\\nz\",\"n\":3,\"r\":0.5,\"ok\":true,\"none\":null,\"reasons\":{\"a\":1,\"b\":2}}")
    }

    @Test func unclosedQuotesAreRejected() {
        #expect(CSV.parse("a,\"b\r\n") == nil)
        #expect(CSV.parse("a,b\nc") == [["a", "b"], ["c"]])
    }
}
