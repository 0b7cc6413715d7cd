// bm25_lengths.h — a term's BM25 weight as a posting source, with the
// documents' lengths coming from wherever the source is told: the shim's
// copy in memory (lengths.cpp) or Xapian's own document length (the raw
// replay, Benchmarks/raw-xapian/replay.cc, which must do what Xapian does).
//
// Why: Xapian 1.4 finds a match's length by moving a cursor along the
// glass "document length" posting list, decoding every entry between one
// match and the next. A word's matches spread over the whole index, so a
// narrow word on the Debian catalog (1,355 matches of 63,694) decoded about
// the whole list: two thirds of its match set's time. Tantivy keeps a byte
// per document for this (its "fieldnorms").
//
// Exact: the arithmetic is BM25Weight's (xapian-core weight/bm25weight.cc,
// 1.4: init() and get_sumpart()) step for step, with the query's scale
// folded into the term weight where Xapian folds it, so weights come out
// bit for bit the same (LengthsBM25Tests). Shared by the shim and the
// replay, so that the two cannot drift apart.

#ifndef LIMELIGHT_BM25_LENGTHS_H
#define LIMELIGHT_BM25_LENGTHS_H

#include <xapian.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

namespace limelight {

// What BM25Weight::init computes for one term of a query, from the
// statistics of the whole (combined) database: one value for every shard.
struct BM25Term {
    std::string term;
    Xapian::doccount termfreq = 0;
    double termweight = 0;  // idf × scale × wqf part × (k1 + 1)
    double len_factor = 0;  // 1 / average length (0 if none)
    double k1 = 0, b = 0, min_normlen = 0;
    double maxweight = 0;   // BM25Weight::get_maxpart()

    // BM25Weight(k1, 0, k3, b, min_normlen)::init(factor) for `term` with
    // wqf 1 on `db`.
    static BM25Term make(const Xapian::Database &db, const std::string &term, double factor,
                         double k1, double k3, double b, double min_normlen) {
        BM25Term t;
        t.term = term;
        t.k1 = k1;
        t.b = b;
        t.min_normlen = min_normlen;
        t.termfreq = db.get_termfreq(term);
        double tw = (db.get_doccount() - t.termfreq + 0.5) / (t.termfreq + 0.5);
        if (tw < 2) tw = tw * 0.5 + 1;
        t.termweight = std::log(tw) * factor;
        if (k3 != 0) {
            double wqf_double = 1;
            t.termweight *= (k3 + 1) * wqf_double / (k3 + wqf_double);
        }
        t.termweight *= (k1 + 1);
        if (b == 0 || k1 == 0) {
            t.len_factor = 0;
        } else {
            t.len_factor = db.get_avlength();
            if (t.len_factor != 0) t.len_factor = 1 / t.len_factor;
        }
        // get_maxpart(): evaluated at the term's largest wdf and the
        // shortest document (an upper bound is all the matcher needs).
        double wdf_max = db.get_wdf_upper_bound(term);
        double denom = k1;
        if (k1 != 0 && b != 0) {
            double lb = std::max(std::max(wdf_max, double(db.get_doclength_lower_bound())) * t.len_factor,
                                 min_normlen);
            denom *= (lb * b + (1 - b));
        }
        denom += wdf_max;
        t.maxweight = denom > 0 ? t.termweight * (wdf_max / denom) : 0;
        return t;
    }

    // BM25Weight::get_sumpart(wdf, len).
    double weight(Xapian::termcount wdf, Xapian::termcount len) const {
        double normlen = std::max(len * len_factor, min_normlen);
        double wdf_double(wdf);
        double denom = k1 * (normlen * b + (1 - b)) + wdf_double;
        return termweight * (wdf_double / denom);
    }

    std::string serialise() const {
        std::string out;
        auto put = [&out](const void *p, size_t n) { out.append(static_cast<const char *>(p), n); };
        for (double d : {termweight, len_factor, k1, b, min_normlen, maxweight}) put(&d, sizeof d);
        put(&termfreq, sizeof termfreq);
        out += term;
        return out;
    }

    static BM25Term unserialise(const std::string &s) {
        const size_t head = 6 * sizeof(double) + sizeof(Xapian::doccount);
        if (s.size() < head) throw Xapian::SerialisationError("a BM25 term source too short");
        BM25Term t;
        const char *p = s.data();
        for (double *d : {&t.termweight, &t.len_factor, &t.k1, &t.b, &t.min_normlen, &t.maxweight}) {
            std::memcpy(d, p, sizeof *d);
            p += sizeof *d;
        }
        std::memcpy(&t.termfreq, p, sizeof t.termfreq);
        t.term = s.substr(head);
        return t;
    }
};

// The term's postings, weighted by BM25 with lengths from `Lengths`, which
// has `void init(const Xapian::Database &shard)` and
// `Xapian::termcount operator()(Xapian::docid) const`.
template <class Lengths>
class BM25TermSource : public Xapian::PostingSource {
  protected:
    BM25Term t;
    Lengths lengths;
    Xapian::PostingIterator it, end;
    bool started = false;

  public:
    BM25TermSource(BM25Term term, Lengths l) : t(std::move(term)), lengths(std::move(l)) {}

    static constexpr const char *source_name = "Limelight::BM25TermSource";

    Xapian::doccount get_termfreq_min() const override { return t.termfreq; }
    Xapian::doccount get_termfreq_est() const override { return t.termfreq; }
    Xapian::doccount get_termfreq_max() const override { return t.termfreq; }

    void init(const Xapian::Database &db) override {
        lengths.init(db);
        it = db.postlist_begin(t.term);
        end = db.postlist_end(t.term);
        started = false;
        set_maxweight(t.maxweight);
    }

    void next(double min_wt) override {
        if (started) ++it;
        started = true;
        skip_lighter(min_wt);
    }
    void skip_to(Xapian::docid did, double min_wt) override {
        started = true;
        it.skip_to(did);
        skip_lighter(min_wt);
    }
    bool check(Xapian::docid did, double min_wt) override {
        skip_to(did, min_wt);
        return true;
    }
    bool at_end() const override { return started && it == end; }
    Xapian::docid get_docid() const override { return *it; }
    double get_weight() const override { return t.weight(it.get_wdf(), lengths(*it)); }

  private:
    // Steps past the matches that weigh less than `min_wt`, the least this
    // term must add for a match to still reach the match set (the matcher
    // has subtracted what the query's other parts can add at most; a match
    // that weighs exactly that may still win on its sort key, so it stays).
    // Once the top 50 are found, most of a broad word's matches weigh less:
    // they are skipped here, a length read and a division each, instead of
    // going through the matcher (the window's check, the expiry filter, the
    // comparison with the worst of the 50).
    void skip_lighter(double min_wt) {
        if (min_wt <= 0) return;
        while (it != end && get_weight() < min_wt) ++it;
    }

  public:

    PostingSource *clone() const override { return new BM25TermSource(t, lengths); }
    PostingSource *unserialise(const std::string &s) const override {
        return new BM25TermSource(BM25Term::unserialise(s), lengths);
    }
    std::string name() const override { return source_name; }
    std::string serialise() const override { return t.serialise(); }
    std::string get_description() const override { return "BM25TermSource(" + t.term + ")"; }
};

}  // namespace limelight

#endif
