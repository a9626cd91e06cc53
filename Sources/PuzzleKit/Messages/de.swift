extension Language {
    /// German: one plural form for 1 ("1 Lösung"), another for every other
    /// count ("2 Lösungen", "0 Lösungen"); a decimal comma.
    public static let german = Language(code: "de", name: "Deutsch", decimalSeparator: ",") { $0 == 1 ? .one : .other }
}

extension SharedWords {
    /// PuzzleKit's German words.
    static let german: [String: String] = [
        "list.and": "und",
        "list.or": "oder",
        "grade.summary": "{label}, Punkte {score}; schwierigste Technik: {technique}; {steps} in {rounds}; {guesses}, {backtracks}",
        "grade.none": "keine",
        "grade.steps#one": "{count} Schritt",
        "grade.steps#other": "{count} Schritte",
        "grade.rounds#one": "{count} Runde",
        "grade.rounds#other": "{count} Runden",
        "grade.guesses#one": "{count}-mal geraten",
        "grade.guesses#other": "{count}-mal geraten",
        "grade.backtracks#one": "{count}-mal zurückgenommen",
        "grade.backtracks#other": "{count}-mal zurückgenommen",
        "grade.unique": "eindeutig",
        "grade.noSolution": "KEINE LÖSUNG",
        "grade.severalSolutions": "MEHRERE LÖSUNGEN",
        "grade.stopped": "abgebrochen durch {reason}: Die Einstufung ist nur eine untere Grenze",
        "puzzle.seed": "{profile} Startwert {seed}",
        "play.finished": "Das Spiel ist vorbei: Fang ein neues an.",
        "play.unknownAction": "'{action}' ist hier kein Zug; die Züge sind: {actions}",
        "play.incomplete": "'{action}' braucht mehr Angaben: Die Züge stehen in docs/PLAY.md.",
        "play.result.right": "richtig",
        "play.result.wrong": "falsch",
        "play.result.neutral": "erledigt",
        "play.result.refused": "nicht möglich",
        "play.moves": "Züge: {moves}",
        "play.tiles": "Plättchen: {tiles}",
        "play.prompt": "Aufgabe: {prompt}",
        "play.entry": "eingegeben: {entry}",
        "play.status.playing": "im Spiel",
        "play.status.completed": "geschafft",
        "play.status.over": "Spiel vorbei",
        "play.status.level": "Level {level} von {levels}",
        "play.status.lives": "Leben {lives} von {most}",
        "play.status.stars#one": "{count} Stern",
        "play.status.stars#other": "{count} Sterne",
        "play.status.streak": "Serie {streak}",
        "play.status.mistakes#one": "{count} Fehler",
        "play.status.mistakes#other": "{count} Fehler",
        "play.status.hints#one": "{count} Tipp",
        "play.status.hints#other": "{count} Tipps",
    ]
}
