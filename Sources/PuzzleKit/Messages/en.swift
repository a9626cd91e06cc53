extension Language {
    /// English: one plural form for 1, another for every other count.
    public static let english = Language(code: "en", name: "English", decimalSeparator: ".") { $0 == 1 ? .one : .other }
}

extension SharedWords {
    /// PuzzleKit's English words.
    static let english: [String: String] = [
        "list.and": "and",
        "list.or": "or",
        // The text summary line of `grade` (docs/CLI.md).
        "grade.summary": "{label}, score {score}; hardest {technique}; {steps} in {rounds}; {guesses}, {backtracks}",
        "grade.none": "none",
        "grade.steps#one": "{count} step",
        "grade.steps#other": "{count} steps",
        "grade.rounds#one": "{count} round",
        "grade.rounds#other": "{count} rounds",
        "grade.guesses#one": "{count} guess",
        "grade.guesses#other": "{count} guesses",
        "grade.backtracks#one": "{count} backtrack",
        "grade.backtracks#other": "{count} backtracks",
        "grade.unique": "unique",
        "grade.noSolution": "NO SOLUTION",
        "grade.severalSolutions": "SEVERAL SOLUTIONS",
        "grade.stopped": "stopped by {reason}: the grade is a lower bound",
        // A generated puzzle's name in `grade` and on the review page.
        "puzzle.seed": "{profile} seed {seed}",
        // Refusals of a game (`puzzlelab serve` and `puzzlelab play`).
        "play.finished": "the game is over: start a new one",
        "play.unknownAction": "'{action}' is not a move here; the moves are: {actions}",
        "play.incomplete": "'{action}' needs more: see the moves in docs/PLAY.md",
        "play.result.right": "right",
        "play.result.wrong": "wrong",
        "play.result.neutral": "done",
        "play.result.refused": "refused",
        "play.moves": "moves: {moves}",
        "play.tiles": "tiles: {tiles}",
        "play.prompt": "task: {prompt}",
        "play.entry": "entered: {entry}",
        "play.status.playing": "playing",
        "play.status.completed": "completed",
        "play.status.over": "game over",
        "play.status.level": "level {level} of {levels}",
        "play.status.lives": "lives {lives} of {most}",
        "play.status.stars#one": "{count} star",
        "play.status.stars#other": "{count} stars",
        "play.status.streak": "streak {streak}",
        "play.status.mistakes#one": "{count} mistake",
        "play.status.mistakes#other": "{count} mistakes",
        "play.status.hints#one": "{count} hint",
        "play.status.hints#other": "{count} hints",
    ]
}
