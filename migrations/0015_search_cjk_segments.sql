-- Search finds a Chinese or Japanese word inside a longer run of text (`首都` in `首都は？`):
-- unicode61 takes a run of letters as one token, and these scripts write no spaces between
-- words. Every Han, kana, Hangul and Bopomofo character is now indexed, and searched for, with
-- a zero-width space (U+200B) on each side (QuizRepository.segmentedForSearch), which this
-- tokenizer takes as a separator: each such character is a token, and a word of several is a
-- phrase of them. The separator between the quotes below is that character. The index is
-- rebuilt as every write leaves it: each quiz marked stale, re-indexed by the next search.
DROP TABLE search_index;
CREATE VIRTUAL TABLE search_index USING fts5(
  quiz UNINDEXED,
  question UNINDEXED,
  prompt,
  choices,
  explanation,
  tags,
  tokenize = "unicode61 remove_diacritics 2 separators '​'"
);
INSERT OR IGNORE INTO search_stale (quiz_id) SELECT id FROM quizzes;
