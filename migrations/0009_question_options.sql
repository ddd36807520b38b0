-- Question options (docs/quiz-bank.md, "Question options"): the outcome feedback, the penalty
-- and the choice numbering of a version, and its hints; and single-answer choice questions with
-- several correct choices, as Moodle imports `{=2 =4 ~3}` (any correct choice earns full marks).
-- The CHECK `multiple = 1 OR correct_count = 1` goes, so question_versions is rebuilt as 0008
-- did (the migrator runs this with foreign keys off); its columns are unchanged, the options are
-- tables of their own. The kind list gains 'cloze' (Moodle's multianswer) now, so that its
-- storage needs no second rebuild.

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
                       OR kind = 'essay' OR kind = 'description' OR kind = 'cloze'),
  UNIQUE (question_id, version),
  CHECK (kind <> 'choice' OR (choice_count >= 2 AND correct_count >= 1)),
  CHECK (kind = 'choice' OR (choice_count = 0 AND scoring IS NULL)),
  CHECK ((kind = 'description') = (points = 0))
) STRICT;
INSERT INTO question_versions_new SELECT * FROM question_versions;
DROP TABLE question_versions;
ALTER TABLE question_versions_new RENAME TO question_versions;

-- A version's options, one row for a version that has any; NULL: absent from the document.
-- `numbering` is a choice version's only.
CREATE TABLE question_options (
  version_id         INTEGER PRIMARY KEY REFERENCES question_versions (id) ON DELETE CASCADE,
  correct_feedback   TEXT,
  partial_feedback   TEXT,
  incorrect_feedback TEXT,
  show_number_correct INTEGER CHECK (show_number_correct IN (0, 1)),
  penalty            REAL CHECK (penalty BETWEEN 0 AND 1),
  numbering          TEXT CHECK (numbering = 'abc' OR numbering = 'ABCD' OR numbering = '123'
                                 OR numbering = 'iii' OR numbering = 'IIII' OR numbering = 'none')
) STRICT;

-- Hints in the order they are shown, one per request.
CREATE TABLE question_hints (
  version_id          INTEGER NOT NULL REFERENCES question_versions (id) ON DELETE CASCADE,
  position            INTEGER NOT NULL CHECK (position >= 0),
  text                TEXT NOT NULL CHECK (text <> ''),
  show_number_correct INTEGER CHECK (show_number_correct IN (0, 1)),
  clear_wrong         INTEGER CHECK (clear_wrong IN (0, 1)),
  PRIMARY KEY (version_id, position)
) STRICT, WITHOUT ROWID;
