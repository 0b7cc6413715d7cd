// cxapian.cpp — the implementation of cxapian.h: the only file that includes
// <xapian.h>. Every entry point runs its C++ inside CX_TRY / CX_CATCH so that
// no exception crosses extern "C"; failures become a cx_error.

#include "cxapian.h"
#include "docid_range_source.h"

#include <xapian.h>

#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <utility>
#include <vector>

struct cx_db {
    Xapian::Database db;
    bool writable = false;
    Xapian::WritableDatabase &wdb() {
        if (!writable)
            throw Xapian::InvalidOperationError("database is read-only");
        return static_cast<Xapian::WritableDatabase &>(db);
    }
};
struct cx_doc { Xapian::Document doc; };
struct cx_query { Xapian::Query q; };
struct cx_termgen { Xapian::TermGenerator tg; };
struct cx_qparser { Xapian::QueryParser qp; };
struct cx_enquire { Xapian::Enquire enq; };
struct cx_mset { Xapian::MSet mset; };
struct cx_strlist {
    std::vector<std::pair<std::string, uint32_t>> items;
};

namespace {

void set_error(cx_error **err, const char *type, const std::string &msg) {
    if (!err) return;
    cx_error *e = static_cast<cx_error *>(std::malloc(sizeof(cx_error)));
    if (!e) return;
    e->type = type;
    e->message = static_cast<char *>(std::malloc(msg.size() + 1));
    if (e->message) {
        std::memcpy(e->message, msg.data(), msg.size());
        e->message[msg.size()] = '\0';
        e->message_len = msg.size();
    } else {
        e->message_len = 0;
    }
    *err = e;
}

void set_xapian_error(cx_error **err, const Xapian::Error &x) {
    std::string msg = x.get_msg();
    if (!x.get_context().empty()) msg += " (context: " + x.get_context() + ")";
    if (x.get_error_string()) msg += std::string(" (") + x.get_error_string() + ")";
    set_error(err, x.get_type(), msg);
}

// Copies bytes into a malloc'd buffer the caller frees with cx_free.
bool give_bytes(const std::string &s, char **out, size_t *out_len) {
    char *p = static_cast<char *>(std::malloc(s.size() + 1));
    if (!p) throw std::bad_alloc();
    std::memcpy(p, s.data(), s.size());
    p[s.size()] = '\0';
    *out = p;
    *out_len = s.size();
    return true;
}

inline std::string str(const char *p, size_t n) {
    return n ? std::string(p, n) : std::string();
}

}  // namespace

// get_type() names the most-derived class, so one Xapian::Error handler keeps
// the exact kind (DatabaseLockError, QueryParserError, ...).
#define CX_TRY try {
#define CX_CATCH(retval)                                                    \
    }                                                                       \
    catch (const Xapian::Error &x) { set_xapian_error(err, x); return retval; } \
    catch (const std::bad_alloc &) { set_error(err, "std::bad_alloc", "out of memory"); return retval; } \
    catch (const std::exception &x) { set_error(err, "std::exception", x.what()); return retval; } \
    catch (...) { set_error(err, "UnknownError", "unknown C++ exception"); return retval; }

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

// ---- databases ----

cx_db *cx_db_open(const char *path, size_t path_len, cx_error **err) {
    CX_TRY
    cx_db *d = new cx_db{Xapian::Database(str(path, path_len))};
    return d;
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

uint32_t cx_db_termfreq(const cx_db *db, const char *term, size_t len,
                        cx_error **err) {
    CX_TRY
    return db->db.get_termfreq(str(term, len));
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

// ---- documents ----

cx_doc *cx_doc_new(void) { return new (std::nothrow) cx_doc; }
void cx_doc_free(cx_doc *doc) { delete doc; }
cx_docid cx_doc_docid(const cx_doc *doc) { return doc->doc.get_docid(); }

int cx_doc_add_term(cx_doc *doc, const char *term, size_t len, uint32_t wdf_inc,
                    cx_error **err) {
    CX_TRY
    doc->doc.add_term(str(term, len), wdf_inc);
    return 1;
    CX_CATCH(0)
}

int cx_doc_add_boolean_term(cx_doc *doc, const char *term, size_t len,
                            cx_error **err) {
    CX_TRY
    doc->doc.add_boolean_term(str(term, len));
    return 1;
    CX_CATCH(0)
}

int cx_doc_add_posting(cx_doc *doc, const char *term, size_t len, uint32_t pos,
                       uint32_t wdf_inc, cx_error **err) {
    CX_TRY
    doc->doc.add_posting(str(term, len), pos, wdf_inc);
    return 1;
    CX_CATCH(0)
}

int cx_doc_remove_term(cx_doc *doc, const char *term, size_t len,
                       cx_error **err) {
    CX_TRY
    doc->doc.remove_term(str(term, len));
    return 1;
    CX_CATCH(0)
}

int cx_doc_set_data(cx_doc *doc, const char *data, size_t len, cx_error **err) {
    CX_TRY
    doc->doc.set_data(str(data, len));
    return 1;
    CX_CATCH(0)
}

int cx_doc_get_data(const cx_doc *doc, char **out, size_t *out_len,
                    cx_error **err) {
    CX_TRY
    return give_bytes(doc->doc.get_data(), out, out_len);
    CX_CATCH(0)
}

int cx_doc_add_value(cx_doc *doc, cx_slot slot, const char *value, size_t len,
                     cx_error **err) {
    CX_TRY
    doc->doc.add_value(slot, str(value, len));
    return 1;
    CX_CATCH(0)
}

int cx_doc_get_value(const cx_doc *doc, cx_slot slot, char **out,
                     size_t *out_len, cx_error **err) {
    CX_TRY
    return give_bytes(doc->doc.get_value(slot), out, out_len);
    CX_CATCH(0)
}

cx_strlist *cx_doc_termlist(const cx_doc *doc, cx_error **err) {
    CX_TRY
    auto *l = new cx_strlist;
    for (auto it = doc->doc.termlist_begin(); it != doc->doc.termlist_end(); ++it)
        l->items.emplace_back(*it, it.get_wdf());
    return l;
    CX_CATCH(nullptr)
}

size_t cx_sortable_serialise(double value, char out[18]) {
    std::string s = Xapian::sortable_serialise(value);
    std::memcpy(out, s.data(), s.size());
    return s.size();
}

double cx_sortable_unserialise(const char *bytes, size_t len) {
    return Xapian::sortable_unserialise(str(bytes, len));
}

int cx_stem_word(const char *language, size_t lang_len, const char *word,
                 size_t len, char **out, size_t *out_len, cx_error **err) {
    CX_TRY
    Xapian::Stem stem(str(language, lang_len));
    return give_bytes(stem(str(word, len)), out, out_len);
    CX_CATCH(0)
}

// ---- term generator ----

cx_termgen *cx_termgen_new(void) { return new (std::nothrow) cx_termgen; }
void cx_termgen_free(cx_termgen *tg) { delete tg; }

int cx_termgen_set_stemmer(cx_termgen *tg, const char *language, size_t len,
                           cx_error **err) {
    CX_TRY
    tg->tg.set_stemmer(Xapian::Stem(str(language, len)));
    return 1;
    CX_CATCH(0)
}

void cx_termgen_set_stemming_strategy(cx_termgen *tg, int strategy) {
    tg->tg.set_stemming_strategy(static_cast<Xapian::TermGenerator::stem_strategy>(strategy));
}

void cx_termgen_set_flags(cx_termgen *tg, int flags) {
    tg->tg.set_flags(static_cast<Xapian::TermGenerator::flags>(flags));
}

void cx_termgen_set_database(cx_termgen *tg, cx_db *db) {
    if (db->writable)
        tg->tg.set_database(static_cast<Xapian::WritableDatabase &>(db->db));
}

void cx_termgen_set_document(cx_termgen *tg, cx_doc *doc) {
    tg->tg.set_document(doc->doc);
}

int cx_termgen_index_text(cx_termgen *tg, const char *text, size_t len,
                          uint32_t wdf_inc, const char *prefix,
                          size_t prefix_len, int with_positions,
                          cx_error **err) {
    CX_TRY
    if (with_positions)
        tg->tg.index_text(str(text, len), wdf_inc, str(prefix, prefix_len));
    else
        tg->tg.index_text_without_positions(str(text, len), wdf_inc,
                                            str(prefix, prefix_len));
    return 1;
    CX_CATCH(0)
}

void cx_termgen_increase_termpos(cx_termgen *tg, uint32_t delta) {
    tg->tg.increase_termpos(delta);
}

// ---- queries ----

cx_query *cx_query_term(const char *term, size_t len, uint32_t wqf,
                        uint32_t pos) {
    try {
        return new cx_query{Xapian::Query(str(term, len), wqf, pos)};
    } catch (...) {
        return nullptr;
    }
}

cx_query *cx_query_match_all(void) {
    return new (std::nothrow) cx_query{Xapian::Query::MatchAll};
}

cx_query *cx_query_match_nothing(void) {
    return new (std::nothrow) cx_query{Xapian::Query::MatchNothing};
}

cx_query *cx_query_combine(int op, const cx_query *const *subs, size_t n,
                           uint32_t parameter, cx_error **err) {
    CX_TRY
    std::vector<Xapian::Query> qs;
    qs.reserve(n);
    for (size_t i = 0; i < n; ++i) qs.push_back(subs[i]->q);
    return new cx_query{Xapian::Query(static_cast<Xapian::Query::op>(op),
                                      qs.begin(), qs.end(), parameter)};
    CX_CATCH(nullptr)
}

cx_query *cx_query_scale_weight(const cx_query *q, double factor,
                                cx_error **err) {
    CX_TRY
    return new cx_query{Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT, q->q, factor)};
    CX_CATCH(nullptr)
}

cx_query *cx_query_value_range(int op, cx_slot slot, const char *lo,
                               size_t lo_len, const char *hi, size_t hi_len,
                               cx_error **err) {
    CX_TRY
    auto o = static_cast<Xapian::Query::op>(op);
    if (o == Xapian::Query::OP_VALUE_RANGE)
        return new cx_query{Xapian::Query(o, slot, str(lo, lo_len), str(hi, hi_len))};
    return new cx_query{Xapian::Query(o, slot, str(lo, lo_len))};
    CX_CATCH(nullptr)
}

cx_query *cx_query_wildcard(const char *prefix, size_t len,
                            uint32_t max_expansion, int limit_most_frequent,
                            cx_error **err) {
    CX_TRY
    // Xapian 1.4 keeps the 0 most frequent terms (matches nothing) for
    // LIMIT_MOST_FREQUENT with max_expansion 0; 0 means "no limit" here.
    int type = (limit_most_frequent && max_expansion != 0)
                   ? Xapian::Query::WILDCARD_LIMIT_MOST_FREQUENT
                   : Xapian::Query::WILDCARD_LIMIT_ERROR;
    return new cx_query{Xapian::Query(Xapian::Query::OP_WILDCARD, str(prefix, len),
                                      max_expansion, type)};
    CX_CATCH(nullptr)
}

cx_query *cx_query_value_weight_source(cx_slot slot, cx_error **err) {
    CX_TRY
    auto *ps = new Xapian::ValueWeightPostingSource(slot);
    return new cx_query{Xapian::Query(ps->release())};
    CX_CATCH(nullptr)
}

cx_query *cx_query_value_map_source(cx_slot slot, const char *const *keys,
                                    const size_t *key_lens,
                                    const double *weights, size_t n,
                                    double default_weight, cx_error **err) {
    CX_TRY
    auto *ps = new Xapian::ValueMapPostingSource(slot);
    for (size_t i = 0; i < n; ++i)
        ps->add_mapping(str(keys[i], key_lens[i]), weights[i]);
    ps->set_default_weight(default_weight);
    return new cx_query{Xapian::Query(ps->release())};
    CX_CATCH(nullptr)
}


cx_query *cx_query_docid_range(cx_docid first, cx_docid last, cx_error **err) {
    CX_TRY
    auto *ps = new DocidRangeSource(first, last);
    return new cx_query{Xapian::Query(ps->release())};
    CX_CATCH(nullptr)
}

cx_query *cx_query_fixed_weight_source(double weight, cx_error **err) {
    CX_TRY
    auto *ps = new Xapian::FixedWeightPostingSource(weight);
    return new cx_query{Xapian::Query(ps->release())};
    CX_CATCH(nullptr)
}

int cx_query_is_empty(const cx_query *q) { return q->q.empty() ? 1 : 0; }

char *cx_query_description(const cx_query *q, size_t *len) {
    try {
        char *out = nullptr;
        give_bytes(q->q.get_description(), &out, len);
        return out;
    } catch (...) {
        *len = 0;
        return nullptr;
    }
}

void cx_query_free(cx_query *q) { delete q; }

// ---- query parser ----

cx_qparser *cx_qparser_new(void) { return new (std::nothrow) cx_qparser; }
void cx_qparser_free(cx_qparser *qp) { delete qp; }

int cx_qparser_set_stemmer(cx_qparser *qp, const char *language, size_t len,
                           cx_error **err) {
    CX_TRY
    qp->qp.set_stemmer(Xapian::Stem(str(language, len)));
    return 1;
    CX_CATCH(0)
}

void cx_qparser_set_stemming_strategy(cx_qparser *qp, int strategy) {
    qp->qp.set_stemming_strategy(static_cast<Xapian::QueryParser::stem_strategy>(strategy));
}

void cx_qparser_set_database(cx_qparser *qp, const cx_db *db) {
    qp->qp.set_database(db->db);
}

void cx_qparser_set_default_op(cx_qparser *qp, int op) {
    qp->qp.set_default_op(static_cast<Xapian::Query::op>(op));
}

int cx_qparser_add_prefix(cx_qparser *qp, const char *field, size_t field_len,
                          const char *prefix, size_t prefix_len,
                          cx_error **err) {
    CX_TRY
    qp->qp.add_prefix(str(field, field_len), str(prefix, prefix_len));
    return 1;
    CX_CATCH(0)
}

int cx_qparser_add_boolean_prefix(cx_qparser *qp, const char *field,
                                  size_t field_len, const char *prefix,
                                  size_t prefix_len, cx_error **err) {
    CX_TRY
    qp->qp.add_boolean_prefix(str(field, field_len), str(prefix, prefix_len));
    return 1;
    CX_CATCH(0)
}

void cx_qparser_set_max_expansion(cx_qparser *qp, uint32_t max_expansion,
                                  int limit_most_frequent) {
    // As in cx_query_wildcard: max_expansion 0 is "no limit", not "keep none".
    int type = (limit_most_frequent && max_expansion != 0)
                   ? Xapian::Query::WILDCARD_LIMIT_MOST_FREQUENT
                   : Xapian::Query::WILDCARD_LIMIT_ERROR;
    qp->qp.set_max_expansion(max_expansion, type,
                             Xapian::QueryParser::FLAG_WILDCARD |
                                 Xapian::QueryParser::FLAG_PARTIAL);
}

cx_query *cx_qparser_parse(cx_qparser *qp, const char *text, size_t len,
                           unsigned flags, const char *default_prefix,
                           size_t prefix_len, cx_error **err) {
    CX_TRY
    return new cx_query{qp->qp.parse_query(str(text, len), flags,
                                           str(default_prefix, prefix_len))};
    CX_CATCH(nullptr)
}

char *cx_qparser_corrected_query(const cx_qparser *qp, size_t *len) {
    try {
        char *out = nullptr;
        give_bytes(qp->qp.get_corrected_query_string(), &out, len);
        return out;
    } catch (...) {
        *len = 0;
        return nullptr;
    }
}

// ---- enquire ----

cx_enquire *cx_enquire_new(const cx_db *db, cx_error **err) {
    CX_TRY
    return new cx_enquire{Xapian::Enquire(db->db)};
    CX_CATCH(nullptr)
}

void cx_enquire_free(cx_enquire *enq) { delete enq; }

void cx_enquire_set_query(cx_enquire *enq, const cx_query *q) {
    enq->enq.set_query(q->q);
}

int cx_enquire_set_bm25(cx_enquire *enq, double k1, double k2, double k3,
                        double b, double min_normlen, cx_error **err) {
    CX_TRY
    enq->enq.set_weighting_scheme(Xapian::BM25Weight(k1, k2, k3, b, min_normlen));
    return 1;
    CX_CATCH(0)
}

void cx_enquire_set_bool_weighting(cx_enquire *enq) {
    enq->enq.set_weighting_scheme(Xapian::BoolWeight());
}

void cx_enquire_set_docid_order(cx_enquire *enq, int order) {
    // Map explicitly: Xapian's own values are ASCENDING 1, DESCENDING 0.
    Xapian::Enquire::docid_order o = Xapian::Enquire::ASCENDING;
    if (order == 1) o = Xapian::Enquire::DESCENDING;
    else if (order == 2) o = Xapian::Enquire::DONT_CARE;
    enq->enq.set_docid_order(o);
}

void cx_enquire_set_sort(cx_enquire *enq, int how, cx_slot slot, int reverse) {
    switch (how) {
        case CX_SORT_VALUE: enq->enq.set_sort_by_value(slot, reverse != 0); break;
        case CX_SORT_VALUE_THEN_RELEVANCE:
            enq->enq.set_sort_by_value_then_relevance(slot, reverse != 0); break;
        case CX_SORT_RELEVANCE_THEN_VALUE:
            enq->enq.set_sort_by_relevance_then_value(slot, reverse != 0); break;
        default: enq->enq.set_sort_by_relevance(); break;
    }
}

void cx_enquire_set_collapse_key(cx_enquire *enq, cx_slot slot,
                                 uint32_t max_per_key) {
    if (max_per_key == 0)
        enq->enq.set_collapse_key(Xapian::BAD_VALUENO);
    else
        enq->enq.set_collapse_key(slot, max_per_key);
}

cx_mset *cx_enquire_mset(cx_enquire *enq, uint32_t first, uint32_t max_items,
                         uint32_t check_at_least, cx_error **err) {
    CX_TRY
    return new cx_mset{enq->enq.get_mset(first, max_items, check_at_least)};
    CX_CATCH(nullptr)
}

uint32_t cx_mset_size(const cx_mset *m) { return m->mset.size(); }
uint32_t cx_mset_matches_estimated(const cx_mset *m) { return m->mset.get_matches_estimated(); }
uint32_t cx_mset_matches_lower_bound(const cx_mset *m) { return m->mset.get_matches_lower_bound(); }
uint32_t cx_mset_matches_upper_bound(const cx_mset *m) { return m->mset.get_matches_upper_bound(); }
cx_docid cx_mset_docid(const cx_mset *m, uint32_t i) { return *(m->mset[i]); }
double cx_mset_weight(const cx_mset *m, uint32_t i) { return m->mset[i].get_weight(); }
int cx_mset_percent(const cx_mset *m, uint32_t i) { return m->mset[i].get_percent(); }
uint32_t cx_mset_collapse_count(const cx_mset *m, uint32_t i) {
    return m->mset[i].get_collapse_count();
}

int cx_mset_data(const cx_mset *m, uint32_t i, char **out, size_t *out_len,
                 cx_error **err) {
    CX_TRY
    return give_bytes(m->mset[i].get_document().get_data(), out, out_len);
    CX_CATCH(0)
}

int cx_mset_value(const cx_mset *m, uint32_t i, cx_slot slot, char **out,
                  size_t *out_len, cx_error **err) {
    CX_TRY
    return give_bytes(m->mset[i].get_document().get_value(slot), out, out_len);
    CX_CATCH(0)
}

void cx_mset_free(cx_mset *m) { delete m; }

}  // extern "C"
