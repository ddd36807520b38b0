-- The question kinds as rows of their own table, which a version's `kind` references, instead
-- of a CHECK list: a new kind is a row inserted by its migration (and a case of QuestionKind,
-- which makes the compiler name every switch to extend; a test compares the two lists), not
-- a rebuild of question_versions. The CHECKs that remain are the invariants of particular
-- kinds. SQLite cannot alter a column's constraint, so question_versions is rebuilt once more,
-- as in 0010 (the migrator runs this with foreign keys off and checks them after).
CREATE TABLE question_kinds (
  name TEXT PRIMARY KEY CHECK (name <> '')
) STRICT, WITHOUT ROWID;
INSERT INTO question_kinds (name) VALUES
  ('choice'), ('short-answer'), ('numerical'), ('matching'), ('essay'), ('description'), ('cloze');

CREATE TABLE question_versions_new (
  id            INTEGER PRIMARY KEY,
  question_id   INTEGER NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  version       INTEGER NOT NULL CHECK (version >= 1),
  created_at    TEXT NOT NULL,
  prompt        TEXT NOT NULL CHECK (prompt <> ''),
  explanation   TEXT,
  points        REAL NOT NULL CHECK (points >= 0),
  multiple      INTEGER NOT NULL CHECK (multiple IN (0, 1)),
  scoring       TEXT CHECK (scoring = 'all-or-nothing' OR scoring = 'partial' OR scoring = 'per-choice'
                        OR scoring = 'weighted'),
  shuffle       INTEGER NOT NULL CHECK (shuffle IN (0, 1)),
  choice_count  INTEGER NOT NULL CHECK (choice_count >= 0),
  correct_count INTEGER NOT NULL CHECK (correct_count >= 0 AND correct_count <= choice_count),
  text_format   TEXT CHECK (text_format = 'markdown' OR text_format = 'html' OR text_format = 'moodle'),
  kind          TEXT NOT NULL DEFAULT 'choice' REFERENCES question_kinds (name),
  UNIQUE (question_id, version),
  CHECK (kind <> 'choice' OR (choice_count >= 2 AND correct_count >= 1)),
  CHECK (kind = 'choice' OR (choice_count = 0 AND scoring IS NULL)),
  CHECK (kind = 'cloze' OR (kind = 'description') = (points = 0))
) STRICT;
INSERT INTO question_versions_new SELECT * FROM question_versions;
DROP TABLE question_versions;
ALTER TABLE question_versions_new RENAME TO question_versions;
