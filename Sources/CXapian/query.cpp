// query.cpp — Xapian::Query and the posting sources it is built from.
// (the conventions: cxapian.h; CX_TRY / CX_CATCH: cxapian_internal.h).

#include "cxapian_internal.h"

extern "C" {

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


cx_query *cx_query_fixed_weight_source(double weight, cx_error **err) {
    CX_TRY
    auto *ps = new Xapian::FixedWeightPostingSource(weight);
    return new cx_query{Xapian::Query(ps->release())};
    CX_CATCH(nullptr)
}

int cx_query_is_empty(const cx_query *q) { return q->q.empty() ? 1 : 0; }

int cx_query_serialise(const cx_query *q, char **out, size_t *len,
                       cx_error **err) {
    CX_TRY
    give_bytes(q->q.serialise(), out, len);
    return 1;
    CX_CATCH(0)
}

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

}  // extern "C"
