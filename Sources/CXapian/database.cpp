// database.cpp — Xapian::Database and Xapian::WritableDatabase.
// (the conventions: cxapian.h; CX_TRY / CX_CATCH: cxapian_internal.h).

#include <algorithm>
#include "cxapian_internal.h"
#include "match_bound.h"

extern "C" {

// ---- databases ----

cx_db *cx_db_open(const char *path, size_t path_len, cx_error **err) {
    CX_TRY
    cx_db *d = new cx_db{Xapian::Database(str(path, path_len))};
    return d;
    CX_CATCH(nullptr)
}

cx_db *cx_db_open_remote(const char *host, size_t host_len, uint32_t port,
                         uint32_t timeout_ms, uint32_t connect_timeout_ms,
                         cx_error **err) {
    CX_TRY
    return new cx_db{Xapian::Remote::open(str(host, host_len), port, timeout_ms,
                                          connect_timeout_ms)};
    CX_CATCH(nullptr)
}

cx_db *cx_db_open_writable(const char *path, size_t path_len, int action,
                           cx_error **err) {
    CX_TRY
    cx_db *d = new cx_db{Xapian::WritableDatabase(str(path, path_len),
                                                  action | Xapian::DB_BACKEND_GLASS)};
    d->writable = true;
    return d;
    CX_CATCH(nullptr)
}

cx_db *cx_db_new_inmemory(cx_error **err) {
    CX_TRY
    cx_db *d = new cx_db{Xapian::WritableDatabase(std::string(), Xapian::DB_BACKEND_INMEMORY)};
    d->writable = true;
    return d;
    CX_CATCH(nullptr)
}

cx_db *cx_db_new_empty(void) { return new (std::nothrow) cx_db{Xapian::Database()}; }

int cx_db_add_database(cx_db *db, const cx_db *other, cx_error **err) {
    CX_TRY
    db->db.add_database(other->db);
    return 1;
    CX_CATCH(0)
}

int cx_db_is_writable(const cx_db *db) { return db->writable ? 1 : 0; }
void cx_db_free(cx_db *db) { delete db; }

int cx_db_reopen(cx_db *db, cx_error **err) {
    CX_TRY
    return db->db.reopen() ? 1 : 0;
    CX_CATCH(-1)
}

int cx_db_close(cx_db *db, cx_error **err) {
    CX_TRY
    db->db.close();
    return 1;
    CX_CATCH(0)
}

uint32_t cx_db_doccount(const cx_db *db, cx_error **err) {
    CX_TRY
    return db->db.get_doccount();
    CX_CATCH(0)
}

cx_docid cx_db_lastdocid(const cx_db *db, cx_error **err) {
    CX_TRY
    return db->db.get_lastdocid();
    CX_CATCH(0)
}

/* n terms given as pointers and lengths, as strings. */
static std::vector<std::string> term_strings(const char *const *terms, const size_t *lens, size_t n) {
    std::vector<std::string> out;
    out.reserve(n);
    for (size_t i = 0; i < n; ++i) out.emplace_back(str(terms[i], lens[i]));
    return out;
}

int cx_db_termfreqs(const cx_db *db, const char *const *terms,
                    const size_t *lens, size_t n, uint32_t *freqs,
                    cx_error **err) {
    CX_TRY
    std::vector<std::string> wanted = term_strings(terms, lens, n);
    Xapian::Enquire enquire(db->db);
    enquire.set_query(Xapian::Query(Xapian::Query::OP_OR, wanted.begin(), wanted.end()));
    // No hits wanted: the match set still carries every query term's
    // frequency, gathered from every shard.
    Xapian::MSet mset = enquire.get_mset(0, 0);
    for (size_t i = 0; i < n; ++i) freqs[i] = mset.get_termfreq(wanted[i]);
    return 1;
    CX_CATCH(0)
}

int cx_db_termfreqs_scan(const cx_db *db, const char *const *terms,
                         const size_t *lens, size_t n, uint32_t *freqs,
                         cx_error **err) {
    CX_TRY
    std::vector<std::string> wanted = term_strings(terms, lens, n);
    std::vector<size_t> order(n);
    for (size_t i = 0; i < n; ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return wanted[a] < wanted[b]; });
    Xapian::TermIterator it = db->db.allterms_begin(), end = db->db.allterms_end();
    for (size_t i : order) {
        if (it != end) it.skip_to(wanted[i]);
        freqs[i] = (it != end && *it == wanted[i]) ? it.get_termfreq() : 0;
    }
    return 1;
    CX_CATCH(0)
}

uint32_t cx_db_termfreq(const cx_db *db, const char *term, size_t len,
                        cx_error **err) {
    CX_TRY
    return db->db.get_termfreq(str(term, len));
    CX_CATCH(0)
}

uint64_t cx_db_match_bound(const cx_db *db, const cx_query *q, cx_error **err) {
    CX_TRY
    return cx_match_bound_of(q->q, db->db);
    CX_CATCH(0)
}

int cx_db_term_exists(const cx_db *db, const char *term, size_t len,
                      cx_error **err) {
    CX_TRY
    return db->db.term_exists(str(term, len)) ? 1 : 0;
    CX_CATCH(-1)
}

cx_docid *cx_db_postlist(const cx_db *db, const char *term, size_t len,
                         size_t *count, cx_error **err) {
    CX_TRY
    std::vector<cx_docid> ids;
    std::string t = str(term, len);
    for (auto it = db->db.postlist_begin(t); it != db->db.postlist_end(t); ++it)
        ids.push_back(*it);
    cx_docid *out = static_cast<cx_docid *>(std::malloc(sizeof(cx_docid) * (ids.size() + 1)));
    if (!out) throw std::bad_alloc();
    if (!ids.empty()) std::memcpy(out, ids.data(), sizeof(cx_docid) * ids.size());
    *count = ids.size();
    return out;
    CX_CATCH(nullptr)
}

cx_strlist *cx_db_allterms(const cx_db *db, const char *prefix, size_t len,
                           cx_error **err) {
    CX_TRY
    auto *l = new cx_strlist;
    std::string p = str(prefix, len);
    for (auto it = db->db.allterms_begin(p); it != db->db.allterms_end(p); ++it)
        l->items.emplace_back(*it, it.get_termfreq());
    return l;
    CX_CATCH(nullptr)
}

uint64_t cx_db_revision(const cx_db *db, cx_error **err) {
    CX_TRY
    return db->db.get_revision();
    CX_CATCH(0)
}

int cx_db_get_metadata(const cx_db *db, const char *key, size_t key_len,
                       char **out, size_t *out_len, cx_error **err) {
    CX_TRY
    return give_bytes(db->db.get_metadata(str(key, key_len)), out, out_len);
    CX_CATCH(0)
}

int cx_db_set_metadata(cx_db *db, const char *key, size_t key_len,
                       const char *value, size_t value_len, cx_error **err) {
    CX_TRY
    db->wdb().set_metadata(str(key, key_len), str(value, value_len));
    return 1;
    CX_CATCH(0)
}

cx_strlist *cx_db_metadata_keys(const cx_db *db, const char *prefix, size_t len,
                                cx_error **err) {
    CX_TRY
    auto *l = new cx_strlist;
    std::string p = str(prefix, len);
    for (auto it = db->db.metadata_keys_begin(p); it != db->db.metadata_keys_end(p); ++it)
        l->items.emplace_back(*it, 0);
    return l;
    CX_CATCH(nullptr)
}

int cx_db_commit(cx_db *db, cx_error **err) {
    CX_TRY
    db->wdb().commit();
    return 1;
    CX_CATCH(0)
}

int cx_db_begin_transaction(cx_db *db, int flushed, cx_error **err) {
    CX_TRY
    db->wdb().begin_transaction(flushed != 0);
    return 1;
    CX_CATCH(0)
}

int cx_db_commit_transaction(cx_db *db, cx_error **err) {
    CX_TRY
    db->wdb().commit_transaction();
    return 1;
    CX_CATCH(0)
}

int cx_db_cancel_transaction(cx_db *db, cx_error **err) {
    CX_TRY
    db->wdb().cancel_transaction();
    return 1;
    CX_CATCH(0)
}

cx_docid cx_db_add_document(cx_db *db, const cx_doc *doc, cx_error **err) {
    CX_TRY
    return db->wdb().add_document(doc->doc);
    CX_CATCH(0)
}

int cx_db_replace_document(cx_db *db, cx_docid did, const cx_doc *doc,
                           cx_error **err) {
    CX_TRY
    db->wdb().replace_document(did, doc->doc);
    return 1;
    CX_CATCH(0)
}

cx_docid cx_db_replace_document_by_term(cx_db *db, const char *term,
                                        size_t len, const cx_doc *doc,
                                        cx_error **err) {
    CX_TRY
    return db->wdb().replace_document(str(term, len), doc->doc);
    CX_CATCH(0)
}

int cx_db_delete_document(cx_db *db, cx_docid did, cx_error **err) {
    CX_TRY
    db->wdb().delete_document(did);
    return 1;
    CX_CATCH(0)
}

int cx_db_delete_document_by_term(cx_db *db, const char *term, size_t len,
                                  cx_error **err) {
    CX_TRY
    db->wdb().delete_document(str(term, len));
    return 1;
    CX_CATCH(0)
}

cx_doc *cx_db_get_document(const cx_db *db, cx_docid did, cx_error **err) {
    CX_TRY
    return new cx_doc{db->db.get_document(did)};
    CX_CATCH(nullptr)
}

cx_doc *cx_db_get_document_unchecked(const cx_db *db, cx_docid did, cx_error **err) {
    CX_TRY
    return new cx_doc{db->db.get_document(did, Xapian::DOC_ASSUME_VALID)};
    CX_CATCH(nullptr)
}

int cx_db_add_spelling(cx_db *db, const char *word, size_t len, uint32_t inc,
                       cx_error **err) {
    CX_TRY
    db->wdb().add_spelling(str(word, len), inc);
    return 1;
    CX_CATCH(0)
}

int cx_db_remove_spelling(cx_db *db, const char *word, size_t len,
                          uint32_t dec, cx_error **err) {
    CX_TRY
    db->wdb().remove_spelling(str(word, len), dec);
    return 1;
    CX_CATCH(0)
}

int cx_db_spelling_suggestion(const cx_db *db, const char *word, size_t len,
                              unsigned max_edit, char **out, size_t *out_len,
                              cx_error **err) {
    CX_TRY
    return give_bytes(db->db.get_spelling_suggestion(str(word, len), max_edit),
                      out, out_len);
    CX_CATCH(0)
}

cx_strlist *cx_db_spellings(const cx_db *db, cx_error **err) {
    CX_TRY
    auto *l = new cx_strlist;
    for (auto it = db->db.spellings_begin(); it != db->db.spellings_end(); ++it)
        l->items.emplace_back(*it, it.get_termfreq());
    return l;
    CX_CATCH(nullptr)
}

int cx_db_add_synonym(cx_db *db, const char *term, size_t len,
                      const char *synonym, size_t syn_len, cx_error **err) {
    CX_TRY
    db->wdb().add_synonym(str(term, len), str(synonym, syn_len));
    return 1;
    CX_CATCH(0)
}

int cx_db_remove_synonym(cx_db *db, const char *term, size_t len,
                         const char *synonym, size_t syn_len, cx_error **err) {
    CX_TRY
    db->wdb().remove_synonym(str(term, len), str(synonym, syn_len));
    return 1;
    CX_CATCH(0)
}

int cx_db_clear_synonyms(cx_db *db, const char *term, size_t len,
                         cx_error **err) {
    CX_TRY
    db->wdb().clear_synonyms(str(term, len));
    return 1;
    CX_CATCH(0)
}

cx_strlist *cx_db_synonyms(const cx_db *db, const char *term, size_t len,
                           cx_error **err) {
    CX_TRY
    auto *l = new cx_strlist;
    std::string t = str(term, len);
    for (auto it = db->db.synonyms_begin(t); it != db->db.synonyms_end(t); ++it)
        l->items.emplace_back(*it, 0);
    return l;
    CX_CATCH(nullptr)
}

cx_strlist *cx_db_synonym_keys(const cx_db *db, const char *prefix, size_t len,
                               cx_error **err) {
    CX_TRY
    auto *l = new cx_strlist;
    std::string p = str(prefix, len);
    for (auto it = db->db.synonym_keys_begin(p); it != db->db.synonym_keys_end(p); ++it)
        l->items.emplace_back(*it, 0);
    return l;
    CX_CATCH(nullptr)
}

int cx_db_compact(const cx_db *db, const char *dest, size_t dest_len,
                  unsigned flags, cx_error **err) {
    CX_TRY
    // Database::compact is not const in 1.4, though it does not change db.
    const_cast<cx_db *>(db)->db.compact(str(dest, dest_len), flags | Xapian::DB_BACKEND_GLASS);
    return 1;
    CX_CATCH(0)
}

}  // extern "C"
