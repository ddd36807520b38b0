-- Files a question's texts embed (images, mostly), as Moodle XML carries them: each belongs to
-- one text of one version (`field`: prompt, explanation, choices.ID.text, choices.ID.feedback),
-- so a changed file makes a new version and an attempt's version keeps the files it showed.
-- A rowid table, not WITHOUT ROWID: the rows are large.
CREATE TABLE question_files (
  id         INTEGER PRIMARY KEY,
  version_id INTEGER NOT NULL REFERENCES question_versions (id) ON DELETE CASCADE,
  position   INTEGER NOT NULL CHECK (position >= 0),
  field      TEXT NOT NULL CHECK (length(field) > 0),
  name       TEXT NOT NULL CHECK (length(name) > 0 AND instr(name, '/') = 0),
  data       BLOB NOT NULL,
  UNIQUE (version_id, position)
) STRICT;
