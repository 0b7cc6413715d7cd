// The system SQLite (Debian libsqlite3-dev), imported by DesktopSources only,
// which wraps it; no SQLite type appears in DesktopSources' public API.
#include <sqlite3.h>
