-- An attempt imported from an export that carried its maximum (`max_score`, docs/quiz-bank.md,
-- "History"): the maximum was set where the attempt was recorded, by what that database knew
-- (a regrade there, the quiz's questions at that moment), and is kept as it came. `quiz check`
-- takes it as it takes a regrade's.
ALTER TABLE attempts ADD COLUMN max_carried INTEGER NOT NULL DEFAULT 0 CHECK (max_carried IN (0, 1));
