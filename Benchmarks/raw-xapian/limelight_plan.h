// limelight_plan.h — pieces of Limelight's query plan that bench.cc and
// oneshot.cc both spell out (C++, Xapian's built-in queries only, as
// Limelight runs them on one index and on remote shards).
#ifndef LIMELIGHT_PLAN_H
#define LIMELIGHT_PLAN_H

#include <xapian.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

namespace limelight_plan {

// CandidateBoost.boosted: (q / 1.5) AND_MAYBE (prior OR usage / 1.5) — no
// posting source scaled above 1 (Xapian 1.4.22 prunes wrongly then). The
// match weights are the boosted weights divided by 1.5.
inline Xapian::Query boosted(const Xapian::Query &q) {
    Xapian::Query prior((new Xapian::ValueWeightPostingSource(0))->release());
    Xapian::Query used(Xapian::Query::OP_SCALE_WEIGHT, Xapian::Query((new Xapian::ValueWeightPostingSource(6))->release()), 1.0 / 1.5);
    return Xapian::Query(Xapian::Query::OP_AND_MAYBE, Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT, q, 1.0 / 1.5),
                         Xapian::Query(Xapian::Query::OP_OR, prior, used));
}
const double kBoostScale = 1.5;

// StaticTier.window: a filter for the best `share` of the hits by static
// tier (XG<level>, XG<level>:<part>); an empty query when it holds them all.
inline Xapian::Query tier_window(const Xapian::Database &db, double share) {
    std::vector<Xapian::doccount> level(101, 0);
    std::vector<std::vector<Xapian::doccount>> part(101, std::vector<Xapian::doccount>(16, 0));
    for (auto it = db.allterms_begin("XG"); it != db.allterms_end("XG"); ++it) {
        std::string t = (*it).substr(2);
        size_t colon = t.find(':');
        int l = std::atoi(t.substr(0, colon).c_str());
        if (l < 0 || l > 100) continue;
        if (colon == std::string::npos) level[l] = it.get_termfreq();
        else { int k = std::atoi(t.substr(colon + 1).c_str()); if (k >= 0 && k < 16) part[l][k] = it.get_termfreq(); }
    }
    Xapian::doccount total = 0;
    for (auto c : level) total += c;
    auto size = std::max<Xapian::doccount>(1, Xapian::doccount(std::ceil(total * share)));
    std::vector<Xapian::Query> terms;
    Xapian::doccount taken = 0;
    auto name = [](int l) { std::string d = std::to_string(l); return "XG" + std::string(3 - d.size(), '0') + d; };
    for (int l = 100; l >= 0; --l) {
        if (level[l] == 0) continue;
        if (taken + level[l] <= size) {
            terms.emplace_back(name(l));
            taken += level[l];
            if (taken == size) break;
            continue;
        }
        for (int k = 0; k < 16; ++k) {
            if (part[l][k] == 0) continue;
            terms.emplace_back(name(l) + ":" + std::to_string(k));
            taken += part[l][k];
            if (taken >= size) break;
        }
        break;
    }
    if (taken >= total) return Xapian::Query();
    return Xapian::Query(Xapian::Query::OP_OR, terms.begin(), terms.end());
}

// The first n item keys of the metadata list limelight.hot.<name>
// ([u32 length, key, f64 score] little-endian; HotLists).
inline std::vector<std::string> hot_list_keys(const Xapian::Database &db, const std::string &name, size_t n) {
    std::string list = db.get_metadata("limelight.hot." + name);
    std::vector<std::string> keys;
    size_t o = 0;
    while (o + 4 <= list.size() && keys.size() < n) {
        uint32_t len = 0;
        for (int i = 0; i < 4; ++i) len |= uint32_t((unsigned char)list[o + i]) << (8 * i);
        if (o + 4 + len + 8 > list.size()) break;
        keys.push_back(list.substr(o + 4, len));
        o += 4 + len + 8;
    }
    return keys;
}

// Searcher.listedCards' query: the listed items by unique term (Q + key).
inline Xapian::Query listed(const std::vector<std::string> &keys) {
    std::vector<Xapian::Query> qs;
    for (auto &k : keys) qs.emplace_back("Q" + k);
    return Xapian::Query(Xapian::Query::OP_OR, qs.begin(), qs.end());
}

}  // namespace limelight_plan

#endif
