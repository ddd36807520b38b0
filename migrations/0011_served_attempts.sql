-- Served attempts: an attempt being taken through `quiz serve` (a browser, the JSON API) lives
-- here from sign-in until it is submitted, so that a taker can close the page, sign in again
-- and resume with the same questions, answers and deadline, and so that every server process
-- (and `quiz watch`) sees the same state. At submit it is recorded as an ordinary attempt
-- (attempts, answers) pinned to the versions it was shown; `attempt_id` then names it. One
-- served attempt per quiz and taker. The token is the taker's credential (128 random bits), the
-- csrf value protects the pages' forms; neither is ever written to the change log.

CREATE TABLE served_attempts (
  id             INTEGER PRIMARY KEY,
  token          TEXT NOT NULL UNIQUE CHECK (length(token) = 32 AND token NOT GLOB '*[^0-9a-f]*'),
  csrf           TEXT NOT NULL CHECK (length(csrf) = 32 AND csrf NOT GLOB '*[^0-9a-f]*'),
  quiz_id        INTEGER NOT NULL REFERENCES quizzes (id) ON DELETE CASCADE,
  taker          TEXT NOT NULL CHECK (taker <> ''),
  -- RFC 3339 as attempts keep it, and Unix seconds for deadlines and ordering.
  started_at     TEXT NOT NULL,
  started_unix   REAL NOT NULL,
  -- NULL: no time limit. Set once at the start: resuming keeps it.
  deadline_unix  REAL CHECK (deadline_unix >= started_unix),
  -- The seed the questions were drawn and shuffled with (as `take --seed`), for the record; the
  -- order itself is kept in served_questions, so a later change to the quiz changes nothing.
  seed           INTEGER NOT NULL,
  -- Whether the recorded attempt lists the questions it was given (the quiz drew or shuffled
  -- questions per attempt), as `take` records it.
  records_given  INTEGER NOT NULL CHECK (records_given IN (0, 1)),
  submitted_at   TEXT,
  submitted_unix REAL,
  -- The score recorded at submit; the attempt's own row (regrades, marks) is the truth after.
  score          REAL,
  max_score      REAL CHECK (max_score >= 0),
  -- Submitted because its deadline passed, with what was saved.
  expired        INTEGER NOT NULL DEFAULT 0 CHECK (expired IN (0, 1)),
  attempt_id     INTEGER REFERENCES attempts (id) ON DELETE SET NULL,
  UNIQUE (quiz_id, taker),
  CHECK ((submitted_at IS NULL) = (submitted_unix IS NULL)),
  CHECK ((submitted_at IS NULL) = (score IS NULL) AND (score IS NULL) = (max_score IS NULL)),
  CHECK (attempt_id IS NULL OR submitted_at IS NOT NULL),
  CHECK (expired = 0 OR submitted_at IS NOT NULL)
) STRICT;
-- `submitExpiredServedAttempts` looks for open attempts past their deadline.
CREATE INDEX served_attempts_open_by_deadline ON served_attempts (deadline_unix)
  WHERE submitted_unix IS NULL AND deadline_unix IS NOT NULL;
CREATE INDEX served_attempts_by_attempt ON served_attempts (attempt_id) WHERE attempt_id IS NOT NULL;

-- The questions a served attempt shows, in its order, pinned to the version shown at sign-in.
-- `shown_order` is the order of the version's choices, stems, matching answers and gap choices
-- as index lists, a compact JSON object (PresentationOrder.storageText); NULL: as stored.
CREATE TABLE served_questions (
  served_id   INTEGER NOT NULL REFERENCES served_attempts (id) ON DELETE CASCADE,
  position    INTEGER NOT NULL CHECK (position >= 0),
  version_id  INTEGER NOT NULL REFERENCES question_versions (id) ON DELETE CASCADE,
  shown_order TEXT CHECK (shown_order IS NULL OR (json_valid(shown_order) AND shown_order LIKE '{%}')),
  PRIMARY KEY (served_id, position),
  UNIQUE (served_id, version_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX served_questions_by_version ON served_questions (version_id);

-- The answers saved so far, one per pinned question, kept as answers keeps them (`selected`;
-- `response` and `response_unit` for the other kinds, matching and cloze as compact JSON) with
-- the score they had when saved. The foreign key on the pair makes an answer to a question the
-- attempt was not shown impossible.
CREATE TABLE served_answers (
  served_id     INTEGER NOT NULL,
  version_id    INTEGER NOT NULL,
  selected      TEXT NOT NULL,
  response      TEXT,
  response_unit TEXT,
  score         REAL NOT NULL,
  saved_at      TEXT NOT NULL,
  saved_unix    REAL NOT NULL,
  PRIMARY KEY (served_id, version_id),
  FOREIGN KEY (served_id, version_id) REFERENCES served_questions (served_id, version_id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

-- Let `change_log` name a taker's sign-in and a saved answer: SQLite cannot alter a CHECK, so the
-- table is rebuilt as in 0002. A submission is logged as an 'attempt'.
CREATE TABLE change_log_new (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT,
  changed_at TEXT NOT NULL,
  entity     TEXT NOT NULL
             CHECK (entity = 'quiz' OR entity = 'section' OR entity = 'question' OR entity = 'choice'
                    OR entity = 'attempt' OR entity = 'regrade' OR entity = 'taker' OR entity = 'answer'),
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
