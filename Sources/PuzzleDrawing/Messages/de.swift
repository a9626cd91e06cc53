extension DrawingMessages {
    /// The German words of the drawings and the review page.
    static let german: [String: String] = [
        "title.solution": "Lösung",
        "title.step": "Schritt {step}",
        "review.title": "PuzzleLab-Übersicht: {puzzles}",
        "review.seed": "Startwert {seed}",
        "review.seeds": "Startwerte {first}…{last}",
        "review.unique": "eindeutig",
        "review.note#one": "{count} Rätsel. Zeig auf einen Schritt oder klick ihn an: Dann siehst du das Feld so, wie es vor dem Schritt aussieht. Gestrichelte Kästchen werden gelesen, dunkle Kästchen werden entschieden.",
        "review.note#other": "{count} Rätsel. Zeig auf einen Schritt oder klick ihn an: Dann siehst du das Feld so, wie es vor dem Schritt aussieht. Gestrichelte Kästchen werden gelesen, dunkle Kästchen werden entschieden.",
        "review.noSteps": "Keine Schritte zum Erklären.",
        "review.showSolution": "Lösung zeigen",
        "review.none": "keine",
        "review.lowerBound": "{label} (nach Ablauf der Zeit abgebrochen: mindestens so schwer)",
        "fact.family": "Rätselart",
        "fact.seed": "Startwert",
        "fact.profile": "Profil",
        "fact.file": "Datei",
        "fact.grade": "Einstufung",
        "fact.score": "Punkte",
        "fact.steps": "Schritte",
        "fact.techniques": "Techniken",
    ]
}
