-- Every write logs a `change_log` row, and a CHECK written `operation IN ('insert', …)` made
-- SQLite build a temporary b-tree of the list for each row it inserted (`OpenEphemeral`: a
-- pager allocated, cleared and freed), which cost a served answer's save more than its own
-- index. The same CHECK written with `=` and `OR` compares in place. SQLite cannot alter a
-- CHECK, so the table is rebuilt as in 0011, keeping every row and the sequence.
CREATE TABLE change_log_new (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT,
  changed_at TEXT NOT NULL,
  entity     TEXT NOT NULL
             CHECK (entity = 'quiz' OR entity = 'section' OR entity = 'question' OR entity = 'choice'
                    OR entity = 'attempt' OR entity = 'regrade' OR entity = 'taker' OR entity = 'answer'),
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
