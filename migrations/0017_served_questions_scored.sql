-- Whether a served question takes an answer: a description does not. The monitor showed an
-- attempt with a description among nine questions as "8 of 9" for ever, since its progress
-- counted every question it was given. A version's kind never changes (an edit makes a new
-- version), so the flag is written once, with the row, and the trigger that recounts after a
-- delete reads it without joining question_versions (a trigger that names another table
-- stands in the way of rebuilding that table in a later migration).
ALTER TABLE served_questions ADD COLUMN scored INTEGER NOT NULL DEFAULT 1 CHECK (scored IN (0, 1));
UPDATE served_questions SET scored = 0
  WHERE version_id IN (SELECT id FROM question_versions WHERE kind = 'description');
UPDATE served_attempts SET
  question_count = (SELECT count(*) FROM served_questions WHERE served_id = served_attempts.id AND scored);
DROP TRIGGER served_questions_counted;
CREATE TRIGGER served_questions_counted AFTER DELETE ON served_questions BEGIN
  UPDATE served_attempts SET
    question_count = (SELECT count(*) FROM served_questions WHERE served_id = OLD.served_id AND scored),
    answered_count = (SELECT count(*) FROM served_answers WHERE served_id = OLD.served_id),
    answered_score = (SELECT total(score) FROM served_answers WHERE served_id = OLD.served_id)
  WHERE id = OLD.served_id;
END;
