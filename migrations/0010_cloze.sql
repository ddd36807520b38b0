-- Cloze questions (Moodle's embedded answers, docs/quiz-bank.md): a prompt with gaps, each gap a
-- part of its own kind (short answer, numerical or choice) worth its own points. A cloze version
-- is worth the sum of its parts' points, which may be 0 (every gap written `{0:…}`), so the
-- points CHECK of 0008 now exempts it. SQLite cannot alter a CHECK, so question_versions is
-- rebuilt as in 0009 (which let a single-answer question have several correct choices; the
-- migrator runs this with foreign keys off).

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
  CHECK (kind = 'cloze' OR (kind = 'description') = (points = 0))
) STRICT;
INSERT INTO question_versions_new SELECT * FROM question_versions;
DROP TABLE question_versions;
ALTER TABLE question_versions_new RENAME TO question_versions;

-- The gaps of a cloze version in gap order (position 0 fills `{#1}`), with the options of their
-- kind; NULL: absent from the document. The options of another kind are always NULL. A
-- numerical gap has no units (Moodle's gaps have none; validation refuses them), so none is kept.
CREATE TABLE cloze_parts (
  version_id     INTEGER NOT NULL REFERENCES question_versions (id) ON DELETE CASCADE,
  position       INTEGER NOT NULL CHECK (position >= 0),
  kind           TEXT NOT NULL CHECK (kind = 'short-answer' OR kind = 'numerical' OR kind = 'choice'),
  points         REAL NOT NULL CHECK (points >= 0),
  case_sensitive INTEGER CHECK (case_sensitive IN (0, 1)),
  display        TEXT CHECK (display = 'dropdown' OR display = 'vertical' OR display = 'horizontal'),
  multiple       INTEGER CHECK (multiple IN (0, 1)),
  shuffle        INTEGER CHECK (shuffle IN (0, 1)),
  PRIMARY KEY (version_id, position),
  CHECK (kind = 'short-answer' OR case_sensitive IS NULL),
  CHECK (kind = 'choice' OR (display IS NULL AND multiple IS NULL AND shuffle IS NULL))
) STRICT, WITHOUT ROWID;

-- A gap's alternatives in the order written: a short answer's text, a numerical answer's value
-- (NULL is "*", any number) and tolerance, a choice's id and text with `correct` and `weight`.
-- `fraction` (short answer, numerical) and `weight` (choice) are NULL for an alternative
-- written `=` and may be negative (`%-50%`), as Moodle allows in a gap.
CREATE TABLE cloze_alternatives (
  version_id INTEGER NOT NULL,
  part       INTEGER NOT NULL,
  position   INTEGER NOT NULL CHECK (position >= 0),
  slug       TEXT,
  text       TEXT,
  value      REAL,
  tolerance  REAL CHECK (tolerance >= 0),
  fraction   REAL,
  correct    INTEGER CHECK (correct IN (0, 1)),
  weight     REAL,
  feedback   TEXT,
  PRIMARY KEY (version_id, part, position),
  UNIQUE (version_id, part, slug),
  FOREIGN KEY (version_id, part) REFERENCES cloze_parts (version_id, position) ON DELETE CASCADE,
  CHECK ((slug IS NULL) = (correct IS NULL)),
  CHECK (slug IS NOT NULL OR weight IS NULL)
) STRICT, WITHOUT ROWID;
