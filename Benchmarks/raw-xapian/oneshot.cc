// xapian-oneshot: the minimal C++ open-and-query program that `limelight search`
// is compared with as a fresh process. It opens the index read-only, runs
// Limelight's query plan (complete words AND (last word OR XP<last>), FILTER XH,
// AND_MAYBE the prior in value slot 0 scaled 1.5, BM25 k1 1.2 b 0.5) for the
// top 10, and prints their titles. Queries are lower-case words separated by
// spaces (the benchmark's query sets are).
//
//   xapian-oneshot DB "python3 nu"
#include <xapian.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

static std::string title_of(const std::string &data) {
    // The stored record is JSON; its "title" (or an app's "name") is a string.
    for (const char *key : {"\"title\":", "\"name\":"}) {
        size_t p = data.find(key);
        if (p == std::string::npos) continue;
        p = data.find('"', p + std::char_traits<char>::length(key));
        if (p == std::string::npos) continue;
        std::string out;
        for (size_t i = p + 1; i < data.size() && data[i] != '"'; ++i) {
            if (data[i] == '\\' && i + 1 < data.size()) ++i;
            out += data[i];
        }
        return out;
    }
    return "";
}

int main(int argc, char **argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: xapian-oneshot DB QUERY\n");
        return 64;
    }
    try {
        Xapian::Database db(argv[1]);
        Xapian::QueryParser qp;
        qp.set_stemmer(Xapian::Stem("english"));
        qp.set_stemming_strategy(Xapian::QueryParser::STEM_SOME);
        qp.set_database(db);
        std::string raw = argv[2];
        std::vector<std::string> words;
        std::istringstream in(raw);
        for (std::string w; in >> w;) words.push_back(w);
        bool partial = !raw.empty() && raw.back() != ' ' && !words.empty();
        std::vector<Xapian::Query> parts;
        for (size_t i = 0; i < words.size(); ++i) {
            Xapian::Query whole = qp.parse_query(words[i], Xapian::QueryParser::FLAG_CJK_NGRAM);
            if (partial && i + 1 == words.size()) {
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
        Xapian::Query q(Xapian::Query::OP_AND_MAYBE, Xapian::Query(Xapian::Query::OP_FILTER, text, Xapian::Query("XH")),
                        Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT,
                                      Xapian::Query(new Xapian::ValueWeightPostingSource(0)), 1.5));
        Xapian::Enquire enq(db);
        enq.set_weighting_scheme(Xapian::BM25Weight(1.2, 0, 1, 0.5, 0.5));
        enq.set_query(q);
        Xapian::MSet m = enq.get_mset(0, 10);
        int rank = 0;
        for (auto it = m.begin(); it != m.end(); ++it)
            std::printf("%d\t%s\t%.4f\n", ++rank, title_of(it.get_document().get_data()).c_str(), it.get_weight());
    } catch (const Xapian::Error &e) {
        std::fprintf(stderr, "xapian-oneshot: %s\n", e.get_description().c_str());
        return 1;
    }
    return 0;
}
