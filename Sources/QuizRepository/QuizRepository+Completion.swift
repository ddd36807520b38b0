import SQLite

/// What the shell completion scripts ask the database for (`quiz __complete`).
public enum CompletionNames: Sendable {
  /// Quiz ids.
  case quizzes
  /// `QUIZ/QUESTION` of the current questions, in quiz order: of one quiz, or of all.
  case questions(quiz: String?)
  /// The names of those who took a quiz.
  case takers
  /// Bank ids.
  case banks
}

// MARK: - Completion

extension QuizRepository {
  /// The names of `kind` in the database at `path` that start with `prefix`, for shell
  /// completion.
  ///
  /// Unlike `open(at:access:)`, this reads only: it never creates, migrates or writes the file,
  /// and hardly waits for a writer, since a Tab press must change nothing and never hang. There
  /// being no database file at `path` gives no names.
  public static func completionNames(_ kind: CompletionNames, prefix: String = "", inDatabaseAt path: String)
    throws -> [String]
  {
    guard FileSystem.kind(atPath: path) == .file else { return [] }
    return try mappingStorageErrors {
      let database = try completionConnection(at: path)
      let names: [String]
      switch kind {
      case .quizzes:
        names = try database.fetchAll("SELECT slug FROM quizzes ORDER BY slug") { $0.string(0) }
      case .questions(let quiz):
        // Retired questions have no section: the join leaves them out. A slot's question is
        // named by its id in the quiz, as a question written there is.
        // A database from before slots has no such table.
        let slots = """
          UNION ALL
          SELECT z.slug, z.slug || '/' || q.slug, s.position, sl.position
          FROM slots sl JOIN quizzes z ON z.id = sl.quiz_id JOIN sections s ON s.id = sl.section_id
          JOIN questions q ON q.id = sl.question_id
          """
        let select = """
          SELECT name FROM (
            SELECT z.slug AS quiz, z.slug || '/' || q.slug AS name, s.position AS at, q.position AS place
            FROM questions q JOIN quizzes z ON z.id = q.quiz_id JOIN sections s ON s.id = q.section_id
            \(try hasTable("slots") ? slots : ""))
          """
        if let quiz {
          names = try database.fetchAll("\(select) WHERE quiz = ? ORDER BY at, place", [quiz]) { $0.string(0) }
        } else {
          names = try database.fetchAll("\(select) ORDER BY quiz, at, place") { $0.string(0) }
        }
      case .takers:
        names = try database.fetchAll("SELECT DISTINCT taker FROM attempts ORDER BY taker") { $0.string(0) }
      case .banks:
        // A database from before banks has no such table: no names rather than an error.
        // One from before removed banks has no removed_at.
        let inUse = try hasColumn("removed_at", of: "banks") ? "WHERE removed_at IS NULL" : ""
        names =
          try hasTable("banks")
          ? try database.fetchAll("SELECT slug FROM banks \(inUse) ORDER BY slug") { $0.string(0) } : []
      }
      func hasColumn(_ column: String, of table: String) throws -> Bool {
        try database.fetchOne(
          "SELECT count(*) FROM pragma_table_info(?) WHERE name = ?", [table, column], { $0.int(0) }) == 1
      }
      func hasTable(_ name: String) throws -> Bool {
        try database.fetchOne(
          "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", [name], { $0.int(0) }) == 1
      }
      // By Unicode scalars, as a shell compares bytes: "e" is a prefix of "é" written e + ◌́.
      return names.filter { $0.unicodeScalars.starts(with: prefix.unicodeScalars) }
    }
  }

  /// A read-only connection that waits at most a moment for a lock. In a folder that cannot
  /// be written, a WAL database's -shm file may be missing and cannot be made; the file is
  /// then read as immutable, as `open(at:access:)` does.
  private static func completionConnection(at path: String) throws -> Database {
    do {
      let database = try Database(path: path, busyTimeout: 200, readOnly: true)
      _ = try database.fetchOne("SELECT count(*) FROM sqlite_schema") { $0.int(0) }
      return database
    } catch let error as DatabaseError
      where error.resultCode == DatabaseError.cannotOpen || error.resultCode == DatabaseError.readOnly
    {
      return try Database(path: path, busyTimeout: 200, readOnly: true, immutable: true)
    }
  }
}
