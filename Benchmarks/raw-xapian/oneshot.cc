// xapian-oneshot: the minimal C++ open-and-query program that `limelight search`
// is compared with as a fresh process. It opens the index read-only, runs
// Limelight's query plan (Searcher.swift at 295541a, without the typo retry
// and the re-rank) and prints 10 titles:
//   - one word of 1–4 letters: the first 40 entries of the metadata lists
//     limelight.hot.first:<w> and limelight.hot.pre:<w>, each document's
//     value 7 (expiry) and value 1 (the result card, which holds the title);
//   - else complete words AND (last word [if ≥ 3 letters] OR XP<last>),
//     FILTER (XH AND_NOT expired), AND_MAYBE OR(prior in value 0 ×1.5, usage
//     boost in value 6 ×1.0), BM25 k1 1.2 b 0.5, top 10, titles from value 1.
// Queries are lower-case ASCII words separated by spaces (the benchmark's
// query sets are).
//
//   xapian-oneshot DB "python3 nu"
#include <xapian.h>

#include <chrono>
#include <cstdio>
#include <set>
#include <sstream>
#include <string>
#include <vector>

// The title in a result card: u8 magic, then u32-length-prefixed strings
// kind, app, type, id, title.
static std::string card_title(const std::string &b) {
    size_t o = 1;
    std::string s;
    for (int i = 0; i < 5; ++i) {
        if (o + 4 > b.size()) return "";
        uint32_t n = 0;
        for (int k = 0; k < 4; ++k) n |= uint32_t((unsigned char)b[o + k]) << (8 * k);
        o += 4;
        if (o + n > b.size()) return "";
        s = b.substr(o, n);
        o += n;
    }
    return s;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: xapian-oneshot DB QUERY\n");
        return 64;
    }
    try {
        Xapian::Database db(argv[1]);
        std::string raw = argv[2];
        std::vector<std::string> words;
        std::istringstream in(raw);
        for (std::string w; in >> w;) words.push_back(w);
        bool partial = !raw.empty() && raw.back() != ' ' && !words.empty();
        double now = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
        int rank = 0;
        if (partial && words.size() == 1 && words[0].size() <= 4) {
            std::set<Xapian::docid> seen;
            for (const char *kind : {"first:", "pre:"}) {
                std::string list = db.get_metadata(std::string("limelight.hot.") + kind + words[0]);
                for (size_t o = 0, n = 0; o + 12 <= list.size() && n < 40; o += 12, ++n) {
                    Xapian::docid id = 0;
                    for (int k = 0; k < 4; ++k) id |= Xapian::docid((unsigned char)list[o + k]) << (8 * k);
                    if (!seen.insert(id).second) continue;
                    Xapian::Document doc = db.get_document(id);
                    std::string expiry = doc.get_value(7);
                    if (!expiry.empty() && Xapian::sortable_unserialise(expiry) <= now) continue;
                    std::string title = card_title(doc.get_value(1));
                    if (rank < 10) std::printf("%d\t%s\n", ++rank, title.c_str());
                }
            }
            if (rank) return 0;
        }
        Xapian::QueryParser qp;
        qp.set_stemmer(Xapian::Stem("english"));
        qp.set_stemming_strategy(Xapian::QueryParser::STEM_SOME);
        qp.set_database(db);
        std::vector<Xapian::Query> parts;
        for (size_t i = 0; i < words.size(); ++i) {
            bool last = partial && i + 1 == words.size();
            Xapian::Query whole = !last || words[i].size() >= 3
                ? qp.parse_query(words[i], Xapian::QueryParser::FLAG_CJK_NGRAM) : Xapian::Query();
            if (last) {
                Xapian::Query prefix = words[i].size() <= 10
                    ? Xapian::Query("XP" + words[i])
                    : Xapian::Query(Xapian::Query::OP_WILDCARD, words[i], 64,
                                    Xapian::Query::WILDCARD_LIMIT_MOST_FREQUENT);
                parts.push_back(whole.empty() ? prefix : Xapian::Query(Xapian::Query::OP_OR, whole, prefix));
            } else if (!whole.empty()) {
                parts.push_back(whole);
            }
        }
        Xapian::Query text(Xapian::Query::OP_AND, parts.begin(), parts.end());
        Xapian::Query expired(Xapian::Query::OP_FILTER, Xapian::Query("XX"),
                              Xapian::Query(Xapian::Query::OP_VALUE_LE, 7, Xapian::sortable_serialise(now)));
        Xapian::Query filter(Xapian::Query::OP_AND_NOT, Xapian::Query("XH"), expired);
        Xapian::Query boosts(Xapian::Query::OP_OR,
                             Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT,
                                           Xapian::Query(new Xapian::ValueWeightPostingSource(0)), 1.5),
                             Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT,
                                           Xapian::Query(new Xapian::ValueWeightPostingSource(6)), 1.0));
        Xapian::Query q(Xapian::Query::OP_AND_MAYBE, Xapian::Query(Xapian::Query::OP_FILTER, text, filter), boosts);
        Xapian::Enquire enq(db);
        enq.set_weighting_scheme(Xapian::BM25Weight(1.2, 0, 1, 0.5, 0.5));
        enq.set_query(q);
        Xapian::MSet m = enq.get_mset(0, 10);
        for (auto it = m.begin(); it != m.end(); ++it)
            std::printf("%d\t%s\t%.4f\n", ++rank, card_title(it.get_document().get_value(1)).c_str(), it.get_weight());
    } catch (const Xapian::Error &e) {
        std::fprintf(stderr, "xapian-oneshot: %s\n", e.get_description().c_str());
        return 1;
    }
    return 0;
}
