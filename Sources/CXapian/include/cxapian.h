/* cxapian.h — a small C face on the Xapian C++ library (1.4.x).
 *
 * Why it exists: Swift cannot call C++ exceptions-throwing APIs safely, and we
 * want one narrow, documented seam between Limelight and <xapian.h>. This header
 * is pure C; cxapian.cpp is the only file that includes <xapian.h>.
 *
 * Conventions (every function follows them):
 *  - Every exported symbol starts with `cx_`.
 *  - No C++ exception crosses this boundary. A fallible function takes a last
 *    argument `cx_error **err`; on failure it returns NULL / 0 / -1 (as stated)
 *    and sets *err to a new cx_error that the caller frees with cx_error_free.
 *    On success *err is left untouched. `err` may be NULL to ignore errors.
 *  - Strings cross as pointer + length and are binary safe (terms and document
 *    data are bytes, not C strings). Inputs are borrowed for the call only.
 *  - Handles (cx_db, cx_doc, ...) are created by cx_*_new / cx_*_open and freed
 *    by the matching cx_*_free. Xapian handles are reference counted inside the
 *    library, so an object keeps what it needs alive (an enquire keeps its
 *    database open) even after the caller frees its own handle to that.
 *  - Byte buffers returned through `char **out, size_t *out_len` are malloc'd;
 *    the caller frees them with cx_free.
 *  - Handles are not thread safe: use one per thread (Xapian does no locking).
 */
#ifndef CXAPIAN_H
#define CXAPIAN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t cx_docid;
typedef uint32_t cx_slot;

/* ---- errors ------------------------------------------------------------ */

typedef struct cx_error {
    /* Xapian's class name ("DatabaseLockError", "QueryParserError", ...), or
     * "std::bad_alloc", "std::exception", "UnknownError". Static storage. */
    const char *type;
    /* The message, NUL-terminated, malloc'd with the struct. */
    char *message;
    size_t message_len;
} cx_error;

void cx_error_free(cx_error *err);
/* Frees a byte buffer returned by this library. */
void cx_free(void *p);

/* The library version string, e.g. "1.4.22" (static storage). */
const char *cx_version_string(void);

/* ---- string lists (terms, synonyms, ...) -------------------------------- */

typedef struct cx_strlist cx_strlist;
size_t cx_strlist_count(const cx_strlist *list);
/* Borrowed pointer valid until cx_strlist_free. */
const char *cx_strlist_at(const cx_strlist *list, size_t i, size_t *len);
/* A number attached to each item (wdf for termlists, frequency for spellings,
 * term frequency for allterms). */
uint32_t cx_strlist_number_at(const cx_strlist *list, size_t i);
void cx_strlist_free(cx_strlist *list);

/* ---- databases ------------------------------------------------------------ */

typedef struct cx_db cx_db;

enum {
    CX_DB_CREATE_OR_OPEN = 0,
    CX_DB_CREATE_OR_OVERWRITE = 1,
    CX_DB_CREATE = 2,
    CX_DB_OPEN = 3
};

/* Read-only database at path (glass, or a stub file naming one). */
cx_db *cx_db_open(const char *path, size_t path_len, cx_error **err);
/* Writable glass database. Fails at once with DatabaseLockError if another
 * writer holds it (the caller decides how long to retry). */
cx_db *cx_db_open_writable(const char *path, size_t path_len, int action,
                           cx_error **err);
/* A database served by xapian-tcpsrv at host:port (Xapian::Remote::open);
 * timeouts in milliseconds (0: none). Fails with NetworkError if no server
 * answers. */
cx_db *cx_db_open_remote(const char *host, size_t host_len, uint32_t port,
                         uint32_t timeout_ms, uint32_t connect_timeout_ms,
                         cx_error **err);
/* Writable in-memory database (tests, scratch work). */
cx_db *cx_db_new_inmemory(cx_error **err);
/* A read-only database with no shards, to fill with cx_db_add_database. */
cx_db *cx_db_new_empty(void);
/* Adds other's shards to db, so db searches them as one. */
int cx_db_add_database(cx_db *db, const cx_db *other, cx_error **err);
int cx_db_is_writable(const cx_db *db);
void cx_db_free(cx_db *db);

/* 1 if the database moved to a newer revision, 0 if not, -1 on error. */
int cx_db_reopen(cx_db *db, cx_error **err);
int cx_db_close(cx_db *db, cx_error **err);

uint32_t cx_db_doccount(const cx_db *db, cx_error **err);
cx_docid cx_db_lastdocid(const cx_db *db, cx_error **err);
/* Number of documents indexed by term (0 if none; 0 on error). */
/* The term frequencies of n terms at once (into freqs[0..n-1]), from the
 * statistics of one match over all of them: one round trip per remote shard
 * instead of one per term. Returns 1, or 0 on error. */
int cx_db_termfreqs(const cx_db *db, const char *const *terms,
                    const size_t *lens, size_t n, uint32_t *freqs,
                    cx_error **err);
/* The same from one walk of the term list in term order (local databases:
 * each lookup reuses the blocks the one before read; over the network it
 * would fetch the whole term list). Returns 1, or 0 on error. */
int cx_db_termfreqs_scan(const cx_db *db, const char *const *terms,
                         const size_t *lens, size_t n, uint32_t *freqs,
                         cx_error **err);
uint32_t cx_db_termfreq(const cx_db *db, const char *term, size_t len,
                        cx_error **err);
int cx_db_term_exists(const cx_db *db, const char *term, size_t len,
                      cx_error **err);
/* The docids indexed by term, ascending; malloc'd, free with cx_free. */
cx_docid *cx_db_postlist(const cx_db *db, const char *term, size_t len,
                         size_t *count, cx_error **err);
/* Every term starting with prefix, with its term frequency. */
cx_strlist *cx_db_allterms(const cx_db *db, const char *prefix, size_t len,
                           cx_error **err);
uint64_t cx_db_revision(const cx_db *db, cx_error **err);

/* Metadata: a missing key reads as empty (out_len 0). Returns 0 on error. */
int cx_db_get_metadata(const cx_db *db, const char *key, size_t key_len,
                       char **out, size_t *out_len, cx_error **err);
int cx_db_set_metadata(cx_db *db, const char *key, size_t key_len,
                       const char *value, size_t value_len, cx_error **err);
/* Every metadata key starting with prefix. */
cx_strlist *cx_db_metadata_keys(const cx_db *db, const char *prefix, size_t len,
                                cx_error **err);

/* Writes (writable databases only; otherwise InvalidOperationError). */
int cx_db_commit(cx_db *db, cx_error **err);
int cx_db_begin_transaction(cx_db *db, int flushed, cx_error **err);
int cx_db_commit_transaction(cx_db *db, cx_error **err);
int cx_db_cancel_transaction(cx_db *db, cx_error **err);
typedef struct cx_doc cx_doc;
cx_docid cx_db_add_document(cx_db *db, const cx_doc *doc, cx_error **err);
int cx_db_replace_document(cx_db *db, cx_docid did, const cx_doc *doc,
                           cx_error **err);
/* Upsert on a unique-id term: replaces every document indexed by term (or
 * adds one). Returns the docid used, 0 on error. */
cx_docid cx_db_replace_document_by_term(cx_db *db, const char *term,
                                        size_t len, const cx_doc *doc,
                                        cx_error **err);
int cx_db_delete_document(cx_db *db, cx_docid did, cx_error **err);
int cx_db_delete_document_by_term(cx_db *db, const char *term, size_t len,
                                  cx_error **err);
/* A copy of the stored document; NULL with DocNotFoundError if absent. */
cx_doc *cx_db_get_document(const cx_db *db, cx_docid did, cx_error **err);
/* The same without checking that it exists (Xapian's DOC_ASSUME_VALID: one
 * B-tree lookup fewer); an absent document reads as empty values. */
cx_doc *cx_db_get_document_unchecked(const cx_db *db, cx_docid did, cx_error **err);

/* Spelling table. */
int cx_db_add_spelling(cx_db *db, const char *word, size_t len, uint32_t inc,
                       cx_error **err);
int cx_db_remove_spelling(cx_db *db, const char *word, size_t len,
                          uint32_t dec, cx_error **err);
/* Best correction within max_edit edits, or empty. Returns 0 on error. */
int cx_db_spelling_suggestion(const cx_db *db, const char *word, size_t len,
                              unsigned max_edit, char **out, size_t *out_len,
                              cx_error **err);
cx_strlist *cx_db_spellings(const cx_db *db, cx_error **err);

/* Synonym table. */
int cx_db_add_synonym(cx_db *db, const char *term, size_t len,
                      const char *synonym, size_t syn_len, cx_error **err);
int cx_db_remove_synonym(cx_db *db, const char *term, size_t len,
                         const char *synonym, size_t syn_len, cx_error **err);
int cx_db_clear_synonyms(cx_db *db, const char *term, size_t len,
                         cx_error **err);
cx_strlist *cx_db_synonyms(const cx_db *db, const char *term, size_t len,
                           cx_error **err);
/* Every term that has synonyms, starting with prefix. */
cx_strlist *cx_db_synonym_keys(const cx_db *db, const char *prefix, size_t len,
                               cx_error **err);

enum {
    CX_COMPACT_NO_RENUMBER = 4,
    CX_COMPACT_MULTIPASS = 8,
    CX_COMPACT_SINGLE_FILE = 16
};
/* Writes a compacted copy of db to dest (a new directory, or a file with
 * CX_COMPACT_SINGLE_FILE). */
int cx_db_compact(const cx_db *db, const char *dest, size_t dest_len,
                  unsigned flags, cx_error **err);

/* ---- documents ------------------------------------------------------------- */

cx_doc *cx_doc_new(void);
void cx_doc_free(cx_doc *doc);
cx_docid cx_doc_docid(const cx_doc *doc);
int cx_doc_add_term(cx_doc *doc, const char *term, size_t len, uint32_t wdf_inc,
                    cx_error **err);
int cx_doc_add_boolean_term(cx_doc *doc, const char *term, size_t len,
                            cx_error **err);
int cx_doc_add_posting(cx_doc *doc, const char *term, size_t len, uint32_t pos,
                       uint32_t wdf_inc, cx_error **err);
int cx_doc_remove_term(cx_doc *doc, const char *term, size_t len,
                       cx_error **err);
int cx_doc_set_data(cx_doc *doc, const char *data, size_t len, cx_error **err);
int cx_doc_get_data(const cx_doc *doc, char **out, size_t *out_len,
                    cx_error **err);
int cx_doc_add_value(cx_doc *doc, cx_slot slot, const char *value, size_t len,
                     cx_error **err);
int cx_doc_get_value(const cx_doc *doc, cx_slot slot, char **out,
                     size_t *out_len, cx_error **err);
cx_strlist *cx_doc_termlist(const cx_doc *doc, cx_error **err);

/* Xapian::sortable_serialise: a double as bytes that sort like the number.
 * Writes at most 18 bytes to out; returns the length. */
size_t cx_sortable_serialise(double value, char out[18]);
double cx_sortable_unserialise(const char *bytes, size_t len);

/* The stem of word in language (Snowball), as the term generator would index
 * it (without the "Z" prefix). Returns 0 on error (unknown language). */
int cx_stem_word(const char *language, size_t lang_len, const char *word,
                 size_t len, char **out, size_t *out_len, cx_error **err);

/* ---- term generator -------------------------------------------------------- */

typedef struct cx_termgen cx_termgen;

enum {
    CX_TG_FLAG_SPELLING = 128,
    CX_TG_FLAG_CJK_NGRAM = 2048
};
enum { CX_STEM_NONE = 0, CX_STEM_SOME = 1, CX_STEM_ALL = 2, CX_STEM_ALL_Z = 3,
       CX_STEM_SOME_FULL_POS = 4 };

cx_termgen *cx_termgen_new(void);
void cx_termgen_free(cx_termgen *tg);
/* language: a Snowball name ("english", "none", ...). InvalidArgumentError if
 * unknown. */
int cx_termgen_set_stemmer(cx_termgen *tg, const char *language, size_t len,
                           cx_error **err);
void cx_termgen_set_stemming_strategy(cx_termgen *tg, int strategy);
void cx_termgen_set_flags(cx_termgen *tg, int flags);
/* Needed for CX_TG_FLAG_SPELLING: spelling data goes to this database. */
void cx_termgen_set_database(cx_termgen *tg, cx_db *db);
/* Terms go into doc (the term generator shares doc; doc must stay alive). */
void cx_termgen_set_document(cx_termgen *tg, cx_doc *doc);
int cx_termgen_index_text(cx_termgen *tg, const char *text, size_t len,
                          uint32_t wdf_inc, const char *prefix,
                          size_t prefix_len, int with_positions,
                          cx_error **err);
void cx_termgen_increase_termpos(cx_termgen *tg, uint32_t delta);

/* ---- queries ----------------------------------------------------------------- */

typedef struct cx_query cx_query;

/* Xapian::Query::op values (1.4). */
enum {
    CX_OP_AND = 0,
    CX_OP_OR = 1,
    CX_OP_AND_NOT = 2,
    CX_OP_XOR = 3,
    CX_OP_AND_MAYBE = 4,
    CX_OP_FILTER = 5,
    CX_OP_NEAR = 6,
    CX_OP_PHRASE = 7,
    CX_OP_VALUE_RANGE = 8,
    CX_OP_SCALE_WEIGHT = 9,
    CX_OP_ELITE_SET = 10,
    CX_OP_VALUE_GE = 11,
    CX_OP_VALUE_LE = 12,
    CX_OP_SYNONYM = 13,
    CX_OP_MAX = 14
};

cx_query *cx_query_term(const char *term, size_t len, uint32_t wqf,
                        uint32_t pos);
cx_query *cx_query_match_all(void);
cx_query *cx_query_match_nothing(void);
/* Combines subqueries with op; `parameter` is the window for NEAR/PHRASE, the
 * set size for ELITE_SET, else 0. The subqueries are copied (free yours). */
cx_query *cx_query_combine(int op, const cx_query *const *subqueries, size_t n,
                           uint32_t parameter, cx_error **err);
cx_query *cx_query_scale_weight(const cx_query *q, double factor,
                                cx_error **err);
/* VALUE_RANGE (lo..hi), VALUE_GE (lo) or VALUE_LE (hi; pass it as lo). */
cx_query *cx_query_value_range(int op, cx_slot slot, const char *lo,
                               size_t lo_len, const char *hi, size_t hi_len,
                               cx_error **err);
/* OP_WILDCARD: terms starting with prefix, at most max_expansion of them
 * (0 = no limit); more raises WildcardError at match time unless
 * limit_most_frequent, which keeps the most frequent ones. */
cx_query *cx_query_wildcard(const char *prefix, size_t len,
                            uint32_t max_expansion, int limit_most_frequent,
                            cx_error **err);
/* Posting sources (built in ones, so queries work over the remote backend). */
cx_query *cx_query_value_weight_source(cx_slot slot, cx_error **err);
cx_query *cx_query_value_map_source(cx_slot slot, const char *const *keys,
                                    const size_t *key_lens,
                                    const double *weights, size_t n,
                                    double default_weight, cx_error **err);
cx_query *cx_query_fixed_weight_source(double weight, cx_error **err);
/* ---- value columns (columns.cpp) ----
 * One value slot of a snapshot read into memory once: of each shard, in the
 * order the combined database adds them. WEIGHTS keeps each value as
 * sortable_unserialise reads it (for a weight source), KEYS the bytes (for a
 * sort key; of one database only). A column belongs to the snapshot it was read from: a source
 * initialised on another raises InvalidOperationError. `max_bytes` (0: no
 * limit) bounds a KEYS column's values: past it, NULL without an error. */
typedef struct cx_column cx_column;
enum { CX_COLUMN_WEIGHTS = 0, CX_COLUMN_KEYS = 1 };
cx_column *cx_column_load(const cx_db *const *shards, size_t n, cx_slot slot,
                          int kind, size_t max_bytes, cx_error **err);
/* A KEYS column's value of document `did`: *out borrowed (valid until
 * cx_column_free), *len 0 for a document without one. 0 where the column
 * has no such document (past its last document id). */
int cx_column_key(const cx_column *c, cx_docid did, const char **out, size_t *len);
void cx_column_free(cx_column *c);
/* Memory the column holds, in bytes. */
size_t cx_column_bytes(const cx_column *c);
/* Xapian::ValueWeightPostingSource on the column's slot, reading the column
 * (the same documents and weights; serialises as that source). */
cx_query *cx_query_column_weight_source(const cx_column *c, cx_error **err);
/* ---- documents' lengths (lengths.cpp) ----
 * The length of every document of a snapshot read into memory once, of
 * each shard in the order the combined database adds them, for BM25 to read
 * instead of Xapian's lengths list (bm25_lengths.h says why). Like a column,
 * they belong to the snapshot they were read from. */
typedef struct cx_lengths cx_lengths;
cx_lengths *cx_lengths_load(const cx_db *const *shards, size_t n, cx_error **err);
void cx_lengths_free(cx_lengths *l);
/* Memory the lengths hold, in bytes. */
size_t cx_lengths_bytes(const cx_lengths *l);
/* `q` scaled by `factor` and weighted with BM25Weight(k1, 0, k3, b,
 * min_normlen) by `db`'s statistics, its terms' lengths read from `l`: the
 * same matches and weights, bit for bit, as Xapian's own. NULL without an
 * error where the query has a shape this does not rewrite exactly (a
 * synonym, a phrase, a term twice, a scale inside, …): use Xapian's. */
cx_query *cx_query_bm25_from_lengths(const cx_query *q, const cx_lengths *l, const cx_db *db, double factor,
                                     double k1, double k3, double b, double min_normlen, cx_error **err);
/* ---- term ranks (term_ranks.cpp) ----
 * Each document's rank in a ranked list of `nterms` terms (the one of them it
 * has), of each shard in the order the combined database adds them, read
 * into memory once. NULL without an error when some document has two of the
 * terms (no one rank: use the terms' OR). Like a column, the ranks belong to
 * the snapshot they were read from. */
typedef struct cx_term_ranks cx_term_ranks;
cx_term_ranks *cx_term_ranks_load(const cx_db *const *shards, size_t n, const char *const *terms,
                                  const size_t *lens, size_t nterms, cx_error **err);
void cx_term_ranks_free(cx_term_ranks *t);
/* Memory the ranks hold, in bytes. */
size_t cx_term_ranks_bytes(const cx_term_ranks *t);
/* A filter (a posting source of weight 0) for the documents whose rank is in
 * lo…hi — the documents of the OR of those terms — checked in memory.
 * `or_terms` are the terms whose OR the plan would send instead (the run's,
 * or fewer that hold the same documents): the source serialises them, and
 * the raw replay matches their OR (term_run.h). */
cx_query *cx_query_term_run(const cx_term_ranks *t, size_t lo, size_t hi, const char *const *or_terms,
                            const size_t *or_lens, size_t n_or, cx_error **err);
int cx_query_is_empty(const cx_query *q);
/* Xapian::Query::serialise(): the query as bytes another process can
 * unserialise with a registry that knows its posting sources (Xapian's own,
 * bm25_lengths.h's BM25 term source and term_run.h's term run, which the replay registers), for the
 * call recorder the benchmarks replay. The caller frees *out with free(). */
int cx_query_serialise(const cx_query *q, char **out, size_t *len,
                       cx_error **err);
/* Xapian's description of the query, for debugging and tests. */
char *cx_query_description(const cx_query *q, size_t *len);
void cx_query_free(cx_query *q);
/* At most how many documents q can match, from its terms' frequencies
   (one lookup per term, no match set: see match_bound.h). */
uint64_t cx_db_match_bound(const cx_db *db, const cx_query *q, cx_error **err);

/* ---- query parser ------------------------------------------------------------ */

typedef struct cx_qparser cx_qparser;

enum {
    CX_QP_BOOLEAN = 1,
    CX_QP_PHRASE = 2,
    CX_QP_LOVEHATE = 4,
    CX_QP_BOOLEAN_ANY_CASE = 8,
    CX_QP_WILDCARD = 16,
    CX_QP_PURE_NOT = 32,
    CX_QP_PARTIAL = 64,
    CX_QP_SPELLING_CORRECTION = 128,
    CX_QP_SYNONYM = 256,
    CX_QP_AUTO_SYNONYMS = 512,
    CX_QP_AUTO_MULTIWORD_SYNONYMS = 1024,
    CX_QP_CJK_NGRAM = 2048,
    CX_QP_DEFAULT = 7
};

cx_qparser *cx_qparser_new(void);
void cx_qparser_free(cx_qparser *qp);
int cx_qparser_set_stemmer(cx_qparser *qp, const char *language, size_t len,
                           cx_error **err);
void cx_qparser_set_stemming_strategy(cx_qparser *qp, int strategy);
/* Needed for spelling correction, synonyms, partial and wildcard expansion. */
void cx_qparser_set_database(cx_qparser *qp, const cx_db *db);
void cx_qparser_set_default_op(cx_qparser *qp, int op);
int cx_qparser_add_prefix(cx_qparser *qp, const char *field, size_t field_len,
                          const char *prefix, size_t prefix_len,
                          cx_error **err);
int cx_qparser_add_boolean_prefix(cx_qparser *qp, const char *field,
                                  size_t field_len, const char *prefix,
                                  size_t prefix_len, cx_error **err);
/* Limit wildcard/partial expansion to max_expansion terms (the most frequent
 * ones when limit_most_frequent, else the first ones alphabetically). */
void cx_qparser_set_max_expansion(cx_qparser *qp, uint32_t max_expansion,
                                  int limit_most_frequent);
cx_query *cx_qparser_parse(cx_qparser *qp, const char *text, size_t len,
                           unsigned flags, const char *default_prefix,
                           size_t prefix_len, cx_error **err);
/* The corrected query string after a parse with SPELLING_CORRECTION; empty if
 * nothing was corrected. Returns malloc'd bytes (free with cx_free). */
char *cx_qparser_corrected_query(const cx_qparser *qp, size_t *len);

/* ---- enquire and results ------------------------------------------------------ */

typedef struct cx_enquire cx_enquire;
typedef struct cx_mset cx_mset;

cx_enquire *cx_enquire_new(const cx_db *db, cx_error **err);
void cx_enquire_free(cx_enquire *enq);
void cx_enquire_set_query(cx_enquire *enq, const cx_query *q);
int cx_enquire_set_bm25(cx_enquire *enq, double k1, double k2, double k3,
                        double b, double min_normlen, cx_error **err);
/* Boolean weighting: every match weighs 0 (pure filtering, fastest). */
void cx_enquire_set_bool_weighting(cx_enquire *enq);
/* 0 ascending (default), 1 descending, 2 don't care. */
void cx_enquire_set_docid_order(cx_enquire *enq, int order);
enum { CX_SORT_RELEVANCE = 0, CX_SORT_VALUE = 1, CX_SORT_VALUE_THEN_RELEVANCE = 2,
       CX_SORT_RELEVANCE_THEN_VALUE = 3 };
void cx_enquire_set_sort(cx_enquire *enq, int how, cx_slot slot, int reverse);
/* set_sort_by_relevance_then_value on the column's slot, the keys read from
 * the column (a KEYS column). */
void cx_enquire_set_sort_by_relevance_then_column(cx_enquire *enq, const cx_column *c, int reverse);
/* Keep at most max_per_key hits per value in slot (0 turns collapsing off). */
void cx_enquire_set_collapse_key(cx_enquire *enq, cx_slot slot,
                                 uint32_t max_per_key);
cx_mset *cx_enquire_mset(cx_enquire *enq, uint32_t first, uint32_t max_items,
                         uint32_t check_at_least, cx_error **err);

uint32_t cx_mset_size(const cx_mset *m);
uint32_t cx_mset_matches_estimated(const cx_mset *m);
uint32_t cx_mset_matches_lower_bound(const cx_mset *m);
uint32_t cx_mset_matches_upper_bound(const cx_mset *m);
cx_docid cx_mset_docid(const cx_mset *m, uint32_t i);
double cx_mset_weight(const cx_mset *m, uint32_t i);
int cx_mset_percent(const cx_mset *m, uint32_t i);
uint32_t cx_mset_collapse_count(const cx_mset *m, uint32_t i);
/* Document data / a value of hit i (fetched from the database). */
int cx_mset_data(const cx_mset *m, uint32_t i, char **out, size_t *out_len,
                 cx_error **err);
int cx_mset_value(const cx_mset *m, uint32_t i, cx_slot slot, char **out,
                  size_t *out_len, cx_error **err);
void cx_mset_free(cx_mset *m);

#ifdef __cplusplus
}
#endif

#endif /* CXAPIAN_H */
