-- Question banks (issue 36): a bank holds its questions in a tree of categories. Each quiz gets a
-- bank of its own, with the quiz's id, title and times; each of the quiz's questions lives in that
-- bank, in the category named by its section's title (a question of an untitled section, or a
-- retired one, at the bank's top). A question that no quiz places (`quiz add … --bank`) has no
-- quiz: `quiz_id` is NULL. Placement is still a question's section and position in its quiz;
-- what quizzes read and write is unchanged, so every export, report and check is byte-identical.
-- SQLite cannot make a column nullable, so questions is rebuilt (the migrator runs this with
-- foreign keys off and checks them after).
CREATE TABLE banks (
  id          INTEGER PRIMARY KEY,
  slug        TEXT NOT NULL UNIQUE
              CHECK (length(slug) BETWEEN 1 AND 100 AND slug GLOB '[a-z0-9]*'
                     AND slug NOT GLOB '*[^a-z0-9._-]*'),
  title       TEXT NOT NULL CHECK (title <> ''),
  description TEXT,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
) STRICT;

-- A category is a name under its parent. The bank's top has neither: one per bank. Categories
-- go with their bank in one statement (`bank_id` cascades); `parent_id` does not cascade, so
-- that a deep tree never nests one trigger per level.
CREATE TABLE categories (
  id        INTEGER PRIMARY KEY,
  bank_id   INTEGER NOT NULL REFERENCES banks (id) ON DELETE CASCADE,
  parent_id INTEGER REFERENCES categories (id),
  name      TEXT NOT NULL,
  CHECK ((parent_id IS NULL) = (name = '')),
  UNIQUE (parent_id, name)
) STRICT;
CREATE UNIQUE INDEX categories_top ON categories (bank_id) WHERE parent_id IS NULL;
CREATE INDEX categories_by_bank ON categories (bank_id);

-- The quiz's own bank: where a question written in the quiz goes.
ALTER TABLE quizzes ADD COLUMN bank_id INTEGER REFERENCES banks (id);
CREATE INDEX quizzes_by_bank ON quizzes (bank_id);

INSERT INTO banks (id, slug, title, description, created_at, updated_at)
  SELECT id, slug, title, NULL, created_at, updated_at FROM quizzes;
UPDATE quizzes SET bank_id = id;
INSERT INTO categories (bank_id, parent_id, name) SELECT id, NULL, '' FROM banks;
INSERT INTO categories (bank_id, parent_id, name)
  SELECT DISTINCT s.quiz_id, top.id, s.title
  FROM sections s JOIN categories top ON top.bank_id = s.quiz_id AND top.parent_id IS NULL
  WHERE s.title IS NOT NULL AND s.title <> '';

CREATE TABLE questions_new (
  id              INTEGER PRIMARY KEY,
  bank_id         INTEGER NOT NULL REFERENCES banks (id) ON DELETE CASCADE,
  category_id     INTEGER NOT NULL REFERENCES categories (id),
  quiz_id         INTEGER REFERENCES quizzes (id) ON DELETE CASCADE,
  slug            TEXT NOT NULL
                  CHECK (length(slug) BETWEEN 1 AND 100 AND slug GLOB '[a-z0-9]*'
                         AND slug NOT GLOB '*[^a-z0-9._-]*'),
  section_id      INTEGER REFERENCES sections (id) ON DELETE SET NULL,
  position        INTEGER CHECK (position >= 0),
  current_version INTEGER NOT NULL CHECK (current_version >= 1),
  retired_at      TEXT,
  UNIQUE (bank_id, slug),
  UNIQUE (quiz_id, slug),
  UNIQUE (section_id, position),
  CHECK ((section_id IS NULL) = (position IS NULL)),
  CHECK (retired_at IS NULL OR section_id IS NULL),
  CHECK (quiz_id IS NOT NULL OR section_id IS NULL)
) STRICT;
INSERT INTO questions_new
    (id, bank_id, category_id, quiz_id, slug, section_id, position, current_version, retired_at)
  SELECT q.id, q.quiz_id,
         coalesce(
           (SELECT c.id FROM sections s
              JOIN categories c ON c.bank_id = q.quiz_id AND c.parent_id IS NOT NULL AND c.name = s.title
              WHERE s.id = q.section_id),
           (SELECT c.id FROM categories c WHERE c.bank_id = q.quiz_id AND c.parent_id IS NULL)),
         q.quiz_id, q.slug, q.section_id, q.position, q.current_version, q.retired_at
  FROM questions q;
DROP TABLE questions;
ALTER TABLE questions_new RENAME TO questions;
-- A category is deleted only with its bank; its questions are looked up by it then.
CREATE INDEX questions_by_category ON questions (category_id);

-- Bank operations are logged as entity 'bank' (`quiz` holds the bank's id), so `quiz watch`
-- sees them. SQLite cannot alter a CHECK: change_log is rebuilt as in 0012, every row and the
-- sequence kept.
CREATE TABLE change_log_new (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT,
  changed_at TEXT NOT NULL,
  entity     TEXT NOT NULL
             CHECK (entity = 'quiz' OR entity = 'section' OR entity = 'question' OR entity = 'choice'
                    OR entity = 'attempt' OR entity = 'regrade' OR entity = 'taker' OR entity = 'answer'
                    OR entity = 'bank'),
  operation  TEXT NOT NULL CHECK (operation = 'insert' OR operation = 'update' OR operation = 'delete'),
  quiz       TEXT NOT NULL,
  item       TEXT,
  detail     TEXT
) STRICT;
INSERT INTO change_log_new SELECT * FROM change_log;
DELETE FROM sqlite_sequence WHERE name = 'change_log_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'change_log_new', seq FROM sqlite_sequence WHERE name = 'change_log';
DROP TABLE change_log;
ALTER TABLE change_log_new RENAME TO change_log;
CREATE INDEX change_log_by_quiz ON change_log (quiz, seq);
