// xapian-oneshot: the minimal C++ open-and-query program that `limelight search`
// is compared with as a fresh process. It opens the index read-only, runs
// Limelight's query plan (Searcher.swift as of this file's commit, without the typo retry,
// the OR retry and the re-rank; bench.cc's --plan limelight spelled out in
// full) and prints 10 titles:
//   - one word of 1–4 letters being typed: the first 40 entries of the
//     metadata lists limelight.hot.first:<w> and limelight.hot.pre:<w>, each
//     document read unchecked (DOC_ASSUME_VALID), its value 7 (expiry; only
//     if some document has one) and value 1 (the result card, which holds
//     the title), in list order;
//   - else Q = AND(complete words; OR(last word if ≥ 3 letters, XP<its first
//     10 letters>)) AND_NOT (XX FILTER value 7 ≤ now) (no XH filter), words
//     parsed by QueryParser(english, STEM_ALL_Z) as the index holds them
//     (Z + stem). "scored(q)" is q AND_MAYBE OR(prior in value 0 ×1.5, usage
//     boost in value 6 ×1.0), BM25 k1 1.2 b 0.5; "windowed(q, budget)" is
//     BM25 alone on q FILTER docids 1…last × budget ÷ q's upper bound, each
//     hit then given its card's static score (prior ×1.5 + usage boost), as
//     Limelight does.
//     If Q's bound from its terms' frequencies (match_bound.h), else its
//     get_mset(0, 0).get_matches_upper_bound(), is ≤ 5,000: scored(Q).
//     Else the union of: if Q's upper bound exceeds 20,000, the title tier
//     T = Q FILTER AND(XP<first 10 letters of each word>), scored(T) if T's
//     upper bound ≤ 1,250 else windowed(T, 5,000); scored(Q FILTER (Kapp OR Kshortcut)); windowed(Q, 20,000); and
//     of the first 20 entries of limelight.hot.all and
//     limelight.hot.hour:<UTC hour>, those not expired whose card names have
//     a word starting with each typed word (weight: their static score).
//     Each part takes its top 10 (Limelight takes 50, 40 for apps and
//     shortcuts, and re-ranks them all; only 10 are printed here); the union
//     is printed by weight, best first.
// Queries are lower-case ASCII words separated by spaces (the benchmark's
// query sets are): no CJK runs, no diacritics to fold.
//
//   xapian-oneshot DB "python3 nu"
#include <xapian.h>
#include "limelight_plan.h"
#include "../../Sources/CXapian/match_bound.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

// What a result card (value 1) holds that this program reads: u8 magic, then
// u32-length-prefixed strings kind, app, type, id, title, subtitle, binding
// type and id; the names (each: words, CJK runs, compact form); f64 prior and
// usage boost (little-endian).
struct Card {
    std::string title;
    std::vector<std::string> name_words;
    double static_score = 0;  // HotLists.staticScore: prior × 1.5 + usage boost
};

static bool read_card(const std::string &b, Card &c) {
    size_t o = 1;
    auto u32 = [&](uint32_t &v) {
        if (o + 4 > b.size()) return false;
        v = 0;
        for (int k = 0; k < 4; ++k) v |= uint32_t((unsigned char)b[o + k]) << (8 * k);
        o += 4;
        return true;
    };
    auto str = [&](std::string *s) {
        uint32_t n;
        if (!u32(n) || o + n > b.size()) return false;
        if (s) *s = b.substr(o, n);
        o += n;
        return true;
    };
    auto f64 = [&](double &d) {
        if (o + 8 > b.size()) return false;
        uint64_t v = 0;
        for (int k = 0; k < 8; ++k) v |= uint64_t((unsigned char)b[o + k]) << (8 * k);
        std::memcpy(&d, &v, 8);
        o += 8;
        return true;
    };
    if (b.empty() || b[0] != 0x43) return false;
    for (int i = 0; i < 8; ++i)
        if (!str(i == 4 ? &c.title : nullptr)) return false;
    uint32_t names, n;
    if (!u32(names)) return false;
    for (uint32_t i = 0; i < names; ++i) {
        if (!u32(n)) return false;
        for (uint32_t k = 0; k < n; ++k) {
            c.name_words.emplace_back();
            if (!str(&c.name_words.back())) return false;
        }
        if (!u32(n)) return false;
        for (uint32_t k = 0; k < n; ++k) if (!str(nullptr)) return false;
        if (!str(nullptr)) return false;
    }
    double prior, usage;
    if (!f64(prior) || !f64(usage)) return false;
    c.static_score = prior * 1.5 + usage;
    return true;
}

struct Plan {
    Xapian::Database db;
    std::map<Xapian::docid, std::pair<double, std::string>> found;  // weight, title

    explicit Plan(const char *path) : db(path) {}

    void add(Xapian::docid id, double weight, const std::string &title) {
        if (!found.count(id)) found[id] = {weight, title};
    }

    Xapian::doccount upper_bound(const Xapian::Query &q) {
        Xapian::Enquire enq(db);
        enq.set_query(q);
        return enq.get_mset(0, 0).get_matches_upper_bound();
    }

    // The top `count` of q by BM25, reading each hit's card; `with_static`
    // adds the card's static score to the weight (windowed).
    void top(const Xapian::Query &q, unsigned count, bool with_static) {
        Xapian::Enquire enq(db);
        enq.set_weighting_scheme(Xapian::BM25Weight(1.2, 0, 1, 0.5, 0.5));
        enq.set_query(q);
        Xapian::MSet m = enq.get_mset(0, count);
        for (auto it = m.begin(); it != m.end(); ++it) {
            Card c;
            read_card(it.get_document().get_value(1), c);
            add(*it, it.get_weight() + (with_static ? c.static_score : 0), c.title);
        }
    }

    void scored(const Xapian::Query &q, unsigned count) {
        top(limelight_plan::boosted(q), count, false);
    }

    void windowed(const Xapian::Query &q, unsigned count, Xapian::doccount matches, double budget) {
        Xapian::Query window = limelight_plan::tier_window(db, std::min(1.0, budget / std::max<Xapian::doccount>(matches, 1)));
        top(window.empty() ? q : Xapian::Query(Xapian::Query::OP_FILTER, q, window), count, true);
    }

    // The listed items of limelight.hot.<name>, first n, by docid, with their cards.
    std::vector<Xapian::docid> list(const std::string &name, size_t n) {
        std::vector<std::string> keys = limelight_plan::hot_list_keys(db, name, n);
        std::vector<Xapian::docid> ids;
        if (keys.empty()) return ids;
        Xapian::Enquire enq(db);
        enq.set_weighting_scheme(Xapian::BoolWeight());
        enq.set_query(limelight_plan::listed(keys));
        Xapian::MSet m = enq.get_mset(0, keys.size());
        for (auto it = m.begin(); it != m.end(); ++it) ids.push_back(*it);
        return ids;
    }
};

int main(int argc, char **argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: xapian-oneshot DB QUERY\n");
        return 64;
    }
    try {
        Plan p(argv[1]);
        Xapian::Database &db = p.db;
        std::string raw = argv[2];
        std::vector<std::string> words;
        std::istringstream in(raw);
        for (std::string w; in >> w;) words.push_back(w);
        bool partial = !raw.empty() && raw.back() != ' ' && !words.empty();
        double now = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
        int rank = 0;
        // Listed documents are read unchecked (a deleted one has no card),
        // and their expiry only if some document has one.
        bool expiries = db.get_termfreq("XX") > 0;
        auto listed_card = [&](Xapian::docid id, Card &c) {
            Xapian::Document doc = db.get_document(id, Xapian::DOC_ASSUME_VALID);
            std::string expiry = expiries ? doc.get_value(7) : std::string();
            if (!expiry.empty() && Xapian::sortable_unserialise(expiry) <= now) return false;
            return read_card(doc.get_value(1), c);
        };
        if (partial && words.size() == 1 && words[0].size() <= 4) {
            std::set<Xapian::docid> seen;
            for (const char *kind : {"first:", "pre:"}) {
                for (Xapian::docid id : p.list(kind + words[0], 40)) {
                    if (!seen.insert(id).second) continue;
                    Card c;
                    if (!listed_card(id, c)) continue;
                    if (rank < 10) std::printf("%d\t%s\n", ++rank, c.title.c_str());
                }
            }
            if (rank) return 0;
        }
        // Stemmed terms only, as indexed.
        Xapian::QueryParser qp;
        qp.set_stemmer(Xapian::Stem("english"));
        qp.set_stemming_strategy(Xapian::QueryParser::STEM_ALL_Z);
        qp.set_database(db);
        std::vector<Xapian::Query> parts, in_title;
        for (size_t i = 0; i < words.size(); ++i) {
            bool last = partial && i + 1 == words.size();
            Xapian::Query whole = !last || words[i].size() >= 3
                ? qp.parse_query(words[i], Xapian::QueryParser::FLAG_CJK_NGRAM) : Xapian::Query();
            Xapian::Query prefix("XP" + words[i].substr(0, 10));
            in_title.push_back(prefix);
            if (last) parts.push_back(whole.empty() ? prefix : Xapian::Query(Xapian::Query::OP_OR, whole, prefix));
            else if (!whole.empty()) parts.push_back(whole);
        }
        Xapian::Query expired(Xapian::Query::OP_FILTER, Xapian::Query("XX"),
                              Xapian::Query(Xapian::Query::OP_VALUE_LE, 7, Xapian::sortable_serialise(now)));
        Xapian::Query q(Xapian::Query::OP_AND_NOT, Xapian::Query(Xapian::Query::OP_AND, parts.begin(), parts.end()),
                        expired);
        // As Limelight in a fresh process: the terms' frequencies first, a
        // match set for the exact bound only when they leave it open.
        const uint64_t by_terms = cx_match_bound_of(q, p.db);
        Xapian::doccount bound = by_terms <= 5000 ? by_terms : p.upper_bound(q);
        if (bound <= 5000) {
            p.scored(q, 10);
        } else {
            if (bound > 20000) {  // else the window below holds every match
                Xapian::Query t(Xapian::Query::OP_FILTER, q, Xapian::Query(Xapian::Query::OP_AND, in_title.begin(), in_title.end()));
                Xapian::doccount titled = p.upper_bound(t);
                if (titled <= 1250) p.scored(t, 10);
                else p.windowed(t, 10, titled, 5000);
            }
            p.scored(Xapian::Query(Xapian::Query::OP_FILTER, q,
                                   Xapian::Query(Xapian::Query::OP_OR, Xapian::Query("Kapp"), Xapian::Query("Kshortcut"))),
                     10);
            p.windowed(q, 10, bound, 20000);
            int hour = int(std::fmod(now, 86400) / 3600);
            std::set<Xapian::docid> seen;
            for (const std::string &name : {std::string("all"), "hour:" + std::to_string(hour)}) {
                for (Xapian::docid id : p.list(name, 20)) {
                    if (!seen.insert(id).second) continue;
                    Card c;
                    if (!listed_card(id, c)) continue;
                    bool all = std::all_of(words.begin(), words.end(), [&](const std::string &w) {
                        return std::any_of(c.name_words.begin(), c.name_words.end(),
                                           [&](const std::string &n) { return n.compare(0, w.size(), w) == 0; });
                    });
                    if (all) p.add(id, c.static_score, c.title);
                }
            }
        }
        std::vector<std::pair<double, std::string>> hits;
        for (auto &f : p.found) hits.push_back(f.second);
        std::stable_sort(hits.begin(), hits.end(), [](auto &a, auto &b) { return a.first > b.first; });
        for (size_t i = 0; i < hits.size() && i < 10; ++i)
            std::printf("%d\t%s\t%.4f\n", ++rank, hits[i].second.c_str(), hits[i].first);
    } catch (const Xapian::Error &e) {
        std::fprintf(stderr, "xapian-oneshot: %s\n", e.get_description().c_str());
        return 1;
    }
    return 0;
}
