-- Full-text search over the current versions of questions: prompt, choices, explanation, tags.
-- A row's rowid is the question's (questions.id). The index is brought up to date lazily: every
-- write marks its quiz in search_stale, in the same transaction, and a search first re-indexes
-- the quizzes marked. So a bulk import pays one row per quiz, not one per question.
CREATE VIRTUAL TABLE search_index USING fts5(
  quiz UNINDEXED,
  question UNINDEXED,
  prompt,
  choices,
  explanation,
  tags,
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TABLE search_stale (
  quiz_id INTEGER PRIMARY KEY REFERENCES quizzes (id) ON DELETE CASCADE
) STRICT;

INSERT INTO search_stale (quiz_id) SELECT id FROM quizzes;
