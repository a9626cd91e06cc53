/// One module's messages in every language: each sentence a person reads
/// is a template looked up by key and filled in by name.
///
/// A template names its placeholders in braces, `{row}`; a key with plural
/// forms has one entry per form its language uses, `solutions#one` and
/// `solutions#other` (``text(_:count:_:_:)`` picks the form and fills
/// `{count}`). The tables are compiled in (no bundle resources), so they
/// work the same from SwiftPM on Linux and inside an app on Apple
/// platforms.
///
/// ```swift
/// let messages = Catalogue(name: "example", tables: [
///     "en": ["solutions#one": "{count} solution", "solutions#other": "{count} solutions"],
///     "de": ["solutions#one": "{count} Lösung", "solutions#other": "{count} Lösungen"],
/// ])
/// print(messages.text("solutions", count: 2, .german))
/// // Prints "2 Lösungen"
/// ```
///
/// ``problems()`` lists what a translation lacks: a test of every module
/// keeps it empty.
public struct Catalogue: Sendable {
    /// The module the messages belong to (in ``problems()``).
    public let name: String
    /// Templates by key, per language code; English is complete and the
    /// reference.
    public let tables: [String: [String: String]]

    public init(name: String, tables: [String: [String: String]]) {
        self.name = name
        self.tables = tables
    }

    /// The template of `key` in `language`, filled with `arguments`.
    ///
    /// A key missing in `language` falls back to English, and a missing
    /// key to the key itself (``problems()`` reports both; nothing traps).
    public func text(_ key: String, _ language: Language, _ arguments: [String: String] = [:]) -> String {
        Self.fill(template(key, language) ?? key, arguments)
    }

    /// The plural form of `key` that `count` takes in `language`, with
    /// `{count}` filled by the number as the language writes it.
    public func text(_ key: String, count: Int, _ language: Language, _ arguments: [String: String] = [:]) -> String {
        var arguments = arguments
        arguments["count"] = language.number(count)
        let form = template("\(key)#\(language.pluralCategory(count).rawValue)", language)
            ?? template("\(key)#other", language)
        return Self.fill(form ?? key, arguments)
    }

    /// Whether `key` (without a plural form) is in the English table.
    public func contains(_ key: String) -> Bool { tables["en"]?[key] != nil }

    private func template(_ key: String, _ language: Language) -> String? {
        tables[language.code]?[key] ?? tables["en"]?[key]
    }

    /// Fills `{name}` placeholders; one not in `arguments` stays as written.
    /// (Scans the UTF-8 bytes: grading fills a template per step.)
    static func fill(_ template: String, _ arguments: [String: String]) -> String {
        let bytes = template.utf8
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        guard var brace = bytes.firstIndex(of: open) else { return template }
        var out = ""
        out.reserveCapacity(bytes.count + 16)
        var start = bytes.startIndex
        while let end = bytes[brace...].firstIndex(of: close) {
            out += template[start..<brace]
            let name = String(template[bytes.index(after: brace)..<end])
            if let value = arguments[name] { out += value } else { out += template[brace...end] }
            start = bytes.index(after: end)
            guard let next = bytes[start...].firstIndex(of: open) else { break }
            brace = next
        }
        return out + template[start...]
    }

    /// The placeholder names of a template, sorted.
    public static func placeholders(_ template: String) -> [String] {
        var names: [String] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names.sorted()
    }

    /// What the translations lack, one line each, sorted: a language of
    /// ``Language/all`` without a table, a key missing or extra, a plural
    /// form the language's counts take but the table lacks, placeholders
    /// that differ from the English ones (over all plural forms of a key),
    /// an unbalanced brace.
    public func problems() -> [String] {
        guard let english = tables["en"] else { return ["\(name): no English table"] }
        var problems: [String] = []
        let englishKeys = Self.groups(english)
        for language in Language.all {
            guard let table = tables[language.code] else {
                problems.append("\(name) \(language.code): no table")
                continue
            }
            let keys = Self.groups(table)
            for (key, forms) in keys.sorted(by: { $0.key < $1.key }) {
                guard let englishForms = englishKeys[key] else {
                    problems.append("\(name) \(language.code): '\(key)' is not an English key")
                    continue
                }
                let theirs = Set(forms.values.flatMap(Self.placeholders)), ours = Set(englishForms.values.flatMap(Self.placeholders))
                if theirs != ours {
                    problems.append("\(name) \(language.code): '\(key)' has placeholders \(theirs.sorted()), English \(ours.sorted())")
                }
                let isPlural = forms.keys.contains { $0 != nil }
                if isPlural != englishForms.keys.contains(where: { $0 != nil }) {
                    problems.append("\(name) \(language.code): '\(key)' has plural forms in one language only")
                } else if isPlural {
                    // The forms the counts 0…1000 take must be there.
                    let needed = Set((0...1000).map { language.pluralCategory($0).rawValue })
                    for form in needed.sorted() where forms[form] == nil {
                        problems.append("\(name) \(language.code): '\(key)' lacks the plural form '\(form)'")
                    }
                }
                for template in forms.values where !Self.isBalanced(template) {
                    problems.append("\(name) \(language.code): '\(key)' has an unbalanced brace")
                }
            }
            for key in englishKeys.keys.sorted() where keys[key] == nil {
                problems.append("\(name) \(language.code): '\(key)' is missing")
            }
        }
        return problems
    }

    /// The keys of a table without their plural forms, each with its forms
    /// (`nil`: the key has none).
    private static func groups(_ table: [String: String]) -> [String: [String?: String]] {
        var groups: [String: [String?: String]] = [:]
        for (key, template) in table {
            let parts = key.split(separator: "#", maxSplits: 1)
            groups[String(parts[0]), default: [:]][parts.count == 2 ? String(parts[1]) : nil] = template
        }
        return groups
    }

    private static func isBalanced(_ template: String) -> Bool {
        var open = false
        for character in template {
            if character == "{" { if open { return false }; open = true }
            if character == "}" { if !open { return false }; open = false }
        }
        return !open
    }
}

/// How a list of things is joined in a sentence.
public enum ListJoin: String, Sendable {
    /// "a, b and c"
    case and
    /// "a, b or c"
    case or
}

extension Language {
    /// `items` joined as the language writes a list: "a, b and c",
    /// "a, b und c"; one item alone, none empty.
    public func list(_ items: [String], _ join: ListJoin = .and) -> String {
        guard let last = items.last else { return "" }
        guard items.count > 1 else { return last }
        let word = SharedWords.catalogue.text("list.\(join.rawValue)", self)
        return items.dropLast().joined(separator: ", ") + " \(word) " + last
    }
}

/// PuzzleKit's own words, shared by every family (list joining, the
/// grade summary's terms).
public enum SharedWords {
    /// The shared catalogue: `Messages/<code>.swift` holds each language's table.
    public static let catalogue = Catalogue(name: "PuzzleKit", tables: ["en": english, "de": german])
}
