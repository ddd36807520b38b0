-- Question kinds beyond multiple choice: short answer, numerical, matching, essay, description
-- (docs/quiz-bank.md, "Question types"). A version gets its `kind`; the choice invariants now
-- hold for choice versions only, and a description is worth 0 points. SQLite cannot alter a
-- CHECK, so question_versions is rebuilt; the migrator runs this with foreign keys off, so the
-- rows that refer to it are kept as they are. Every existing version is a choice version.
-- As in 0004, the lists of values are written with OR, not IN: SQLite checks `x IN (…)` of
-- three or more constants by building a temporary b-tree for every row inserted, which slowed
-- a bulk import of bank A by a fifth.

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
  kind          TEXT NOT NULL DEFAULT 'choice'
                CHECK (kind = 'choice' OR kind = 'short-answer' OR kind = 'numerical' OR kind = 'matching'
                       OR kind = 'essay' OR kind = 'description'),
  UNIQUE (question_id, version),
  CHECK (kind <> 'choice' OR (choice_count >= 2 AND correct_count >= 1 AND (multiple = 1 OR correct_count = 1))),
  CHECK (kind = 'choice' OR (choice_count = 0 AND scoring IS NULL)),
  CHECK ((kind = 'description') = (points = 0))
) STRICT;
INSERT INTO question_versions_new SELECT *, 'choice' FROM question_versions;
DROP TABLE question_versions;
ALTER TABLE question_versions_new RENAME TO question_versions;

-- Short answer: the accepted (and anticipated) texts in the order they are tried.
CREATE TABLE short_answer_answers (
  version_id INTEGER NOT NULL REFERENCES question_versions (id) ON DELETE CASCADE,
  position   INTEGER NOT NULL CHECK (position >= 0),
  text       TEXT NOT NULL CHECK (text <> ''),
  fraction   REAL CHECK (fraction BETWEEN 0 AND 1),
  feedback   TEXT,
  PRIMARY KEY (version_id, position)
) STRICT, WITHOUT ROWID;

-- Options of a version, one row per version of its kind; NULL: absent from the document.
CREATE TABLE short_answer_options (
  version_id     INTEGER PRIMARY KEY REFERENCES question_versions (id) ON DELETE CASCADE,
  case_sensitive INTEGER CHECK (case_sensitive IN (0, 1))
) STRICT;

-- Numerical: answers (value NULL is "*", any number), units and the unit options.
CREATE TABLE numerical_answers (
  version_id INTEGER NOT NULL REFERENCES question_versions (id) ON DELETE CASCADE,
  position   INTEGER NOT NULL CHECK (position >= 0),
  value      REAL,
  tolerance  REAL CHECK (tolerance >= 0),
  fraction   REAL CHECK (fraction BETWEEN 0 AND 1),
  feedback   TEXT,
  PRIMARY KEY (version_id, position)
) STRICT, WITHOUT ROWID;

CREATE TABLE numerical_units (
  version_id INTEGER NOT NULL REFERENCES question_versions (id) ON DELETE CASCADE,
  position   INTEGER NOT NULL CHECK (position >= 0),
  unit       TEXT NOT NULL CHECK (unit <> ''),
  multiplier REAL NOT NULL CHECK (multiplier > 0),
  PRIMARY KEY (version_id, position),
  UNIQUE (version_id, unit)
) STRICT, WITHOUT ROWID;

CREATE TABLE numerical_options (
  version_id   INTEGER PRIMARY KEY REFERENCES question_versions (id) ON DELETE CASCADE,
  unit_grading TEXT CHECK (unit_grading = 'none' OR unit_grading = 'mark' OR unit_grading = 'max'),
  unit_penalty REAL CHECK (unit_penalty BETWEEN 0 AND 1),
  unit_input   TEXT CHECK (unit_input = 'text' OR unit_input = 'choice'),
  units_left   INTEGER CHECK (units_left IN (0, 1))
) STRICT;

-- Matching: the pairs (stem and its answer) in order, and answers that match no stem.
CREATE TABLE matching_pairs (
  version_id INTEGER NOT NULL REFERENCES question_versions (id) ON DELETE CASCADE,
  position   INTEGER NOT NULL CHECK (position >= 0),
  slug       TEXT NOT NULL
             CHECK (length(slug) BETWEEN 1 AND 100 AND slug GLOB '[a-z0-9]*'
                    AND slug NOT GLOB '*[^a-z0-9._-]*'),
  stem       TEXT NOT NULL CHECK (stem <> ''),
  answer     TEXT NOT NULL CHECK (answer <> ''),
  PRIMARY KEY (version_id, position),
  UNIQUE (version_id, slug)
) STRICT, WITHOUT ROWID;

CREATE TABLE matching_distractors (
  version_id INTEGER NOT NULL REFERENCES question_versions (id) ON DELETE CASCADE,
  position   INTEGER NOT NULL CHECK (position >= 0),
  text       TEXT NOT NULL CHECK (text <> ''),
  PRIMARY KEY (version_id, position)
) STRICT, WITHOUT ROWID;

CREATE TABLE essay_options (
  version_id        INTEGER PRIMARY KEY REFERENCES question_versions (id) ON DELETE CASCADE,
  response_format   TEXT CHECK (response_format = 'plain' OR response_format = 'monospaced'
                                OR response_format = 'html'),
  response_required INTEGER CHECK (response_required IN (0, 1)),
  response_lines    INTEGER CHECK (response_lines >= 1),
  min_words         INTEGER CHECK (min_words >= 0),
  max_words         INTEGER CHECK (max_words >= 0),
  response_template TEXT,
  grader_info       TEXT
) STRICT;

-- What an answer gave beyond choices: the text typed (short answer, numerical, essay), the unit
-- picked from a list (numerical), or the stems matched as a JSON object {"STEM": "ANSWER"} in
-- the order given (matching). NULL for a choice answer, whose picks stay in `selected`.
ALTER TABLE answers ADD COLUMN response TEXT;
ALTER TABLE answers ADD COLUMN response_unit TEXT;

-- Marks given by hand (essays), every one kept: the latest is the answer's score (answers.score
-- holds it, so an attempt's score stays the sum of its answers), the earlier ones are history.
CREATE TABLE marks (
  id         INTEGER PRIMARY KEY,
  attempt_id INTEGER NOT NULL REFERENCES attempts (id) ON DELETE CASCADE,
  version_id INTEGER NOT NULL REFERENCES question_versions (id) ON DELETE CASCADE,
  score      REAL NOT NULL CHECK (score >= 0),
  comment    TEXT,
  marker     TEXT,
  marked_at  TEXT,
  recorded_at TEXT NOT NULL
) STRICT;
CREATE INDEX marks_by_answer ON marks (attempt_id, version_id, id);
