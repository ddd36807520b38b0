-- Random slots never draw descriptions (issue 36). The candidates of a slot were found by
-- reading every matching question's current version for its kind; this small index holds only
-- the description versions, so a draw asks it whether a candidate is one instead.
CREATE INDEX question_versions_descriptions ON question_versions (question_id, version) WHERE kind = 'description';
