// termgenerator.cpp — Xapian::TermGenerator (and Xapian::Stem).
// (the conventions: cxapian.h; CX_TRY / CX_CATCH: cxapian_internal.h).

#include "cxapian_internal.h"

extern "C" {

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

int cx_stem_word(const char *language, size_t lang_len, const char *word,
                 size_t len, char **out, size_t *out_len, cx_error **err) {
    CX_TRY
    // Made once per thread and language, not per word: making and freeing a
    // Xapian::Stem was a quarter of a stem's cost, and typo correction stems
    // some 550 neighbours of each unknown word. (A Stem object is not
    // shared between threads; one per thread needs no lock.)
    thread_local std::string stem_language;
    thread_local Xapian::Stem stem;
    std::string wanted = str(language, lang_len);
    if (stem.is_none() || wanted != stem_language) {
        stem = Xapian::Stem(wanted);
        stem_language = wanted;
    }
    return give_bytes(stem(str(word, len)), out, out_len);
    CX_CATCH(0)
}

}  // extern "C"
