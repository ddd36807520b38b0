-- The quiz bank: quizzes → sections → questions (identities) → versions (content) → choices,
-- attempts → answers pinned to the version they answered, and the change log.
-- Absent optional fields are stored as NULL, so that an export writes back what was imported.

CREATE TABLE quizzes (
  id          INTEGER PRIMARY KEY,
  slug        TEXT NOT NULL UNIQUE
              CHECK (length(slug) BETWEEN 1 AND 100 AND slug GLOB '[a-z0-9]*'
                     AND slug NOT GLOB '*[^a-z0-9._-]*'),
  title       TEXT NOT NULL CHECK (length(title) > 0),
  description TEXT,
  scoring     TEXT CHECK (scoring IN ('all-or-nothing', 'partial', 'per-choice', 'weighted')),
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
) STRICT;

CREATE TABLE sections (
  id       INTEGER PRIMARY KEY,
  quiz_id  INTEGER NOT NULL REFERENCES quizzes (id) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position >= 0),
  title    TEXT,
  UNIQUE (quiz_id, position)
) STRICT;

-- A question's identity: its id within the quiz and where it stands. Its content lives in
-- question_versions. A retired question has no place (section and position NULL) but keeps
-- its versions for the attempts that answered them.
CREATE TABLE questions (
  id              INTEGER PRIMARY KEY,
  quiz_id         INTEGER NOT NULL REFERENCES quizzes (id) ON DELETE CASCADE,
  slug            TEXT NOT NULL
                  CHECK (length(slug) BETWEEN 1 AND 100 AND slug GLOB '[a-z0-9]*'
                         AND slug NOT GLOB '*[^a-z0-9._-]*'),
  section_id      INTEGER REFERENCES sections (id) ON DELETE SET NULL,
  position        INTEGER CHECK (position >= 0),
  current_version INTEGER NOT NULL CHECK (current_version >= 1),
  retired_at      TEXT,
  UNIQUE (quiz_id, slug),
  UNIQUE (section_id, position),
  CHECK ((section_id IS NULL) = (position IS NULL)),
  CHECK (retired_at IS NULL OR section_id IS NULL)
) STRICT;

CREATE TABLE question_versions (
  id            INTEGER PRIMARY KEY,
  question_id   INTEGER NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  version       INTEGER NOT NULL CHECK (version >= 1),
  created_at    TEXT NOT NULL,
  prompt        TEXT NOT NULL CHECK (length(prompt) > 0),
  explanation   TEXT,
  points        REAL NOT NULL CHECK (points > 0),
  multiple      INTEGER NOT NULL CHECK (multiple IN (0, 1)),
  scoring       TEXT CHECK (scoring IN ('all-or-nothing', 'partial', 'per-choice', 'weighted')),
  shuffle       INTEGER NOT NULL CHECK (shuffle IN (0, 1)),
  -- Counts of the version's choices, kept by the repository so that the invariants on the
  -- choice list can be CHECKed here: at least two choices, at least one correct, and exactly
  -- one correct on a single-answer question.
  choice_count  INTEGER NOT NULL CHECK (choice_count >= 2),
  correct_count INTEGER NOT NULL CHECK (correct_count >= 1 AND correct_count <= choice_count),
  UNIQUE (question_id, version),
  CHECK (multiple = 1 OR correct_count = 1)
) STRICT;

CREATE TABLE choices (
  version_id INTEGER NOT NULL REFERENCES question_versions (id) ON DELETE CASCADE,
  position   INTEGER NOT NULL CHECK (position >= 0),
  slug       TEXT NOT NULL
             CHECK (length(slug) BETWEEN 1 AND 100 AND slug GLOB '[a-z0-9]*'
                    AND slug NOT GLOB '*[^a-z0-9._-]*'),
  text       TEXT NOT NULL CHECK (length(text) > 0),
  correct    INTEGER NOT NULL CHECK (correct IN (0, 1)),
  weight     REAL CHECK (weight BETWEEN -1 AND 1),
  feedback   TEXT,
  PRIMARY KEY (version_id, position),
  UNIQUE (version_id, slug)
) STRICT, WITHOUT ROWID;

-- Tags belong to the identity, not the version: retagging does not change what was asked.
CREATE TABLE question_tags (
  question_id INTEGER NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  position    INTEGER NOT NULL CHECK (position >= 0),
  tag         TEXT NOT NULL CHECK (length(tag) > 0),
  PRIMARY KEY (question_id, position)
) STRICT, WITHOUT ROWID;
CREATE INDEX question_tags_by_tag ON question_tags (tag);

CREATE TABLE attempts (
  id             INTEGER PRIMARY KEY,
  uid            TEXT NOT NULL UNIQUE CHECK (length(uid) > 0),
  quiz_id        INTEGER NOT NULL REFERENCES quizzes (id) ON DELETE CASCADE,
  taker          TEXT NOT NULL CHECK (length(taker) > 0),
  -- Timestamps as given (RFC 3339), and as Unix seconds for ordering and durations.
  started_at     TEXT,
  started_unix   REAL,
  submitted_at   TEXT NOT NULL,
  submitted_unix REAL NOT NULL,
  -- Whether submitted_at came from the document or was filled in at import.
  submitted_given INTEGER NOT NULL DEFAULT 1 CHECK (submitted_given IN (0, 1)),
  score          REAL NOT NULL,
  max_score      REAL NOT NULL CHECK (max_score >= 0),
  CHECK ((started_at IS NULL) = (started_unix IS NULL))
) STRICT;
CREATE INDEX attempts_by_quiz ON attempts (quiz_id, submitted_unix);
CREATE INDEX attempts_by_taker ON attempts (taker, submitted_unix);

-- One row per question answered, pinned to the version that was answered (the question is
-- the version's). `selected` lists the choice ids picked, comma-separated in the order given
-- (ids are slugs: they hold no comma); "" for an empty selection. The repository keeps one
-- answer per question and attempt.
CREATE TABLE answers (
  attempt_id INTEGER NOT NULL REFERENCES attempts (id) ON DELETE CASCADE,
  version_id INTEGER NOT NULL REFERENCES question_versions (id) ON DELETE CASCADE,
  selected   TEXT NOT NULL,
  score      REAL NOT NULL,
  PRIMARY KEY (attempt_id, version_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX answers_by_version ON answers (version_id);

-- One row per committed change, in commit order; read by `quiz watch` in other processes.
-- A bulk import writes one summary row per quiz rather than one per row.
CREATE TABLE change_log (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT,
  changed_at TEXT NOT NULL,
  entity     TEXT NOT NULL CHECK (entity IN ('quiz', 'section', 'question', 'choice', 'attempt')),
  operation  TEXT NOT NULL CHECK (operation IN ('insert', 'update', 'delete')),
  quiz       TEXT NOT NULL,
  item       TEXT,
  detail     TEXT
) STRICT;
CREATE INDEX change_log_by_quiz ON change_log (quiz, seq);
