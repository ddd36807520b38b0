-- The marks of a multiple-response gap's alternatives written blank (`{1:MR:= ~=a~=b~c}`):
-- Moodle counts them when it rescales the other choices' fractions, then drops them, so a and
-- b score 2/3 there; a gap that forgets them scores 1. Kept as written, separated by spaces:
-- `=` for 100 %, a weight (n/100) for `%n%`. NULL: none.
ALTER TABLE cloze_parts ADD COLUMN blank_marks TEXT
  CHECK (blank_marks IS NULL OR (multiple = 1 AND blank_marks <> ''));
