// enquire.cpp — Xapian::Enquire and Xapian::MSet.
// (the conventions: cxapian.h; CX_TRY / CX_CATCH: cxapian_internal.h).

#include "cxapian_internal.h"

extern "C" {

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
