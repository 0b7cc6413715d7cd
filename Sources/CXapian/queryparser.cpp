// queryparser.cpp — Xapian::QueryParser.
// (the conventions: cxapian.h; CX_TRY / CX_CATCH: cxapian_internal.h).

#include "cxapian_internal.h"

extern "C" {

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

}  // extern "C"
