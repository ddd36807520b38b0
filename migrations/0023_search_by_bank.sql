-- Search indexes each question of a bank once, named by its bank (issue 36): a question that
-- slots place in several quizzes is one row of the index (its rowid is the question's), and a
-- question no quiz places is found too. A write marks its bank in search_stale_banks, in the
-- same transaction, and a search first re-indexes the banks marked. A quiz's own questions are
-- in the bank of the quiz's id, so what a search finds of them reads as before.
CREATE TABLE search_stale_banks (
  bank_id INTEGER PRIMARY KEY REFERENCES banks (id) ON DELETE CASCADE
) STRICT;
DROP TABLE search_stale;
DELETE FROM search_index;
INSERT INTO search_stale_banks (bank_id) SELECT id FROM banks WHERE removed_at IS NULL;
