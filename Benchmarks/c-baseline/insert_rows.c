// The ceiling for `quiz import`: the same rows, inserted into the same schema with the same
// pragmas and prepared statements, by C with no JSON parsing. Rows come from bank_to_rows.py.
// It writes what the import of new quizzes writes, in the same order and in one transaction:
// per quiz the look-up by slug (the import upserts), the quiz row with shuffle_questions, its
// own bank with the top category and its search_stale_banks mark (and a category per section title,
// at the section's first question), the sections with pick, questions with their bank and
// category, versions with text_format, choices,
// tags, files, and last the quiz's change-log row with its counts (`{"questions_new":N}`,
// naming the question when there is one).
//
//   cc -O2 -o insert_rows insert_rows.c -lsqlite3
//   insert_rows bank.rows db.sqlite migrations/0001_initial.sql
//
// Prints the seconds spent from opening the database to closing it (the rows file is read and
// split before the clock starts).
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void die(sqlite3 *db, const char *what) {
  fprintf(stderr, "insert_rows: %s: %s\n", what, db ? sqlite3_errmsg(db) : "");
  exit(1);
}

static char *slurp(const char *path, long *size) {
  FILE *file = fopen(path, "rb");
  if (!file) { perror(path); exit(66); }
  fseek(file, 0, SEEK_END);
  *size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *bytes = malloc(*size + 1);
  if (fread(bytes, 1, *size, file) != (size_t)*size) { perror(path); exit(66); }
  bytes[*size] = 0;
  fclose(file);
  return bytes;
}

// Splits a line in place into at most 16 fields, unescaping text; NULL marks \N.
static int split(char *line, char **fields) {
  int count = 0;
  char *start = line;
  for (;;) {
    char *end = strchr(start, '\t');
    if (end) *end = 0;
    if (strcmp(start, "\\N") == 0) {
      fields[count++] = NULL;
    } else {
      char *in = start, *out = start;
      while (*in) {
        if (*in == '\\' && in[1]) {
          in++;
          *out++ = *in == 't' ? '\t' : *in == 'n' ? '\n' : *in;
          in++;
        } else {
          *out++ = *in++;
        }
      }
      *out = 0;
      fields[count++] = start;
    }
    if (!end || count == 16) return count;
    start = end + 1;
  }
}

static void text(sqlite3_stmt *s, int i, const char *v) {
  if (v) sqlite3_bind_text(s, i, v, -1, SQLITE_STATIC); else sqlite3_bind_null(s, i);
}

static void integer(sqlite3_stmt *s, int i, const char *v) {
  if (v) sqlite3_bind_int(s, i, atoi(v)); else sqlite3_bind_null(s, i);
}

// Binds hex text as a blob (a question file's bytes); the hex is decoded in place.
static void hex_blob(sqlite3_stmt *s, int i, char *hex) {
  size_t n = strlen(hex) / 2;
  for (size_t k = 0; k < n; k++) {
    unsigned value;
    sscanf(hex + 2 * k, "%2x", &value);
    hex[k] = (char)value;
  }
  sqlite3_bind_blob(s, i, hex, (int)n, SQLITE_STATIC);
}

static void run(sqlite3 *db, sqlite3_stmt *s) {
  if (sqlite3_step(s) != SQLITE_DONE) die(db, sqlite3_sql(s));
  sqlite3_reset(s);
}

static sqlite3_stmt *prepare(sqlite3 *db, const char *sql) {
  sqlite3_stmt *s;
  if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &s, NULL) != SQLITE_OK) die(db, sql);
  return s;
}

int main(int argc, char **argv) {
  if (argc < 4) { fprintf(stderr, "usage: insert_rows ROWS DB MIGRATION.sql...\n"); return 64; }
  long size;
  char *rows = slurp(argv[1], &size);
  long lines = 0;
  for (long i = 0; i < size; i++) lines += rows[i] == '\n';
  char **line = malloc(sizeof(char *) * (lines + 1));
  long n = 0;
  for (char *p = rows; *p; ) {
    char *end = strchr(p, '\n');
    if (end) *end = 0;
    line[n++] = p;
    if (!end) break;
    p = end + 1;
  }

  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  sqlite3 *db;
  if (sqlite3_open(argv[2], &db) != SQLITE_OK) die(db, "open");
  sqlite3_busy_timeout(db, 5000);
  sqlite3_exec(db, "PRAGMA foreign_keys = ON; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL", 0, 0, 0);
  for (int m = 3; m < argc; m++) {
    long migration_size;
    char *sql = slurp(argv[m], &migration_size);
    if (sqlite3_exec(db, sql, 0, 0, 0) != SQLITE_OK) die(db, argv[m]);
    free(sql);
  }
  const char *now = "2026-11-29T10:00:00Z";
  sqlite3_stmt *lookup = prepare(db, "SELECT id, title, description, scoring, shuffle_questions FROM quizzes WHERE slug = ?");
  sqlite3_stmt *quiz = prepare(db, "INSERT INTO quizzes (slug, title, description, scoring, shuffle_questions, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)");
  sqlite3_stmt *stale = prepare(db, "INSERT OR IGNORE INTO search_stale_banks (bank_id) VALUES (?)");
  sqlite3_stmt *section = prepare(db, "INSERT INTO sections (quiz_id, position, title, pick) VALUES (?, ?, ?, ?)");
  sqlite3_stmt *question = prepare(db, "INSERT INTO questions (quiz_id, slug, section_id, position, current_version, bank_id, category_id) VALUES (?, ?, ?, ?, 1, ?, ?)");
  // The quiz's own bank with its top category (migration 0020), and a category per section title.
  sqlite3_stmt *bank_lookup = prepare(db, "SELECT id FROM banks WHERE slug = ?");
  sqlite3_stmt *bank = prepare(db, "INSERT INTO banks (slug, title, description, created_at, updated_at) VALUES (?, ?, NULL, ?, ?)");
  sqlite3_stmt *top = prepare(db, "INSERT INTO categories (bank_id, parent_id, name) VALUES (?, NULL, '')");
  sqlite3_stmt *own = prepare(db, "UPDATE quizzes SET bank_id = ? WHERE id = ?");
  sqlite3_stmt *top_lookup = prepare(db, "SELECT id FROM categories WHERE bank_id = ? AND parent_id IS NULL");
  sqlite3_stmt *category_lookup = prepare(db, "SELECT id FROM categories WHERE parent_id = ? AND name = ?");
  sqlite3_stmt *category = prepare(db, "INSERT INTO categories (bank_id, parent_id, name) VALUES (?, ?, ?)");
  sqlite3_stmt *version = prepare(db, "INSERT INTO question_versions (question_id, version, created_at, prompt, explanation, points, multiple, scoring, shuffle, choice_count, correct_count, text_format) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  sqlite3_stmt *choice = prepare(db, "INSERT INTO choices (version_id, position, slug, text, correct, weight, feedback) VALUES (?, ?, ?, ?, ?, ?, ?)");
  sqlite3_stmt *tag = prepare(db, "INSERT INTO question_tags (question_id, position, tag) VALUES (?, ?, ?)");
  sqlite3_stmt *file = prepare(db, "INSERT INTO question_files (version_id, position, field, name, data) VALUES (?, ?, ?, ?, ?)");
  sqlite3_stmt *log = prepare(db, "INSERT INTO change_log (changed_at, entity, operation, quiz, item, detail) VALUES (?, 'quiz', 'insert', ?, ?, ?)");

  sqlite3_exec(db, "BEGIN IMMEDIATE", 0, 0, 0);
  sqlite3_int64 quiz_id = 0, section_id = 0, question_id = 0, version_id = 0, bank_id = 0, category_id = 0;
  char section_title[1024] = "";
  int section_pos = 0, question_pos = 0, choice_pos = 0, tag_pos = 0, file_pos = 0, questions = 0;
  char slug[256] = "", first_question[256] = "";
  char *f[16];
  for (long i = 0; i <= n; i++) {
    int count = i < n ? split(line[i], f) : 0;
    // The change-log row of the quiz before, once its questions are in (as logSave writes it).
    if (slug[0] && (i == n || (count > 0 && f[0][0] == 'Q'))) {
      char detail[64];
      snprintf(detail, sizeof detail, "{\"questions_new\":%d}", questions);
      text(log, 1, now); text(log, 2, slug); text(log, 3, questions == 1 ? first_question : NULL);
      text(log, 4, questions ? detail : "{}");
      run(db, log);
      slug[0] = 0;
    }
    if (count == 0) continue;
    switch (f[0][0]) {
    case 'Q':
      text(lookup, 1, f[1]);
      if (sqlite3_step(lookup) != SQLITE_DONE) die(db, "quiz already stored");
      sqlite3_reset(lookup);
      text(quiz, 1, f[1]); text(quiz, 2, f[2]); text(quiz, 3, f[3]); text(quiz, 4, f[4]);
      integer(quiz, 5, f[5]); text(quiz, 6, now); text(quiz, 7, now);
      run(db, quiz);
      quiz_id = sqlite3_last_insert_rowid(db);
      text(bank_lookup, 1, f[1]);
      if (sqlite3_step(bank_lookup) != SQLITE_DONE) die(db, "bank already stored");
      sqlite3_reset(bank_lookup);
      text(bank, 1, f[1]); text(bank, 2, f[2]); text(bank, 3, now); text(bank, 4, now);
      run(db, bank);
      bank_id = sqlite3_last_insert_rowid(db);
      sqlite3_bind_int64(top, 1, bank_id);
      run(db, top);
      sqlite3_bind_int64(own, 1, bank_id); sqlite3_bind_int64(own, 2, quiz_id);
      run(db, own);
      sqlite3_bind_int64(stale, 1, bank_id);
      run(db, stale);
      snprintf(slug, sizeof slug, "%s", f[1]);
      section_pos = 0;
      questions = 0;
      break;
    case 'S':
      sqlite3_bind_int64(section, 1, quiz_id); sqlite3_bind_int(section, 2, section_pos++); text(section, 3, f[1]);
      integer(section, 4, f[2]);
      run(db, section);
      section_id = sqlite3_last_insert_rowid(db);
      question_pos = 0;
      snprintf(section_title, sizeof section_title, "%s", f[1] ? f[1] : "");
      category_id = 0;
      break;
    case 'U':
      if (category_id == 0) {
        // As the import does at a section's first question: the top, then its title's category.
        sqlite3_bind_int64(top_lookup, 1, bank_id);
        if (sqlite3_step(top_lookup) != SQLITE_ROW) die(db, "no top category");
        category_id = sqlite3_column_int64(top_lookup, 0);
        sqlite3_reset(top_lookup);
        if (section_title[0]) {
          sqlite3_bind_int64(category_lookup, 1, category_id); text(category_lookup, 2, section_title);
          int found = sqlite3_step(category_lookup) == SQLITE_ROW;
          sqlite3_int64 existing = found ? sqlite3_column_int64(category_lookup, 0) : 0;
          sqlite3_reset(category_lookup);
          if (found) {
            category_id = existing;
          } else {
            sqlite3_bind_int64(category, 1, bank_id); sqlite3_bind_int64(category, 2, category_id);
            text(category, 3, section_title);
            run(db, category);
            category_id = sqlite3_last_insert_rowid(db);
          }
        }
      }
      sqlite3_bind_int64(question, 6, category_id); sqlite3_bind_int64(question, 5, bank_id);
      sqlite3_bind_int64(question, 1, quiz_id); text(question, 2, f[1]);
      sqlite3_bind_int64(question, 3, section_id); sqlite3_bind_int(question, 4, question_pos++);
      run(db, question);
      question_id = sqlite3_last_insert_rowid(db);
      if (questions++ == 0) snprintf(first_question, sizeof first_question, "%s", f[1]);
      sqlite3_bind_int64(version, 1, question_id); sqlite3_bind_int(version, 2, 1); text(version, 3, now);
      text(version, 4, f[2]); text(version, 5, f[3]); sqlite3_bind_double(version, 6, atof(f[4]));
      sqlite3_bind_int(version, 7, atoi(f[5])); text(version, 8, f[6]); sqlite3_bind_int(version, 9, atoi(f[7]));
      sqlite3_bind_int(version, 10, atoi(f[8])); sqlite3_bind_int(version, 11, atoi(f[9]));
      text(version, 12, f[10]);
      run(db, version);
      version_id = sqlite3_last_insert_rowid(db);
      choice_pos = 0;
      tag_pos = 0;
      file_pos = 0;
      break;
    case 'C':
      sqlite3_bind_int64(choice, 1, version_id); sqlite3_bind_int(choice, 2, choice_pos++);
      text(choice, 3, f[1]); text(choice, 4, f[2]); sqlite3_bind_int(choice, 5, atoi(f[3]));
      if (f[4]) sqlite3_bind_double(choice, 6, atof(f[4])); else sqlite3_bind_null(choice, 6);
      text(choice, 7, f[5]);
      run(db, choice);
      break;
    case 'T':
      sqlite3_bind_int64(tag, 1, question_id); sqlite3_bind_int(tag, 2, tag_pos++); text(tag, 3, f[1]);
      run(db, tag);
      break;
    case 'F':
      sqlite3_bind_int64(file, 1, version_id); sqlite3_bind_int(file, 2, file_pos++);
      text(file, 3, f[1]); text(file, 4, f[2]); hex_blob(file, 5, f[3]);
      run(db, file);
      break;
    }
  }
  if (sqlite3_exec(db, "COMMIT", 0, 0, 0) != SQLITE_OK) die(db, "COMMIT");
  sqlite3_stmt *all[] = {lookup, quiz, stale, section, question, version, choice, tag, file, log,
                         bank_lookup, bank, top, own, top_lookup, category_lookup, category};
  for (int i = 0; i < 17; i++) sqlite3_finalize(all[i]);
  if (sqlite3_close(db) != SQLITE_OK) die(db, "close");
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("%.3f\n", (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
  return 0;
}
