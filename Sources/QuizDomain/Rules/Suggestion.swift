/// "did you mean …" for a mistyped name.
public enum Suggestion {
  /// The closest of `candidates` to `name`, when close enough to be a likely typo.
  public static func closest(to name: String, among candidates: [String]) -> String? {
    let target = Array(name)
    var best: (String, Int)?
    for candidate in candidates {
      let distance = editDistance(target, Array(candidate))
      // A third of the name, at least 1: two edits to a four-letter name ("tcsh" to "bash")
      // leave half of it, no likely typo.
      if distance <= max(1, target.count / 3), distance < (best?.1 ?? .max) { best = (candidate, distance) }
    }
    return best?.0
  }

  /// " (did you mean \"x\"?)" or "".
  public static func didYouMean(_ name: String, among candidates: [String]) -> String {
    closest(to: name, among: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
  }

  /// Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`: the
  /// optimal string alignment distance, so that "lsit" is one edit from "list".
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }

}
