/// A family's grader as hooks for the shared tiered loop (Simon Tatham's
/// `latin.c` idea): the family says what its techniques find; the loop
/// always takes the easiest deduction, starts again from the easiest after
/// every step, and guesses (backing up from contradictions) only when no
/// technique applies.
///
/// A state carries the steps recorded on its way, so a guess's trial is a
/// copy that is kept when it works out and dropped when it does not.
public protocol TieredSolver {
    associatedtype State

    /// `true` when every cell is decided (and nothing contradicts), `false`
    /// when the state cannot be completed, `nil` to go on.
    mutating func status(_ state: inout State) -> Bool?
    /// Applies the easiest deduction the family's techniques allow and
    /// records its step.
    mutating func deduce(_ state: inout State, depth: Int) -> DeductionResult
    /// A guess's trial states in the order to try them, each with the guess
    /// applied and recorded; `nil` when guessing is not allowed.
    mutating func guesses(_ state: State, depth: Int) -> [State]?
    /// Asked before each trial; `false` (a guess or time budget ran out)
    /// ends the solve stuck.
    mutating func mayTryGuess(depth: Int) -> Bool
    /// Told when a trial led to a contradiction.
    mutating func backtracked()
}

/// What one deduction attempt did.
public enum DeductionResult: Sendable, Equatable {
    case progress
    case contradiction
    /// No technique allowed applies.
    case none
}

/// How a tiered solve ended.
public enum TieredOutcome<State> {
    case solved(State)
    /// No deduction applies and guessing is not allowed, or its budget ran out.
    case stuck(State)
    /// The puzzle cannot be completed from here; the state is where the
    /// contradiction showed at the top level of guessing.
    case contradiction(State)
}

extension TieredSolver {
    /// Solves from `start`: the easiest deduction first, again after every
    /// step; when none applies, each trial of a guess in turn.
    ///
    /// Nested guesses live on a stack of their own, not on the thread's, so
    /// guessing as deep as the puzzle has cells cannot overflow the stack
    /// (the workers of `bench` and `export` have small ones).
    ///
    /// - Complexity: each nested guess may multiply the work by its number
    ///   of trials; ``mayTryGuess(depth:)`` bounds it.
    public mutating func solveTiered(_ start: State) -> TieredOutcome<State> {
        var guesses: [_TieredGuess<State>] = []
        var state = start
        while true {
            // Deduce from `state` (at depth `guesses.count`) until it is
            // solved, contradicts, or needs a guess.
            var failed = false
            deducing: while true {
                if let done = status(&state) {
                    if done { return .solved(state) }
                    failed = true
                    break deducing
                }
                switch deduce(&state, depth: guesses.count) {
                case .progress: continue
                case .contradiction:
                    failed = true
                    break deducing
                case .none:
                    guard let trials = self.guesses(state, depth: guesses.count) else { return .stuck(state) }
                    guesses.append(_TieredGuess(state: state, trials: trials))
                    break deducing
                }
            }
            if failed {
                if guesses.isEmpty { return .contradiction(state) }
                backtracked()
            }
            // The next trial of the innermost guess that has one; a guess
            // whose trials all failed is itself a contradiction.
            while true {
                guard let top = guesses.indices.last else { return .contradiction(state) }
                let guess = guesses[top]
                if guess.next < guess.trials.count {
                    guard mayTryGuess(depth: top) else { return .stuck(guess.state) }
                    state = guess.trials[guess.next]
                    guesses[top].next += 1
                    break
                }
                guesses.removeLast()
                state = guess.state
                if guesses.isEmpty { return .contradiction(state) }
                backtracked()
            }
        }
    }
}

/// The trials of one guess of ``TieredSolver/solveTiered(_:)``, made at
/// `state`, and the next to try.
struct _TieredGuess<State> {
    var state: State
    var trials: [State]
    var next = 0
}

/// The shared tiered loop for families whose items need no deduction from
/// one another (a number search's questions, a drill sheet's exercises, the
/// symbols of a Morse exercise): each step takes the unanswered item whose
/// hardest feature is lowest in the family's table (the first such item on a
/// tie), and the loop starts again from the easiest after every step, as for
/// the deducing families. Nothing is guessed.
///
///     EasiestFirst.order([2, 0, 1, 0])
///     // [1, 3, 2, 0]
public struct EasiestFirst<Tier: Comparable>: TieredSolver {
    /// The items answered so far, in order.
    public struct State {
        public var answered: [Bool]
        public var order: [Int] = []
    }

    /// Each item's hardest feature.
    public let tiers: [Tier]

    public init(tiers: [Tier]) { self.tiers = tiers }

    /// The order in which a person takes the items: easiest first.
    public static func order(_ tiers: [Tier]) -> [Int] {
        var solver = EasiestFirst(tiers: tiers)
        switch solver.solveTiered(State(answered: tiers.map { _ in false })) {
        case .solved(let state), .stuck(let state), .contradiction(let state): return state.order
        }
    }

    public mutating func status(_ state: inout State) -> Bool? { state.order.count == tiers.count ? true : nil }

    public mutating func deduce(_ state: inout State, depth: Int) -> DeductionResult {
        let open = tiers.indices.filter { !state.answered[$0] }
        guard let next = open.min(by: { tiers[$0] < tiers[$1] || (tiers[$0] == tiers[$1] && $0 < $1) }) else { return .none }
        state.answered[next] = true
        state.order.append(next)
        return .progress
    }

    public mutating func guesses(_ state: State, depth: Int) -> [State]? { nil }
    public mutating func mayTryGuess(depth: Int) -> Bool { false }
    public mutating func backtracked() {}
}
