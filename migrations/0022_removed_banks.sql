-- A bank removed with `quiz bank rm BANK --force` while attempts were given its questions: the
-- questions are retired and kept for those attempts' history, under the bank, which is set
-- aside (its id freed for a new bank, renamed `ID.removed-N`) and listed nowhere.
ALTER TABLE banks ADD COLUMN removed_at TEXT;
