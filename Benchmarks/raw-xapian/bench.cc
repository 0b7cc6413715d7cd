// raw-xapian-bench: the raw Xapian C++ floor for Limelight's benchmarks.
//
//   raw-xapian-bench build DB FILE.jsonl [--no-positions] [--out R.json]
//       Builds a Xapian index from Limelight records the way Limelight's
//       DocumentBuilder does (same terms, prefixes, wdf, values, data), with
//       plain add/replace calls, Xapian's default auto-flush and one final
//       commit. --no-positions indexes text without positional information.
//
//   raw-xapian-bench query DB QUERIES [--plan limelight|partial|prefix-only|prefix-bool] [--full]
//                    [--limit N] [--depth N] [--warmup P] [--out R.json]
//       Runs one query per line, P untimed passes first, then a timed pass.
//       DB may be Limelight's own index (its `current` stub), opened read-only.
//       --plan limelight (default): Limelight's query plan, exactly:
//           AND(complete words parsed; last word parsed OR XP<last>)
//           FILTER XH, AND_MAYBE ValueWeightPostingSource(0) scaled 1.5,
//           BM25(k1 1.2, k2 0, k3 1, b 0.5, min_normlen 0.5), top --depth (50)
//           with each hit's data and value 0 read (what Limelight's re-rank reads),
//           and the OR-relaxed retry when a multi-word AND matches nothing.
//       --plan partial: QueryParser(FLAG_DEFAULT|FLAG_PARTIAL|FLAG_CJK_NGRAM,
//           default op AND, english stemmer), same BM25, top --limit with data.
//       Experiments (not Limelight's plan; see ANALYSIS.md):
//       --plan prefix-only: as limelight, but a last word of at most 10
//           letters is only its XP term (no whole-word OR branch).
//       --plan prefix-bool: prefix-only with BoolWeight and no prior: the
//           first 50 matches in docid order, which is the top 50 by prior
//           when docids follow static rank (prior descending).
//       --full: every word is complete (Limelight: a trailing space; partial:
//           no FLAG_PARTIAL).
//       --no-data: do not read the hits' data and values (to measure what
//           reading them costs). --no-prior: leave out the AND_MAYBE prior
//           (to measure what it costs the matcher). Experiments, not Limelight's plan.
//
// Timing is per query (std::chrono::steady_clock) around building the query,
// get_mset and reading the hits' data.
#include <xapian.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

[[noreturn]] void die(const std::string &m, int code = 1) {
    std::cerr << "raw-xapian-bench: " << m << "\n";
    std::exit(code);
}

long proc_status_kib(const char *field) {
    std::ifstream f("/proc/self/status");
    std::string line;
    size_t n = std::strlen(field);
    while (std::getline(f, line)) {
        if (line.compare(0, n, field) == 0 && line.size() > n && line[n] == ':') {
            return std::strtol(line.c_str() + n + 1, nullptr, 10);
        }
    }
    return -1;
}

std::string json_str(const std::string &s) { return json(s).dump(); }

// ---- Limelight's Tokenizer and Schema, mirrored -------------------------

bool is_cjk(unsigned u) {
    return (u >= 0x1100 && u <= 0x11FF) || (u >= 0x2E80 && u <= 0x2FDF) || (u >= 0x3040 && u <= 0x30FF) ||
           (u >= 0x3100 && u <= 0x31FF) || (u >= 0x3400 && u <= 0x4DBF) || (u >= 0x4E00 && u <= 0x9FFF) ||
           (u >= 0xA960 && u <= 0xA97F) || (u >= 0xAC00 && u <= 0xD7FF) || (u >= 0xF900 && u <= 0xFAFF) ||
           (u >= 0xFF66 && u <= 0xFF9F) || (u >= 0x20000 && u <= 0x2FFFF);
}

bool is_word(unsigned u) {
    using namespace Xapian::Unicode;
    if (u == '_') return true;
    switch (get_category(u)) {
        case UPPERCASE_LETTER: case LOWERCASE_LETTER: case TITLECASE_LETTER: case MODIFIER_LETTER:
        case OTHER_LETTER: case DECIMAL_DIGIT_NUMBER: case LETTER_NUMBER: case OTHER_NUMBER:
            return true;
        default:
            return false;
    }
}

// Lower-cased words of non-CJK text (Tokenizer.words).
std::vector<std::vector<unsigned>> words(const std::string &text) {
    std::vector<unsigned> s;
    for (Xapian::Utf8Iterator it(text); it != Xapian::Utf8Iterator(); ++it) s.push_back(Xapian::Unicode::tolower(*it));
    std::vector<std::vector<unsigned>> out;
    std::vector<unsigned> cur;
    for (size_t i = 0; i < s.size(); ++i) {
        unsigned u = s[i];
        if (is_word(u) && !is_cjk(u)) {
            cur.push_back(u);
        } else if ((u == '\'' || u == 0x2019) && !cur.empty() && i + 1 < s.size() && is_word(s[i + 1]) &&
                   !is_cjk(s[i + 1])) {
            continue;
        } else if (!cur.empty()) {
            out.push_back(cur);
            cur.clear();
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

std::string utf8(const std::vector<unsigned> &w, size_t n = std::string::npos) {
    std::string out;
    for (size_t i = 0; i < w.size() && i < n; ++i) Xapian::Unicode::append_utf8(out, w[i]);
    return out;
}

const size_t kMaxIndexedPrefix = 10;
const size_t kMaxTermBytes = 240;

std::string fnv1a64_hex(const std::string &s) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : s) { h ^= c; h *= 0x100000001b3ULL; }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", (unsigned long long)h);
    return buf;
}

std::string term(const std::string &prefix, const std::string &key) {
    std::string t = prefix + key;
    if (t.size() <= kMaxTermBytes) return t;
    // Cut on a UTF-8 boundary, then add the hash (as Schema.term does).
    size_t n = kMaxTermBytes - 18;
    while (n > 0 && (static_cast<unsigned char>(t[n]) & 0xC0) == 0x80) --n;
    return t.substr(0, n) + "#" + fnv1a64_hex(t);
}

std::string esc(const std::string &s) {
    std::string o;
    for (char c : s) {
        if (c == '%') o += "%25";
        else if (c == '/') o += "%2F";
        else o += c;
    }
    return o;
}

std::string get(const json &o, const char *k) {
    auto it = o.find(k);
    return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::vector<std::string> get_list(const json &o, const char *k) {
    std::vector<std::string> out;
    auto it = o.find(k);
    if (it != o.end() && it->is_array())
        for (auto &v : *it) if (v.is_string()) out.push_back(v.get<std::string>());
    return out;
}

// ---- build ---------------------------------------------------------------

struct Builder {
    Xapian::TermGenerator tg;
    bool positions = true;

    Builder() {
        tg.set_stemmer(Xapian::Stem("english"));
        tg.set_stemming_strategy(Xapian::TermGenerator::STEM_SOME);
        tg.set_flags(Xapian::TermGenerator::FLAG_CJK_NGRAM);
    }

    void index(const std::string &text, unsigned wdf, const std::string &prefix = "", bool pos = true) {
        if (pos && positions) tg.index_text(text, wdf, prefix);
        else tg.index_text_without_positions(text, wdf, prefix);
    }

    void text(Xapian::Document &doc, const std::vector<std::string> &titles,
              const std::vector<std::pair<std::string, unsigned>> &weighted,
              const std::vector<std::string> &prefix_sources) {
        tg.set_document(doc);
        for (auto &t : titles) {
            index(t, 4);
            tg.increase_termpos(100);
            index(t, 1, "S", false);
        }
        for (auto &w : weighted) {
            if (w.first.empty()) continue;
            index(w.first, w.second);
            tg.increase_termpos(100);
        }
        std::set<std::string> seen;
        std::vector<std::string> sources = titles;
        sources.insert(sources.end(), prefix_sources.begin(), prefix_sources.end());
        for (auto &s : sources)
            for (auto &w : words(s))
                for (size_t n = 1; n <= std::min(w.size(), kMaxIndexedPrefix); ++n) {
                    std::string p = utf8(w, n);
                    if (seen.insert(p).second) doc.add_boolean_term(term("XP", p));
                }
    }

    Xapian::Document make(const json &r, const std::string &line, std::string &key) {
        std::string kind = get(r, "kind"), app = get(r, "app");
        Xapian::Document doc;
        bool hit = kind == "entity" || kind == "app";
        if (kind == "app") key = "app/" + esc(app);
        else if (kind == "entity") key = "entity/" + esc(app) + "/" + esc(get(r, "type")) + "/" + esc(get(r, "id"));
        else if (kind == "interaction") key = "interaction/" + esc(get(r, "id"));
        else key = kind + "/" + esc(app) + "/" + esc(get(r, "id"));
        doc.add_boolean_term(term("Q", key));
        doc.add_boolean_term("K" + kind);
        doc.add_boolean_term(term("A", app));
        if (hit) doc.add_boolean_term("XH");
        if (kind == "entity") {
            doc.add_boolean_term(term("T", get(r, "type")));
            auto kw = get_list(r, "keywords");
            std::string kws;
            for (auto &k : kw) { if (!kws.empty()) kws += ' '; kws += k; }
            text(doc, {get(r, "title")}, {{kws, 3}, {get(r, "subtitle"), 2}, {get(r, "description"), 1}}, kw);
            double hint = r.contains("rankingHint") && r["rankingHint"].is_number() ? r["rankingHint"].get<double>() : 50;
            doc.add_value(0, Xapian::sortable_serialise(hint / 100));
            doc.add_value(1, kind);
        } else if (kind == "app") {
            std::vector<std::string> titles{get(r, "name")};
            for (auto &s : get_list(r, "synonyms")) titles.push_back(s);
            text(doc, titles, {}, {});
            doc.add_value(0, Xapian::sortable_serialise(0.8));
            doc.add_value(1, kind);
        } else if (kind == "interaction") {
            auto it = r.find("entities");
            if (it != r.end() && it->is_array())
                for (auto &e : *it)
                    doc.add_boolean_term(term("XE", "entity/" + esc(app) + "/" + esc(get(e, "type")) + "/" + esc(get(e, "id"))));
        }
        doc.set_data(line);
        return doc;
    }
};

int build(const std::string &db_path, const std::string &file, bool positions, const std::string &out) {
    auto t0 = Clock::now();
    Xapian::WritableDatabase db(db_path, Xapian::DB_CREATE);
    Builder b;
    b.positions = positions;
    std::ifstream in(file);
    if (!in) die("cannot open " + file);
    std::string line, key;
    long n = 0;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        json r = json::parse(line);
        Xapian::Document doc = b.make(r, line, key);
        db.replace_document(term("Q", key), doc);
        ++n;
    }
    db.set_metadata("limelight.schema", "1");
    db.commit();
    db.close();
    double secs = std::chrono::duration<double>(Clock::now() - t0).count();
    long peak = proc_status_kib("VmHWM");
    std::fprintf(stdout, "raw-xapian build%s: %ld records, %.2f s, %.0f records/s, peak RSS %ld MiB\n",
                 positions ? "" : " (no positions)", n, secs, n / secs, peak / 1024);
    if (!out.empty()) {
        std::ofstream o(out);
        o << "{\"engine\":\"raw-xapian\",\"op\":\"ingest\",\"positions\":" << (positions ? "true" : "false")
          << ",\"file\":" << json_str(file) << ",\"records\":" << n << ",\"seconds\":" << secs
          << ",\"peak_rss_kib\":" << peak << "}\n";
    }
    return 0;
}

// ---- query ---------------------------------------------------------------

struct Planner {
    Xapian::Database db;
    Xapian::QueryParser qp;
    Xapian::Enquire enq;
    std::string plan;
    unsigned limit = 10, depth = 50;
    bool full = false;
    bool read_data = true;
    bool use_prior = true;

    Planner(const std::string &path, const std::string &plan_) : db(path), enq(db), plan(plan_) {
        qp.set_stemmer(Xapian::Stem("english"));
        qp.set_stemming_strategy(Xapian::QueryParser::STEM_SOME);
        qp.set_database(db);
        qp.set_default_op(Xapian::Query::OP_AND);
        if (plan == "prefix-bool") enq.set_weighting_scheme(Xapian::BoolWeight());
        else enq.set_weighting_scheme(Xapian::BM25Weight(1.2, 0, 1, 0.5, 0.5));
    }

    Xapian::Query text_query(const std::string &raw, Xapian::Query::op op) {
        auto ws = words(raw);
        bool ends_in_word = false;
        if (!raw.empty()) {
            // The last scalar of raw.
            unsigned last = 0;
            for (Xapian::Utf8Iterator it(raw); it != Xapian::Utf8Iterator(); ++it) last = *it;
            ends_in_word = is_word(Xapian::Unicode::tolower(last)) && !is_cjk(last);
        }
        std::string partial;
        size_t partial_len = 0;
        if (ends_in_word && !ws.empty()) {
            partial = utf8(ws.back());
            partial_len = ws.back().size();
            ws.pop_back();
        }
        std::vector<Xapian::Query> parts;
        for (auto &w : ws) {
            Xapian::Query q = qp.parse_query(utf8(w), Xapian::QueryParser::FLAG_CJK_NGRAM);
            if (!q.empty()) parts.push_back(q);
        }
        // (CJK runs would be added here as complete words; the benchmark's
        // queries have none.)
        if (!partial.empty()) {
            Xapian::Query whole = qp.parse_query(partial, Xapian::QueryParser::FLAG_CJK_NGRAM);
            Xapian::Query prefix = partial_len <= kMaxIndexedPrefix
                ? Xapian::Query(term("XP", partial))
                : Xapian::Query(Xapian::Query::OP_WILDCARD, partial, 64, Xapian::Query::WILDCARD_LIMIT_MOST_FREQUENT);
            bool prefix_only = (plan == "prefix-only" || plan == "prefix-bool") && partial_len <= kMaxIndexedPrefix;
            parts.push_back(whole.empty() || prefix_only ? prefix : Xapian::Query(Xapian::Query::OP_OR, whole, prefix));
        }
        if (parts.empty()) return Xapian::Query::MatchNothing;
        if (parts.size() == 1) return parts[0];
        return Xapian::Query(op, parts.begin(), parts.end());
    }

    size_t fetch(const Xapian::MSet &m) {
        size_t bytes = 0;
        if (!read_data) return 0;
        for (auto it = m.begin(); it != m.end(); ++it) {
            Xapian::Document d = it.get_document();
            bytes += d.get_data().size() + d.get_value(0).size();
        }
        return bytes;
    }

    // Returns the number of hits.
    size_t run(const std::string &q0) {
        if (plan == "partial") {
            unsigned flags = Xapian::QueryParser::FLAG_DEFAULT | Xapian::QueryParser::FLAG_CJK_NGRAM;
            if (!full) flags |= Xapian::QueryParser::FLAG_PARTIAL;
            enq.set_query(qp.parse_query(q0, flags));
            Xapian::MSet m = enq.get_mset(0, limit);
            fetch(m);
            return m.size();
        }
        std::string q = full ? q0 + " " : q0;
        Xapian::Query prior(Xapian::Query::OP_SCALE_WEIGHT,
                            Xapian::Query(new Xapian::ValueWeightPostingSource(0)), 1.5);
        // ValueWeightPostingSource is reference-counted by the Query.
        auto go = [&](Xapian::Query::op op) {
            Xapian::Query t = text_query(q, op);
            Xapian::Query filtered(Xapian::Query::OP_FILTER, t, Xapian::Query("XH"));
            bool with_prior = use_prior && plan != "prefix-bool";
            enq.set_query(with_prior ? Xapian::Query(Xapian::Query::OP_AND_MAYBE, filtered, prior) : filtered);
            return enq.get_mset(0, std::max(limit * 3, depth));
        };
        Xapian::MSet m = go(Xapian::Query::OP_AND);
        if (m.empty() && words(q).size() > 1) m = go(Xapian::Query::OP_OR);
        fetch(m);
        return std::min<size_t>(m.size(), limit);
    }
};

int query(const std::string &db_path, const std::string &file, const std::string &plan, bool full,
          unsigned limit, unsigned depth, int warmup, bool read_data, bool use_prior, const std::string &out) {
    std::ifstream in(file);
    if (!in) die("cannot open " + file);
    std::vector<std::string> qs;
    std::string line;
    while (std::getline(in, line)) if (!line.empty()) qs.push_back(line);
    Planner p(db_path, plan);
    p.full = full;
    p.limit = limit;
    p.depth = depth;
    p.read_data = read_data;
    p.use_prior = use_prior;
    for (int w = 0; w < warmup; ++w) for (auto &q : qs) p.run(q);
    std::vector<double> lat(qs.size());
    std::vector<size_t> hits(qs.size());
    auto t0 = Clock::now();
    for (size_t i = 0; i < qs.size(); ++i) {
        auto a = Clock::now();
        hits[i] = p.run(qs[i]);
        lat[i] = std::chrono::duration<double, std::micro>(Clock::now() - a).count();
    }
    double secs = std::chrono::duration<double>(Clock::now() - t0).count();
    std::vector<double> s = lat;
    std::sort(s.begin(), s.end());
    auto pct = [&](double p) { size_t r = (size_t)std::ceil(p / 100 * s.size()); return s[std::min(std::max<size_t>(r, 1), s.size()) - 1]; };
    std::printf("raw-xapian query (%s%s) %s: %zu queries, %.2f s; p50 %.3f ms, p90 %.3f ms, p99 %.3f ms\n",
                plan.c_str(), full ? ", full words" : "", file.c_str(), qs.size(), secs, pct(50) / 1000,
                pct(90) / 1000, pct(99) / 1000);
    if (!out.empty()) {
        std::ofstream o(out);
        o << "{\"engine\":\"raw-xapian\",\"op\":\"query\",\"plan\":" << json_str(plan) << ",\"full\":"
          << (full ? "true" : "false") << ",\"file\":" << json_str(file) << ",\"limit\":" << limit
          << ",\"depth\":" << depth << ",\"warmup_passes\":" << warmup << ",\"seconds\":" << secs
          << ",\"peak_rss_kib\":" << proc_status_kib("VmHWM") << ",\"latency_us\":[";
        char buf[32];
        for (size_t i = 0; i < lat.size(); ++i) {
            std::snprintf(buf, sizeof buf, "%s%.1f", i ? "," : "", lat[i]);
            o << buf;
        }
        o << "],\"hits\":[";
        for (size_t i = 0; i < hits.size(); ++i) o << (i ? "," : "") << hits[i];
        o << "]}\n";
    }
    return 0;
}

}  // namespace

int main(int argc, char **argv) {
    const char *usage =
        "usage: raw-xapian-bench build DB FILE.jsonl [--no-positions] [--out R.json]\n"
        "       raw-xapian-bench query DB QUERIES [--plan limelight|partial|prefix-only|prefix-bool] [--full] [--limit N] [--depth N] "
        "[--warmup P] [--no-data] [--no-prior] [--out R.json]\n";
    if (argc < 4) die(usage, 64);
    std::string cmd = argv[1], db = argv[2], file = argv[3], out, plan = "limelight";
    bool positions = true, full = false, read_data = true, use_prior = true;
    unsigned limit = 10, depth = 50;
    int warmup = 1;
    for (int i = 4; i < argc; ++i) {
        std::string a = argv[i];
        auto val = [&]() -> std::string { if (i + 1 >= argc) die(a + " needs a value", 64); return argv[++i]; };
        if (a == "--out") out = val();
        else if (a == "--no-positions") positions = false;
        else if (a == "--plan") plan = val();
        else if (a == "--full") full = true;
        else if (a == "--no-data") read_data = false;
        else if (a == "--no-prior") use_prior = false;
        else if (a == "--limit") limit = std::stoul(val());
        else if (a == "--depth") depth = std::stoul(val());
        else if (a == "--warmup") warmup = std::stoi(val());
        else die("unknown option " + a + "\n" + usage, 64);
    }
    if (plan != "limelight" && plan != "partial" && plan != "prefix-only" && plan != "prefix-bool")
        die("--plan is limelight, partial, prefix-only or prefix-bool", 64);
    try {
        if (cmd == "build") return build(db, file, positions, out);
        if (cmd == "query") return query(db, file, plan, full, limit, depth, warmup, read_data, use_prior, out);
    } catch (const Xapian::Error &e) {
        die(e.get_description());
    } catch (const std::exception &e) {
        die(e.what());
    }
    die(usage, 64);
}
