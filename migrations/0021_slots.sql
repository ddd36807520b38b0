-- Slots (issue 36): a quiz's section places questions of any bank. A question written in the quiz
-- lives in the quiz's own bank and is placed as before (its section and position); a slot places
-- a question by reference (`quiz add slot`), with the points it is worth in this quiz and the
-- version it pins (NULL: the latest when an attempt starts), or draws `count` at random from a
-- category (`quiz add random`). A section's questions and slots share its positions.
-- Nothing existing changes, so every export, report and check stays byte-identical.
CREATE TABLE slots (
  id            INTEGER PRIMARY KEY,
  quiz_id       INTEGER NOT NULL REFERENCES quizzes (id) ON DELETE CASCADE,
  -- Sections are rebuilt when a quiz is saved; its slots are written again with them.
  section_id    INTEGER NOT NULL REFERENCES sections (id) ON DELETE CASCADE,
  position      INTEGER NOT NULL CHECK (position >= 0),
  -- A fixed slot: the question, never deleted while placed.
  question_id   INTEGER REFERENCES questions (id),
  version       INTEGER CHECK (version >= 1),
  points        REAL CHECK (points > 0),
  -- A random slot: the category it draws from, with or without those under it, and the tags
  -- (a JSON array) every drawn question carries.
  category_id   INTEGER REFERENCES categories (id),
  subcategories INTEGER CHECK (subcategories IN (0, 1)),
  tags          TEXT CHECK (tags IS NULL OR (json_valid(tags) AND tags LIKE '[%]')),
  count         INTEGER CHECK (count >= 1),
  UNIQUE (section_id, position),
  CHECK ((question_id IS NULL) <> (category_id IS NULL)),
  CHECK (question_id IS NOT NULL OR version IS NULL),
  CHECK ((category_id IS NULL) = (subcategories IS NULL)),
  CHECK ((category_id IS NULL) = (count IS NULL))
) STRICT;
CREATE INDEX slots_by_quiz ON slots (quiz_id);
CREATE INDEX slots_by_question ON slots (question_id) WHERE question_id IS NOT NULL;
CREATE INDEX slots_by_category ON slots (category_id) WHERE category_id IS NOT NULL;

-- What a question is worth in an attempt when its quiz's slot set it (a random slot always
-- does): NULL, its version's points. Recorded with the attempt, as Moodle keeps each question
-- attempt's maximum mark.
ALTER TABLE attempt_questions ADD COLUMN points REAL CHECK (points > 0);
ALTER TABLE served_questions ADD COLUMN points REAL CHECK (points > 0);
