extension DrawingMessages {
    /// The English words of the drawings and the review page.
    static let english: [String: String] = [
        // A drawing's title (render): the parts after the family and id.
        "title.solution": "solution",
        "title.step": "step {step}",
        // A worksheet's pages (puzzlelab worksheet).
        "sheet.title": "{family} – {profile}",
        "sheet.instructions": "Solve each puzzle.",
        "sheet.name": "Name: ________________________    Date: ______________",
        "sheet.page": "Page {page} of {pages}",
        "sheet.answers": "Answers: {title}",
        // The review page.
        "review.title": "PuzzleLab review: {puzzles}",
        "review.seed": "seed {seed}",
        "review.seeds": "seeds {first}…{last}",
        "review.unique": "unique",
        "review.note#one": "{count} puzzle. Hover over or click a step to see the board as it stands before it, the step marked: dashed cells are read, dark cells are decided.",
        "review.note#other": "{count} puzzles. Hover over or click a step to see the board as it stands before it, the step marked: dashed cells are read, dark cells are decided.",
        "review.noSteps": "No explanation steps.",
        "review.showSolution": "Show the solution",
        "review.none": "none",
        "review.lowerBound": "{label} (stopped by the time budget: a lower bound)",
        // The names of an entry's facts.
        "fact.family": "family",
        "fact.seed": "seed",
        "fact.profile": "profile",
        "fact.file": "file",
        "fact.grade": "grade",
        "fact.score": "score",
        "fact.steps": "steps",
        "fact.techniques": "techniques",
    ]
}
