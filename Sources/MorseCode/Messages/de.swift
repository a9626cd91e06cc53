extension MorseMessages {
    /// Morse code's German sentences: Punkt und Strich, lesen und senden;
    /// du-form where a sentence tells the child what to do.
    static let german: [String: String] = [
        "technique.short-symbol": "Kurzes Zeichen",
        "technique.short-symbol.rule": "Ein Zeichen von höchstens 5 Zeiteinheiten (E T I A N S) ist schnell gehört und getippt.",
        "technique.confusable-pair": "Verwechslungspaar",
        "technique.confusable-pair.rule": "Zwei Zeichen der Aufgabe, deren Codes sich um ein Signal unterscheiden (E/T, S/H), verwechselt man leicht, vor allem beim Lesen.",
        "technique.medium-symbol": "Mittleres Zeichen",
        "technique.medium-symbol.rule": "Ein Buchstabe von 7 bis 9 Zeiteinheiten hat drei oder vier Signale: beim Lesen zählen, beim Senden auswendig wissen.",
        "technique.long-symbol": "Langes Zeichen",
        "technique.long-symbol.rule": "Ein Buchstabe von 11 Zeiteinheiten oder mehr hat mehrere Striche: beim Lesen zählen, beim Senden auswendig wissen.",
        "technique.ambiguous-word": "Mehrdeutiges Wort",
        "technique.ambiguous-word.rule": "Nur beim Senden: Ein Wort, dessen Code ohne Lücken sich auf mindestens 100000 Arten lesen lässt, zerfällt, wenn eine Buchstabenlücke fehlt.",
        "technique.digit": "Ziffer",
        "technique.digit.rule": "Eine Ziffer hat fünf Signale.",
        "technique.punctuation": "Satzzeichen",
        "technique.punctuation.rule": "Ein Satzzeichen hat fünf bis sieben Signale und wird selten geübt.",

        "label.beginner": "Anfänger",
        "label.intermediate": "Mittelstufe",
        "label.advanced": "Fortgeschritten",

        "step.confusable-pair.reading#one": "{pair} unterscheiden sich um ein Signal und kommen beide vor ({count} Zeichen): Lies jedes Signal, bevor du entscheidest (+{points})",
        "step.confusable-pair.reading#other": "{pair} unterscheiden sich um ein Signal und kommen beide vor ({count} Zeichen): Lies jedes Signal, bevor du entscheidest (+{points})",
        "step.confusable-pair.sending#one": "{pair} unterscheiden sich um ein Signal und kommen beide vor ({count} Zeichen): Sende nicht das eine für das andere (+{points})",
        "step.confusable-pair.sending#other": "{pair} unterscheiden sich um ein Signal und kommen beide vor ({count} Zeichen): Sende nicht das eine für das andere (+{points})",
        "step.ambiguous-word": "{word}: Halte beim Senden jede Buchstabenlücke ein — ohne Lücken kann man die {signals} Signale auf {decodings} Arten lesen (+{points})",
        "step.ambiguous-word.many": "sehr viele",
        "step.symbol.reading": "{code} heißt {symbol}: {signals}, {units} — {kind} (+{points})",
        "step.symbol.reading.slip": "{code} heißt {symbol}: {signals}, {units} — {kind}; ein Signal weniger heißt {shorter} (+{points})",
        "step.symbol.sending": "Sende {symbol} als {code}: {signals}, {units} — {kind} (+{points})",
        "step.symbol.sending.slip": "Sende {symbol} als {code}: {signals}, {units} — {kind}; ein Signal zu wenig sendet {shorter} (+{points})",
        "step.symbol.pair": "{symbol} ({code})",

        "kind.short": "ein kurzer Code",
        "kind.digit": "eine Ziffer, immer fünf Signale: 1–5 Punkte am Anfang ergeben 1–5, 1–5 Striche am Anfang ergeben 6–9 und 0",
        "kind.punctuation.reading#one": "ein Satzzeichen, selten geübt, {count} Signal zum Zählen",
        "kind.punctuation.reading#other": "ein Satzzeichen, selten geübt, {count} Signale zum Zählen",
        "kind.punctuation.sending#one": "ein Satzzeichen, selten geübt, {count} Signal zum Merken",
        "kind.punctuation.sending#other": "ein Satzzeichen, selten geübt, {count} Signale zum Merken",
        "kind.signals.reading#one": "{count} Signal zum Zählen",
        "kind.signals.reading#other": "{count} Signale zum Zählen",
        "kind.signals.sending#one": "{count} Signal zum Merken",
        "kind.signals.sending#other": "{count} Signale zum Merken",

        "count.dots#one": "{count} Punkt",
        "count.dots#other": "{count} Punkte",
        "count.dashes#one": "{count} Strich",
        "count.dashes#other": "{count} Striche",
        "count.units#one": "{count} Einheit",
        "count.units#other": "{count} Einheiten",
        "count.signals#one": "{count} Signal",
        "count.signals#other": "{count} Signale",

        "details.reading": "lesen (erkennen), {units}, {signals}, am schwersten: {hardest}",
        "details.sending": "senden (aus dem Kopf), {units}, {signals}, am schwersten: {hardest}",
        "details.none": "keins",

        "count.exact-words": "Wörter mit genau diesem Code: {words}",
        "count.no-exact-word": "Kein Wort hat genau diesen Code",

        "hint.code": "{symbol} ist {code}",
    ]
}
