// term_run.h — a filter for the documents that have one of a run of terms
// from a ranked list (the static tiers' parts, best first): what the shim
// answers from each document's rank held in memory (term_ranks.cpp), and
// the raw replay (Benchmarks/raw-xapian/replay.cc) from the terms' own
// posting lists, as Xapian would match their OR.
//
// Why: a broad word's window of the best static tiers was the OR of up to a
// dozen tier terms, each on thousands of documents, as a FILTER. Xapian 1.4
// merges the OR's lists and skips each of them to every match of the word:
// for "library" on the Debian catalog that was 3 of its window's 5 ms.
// Checking a rank in memory is a load and two compares.
//
// Shared by the shim and the replay, so that the serialised form, which the
// call recorder writes and the replay reads, cannot drift apart.

#ifndef LIMELIGHT_TERM_RUN_H
#define LIMELIGHT_TERM_RUN_H

#include <xapian.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace limelight {

// Ranks lo…hi of a ranked list of terms (the shim checks them), and the
// terms whose OR the plan would send instead, which the replay matches.
struct TermRun {
    uint32_t lo = 0, hi = 0;
    std::vector<std::string> terms;

    static constexpr const char *source_name = "Limelight::TermRunSource";

    std::string serialise() const {
        std::string out;
        auto put = [&out](uint32_t v) { out.append(reinterpret_cast<const char *>(&v), sizeof v); };
        put(lo);
        put(hi);
        for (const auto &t : terms) {
            put(uint32_t(t.size()));
            out += t;
        }
        return out;
    }

    static TermRun unserialise(const std::string &s) {
        TermRun run;
        size_t at = 0;
        auto get = [&](uint32_t &v) {
            if (s.size() - at < sizeof v) throw Xapian::SerialisationError("a term run source cut short");
            std::memcpy(&v, s.data() + at, sizeof v);
            at += sizeof v;
        };
        get(run.lo);
        get(run.hi);
        while (at < s.size()) {
            uint32_t n = 0;
            get(n);
            if (s.size() - at < n) throw Xapian::SerialisationError("a term run source cut short");
            run.terms.push_back(s.substr(at, n));
            at += n;
        }
        return run;
    }
};

}  // namespace limelight

#endif
