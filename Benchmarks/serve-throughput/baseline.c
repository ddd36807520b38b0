// The reference for `quiz serve`'s answer saves: the same single-row writes into the same schema,
// one transaction each, by C with no HTTP and no JSON. The database is one the server used
// (migrations up to 0011, takers signed in): the targets are its served questions. Each commit
// is BEGIN IMMEDIATE, the served answer's upsert (the repository's statement) and, unless
// --answer-only, the change-log row the repository writes with it, then COMMIT, under the
// pragmas of Sources/SQLite/Database.swift (WAL, synchronous = NORMAL, foreign keys on).
//
//   gcc -O2 -o baseline baseline.c -lsqlite3
//   baseline DB SECONDS [--answer-only]
//
// Prints `commits=N seconds=S per_second=R`.
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void die(sqlite3 *db, const char *what) {
  fprintf(stderr, "baseline: %s: %s\n", what, db ? sqlite3_errmsg(db) : "");
  exit(1);
}

static sqlite3_stmt *prepare(sqlite3 *db, const char *sql) {
  sqlite3_stmt *s;
  if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &s, NULL) != SQLITE_OK) die(db, sql);
  return s;
}

static void step(sqlite3 *db, sqlite3_stmt *s) {
  if (sqlite3_step(s) != SQLITE_DONE) die(db, sqlite3_sql(s));
  sqlite3_reset(s);
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static double unix_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

struct target { sqlite3_int64 served, version; char quiz[128]; char question[128]; };

// Every served question of an open served attempt, with its quiz's and question's slugs.
static struct target *load_targets(sqlite3 *db, int *count) {
  sqlite3_stmt *s = prepare(db,
    "SELECT q.served_id, q.version_id, z.slug, k.slug FROM served_questions AS q"
    " JOIN served_attempts AS a ON a.id = q.served_id JOIN quizzes AS z ON z.id = a.quiz_id"
    " JOIN question_versions AS v ON v.id = q.version_id JOIN questions AS k ON k.id = v.question_id"
    " WHERE a.submitted_unix IS NULL ORDER BY q.position, q.served_id");
  int capacity = 1024, n = 0;
  struct target *targets = malloc(sizeof *targets * capacity);
  while (sqlite3_step(s) == SQLITE_ROW) {
    if (n == capacity) targets = realloc(targets, sizeof *targets * (capacity *= 2));
    targets[n].served = sqlite3_column_int64(s, 0);
    targets[n].version = sqlite3_column_int64(s, 1);
    snprintf(targets[n].quiz, sizeof targets[n].quiz, "%s", (const char *)sqlite3_column_text(s, 2));
    snprintf(targets[n].question, sizeof targets[n].question, "%s", (const char *)sqlite3_column_text(s, 3));
    n++;
  }
  sqlite3_finalize(s);
  *count = n;
  return targets;
}

int main(int argc, char **argv) {
  if (argc < 3) { fprintf(stderr, "usage: baseline DB SECONDS [--answer-only]\n"); return 64; }
  double seconds = atof(argv[2]);
  int with_log = !(argc > 3 && strcmp(argv[3], "--answer-only") == 0);
  sqlite3 *db;
  if (sqlite3_open(argv[1], &db) != SQLITE_OK) die(db, "open");
  sqlite3_busy_timeout(db, 5000);
  if (sqlite3_exec(db, "PRAGMA foreign_keys = ON; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL", 0, 0, 0)
      != SQLITE_OK) die(db, "pragmas");
  int count;
  struct target *targets = load_targets(db, &count);
  if (count == 0) { fprintf(stderr, "baseline: %s has no open served attempt\n", argv[1]); return 65; }
  sqlite3_stmt *begin = prepare(db, "BEGIN IMMEDIATE"), *commit = prepare(db, "COMMIT");
  sqlite3_stmt *upsert = prepare(db,
    "INSERT INTO served_answers (served_id, version_id, selected, response, response_unit, score, saved_at,"
    " saved_unix) VALUES (?, ?, ?, NULL, NULL, ?, ?, ?)"
    " ON CONFLICT (served_id, version_id) DO UPDATE SET selected = excluded.selected, response = excluded.response,"
    " response_unit = excluded.response_unit, score = excluded.score, saved_at = excluded.saved_at,"
    " saved_unix = excluded.saved_unix");
  sqlite3_stmt *log = prepare(db,
    "INSERT INTO change_log (changed_at, entity, operation, quiz, item, detail) VALUES (?, 'answer', 'update', ?, ?, ?)");
  const char *saved_at = "2026-11-01T10:00:00Z";
  long commits = 0;
  double start = now(), end = start + seconds, stop = start;
  while ((commits & 255) != 0 || (stop = now()) < end) {
    struct target *t = &targets[commits % count];
    step(db, begin);
    sqlite3_bind_int64(upsert, 1, t->served);
    sqlite3_bind_int64(upsert, 2, t->version);
    sqlite3_bind_text(upsert, 3, commits & 1 ? "b" : "a", -1, SQLITE_STATIC);
    sqlite3_bind_double(upsert, 4, commits & 1 ? 0 : 1);
    sqlite3_bind_text(upsert, 5, saved_at, -1, SQLITE_STATIC);
    sqlite3_bind_double(upsert, 6, unix_now());
    step(db, upsert);
    if (with_log) {
      sqlite3_bind_text(log, 1, saved_at, -1, SQLITE_STATIC);
      sqlite3_bind_text(log, 2, t->quiz, -1, SQLITE_STATIC);
      sqlite3_bind_text(log, 3, t->question, -1, SQLITE_STATIC);
      sqlite3_bind_text(log, 4, "{\"taker\":\"baseline\",\"answered\":1,\"questions\":20}", -1, SQLITE_STATIC);
      step(db, log);
    }
    step(db, commit);
    commits++;
  }
  printf("commits=%ld seconds=%.3f per_second=%.0f\n", commits, stop - start, commits / (stop - start));
  sqlite3_close(db);
  free(targets);
  return 0;
}
