import Locking
import QuizDomain

/// Decoded question versions as they are shown, kept for the process: a served attempt's save
/// scores against its pinned version, and reading and decoding that version (content, kind
/// parts, files, options) was most of a save's work. A version row never changes (an edit
/// makes a new one), so an entry stays right while its row exists.
///
/// Row ids can be reused after the newest row is deleted (`question_versions.id` is a plain
/// INTEGER PRIMARY KEY), also by another process: an entry is used only when the row's
/// question id, version number and creation time, read with the pin anyway, are the entry's,
/// and this process forgets a file's entries when it deletes questions.
final class ShownVersionCache: Sendable {
  static let shared = ShownVersionCache()
  /// Entries kept at most; past it the cache starts again (versions of one exam fit many times).
  static let capacity = 4096

  struct Key: Hashable {
    let path: String
    let versionRow: Int64
  }

  private struct Entry {
    let questionID: String
    let number: Int
    let createdAt: String
    let question: Question
  }

  private let entries = Locked<[Key: Entry]>([:])

  /// The version of `pinned` in the database at `path`, if it is kept.
  func question(path: String, _ pinned: PinnedQuestion) -> Question? {
    let entry = entries.withLock { $0[Key(path: path, versionRow: pinned.versionRow)] }
    guard let entry, entry.questionID == pinned.id, entry.number == pinned.number,
      entry.createdAt == pinned.createdAt
    else { return nil }
    return entry.question
  }

  func keep(_ question: Question, path: String, _ pinned: PinnedQuestion) {
    let entry = Entry(questionID: pinned.id, number: pinned.number, createdAt: pinned.createdAt, question: question)
    entries.withLock { entries in
      if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
      entries[Key(path: path, versionRow: pinned.versionRow)] = entry
    }
  }

  /// Forgets the versions of the database at `path` (this process deleted some).
  func forget(path: String) {
    entries.withLock { entries in entries = entries.filter { $0.key.path != path } }
  }
}
