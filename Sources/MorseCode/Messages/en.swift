extension MorseMessages {
    /// Morse code's English sentences.
    static let english: [String: String] = [
        "technique.short-symbol": "Short symbol",
        "technique.short-symbol.rule": "A symbol of at most 5 time units (E T I A N S) is quick to hear and to tap.",
        "technique.confusable-pair": "Confusable pair",
        "technique.confusable-pair.rule": "Two symbols of the exercise whose codes are one signal apart (E/T, S/H) are easily mixed up, above all when reading.",
        "technique.medium-symbol": "Medium symbol",
        "technique.medium-symbol.rule": "A letter of 7 to 9 time units has three or four signals to count when reading and to recall when sending.",
        "technique.long-symbol": "Long symbol",
        "technique.long-symbol.rule": "A letter of 11 time units or more has several dashes to count when reading and to recall when sending.",
        "technique.ambiguous-word": "Ambiguous word",
        "technique.ambiguous-word.rule": "Sending only: a word whose code, run together, decodes in at least 100,000 ways falls apart if the sender drops a letter gap.",
        "technique.digit": "Digit",
        "technique.digit.rule": "A digit has five signals.",
        "technique.punctuation": "Punctuation",
        "technique.punctuation.rule": "A punctuation mark has five to seven signals and is rarely practised.",

        "label.beginner": "Beginner",
        "label.intermediate": "Intermediate",
        "label.advanced": "Advanced",

        "step.confusable-pair.reading#one": "{pair} are one signal apart and both occur here ({count} symbol): read every signal before deciding (+{points})",
        "step.confusable-pair.reading#other": "{pair} are one signal apart and both occur here ({count} symbols): read every signal before deciding (+{points})",
        "step.confusable-pair.sending#one": "{pair} are one signal apart and both occur here ({count} symbol): do not send one for the other (+{points})",
        "step.confusable-pair.sending#other": "{pair} are one signal apart and both occur here ({count} symbols): do not send one for the other (+{points})",
        "step.ambiguous-word": "{word}: keep every letter gap when sending — run together, its {signals} signals decode {decodings} ways (+{points})",
        "step.ambiguous-word.many": "many",
        "step.symbol.reading": "{code} reads {symbol}: {signals}, {units} — {kind} (+{points})",
        "step.symbol.reading.slip": "{code} reads {symbol}: {signals}, {units} — {kind}; one signal fewer reads {shorter} (+{points})",
        "step.symbol.sending": "send {symbol} as {code}: {signals}, {units} — {kind} (+{points})",
        "step.symbol.sending.slip": "send {symbol} as {code}: {signals}, {units} — {kind}; one signal short sends {shorter} (+{points})",
        "step.symbol.pair": "{symbol} ({code})",

        "kind.short": "a short code",
        "kind.digit": "a digit, always five signals: 1–5 leading dots give 1–5, 1–5 leading dashes give 6–9 and 0",
        "kind.punctuation.reading#one": "a punctuation mark, rarely practised, {count} signal to count",
        "kind.punctuation.reading#other": "a punctuation mark, rarely practised, {count} signals to count",
        "kind.punctuation.sending#one": "a punctuation mark, rarely practised, {count} signal to recall",
        "kind.punctuation.sending#other": "a punctuation mark, rarely practised, {count} signals to recall",
        "kind.signals.reading#one": "{count} signal to count",
        "kind.signals.reading#other": "{count} signals to count",
        "kind.signals.sending#one": "{count} signal to recall",
        "kind.signals.sending#other": "{count} signals to recall",

        "count.dots#one": "{count} dot",
        "count.dots#other": "{count} dots",
        "count.dashes#one": "{count} dash",
        "count.dashes#other": "{count} dashes",
        "count.units#one": "{count} unit",
        "count.units#other": "{count} units",
        "count.signals#one": "{count} signal",
        "count.signals#other": "{count} signals",

        "details.reading": "reading (recognition), {units}, {signals}, hardest: {hardest}",
        "details.sending": "sending (production), {units}, {signals}, hardest: {hardest}",
        "details.none": "none",

        "count.exact-words": "words with exactly this code: {words}",
        "count.no-exact-word": "no word has exactly this code",

        "hint.code": "{symbol} is {code}",
    ]
}
