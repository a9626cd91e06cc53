/// The edit distance (Levenshtein: insert, delete or change one element)
/// between two sequences: Morse codes `E`/`T` and `S`/`H` are 1 apart, and
/// `generat` is 1 from `generate`.
public func editDistance<S: Collection>(_ a: S, _ b: S) -> Int where S.Element: Equatable {
    let x = Array(a), y = Array(b)
    var previous = Array(0...y.count)
    for i in x.indices {
        var current = [i + 1] + Array(repeating: 0, count: y.count)
        for j in y.indices {
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x[i] == y[j] ? 0 : 1))
        }
        previous = current
    }
    return previous[y.count]
}
