// cxapian.cpp — the implementation of cxapian.h (this target is the only code
// that includes <xapian.h>). Every entry point runs its C++ inside CX_TRY / CX_CATCH so that
// no exception crosses extern "C"; failures become a cx_error.
//
// This file holds what is common to every Xapian class (errors, freeing,
// string lists); each class has a file of its own, as xapian-glib does:
// database.cpp, document.cpp, termgenerator.cpp, query.cpp, queryparser.cpp,
// enquire.cpp.

#include "cxapian_internal.h"

extern "C" {

void cx_error_free(cx_error *err) {
    if (!err) return;
    std::free(err->message);
    std::free(err);
}

void cx_free(void *p) { std::free(p); }

const char *cx_version_string(void) { return Xapian::version_string(); }

// ---- string lists ----

size_t cx_strlist_count(const cx_strlist *l) { return l->items.size(); }
const char *cx_strlist_at(const cx_strlist *l, size_t i, size_t *len) {
    *len = l->items[i].first.size();
    return l->items[i].first.data();
}
uint32_t cx_strlist_number_at(const cx_strlist *l, size_t i) {
    return l->items[i].second;
}
void cx_strlist_free(cx_strlist *l) { delete l; }

}  // extern "C"
