#ifndef CSQLITECONFIG_H
#define CSQLITECONFIG_H

/// Turns SQLite's memory statistics off for the process (`sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0)`,
/// variadic, which Swift cannot call). Returns SQLite's result: SQLITE_OK (0), or SQLITE_MISUSE once
/// SQLite has initialized, when the setting can no longer change.
int splitfeed_sqlite_memstatus_off(void);

#endif
