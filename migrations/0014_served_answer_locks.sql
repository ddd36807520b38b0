-- Whether a served attempt's answers lock once saved: a server revealing each answer as it is
-- saved (`quiz serve --reveal each`) signed it in or resumed it. Kept on the attempt, so that a
-- server restarted with another --reveal (after a crash, a flag forgotten) does not let a taker
-- change an answer whose right answer was shown. Attempts from before cannot tell: they lock as
-- the server serving them does.
ALTER TABLE served_attempts ADD COLUMN locks_answers INTEGER NOT NULL DEFAULT 0
  CHECK (locks_answers = 0 OR locks_answers = 1);
