-- A served attempt's progress, kept on its row: how many of its questions it was given, how
-- many have a saved answer and their score so far. Every save logs that progress (the
-- monitor's and `quiz watch`'s view of a taker), and counting it from served_answers and
-- served_questions took three index scans per save: a save's costliest statement, on the
-- one thread that commits every save of a server. A save now adds its change to these
-- columns in its own transaction, and nothing else writes served_answers.
ALTER TABLE served_attempts ADD COLUMN question_count INTEGER NOT NULL DEFAULT 0 CHECK (question_count >= 0);
ALTER TABLE served_attempts ADD COLUMN answered_count INTEGER NOT NULL DEFAULT 0
  CHECK (answered_count >= 0 AND answered_count <= question_count);
ALTER TABLE served_attempts ADD COLUMN answered_score REAL NOT NULL DEFAULT 0;
UPDATE served_attempts SET
  question_count = (SELECT count(*) FROM served_questions WHERE served_id = served_attempts.id),
  answered_count = (SELECT count(*) FROM served_answers WHERE served_id = served_attempts.id),
  answered_score = (SELECT total(score) FROM served_answers WHERE served_id = served_attempts.id);
-- Rows that go otherwise (`quiz rm --purge` deletes a question's versions, and with them the
-- served questions pinned to them and their saved answers) leave their attempts counted again,
-- whatever deleted them. SQLite runs the cascades before these, so each count is the final one.
CREATE TRIGGER served_questions_counted AFTER DELETE ON served_questions BEGIN
  UPDATE served_attempts SET
    question_count = (SELECT count(*) FROM served_questions WHERE served_id = OLD.served_id),
    answered_count = (SELECT count(*) FROM served_answers WHERE served_id = OLD.served_id),
    answered_score = (SELECT total(score) FROM served_answers WHERE served_id = OLD.served_id)
  WHERE id = OLD.served_id;
END;
CREATE TRIGGER served_answers_counted AFTER DELETE ON served_answers BEGIN
  UPDATE served_attempts SET
    answered_count = (SELECT count(*) FROM served_answers WHERE served_id = OLD.served_id),
    answered_score = (SELECT total(score) FROM served_answers WHERE served_id = OLD.served_id)
  WHERE id = OLD.served_id;
END;
