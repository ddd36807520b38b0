-- How a question version's texts are written: NULL for plain text (the default, kept absent
-- so that an export writes back what was imported), else markdown, html or moodle.
ALTER TABLE question_versions ADD COLUMN text_format TEXT
  CHECK (text_format IN ('markdown', 'html', 'moodle'));
