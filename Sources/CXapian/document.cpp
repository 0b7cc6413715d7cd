// document.cpp — Xapian::Document.
// (the conventions: cxapian.h; CX_TRY / CX_CATCH: cxapian_internal.h).

#include "cxapian_internal.h"

extern "C" {

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

}  // extern "C"
