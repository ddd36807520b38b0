#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift
// cannot import. These wrappers let Swift bind values that SQLite must copy.
static inline int csqlite_bind_text_transient(sqlite3_stmt *stmt, int index, const char *text, int length) {
  return sqlite3_bind_text(stmt, index, text, length, SQLITE_TRANSIENT);
}

static inline int csqlite_bind_blob_transient(sqlite3_stmt *stmt, int index, const void *bytes, int length) {
  return sqlite3_bind_blob(stmt, index, bytes, length, SQLITE_TRANSIENT);
}

// SQLITE_STATIC: SQLite reads the caller's bytes, which must stay valid until the statement
// is stepped and the parameter bound again (Statement.withText).
static inline int csqlite_bind_text_static(sqlite3_stmt *stmt, int index, const char *text, int length) {
  return sqlite3_bind_text(stmt, index, text, length, SQLITE_STATIC);
}

#endif
