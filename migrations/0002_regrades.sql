-- Regrades: `quiz regrade` re-scores recorded attempts against the current versions of their
-- questions. Each run is recorded, with every score it changed, so that history can say when
-- and how an attempt's score moved. Answers stay pinned to the version that was answered.

CREATE TABLE regrades (
  id               INTEGER PRIMARY KEY,
  quiz_id          INTEGER NOT NULL REFERENCES quizzes (id) ON DELETE CASCADE,
  regraded_at      TEXT NOT NULL,
  attempts_checked INTEGER NOT NULL CHECK (attempts_checked >= 0),
  attempts_changed INTEGER NOT NULL CHECK (attempts_changed >= 0)
) STRICT;
CREATE INDEX regrades_by_quiz ON regrades (quiz_id);

CREATE TABLE attempt_regrades (
  regrade_id    INTEGER NOT NULL REFERENCES regrades (id) ON DELETE CASCADE,
  attempt_id    INTEGER NOT NULL REFERENCES attempts (id) ON DELETE CASCADE,
  old_score     REAL NOT NULL,
  new_score     REAL NOT NULL,
  old_max_score REAL NOT NULL,
  new_max_score REAL NOT NULL,
  PRIMARY KEY (attempt_id, regrade_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX attempt_regrades_by_regrade ON attempt_regrades (regrade_id);

-- Let `change_log` name regrades too: SQLite cannot alter a CHECK, so the table is rebuilt.
CREATE TABLE change_log_new (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT,
  changed_at TEXT NOT NULL,
  entity     TEXT NOT NULL CHECK (entity IN ('quiz', 'section', 'question', 'choice', 'attempt', 'regrade')),
  operation  TEXT NOT NULL CHECK (operation IN ('insert', 'update', 'delete')),
  quiz       TEXT NOT NULL,
  item       TEXT,
  detail     TEXT
) STRICT;
INSERT INTO change_log_new SELECT * FROM change_log;
-- Keep the sequence where it was, even past rows that were compacted away.
DELETE FROM sqlite_sequence WHERE name = 'change_log_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'change_log_new', seq FROM sqlite_sequence WHERE name = 'change_log';
DROP TABLE change_log;
ALTER TABLE change_log_new RENAME TO change_log;
CREATE INDEX change_log_by_quiz ON change_log (quiz, seq);
