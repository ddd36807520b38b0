-- The points a mark was given out of: the points of the version it was scored against when the
-- marker gave it. Moodle keeps a manual mark as a fraction of the maximum, so when a question's
-- points change a regrade keeps that fraction (1 of 4 becomes 0.125 of 0.5). Marks from before,
-- and imported ones, cannot tell: they are kept as points, up to the question's points, as
-- before.
ALTER TABLE marks ADD COLUMN out_of REAL CHECK (out_of IS NULL OR out_of > 0);
