// match_bound.h — how many documents a query can match at most, from its
// terms' frequencies alone. Header-only: the shim (database.cpp) and the raw
// Xapian floors (Benchmarks/raw-xapian/replay.cc, oneshot.cc) run the very
// same code.
//
// Why: deciding whether a keystroke's query is broad (Searcher's
// `broadCandidates`) took a match set of 0 items of its own, whose setup —
// an Enquire, a matcher, the query's posting lists and the expiry filter's
// value stream — was a fifth of the Xapian time of a word of five letters
// or more on the Debian catalog, to learn that "libreof" matches at most 196
// documents. A term's frequency is one B-tree lookup.
//
// The bound is sound for every operator: Xapian's own upper bound (the one
// an Enquire reports) is never above it, so a query under this bound is
// under Xapian's too. It is not always as tight (Xapian also caps an OR by
// the database's size, as this does, but knows a value range's real extent,
// which this takes as the whole database).

#ifndef CX_MATCH_BOUND_H
#define CX_MATCH_BOUND_H

#include <xapian.h>

#include <algorithm>
#include <cstdint>

inline uint64_t cx_match_bound_of(const Xapian::Query &q, const Xapian::Database &db) {
    const uint64_t all = db.get_doccount();
    switch (q.get_type()) {
        case Xapian::Query::LEAF_MATCH_NOTHING:
            return 0;
        case Xapian::Query::LEAF_TERM: {
            // An empty term is every document (MatchAll).
            const std::string term = *q.get_terms_begin();
            return term.empty() ? all : db.get_termfreq(term);
        }
        // Every document of both sides: at most the sum.
        case Xapian::Query::OP_OR:
        case Xapian::Query::OP_XOR:
        case Xapian::Query::OP_SYNONYM:
        case Xapian::Query::OP_ELITE_SET:
        case Xapian::Query::OP_MAX: {
            uint64_t sum = 0;
            for (size_t i = 0; i < q.get_num_subqueries(); ++i)
                sum += cx_match_bound_of(q.get_subquery(i), db);
            return std::min(sum, all);
        }
        // Documents every part matches: at most the smallest part.
        case Xapian::Query::OP_AND:
        case Xapian::Query::OP_FILTER:
        case Xapian::Query::OP_NEAR:
        case Xapian::Query::OP_PHRASE: {
            uint64_t least = all;
            for (size_t i = 0; i < q.get_num_subqueries(); ++i)
                least = std::min(least, cx_match_bound_of(q.get_subquery(i), db));
            return least;
        }
        // The left side decides which documents match.
        case Xapian::Query::OP_AND_NOT:
        case Xapian::Query::OP_AND_MAYBE:
        case Xapian::Query::OP_SCALE_WEIGHT:
            return q.get_num_subqueries() ? cx_match_bound_of(q.get_subquery(0), db) : 0;
        // Value ranges, wildcards, posting sources, MatchAll: anything.
        default:
            return all;
    }
}

#endif
