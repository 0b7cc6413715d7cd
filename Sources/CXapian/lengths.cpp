// lengths.cpp — the documents' lengths of a snapshot held in memory, and a
// text query rewritten to weigh its terms with them (bm25_lengths.h says
// why; the conventions: cxapian.h; CX_TRY / CX_CATCH: cxapian_internal.h).

#include "cxapian_internal.h"
#include "bm25_lengths.h"

#include <memory>
#include <set>
#include <vector>

namespace {

// One shard's lengths by document id, and which snapshot they were read from.
struct ShardLengths {
    ShardSnapshot snapshot;
    std::vector<Xapian::termcount> length;  // by document id; 0 where none
};

struct AllLengths {
    std::vector<ShardLengths> shards;
};

// The lengths of the shard a source is initialised with. Over several
// shards Xapian gives each one a clone, initialised with its shard; a
// shard whose snapshot is not the one the lengths were read from is an
// error, never a stale answer (`ShardSnapshot::find`).
class MemoryLengths {
    std::shared_ptr<const AllLengths> all;
    const ShardLengths *shard = nullptr;

  public:
    explicit MemoryLengths(std::shared_ptr<const AllLengths> a) : all(std::move(a)) {}

    void init(const Xapian::Database &db) { shard = &ShardSnapshot::find(all->shards, db, "document lengths"); }

    Xapian::termcount operator()(Xapian::docid did) const { return shard->length[did]; }
};

using MemoryBM25Source = limelight::BM25TermSource<MemoryLengths>;

// The query with each term in a weighted place replaced by its BM25 source
// (scale `factor` folded in), or false where the query has a shape this
// does not rewrite exactly: then the caller keeps Xapian's own weighting.
// Weighted places: every side of AND, OR and AND_MAYBE, the left of FILTER
// and AND_NOT (their right sides only filter, and are kept as they are).
// Not rewritten: a term twice (how Xapian weighs a repeat is not checked
// here), a term with a wqf other than 1 (or with a '#' in it: the only way
// to read a wqf is the "#n" of its description), OP_SCALE_WEIGHT (its
// factor cannot be read back), synonyms, phrases, wildcards, posting
// sources and the rest.
struct Rewrite {
    const Xapian::Database &db;
    std::shared_ptr<const AllLengths> lengths;
    double factor, k1, k3, b, min_normlen;
    std::set<std::string> seen;

    bool operator()(const Xapian::Query &q, Xapian::Query &out) {
        using Q = Xapian::Query;
        const auto op = q.get_type();
        switch (op) {
        case Q::LEAF_TERM: {
            const std::string term = *q.get_terms_begin();
            if (q.get_description().find('#') != std::string::npos || !seen.insert(term).second) return false;
            auto t = limelight::BM25Term::make(db, term, factor, k1, k3, b, min_normlen);
            out = Q((new MemoryBM25Source(std::move(t), MemoryLengths(lengths)))->release());
            return true;
        }
        case Q::LEAF_MATCH_NOTHING:
            out = q;
            return true;
        case Q::OP_AND:
        case Q::OP_OR:
        case Q::OP_AND_MAYBE:
        case Q::OP_FILTER:
        case Q::OP_AND_NOT: {
            const bool leftOnly = op == Q::OP_FILTER || op == Q::OP_AND_NOT;
            std::vector<Q> parts;
            for (size_t i = 0; i < q.get_num_subqueries(); ++i) {
                Q part;
                if (leftOnly && i > 0) part = q.get_subquery(i);
                else if (!(*this)(q.get_subquery(i), part)) return false;
                parts.push_back(std::move(part));
            }
            out = Q(op, parts.begin(), parts.end());
            return true;
        }
        default:
            return false;
        }
    }
};

}  // namespace

struct cx_lengths { std::shared_ptr<const AllLengths> lengths; };

extern "C" {

cx_lengths *cx_lengths_load(const cx_db *const *shards, size_t n, cx_error **err) {
    CX_TRY
    auto all = std::make_shared<AllLengths>();
    for (size_t i = 0; i < n; ++i) {
        const Xapian::Database &db = shards[i]->db;
        ShardLengths s;
        s.snapshot = ShardSnapshot::of(db);
        s.snapshot.check_unique_in(all->shards);
        s.length.assign(size_t(s.snapshot.lastdocid) + 1, 0);
        // The all-documents list walks the lengths' list once, in order.
        for (auto it = db.postlist_begin(std::string()); it != db.postlist_end(std::string()); ++it)
            s.length[*it] = it.get_doclength();
        all->shards.push_back(std::move(s));
    }
    return new cx_lengths{std::move(all)};
    CX_CATCH(nullptr)
}

void cx_lengths_free(cx_lengths *l) { delete l; }

size_t cx_lengths_bytes(const cx_lengths *l) {
    size_t total = 0;
    for (const auto &s : l->lengths->shards) total += s.length.size() * sizeof(Xapian::termcount);
    return total;
}

cx_query *cx_query_bm25_from_lengths(const cx_query *q, const cx_lengths *l, const cx_db *db, double factor,
                                     double k1, double k3, double b, double min_normlen, cx_error **err) {
    CX_TRY
    Rewrite rewrite{db->db, l->lengths, factor, k1, k3, b, min_normlen, {}};
    Xapian::Query out;
    if (!rewrite(q->q, out)) return nullptr;
    return new cx_query{std::move(out)};
    CX_CATCH(nullptr)
}

}  // extern "C"
