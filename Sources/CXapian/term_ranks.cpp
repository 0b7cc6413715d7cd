// term_ranks.cpp — each document's rank in a ranked list of terms, held in
// memory for one snapshot, and the filter for a run of those ranks
// (term_run.h says why; the conventions: cxapian.h; CX_TRY / CX_CATCH:
// cxapian_internal.h).

#include "cxapian_internal.h"
#include "term_run.h"

#include <memory>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace {

using Rank = uint16_t;
constexpr Rank no_rank = 0xFFFF;

// One shard's ranks by document id, and which snapshot they were read from.
struct ShardRanks {
    ShardSnapshot snapshot;
    std::vector<Rank> rank;                // by document id; no_rank where none
    std::vector<Xapian::doccount> before;  // before[r]: how many have a rank below r
};

struct AllRanks {
    size_t nterms = 0;  // how many terms were ranked
    std::vector<ShardRanks> shards;
};

// The documents of the shard it is initialised with whose rank is in
// lo…hi: a check is a load and two compares, a step a scan of the ranks.
// Over several shards Xapian gives each one a clone, initialised with its
// shard; a shard whose snapshot is not the one the ranks were read from is
// an error, never a stale answer (`ShardSnapshot::find`).
class MemoryTermRunSource : public Xapian::PostingSource {
    std::shared_ptr<const AllRanks> all;
    limelight::TermRun run;
    const ShardRanks *shard = nullptr;
    Xapian::docid did = 0, last = 0;
    Xapian::doccount count = 0;

    bool in_run(Xapian::docid d) const {
        const Rank r = shard->rank[d];
        return r >= run.lo && r <= run.hi;
    }
    // Moves `did` to the first document at or after it whose rank is in
    // the run. When the run drives the match (it holds fewer documents than
    // the word it filters), this is every step, so it looks at eight ranks
    // at a time where SSE2 is there: a rank at a time, it was 16% of the
    // million-entity full words' time (perf), 7% this way. (r − lo,
    // wrapping, is at most hi − lo exactly when lo ≤ r ≤ hi; no_rank, above
    // every hi, never is.)
    void settle() {
#if defined(__SSE2__)
        if (run.lo <= run.hi && run.hi < no_rank) {
            const Rank *rank = shard->rank.data();
            const __m128i lo = _mm_set1_epi16(short(run.lo)), span = _mm_set1_epi16(short(run.hi - run.lo));
            for (; did + 8 <= last + 1; did += 8) {
                const __m128i r = _mm_loadu_si128(reinterpret_cast<const __m128i *>(rank + did));
                const __m128i above = _mm_subs_epu16(_mm_sub_epi16(r, lo), span);  // 0 where in the run
                const int in = _mm_movemask_epi8(_mm_cmpeq_epi16(above, _mm_setzero_si128()));
                if (in != 0) {
                    did += Xapian::docid(__builtin_ctz(unsigned(in)) / 2);
                    return;
                }
            }
        }
#endif
        while (did <= last && !in_run(did)) ++did;
    }

  public:
    MemoryTermRunSource(std::shared_ptr<const AllRanks> a, limelight::TermRun r) : all(std::move(a)), run(std::move(r)) {}

    Xapian::doccount get_termfreq_min() const override { return count; }
    Xapian::doccount get_termfreq_est() const override { return count; }
    Xapian::doccount get_termfreq_max() const override { return count; }

    void init(const Xapian::Database &db) override {
        shard = &ShardSnapshot::find(all->shards, db, "term ranks");
        last = shard->snapshot.lastdocid;
        did = 0;
        count = shard->before[run.hi + 1] - shard->before[run.lo];
    }
    void next(double) override {
        ++did;
        settle();
    }
    void skip_to(Xapian::docid d, double) override {
        if (d <= did) return;
        did = d;
        settle();
    }
    bool check(Xapian::docid d, double) override {
        if (d > did) did = d;
        return did > last || in_run(did);
    }
    bool at_end() const override { return did > last; }
    Xapian::docid get_docid() const override { return did; }

    PostingSource *clone() const override { return new MemoryTermRunSource(all, run); }
    std::string name() const override { return limelight::TermRun::source_name; }
    std::string serialise() const override { return run.serialise(); }
    std::string get_description() const override {
        return "TermRunSource(" + std::to_string(run.lo) + "…" + std::to_string(run.hi) + ")";
    }
};

}  // namespace

struct cx_term_ranks { std::shared_ptr<const AllRanks> ranks; };

extern "C" {

cx_term_ranks *cx_term_ranks_load(const cx_db *const *shards, size_t n, const char *const *terms,
                                  const size_t *lens, size_t nterms, cx_error **err) {
    CX_TRY
    if (nterms >= no_rank) throw Xapian::InvalidArgumentError("too many ranked terms");
    auto all = std::make_shared<AllRanks>();
    all->nterms = nterms;
    for (size_t i = 0; i < n; ++i) {
        const Xapian::Database &db = shards[i]->db;
        ShardRanks s;
        s.snapshot = ShardSnapshot::of(db);
        s.snapshot.check_unique_in(all->shards);
        s.rank.assign(size_t(s.snapshot.lastdocid) + 1, no_rank);
        s.before.assign(nterms + 1, 0);
        for (size_t r = 0; r < nterms; ++r) {
            const std::string term(terms[r], lens[r]);
            Xapian::doccount had = 0;
            for (auto it = db.postlist_begin(term); it != db.postlist_end(term); ++it, ++had) {
                // A document with two of the terms has no one rank: the
                // caller keeps the terms' OR.
                if (s.rank[*it] != no_rank) return nullptr;
                s.rank[*it] = Rank(r);
            }
            s.before[r + 1] = s.before[r] + had;
        }
        all->shards.push_back(std::move(s));
    }
    return new cx_term_ranks{std::move(all)};
    CX_CATCH(nullptr)
}

void cx_term_ranks_free(cx_term_ranks *t) { delete t; }

size_t cx_term_ranks_bytes(const cx_term_ranks *t) {
    size_t total = 0;
    for (const auto &s : t->ranks->shards)
        total += s.rank.size() * sizeof(Rank) + s.before.size() * sizeof(Xapian::doccount);
    return total;
}

cx_query *cx_query_term_run(const cx_term_ranks *t, size_t lo, size_t hi, const char *const *or_terms,
                            const size_t *or_lens, size_t n_or, cx_error **err) {
    CX_TRY
    if (lo > hi || hi >= t->ranks->nterms) throw Xapian::InvalidArgumentError("a term run outside the ranked terms");
    limelight::TermRun run;
    run.lo = uint32_t(lo);
    run.hi = uint32_t(hi);
    for (size_t i = 0; i < n_or; ++i) run.terms.emplace_back(or_terms[i], or_lens[i]);
    return new cx_query{Xapian::Query((new MemoryTermRunSource(t->ranks, std::move(run)))->release())};
    CX_CATCH(nullptr)
}

}  // extern "C"
