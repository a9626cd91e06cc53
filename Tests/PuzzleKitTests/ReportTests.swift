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

    /// RFC 4180: a quote only opens a field or is doubled inside a quoted
    /// one (issue 33: `a"b` and `"a"b` were read as fields).
    @Test func strayQuotesAreRejected() throws {
        #expect(throws: CSV.Malformed.strayQuote(field: 2)) { try CSV.records("x,a\"b\r\n") }
        #expect(throws: CSV.Malformed.strayQuote(field: 1)) { try CSV.records("\"a\"b,c\n") }
        #expect(throws: CSV.Malformed.strayQuote(field: 3)) { try CSV.records("x,y,z\"\n") }
        #expect(throws: CSV.Malformed.unclosedQuote) { try CSV.records("x,\"y\n") }
        #expect(CSV.parse("a\"b") == nil)
        #expect(try CSV.records("\"a\"\"b\",\"\",c\r\n") == [["a\"b", "", "c"]])
        // A line without quotes reads as the general case reads it.
        #expect(try CSV.records("") == [] && CSV.records(",") == [["", ""]] && CSV.records("a, b ,") == [["a", " b ", ""]])
        #expect(try CSV.records("a,b") == CSV.records("a,b\r\n") && CSV.records("ü,×") == [["ü", "×"]])
    }
}

@Suite struct EscapingTests {
    @Test func controlCharactersBecomeVisibleEscapesAndBackslashesDouble() {
        #expect("evil\u{1B}[2J\nFAKE: valid".escapingControlCharacters == "evil\\u{1b}[2J\\u{a}FAKE: valid")
        #expect("tab\there\r\u{0}\u{7F}\u{9B}".escapingControlCharacters == "tab\\u{9}here\\u{d}\\u{0}\\u{7f}\\u{9b}")
        #expect("a\\u{1b}".escapingControlCharacters == "a\\\\u{1b}")
        #expect("rtl\u{202E}x".escapingControlCharacters == "rtl\\u{202e}x")
        #expect("plain ünïcödé ×÷ 👩‍👩‍👧".escapingControlCharacters == "plain ünïcödé ×÷ 👩‍👩‍👧")
        #expect(!"\u{1B}\n\r\t".escapingControlCharacters.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }
}
