/// Which questions an attempt gets, and in which order: every question in quiz order, unless a
/// section picks N of its questions (`pick`) or the quiz shuffles questions per attempt.
public enum QuestionDraw {
  /// The questions one attempt gets, section after section. Drawn from `seed`'s own sequence,
  /// so the same seed gives the same draw on every machine.
  public static func questions(of quiz: Quiz, seed: UInt64) -> [Question] {
    guard quiz.variesPerAttempt else { return quiz.questions }
    // A sequence of its own (not the one that shuffles choices), so that adding a pool to a
    // quiz does not change how its choices are shuffled for a given seed.
    var generator = SplitMix64(seed: seed ^ 0x5155_495A_4452_4157)
    var drawn: [Question] = []
    for section in quiz.sections {
      var indices = Array(section.questions.indices)
      if section.drawsSome {
        indices.shuffle(using: &generator)
        indices = Array(indices.prefix(section.drawCount)).sorted()
      }
      if quiz.shuffleQuestions == true { indices.shuffle(using: &generator) }
      drawn += indices.map { section.questions[$0] }
    }
    return drawn
  }

  /// The questions `given` names (every question, in quiz order, when `nil`), in its order;
  /// ids the quiz lacks are left out (validation reports them).
  public static func questions(given: [String]?, in quiz: Quiz) -> [Question] {
    guard let given else { return quiz.questions }
    var byID: [String: Question] = [:]
    for question in quiz.questions { byID[question.id] = question }
    return given.compactMap { byID[$0] }
  }

  /// The most points an attempt given `given` can score.
  public static func maxScore(given: [String]?, in quiz: Quiz) -> Double {
    guard given != nil else { return quiz.maxScore }
    return questions(given: given, in: quiz).reduce(0) { $0 + $1.points }
  }

  /// What is wrong with an attempt's list of given questions: unknown or repeated ids, or a
  /// section given another number of questions than it draws. A quiz that draws needs the list.
  public static func problems(given: [String]?, quiz: Quiz, path: String, exactCounts: Bool = true) -> [Problem] {
    guard let given else {
      guard exactCounts else { return [] }
      guard let section = quiz.sections.firstIndex(where: \.drawsSome) else { return [] }
      return [
        Problem(
          path: path,
          message: "quiz \"\(quiz.id)\" draws questions per attempt (section \(section + 1) picks "
            + "\(quiz.sections[section].drawCount) of \(quiz.sections[section].questions.count)): "
            + "the attempt must say which it was given (\"given\")")
      ]
    }
    var sectionOf: [String: Int] = [:]
    for (index, section) in quiz.sections.enumerated() {
      for question in section.questions { sectionOf[question.id] = index }
    }
    var problems: [Problem] = []
    var seen: [String: Int] = [:]
    var counts = [Int](repeating: 0, count: quiz.sections.count)
    for (index, id) in given.enumerated() {
      let here = "\(path).given[\(index)]"
      guard let section = sectionOf[id] else {
        problems.append(
          Problem(
            path: here,
            message: "unknown question \"\(id)\" in quiz \"\(quiz.id)\""
              + Suggestion.didYouMean(id, among: quiz.questions.map(\.id))))
        continue
      }
      if let earlier = seen[id] {
        problems.append(Problem(path: here, message: "question \"\(id)\" is given twice (also given[\(earlier)])"))
        continue
      }
      seen[id] = index
      counts[section] += 1
    }
    guard problems.isEmpty, exactCounts else { return problems }
    for (index, section) in quiz.sections.enumerated() where counts[index] != section.drawCount {
      problems.append(
        Problem(
          path: path + ".given",
          message: "section \(index + 1)\(section.title.map { " (\"\($0)\")" } ?? "") gives "
            + "\(section.drawCount) question\(section.drawCount == 1 ? "" : "s") per attempt, the list has "
            + "\(counts[index])"))
    }
    return problems
  }
}

/// A small, fast generator whose sequence depends only on its seed (SplitMix64), so that
/// `--seed` gives the same order on every machine and Swift version.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64
  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

// MARK: - Random slots

extension QuestionDraw {
  /// The generator random slots draw with for `seed`: a sequence of its own, so that adding
  /// random slots to a quiz changes neither how its sections pick nor how its choices shuffle.
  public static func randomSlotGenerator(seed: UInt64) -> SplitMix64 {
    SplitMix64(seed: seed ^ 0x5241_4E44_534C_4F54)
  }

  /// Picks `count` of `candidates` for random slots as Moodle's random question loader does:
  /// the ones the taker was given least often before (`usage`; absent: never) first, at random
  /// among equals; `unavailable` ones (already in the attempt) never. Nil when fewer than
  /// `count` are available. Only as many candidates are looked at as it takes.
  public static func pickLeastUsed<ID: Hashable>(
    _ count: Int, from candidates: [ID], usage: [ID: Int], unavailable: Set<ID>, using generator: inout SplitMix64
  ) -> [ID]? {
    var pool = candidates
    var end = pool.count
    var chosen: [ID] = []
    // Given before, in the random order met: sorted by use when the unused run out.
    var used: [(uses: Int, order: Int, id: ID)] = []
    while chosen.count < count && end > 0 {
      let index = Int(generator.next() % UInt64(end))
      pool.swapAt(index, end - 1)
      end -= 1
      let id = pool[end]
      if unavailable.contains(id) { continue }
      if let uses = usage[id], uses > 0 { used.append((uses, used.count, id)) } else { chosen.append(id) }
    }
    if chosen.count < count {
      used.sort { ($0.uses, $0.order) < ($1.uses, $1.order) }
      chosen += used.prefix(count - chosen.count).map(\.id)
    }
    return chosen.count == count ? chosen : nil
  }
}
