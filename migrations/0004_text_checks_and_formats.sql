-- Required texts may begin with U+0000 and are stored byte for byte. SQLite's length() counts
-- characters up to the first NUL, so `length(title) > 0` refused "\u0000N"; `<> ''` compares
-- every byte. SQLite cannot alter a CHECK, so the five tables are rebuilt; the migrator runs
-- this with foreign keys off, so rows that refer to them are kept as they are.
--
-- question_versions also gets `text_format`: how the version's texts are written, NULL for
-- plain text (the default, kept absent so that an export writes back what was imported), else
-- markdown, html or moodle.
--
-- The CHECKs of nullable columns list their values with OR, not IN: SQLite evaluates
-- `NULL IN (…)` of three or more constants by building a temporary b-tree for every row
-- inserted, which made a bulk import of NULL scoring and format values about twice as slow.

CREATE TABLE quizzes_new (
  id          INTEGER PRIMARY KEY,
  slug        TEXT NOT NULL UNIQUE
              CHECK (length(slug) BETWEEN 1 AND 100 AND slug GLOB '[a-z0-9]*'
                     AND slug NOT GLOB '*[^a-z0-9._-]*'),
  title       TEXT NOT NULL CHECK (title <> ''),
  description TEXT,
  scoring     TEXT CHECK (scoring = 'all-or-nothing' OR scoring = 'partial' OR scoring = 'per-choice'
                      OR scoring = 'weighted'),
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
) STRICT;
INSERT INTO quizzes_new SELECT * FROM quizzes;
DROP TABLE quizzes;
ALTER TABLE quizzes_new RENAME TO quizzes;

CREATE TABLE question_versions_new (
  id            INTEGER PRIMARY KEY,
  question_id   INTEGER NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  version       INTEGER NOT NULL CHECK (version >= 1),
  created_at    TEXT NOT NULL,
  prompt        TEXT NOT NULL CHECK (prompt <> ''),
  explanation   TEXT,
  points        REAL NOT NULL CHECK (points > 0),
  multiple      INTEGER NOT NULL CHECK (multiple IN (0, 1)),
  scoring       TEXT CHECK (scoring = 'all-or-nothing' OR scoring = 'partial' OR scoring = 'per-choice'
                        OR scoring = 'weighted'),
  shuffle       INTEGER NOT NULL CHECK (shuffle IN (0, 1)),
  choice_count  INTEGER NOT NULL CHECK (choice_count >= 2),
  correct_count INTEGER NOT NULL CHECK (correct_count >= 1 AND correct_count <= choice_count),
  text_format   TEXT CHECK (text_format = 'markdown' OR text_format = 'html' OR text_format = 'moodle'),
  UNIQUE (question_id, version),
  CHECK (multiple = 1 OR correct_count = 1)
) STRICT;
INSERT INTO question_versions_new SELECT *, NULL FROM question_versions;
DROP TABLE question_versions;
ALTER TABLE question_versions_new RENAME TO question_versions;

CREATE TABLE choices_new (
  version_id INTEGER NOT NULL REFERENCES question_versions (id) ON DELETE CASCADE,
  position   INTEGER NOT NULL CHECK (position >= 0),
  slug       TEXT NOT NULL
             CHECK (length(slug) BETWEEN 1 AND 100 AND slug GLOB '[a-z0-9]*'
                    AND slug NOT GLOB '*[^a-z0-9._-]*'),
  text       TEXT NOT NULL CHECK (text <> ''),
  correct    INTEGER NOT NULL CHECK (correct IN (0, 1)),
  weight     REAL CHECK (weight BETWEEN -1 AND 1),
  feedback   TEXT,
  PRIMARY KEY (version_id, position),
  UNIQUE (version_id, slug)
) STRICT, WITHOUT ROWID;
INSERT INTO choices_new SELECT * FROM choices;
DROP TABLE choices;
ALTER TABLE choices_new RENAME TO choices;

CREATE TABLE question_tags_new (
  question_id INTEGER NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  position    INTEGER NOT NULL CHECK (position >= 0),
  tag         TEXT NOT NULL CHECK (tag <> ''),
  PRIMARY KEY (question_id, position)
) STRICT, WITHOUT ROWID;
INSERT INTO question_tags_new SELECT * FROM question_tags;
DROP TABLE question_tags;
ALTER TABLE question_tags_new RENAME TO question_tags;
CREATE INDEX question_tags_by_tag ON question_tags (tag);

CREATE TABLE attempts_new (
  id             INTEGER PRIMARY KEY,
  uid            TEXT NOT NULL UNIQUE CHECK (uid <> ''),
  quiz_id        INTEGER NOT NULL REFERENCES quizzes (id) ON DELETE CASCADE,
  taker          TEXT NOT NULL CHECK (taker <> ''),
  started_at     TEXT,
  started_unix   REAL,
  submitted_at   TEXT NOT NULL,
  submitted_unix REAL NOT NULL,
  submitted_given INTEGER NOT NULL DEFAULT 1 CHECK (submitted_given IN (0, 1)),
  score          REAL NOT NULL,
  max_score      REAL NOT NULL CHECK (max_score >= 0),
  CHECK ((started_at IS NULL) = (started_unix IS NULL))
) STRICT;
INSERT INTO attempts_new SELECT * FROM attempts;
DROP TABLE attempts;
ALTER TABLE attempts_new RENAME TO attempts;
CREATE INDEX attempts_by_quiz ON attempts (quiz_id, submitted_unix);
CREATE INDEX attempts_by_taker ON attempts (taker, submitted_unix);
