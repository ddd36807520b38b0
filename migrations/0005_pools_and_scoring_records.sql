-- Question pools: a section may give each attempt N of its questions, drawn at random, and a
-- quiz may shuffle question order per attempt. An attempt then records exactly which question
-- versions it was given, in which order, so that its maximum score, regrades and the item
-- statistics count only what it was given. Attempts without rows here were given every
-- question of their quiz, in quiz order.

ALTER TABLE sections ADD COLUMN pick INTEGER CHECK (pick >= 1);
ALTER TABLE quizzes ADD COLUMN shuffle_questions INTEGER CHECK (shuffle_questions = 0 OR shuffle_questions = 1);

CREATE TABLE attempt_questions (
  attempt_id INTEGER NOT NULL REFERENCES attempts (id) ON DELETE CASCADE,
  position   INTEGER NOT NULL CHECK (position >= 0),
  version_id INTEGER NOT NULL REFERENCES question_versions (id) ON DELETE CASCADE,
  PRIMARY KEY (attempt_id, position),
  UNIQUE (attempt_id, version_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX attempt_questions_by_version ON attempt_questions (version_id);

-- What each score was computed with, so that `quiz check` recomputes exactly that: the quiz's
-- default rule when the attempt was scored (NULL for attempts scored before this migration:
-- the quiz's rule of the day), and, for an answer that `quiz regrade` re-scored against a
-- later version of its question, that version (NULL: the answered version).
ALTER TABLE attempts ADD COLUMN scoring TEXT;
ALTER TABLE answers ADD COLUMN scored_version_id INTEGER REFERENCES question_versions (id) ON DELETE CASCADE;
CREATE INDEX answers_by_scored_version ON answers (scored_version_id) WHERE scored_version_id IS NOT NULL;
