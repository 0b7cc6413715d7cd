// The system SQLite's header (Debian libsqlite3-dev), imported by DesktopSources
// only, for its types and constants. The library itself is not linked: it is
// loaded with dlopen the first time a Firefox profile is read (SQLiteLibrary),
// so every other command — a search on each keystroke — starts without it.
#include <sqlite3.h>
