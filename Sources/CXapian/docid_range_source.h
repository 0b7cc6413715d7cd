// docid_range_source.h — part of cxapian.cpp's implementation, in a header
// of its own so that the benchmark programs (Benchmarks/raw-xapian) run the
// very same posting source as Limelight. C++ only; not part of the C API.
#ifndef LIMELIGHT_DOCID_RANGE_SOURCE_H
#define LIMELIGHT_DOCID_RANGE_SOURCE_H

#include <xapian.h>

#include <algorithm>
#include <string>

/* Matches every document with an id in [first, last], weight 0. Walks the
 * all-documents list, so an AND with it stops reading the other lists once
 * they pass `last`: "the matches among the first documents" without a
 * scan. Serialisable (name, serialise, unserialise), so that a recorded
 * query can be replayed: the reader registers it in a Xapian::Registry. */
class DocidRangeSource : public Xapian::PostingSource {
    Xapian::docid first, last;
    Xapian::Database db;
    Xapian::PostingIterator it, end;
    bool started = false;

  public:
    DocidRangeSource(Xapian::docid first_, Xapian::docid last_) : first(first_), last(last_) {}

    DocidRangeSource *clone() const override { return new DocidRangeSource(first, last); }

    void init(const Xapian::Database &db_) override {
        db = db_;
        it = db.postlist_begin("");
        end = db.postlist_end("");
        started = false;
        set_maxweight(0);
    }

    Xapian::doccount get_termfreq_min() const override { return 0; }
    Xapian::doccount get_termfreq_max() const override {
        Xapian::doccount span = last >= first ? last - first + 1 : 0;
        return std::min(span, db.get_doccount());
    }
    Xapian::doccount get_termfreq_est() const override {
        Xapian::docid top = db.get_lastdocid();
        if (top == 0 || last < first) return 0;
        double share = double(std::min(last, top) - std::min(first, top) + 1) / top;
        return Xapian::doccount(share * db.get_doccount());
    }

    void next(double) override {
        if (!started) {
            started = true;
            it.skip_to(first);
        } else {
            ++it;
        }
    }
    void skip_to(Xapian::docid did, double) override {
        started = true;
        it.skip_to(std::max(did, first));
    }
    bool at_end() const override { return started && (it == end || *it > last); }
    Xapian::docid get_docid() const override { return *it; }
    double get_weight() const override { return 0; }
    std::string name() const override { return "DocidRangeSource"; }
    // first and last as 4 bytes each, little-endian.
    std::string serialise() const override {
        std::string s;
        for (Xapian::docid v : {first, last})
            for (int i = 0; i < 4; ++i) s.push_back(char((v >> (8 * i)) & 0xff));
        return s;
    }
    DocidRangeSource *unserialise(const std::string &s) const override {
        if (s.size() != 8) throw Xapian::SerialisationError("DocidRangeSource: expected 8 bytes");
        auto at = [&](int k) {
            Xapian::docid v = 0;
            for (int i = 0; i < 4; ++i) v |= Xapian::docid((unsigned char)s[k + i]) << (8 * i);
            return v;
        };
        return new DocidRangeSource(at(0), at(4));
    }
    std::string get_description() const override {
        return "DocidRangeSource(" + std::to_string(first) + ".." + std::to_string(last) + ")";
    }
};

#endif
