// raw-xapian-bench: the raw Xapian C++ floor for Limelight's benchmarks.
//
//   raw-xapian-bench build DB FILE.jsonl [--no-positions] [--out R.json]
//       Builds a Xapian index from Limelight records the way Limelight's
//       DocumentBuilder does (schema 6: same terms, prefixes, wdf, values 0 and
//       1 — the binary result card — and the record as data), with plain
//       replace_document calls, Xapian's default auto-flush and one final
//       commit. Text goes through a TermGenerator with STEM_ALL_Z (english),
//       as Limelight's: only Z-prefixed stemmed terms ("Zrun" for
//       "running"), CJK n-grams Z-prefixed too; no unstemmed copies. By
//       default text is indexed WITH positions (issue 6's "raw Xapian with
//       positions everywhere"); --no-positions indexes exactly what Limelight
//       indexes (it keeps no positions). Not mirrored: the short-prefix and
//       suggestion lists Limelight keeps in the metadata, and the order:
//       documents are written in the file's order, where Limelight writes
//       each run of entity records best first (by prior), so the same
//       document may have another docid (compare them by their Q term).
//
//   raw-xapian-bench query DB QUERIES [--plan partial] [--full] [--limit N] [--warmup P] [--no-values] [--out R.json]
//       Runs one query per line, P untimed passes first, then a timed pass.
//       DB is Limelight's own index (its `current` stub), opened read-only.
//       Limelight's own plan is not here: `raw-xapian-replay` (replay.cc)
//       makes the very calls the Swift plan made (Benchmarks/ANALYSIS.md §6).
//       --plan partial: Xapian's own as-you-type matching, the whole query in
//           one parse_query(q, FLAG_DEFAULT|FLAG_PARTIAL|FLAG_CJK_NGRAM, "Z"),
//           default op AND, english stemmer, STEM_ALL, same BM25, top --limit
//           with data. STEM_ALL with the default prefix "Z" gives exactly
//           the index's STEM_ALL_Z terms (Z + stem, Z + CJK n-gram) and makes
//           FLAG_PARTIAL expand the last word over Z-prefixed (stemmed)
//           terms — WILDCARD(Z<last>, the 100 most frequent) OR Z<stem of
//           last>. (QueryParser with STEM_ALL_Z would not: Xapian 1.4.22
//           expands a partial word over unprefixed terms, which a STEM_ALL_Z
//           index does not have, so "pyth" would match nothing.) A word
//           typed past its stem matches nothing ("festiva": the index has
//           Zfestiv, no Zfestiva…): 205 of the 22,326 Debian keystroke
//           queries find nothing (68 on the schema-5 index's unstemmed
//           words).
//       --full: every word is complete (no FLAG_PARTIAL).
//       --no-values: do not read the hits' data.
//
// Timing is per query (std::chrono::steady_clock) around everything: parsing,
// get_mset and reading the hits' data. A query's hits: at most --limit.
#include <xapian.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <tuple>
#include <cmath>
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

// Lower-cased words of non-CJK text: Tokenizer.words before issue 15 (runs of
// letters and digits). Limelight now keeps what Xapian keeps inside a word
// ("1.0", "c++"), so its edge-prefix terms differ for such words; to port.
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

// ---- Limelight's fold (Tokenizer.fold), card (HitCard) --------------------

const std::map<unsigned, std::string> &fold_table() {
    static std::map<unsigned, std::string> t = [] {
        std::map<unsigned, std::string> m;
        const char *groups[][2] = {
            {"ÀÁÂÃÄÅĀĂĄ", "A"}, {"àáâãäåāăą", "a"}, {"ÇĆĈĊČ", "C"}, {"çćĉċč", "c"}, {"ĎĐ", "D"}, {"ďđ", "d"},
            {"ÈÉÊËĒĔĖĘĚ", "E"}, {"èéêëēĕėęě", "e"}, {"ĜĞĠĢ", "G"}, {"ĝğġģ", "g"}, {"ĤĦ", "H"}, {"ĥħ", "h"},
            {"ÌÍÎÏĨĪĬĮİ", "I"}, {"ìíîïĩīĭįı", "i"}, {"Ĵ", "J"}, {"ĵ", "j"}, {"Ķ", "K"}, {"ķ", "k"},
            {"ĹĻĽĿŁ", "L"}, {"ĺļľŀł", "l"}, {"ÑŃŅŇ", "N"}, {"ñńņňŉ", "n"}, {"ÒÓÔÕÖØŌŎŐ", "O"}, {"òóôõöøōŏő", "o"},
            {"ŔŖŘ", "R"}, {"ŕŗř", "r"}, {"ŚŜŞŠ", "S"}, {"śŝşš", "s"}, {"ŢŤŦ", "T"}, {"ţťŧ", "t"},
            {"ÙÚÛÜŨŪŬŮŰŲ", "U"}, {"ùúûüũūŭůűų", "u"}, {"Ŵ", "W"}, {"ŵ", "w"}, {"ÝŸŶ", "Y"}, {"ýÿŷ", "y"},
            {"ŹŻŽ", "Z"}, {"źżž", "z"}, {"Æ", "AE"}, {"æ", "ae"}, {"Œ", "OE"}, {"œ", "oe"}, {"ß", "ss"},
            {"Þ", "Th"}, {"þ", "th"}, {"Ð", "D"}, {"ð", "d"}};
        for (auto &g : groups)
            for (Xapian::Utf8Iterator it(g[0]); it != Xapian::Utf8Iterator(); ++it) m[*it] = g[1];
        return m;
    }();
    return t;
}

std::string fold(const std::string &text) {
    bool any = false;
    for (Xapian::Utf8Iterator it(text); it != Xapian::Utf8Iterator(); ++it)
        if (*it >= 0xC0 && *it < 0x250) { any = true; break; }
    if (!any) return text;
    std::string out;
    auto &t = fold_table();
    for (Xapian::Utf8Iterator it(text); it != Xapian::Utf8Iterator(); ++it) {
        auto f = t.find(*it);
        if (f != t.end()) out += f->second;
        else Xapian::Unicode::append_utf8(out, *it);
    }
    return out;
}

std::vector<std::string> word_strings(const std::string &text) {
    std::vector<std::string> out;
    for (auto &w : words(text)) out.push_back(utf8(w));
    return out;
}

std::vector<std::string> cjk_runs(const std::string &text) {
    std::vector<std::string> out;
    std::string run;
    for (Xapian::Utf8Iterator it(text); it != Xapian::Utf8Iterator(); ++it) {
        if (is_cjk(*it)) Xapian::Unicode::append_utf8(run, *it);
        else if (!run.empty()) { out.push_back(run); run.clear(); }
    }
    if (!run.empty()) out.push_back(run);
    return out;
}

// Tokenizer.normalizedForPrefix: lower-cased letters and digits only.
std::string compact(const std::string &text) {
    std::string out;
    for (Xapian::Utf8Iterator it(text); it != Xapian::Utf8Iterator(); ++it) {
        unsigned u = Xapian::Unicode::tolower(*it);
        if (is_word(u)) Xapian::Unicode::append_utf8(out, u);
    }
    return out;
}

// Tokenizer.typeWords: "PlaylistEntity" → "playlist", "CalendarEvent" → "calendar event".
std::string type_words(std::string name) {
    if (name.size() > 6 && name.compare(name.size() - 6, 6, "Entity") == 0) name.resize(name.size() - 6);
    std::string out;
    for (char c : name) {
        if (c >= 'A' && c <= 'Z' && !out.empty() && out.back() != ' ') out += ' ';
        out += (c >= 'A' && c <= 'Z') ? char(c + 32) : c;
    }
    return out;
}

struct CardWriter {
    std::string b;
    void u8(unsigned char v) { b += char(v); }
    void u32(uint32_t v) { for (int i = 0; i < 4; ++i) b += char((v >> (8 * i)) & 0xff); }
    void f64(double d) { uint64_t v; std::memcpy(&v, &d, 8); for (int i = 0; i < 8; ++i) b += char((v >> (8 * i)) & 0xff); }
    void str(const std::string &s) { u32(uint32_t(s.size())); b += s; }
};

// HitCard.encoded (magic 0x43), for a hit with no usage, binding, contexts or aliases.
std::string card(const std::string &kind, const std::string &app, const std::string &type, const std::string &id,
                 const std::string &title, const std::string &subtitle, const std::vector<std::string> &names,
                 double prior) {
    CardWriter w;
    w.u8(0x43);
    w.str(kind);
    for (auto *s : {&app, &type, &id, &title, &subtitle}) w.str(*s);
    w.str("");
    w.str("");
    w.u32(uint32_t(names.size()));
    for (auto &n : names) {
        std::string folded = fold(n);
        auto ws = word_strings(folded);
        w.u32(uint32_t(ws.size()));
        for (auto &x : ws) w.str(x);
        auto cj = cjk_runs(n);
        w.u32(uint32_t(cj.size()));
        for (auto &x : cj) w.str(x);
        w.str(compact(folded));
    }
    w.f64(prior);
    w.f64(0);      // usage boost
    w.u32(0);      // usage stats
    w.u32(0);      // relevant contexts
    w.u32(0);      // aliases
    return w.b;
}

struct Builder {
    Xapian::TermGenerator tg;
    bool positions = true;

    Builder() {
        tg.set_stemmer(Xapian::Stem("english"));
        tg.set_stemming_strategy(Xapian::TermGenerator::STEM_ALL_Z);
        tg.set_flags(Xapian::TermGenerator::FLAG_CJK_NGRAM);
    }

    void index(const std::string &text, unsigned wdf) {
        if (positions) { tg.index_text(text, wdf); tg.increase_termpos(100); }
        else tg.index_text_without_positions(text, wdf);
    }

    // DocumentBuilder.indexText.
    void text(Xapian::Document &doc, const std::vector<std::string> &titles,
              const std::vector<std::pair<std::string, unsigned>> &weighted,
              const std::vector<std::string> &prefix_sources) {
        tg.set_document(doc);
        for (auto &t : titles) index(t, 4);
        for (auto &w : weighted) if (!w.first.empty()) index(w.first, w.second);
        std::vector<std::string> prefix_texts = titles;
        prefix_texts.insert(prefix_texts.end(), prefix_sources.begin(), prefix_sources.end());
        std::string all;
        for (auto &t : prefix_texts) { if (!all.empty()) all += ' '; all += t; }
        for (auto &w : weighted) { if (!all.empty()) all += ' '; all += w.first; }
        std::string folded_words;
        for (auto &w : word_strings(all)) {
            std::string f = fold(w);
            if (f != w) { if (!folded_words.empty()) folded_words += ' '; folded_words += f; }
        }
        if (!folded_words.empty()) index(folded_words, 3);
        std::set<std::string> seen;
        std::vector<std::string> sources = prefix_texts;
        for (auto &t : prefix_texts) sources.push_back(fold(t));
        for (auto &s : sources)
            for (auto &w : words(s))
                for (size_t n = 1; n <= std::min(w.size(), kMaxIndexedPrefix); ++n) {
                    std::string p = utf8(w, n);
                    if (seen.insert(p).second) doc.add_boolean_term(term("XP", p));
                }
    }

    Xapian::Document make(const json &r, std::string &key) {
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
            std::string type = get(r, "type");
            doc.add_boolean_term(term("T", type));
            auto kw = get_list(r, "keywords");
            std::string kws;
            for (auto &k : kw) { if (!kws.empty()) kws += ' '; kws += k; }
            // (Property text: the benchmark corpora have no properties.)
            text(doc, {get(r, "title")},
                 {{kws, 3}, {get(r, "subtitle"), 2}, {get(r, "description"), 1}, {"", 1}, {type_words(type), 1}}, kw);
            double hint = r.contains("rankingHint") && r["rankingHint"].is_number() ? r["rankingHint"].get<double>() : 50;
            doc.add_value(0, Xapian::sortable_serialise(hint / 100));
            doc.add_value(1, card("entity", app, type, get(r, "id"), get(r, "title"), get(r, "subtitle"),
                                  {get(r, "title")}, hint / 100));
        } else if (kind == "app") {
            std::vector<std::string> titles{get(r, "name")};
            for (auto &s : get_list(r, "synonyms")) titles.push_back(s);
            text(doc, titles, {}, {});
            doc.add_value(0, Xapian::sortable_serialise(0.8));
            doc.add_value(1, card("app", app, "", app, get(r, "name"), "", titles, 0.8));
        } else if (kind == "interaction") {
            auto it = r.find("entities");
            if (it != r.end() && it->is_array())
                for (auto &e : *it)
                    doc.add_boolean_term(term("XT", "entity/" + esc(app) + "/" + esc(get(e, "type")) + "/" + esc(get(e, "id"))));
        }
        // Limelight stores its own compact serialisation of the record.
        doc.set_data(r.dump());
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
        Xapian::Document doc = b.make(r, key);
        db.replace_document(term("Q", key), doc);
        ++n;
    }
    db.set_metadata("limelight.schema", "6");
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

// Xapian's own as-you-type plan (--plan partial, above).
struct PartialPlan {
    Xapian::Database db;
    Xapian::QueryParser qp;
    Xapian::Stem stemmer{"english"};
    unsigned limit = 10;
    bool full = false;
    bool read_values = true;
    size_t sink = 0;

    explicit PartialPlan(const std::string &path) : db(path) {
        // With the default prefix "Z" (see run): Z + stem, as indexed, and
        // partial words expanded over the Z terms.
        qp.set_stemmer(stemmer);
        qp.set_stemming_strategy(Xapian::QueryParser::STEM_ALL);
        qp.set_database(db);
        qp.set_default_op(Xapian::Query::OP_AND);
    }

    // Returns the number of hits (at most --limit).
    size_t run(const std::string &q0) {
        unsigned flags = Xapian::QueryParser::FLAG_DEFAULT | Xapian::QueryParser::FLAG_CJK_NGRAM;
        if (!full) flags |= Xapian::QueryParser::FLAG_PARTIAL;
        Xapian::Enquire enq(db);
        enq.set_weighting_scheme(Xapian::BM25Weight(1.2, 0, 1, 0.5, 0.5));
        enq.set_query(qp.parse_query(q0, flags, "Z"));
        Xapian::MSet m = enq.get_mset(0, limit);
        if (read_values)
            for (auto it = m.begin(); it != m.end(); ++it) sink += it.get_document().get_data().size();
        return m.size();
    }
};

int query(const std::string &db_path, const std::string &file, bool full, unsigned limit, int warmup,
          bool read_values, const std::string &out) {
    std::ifstream in(file);
    if (!in) die("cannot open " + file);
    std::vector<std::string> qs;
    std::string line;
    while (std::getline(in, line)) if (!line.empty()) qs.push_back(line);
    PartialPlan p(db_path);
    p.full = full;
    p.limit = limit;
    p.read_values = read_values;
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
    std::printf("raw-xapian query (partial%s) %s: %zu queries, %.2f s; p50 %.3f ms, p90 %.3f ms, p99 %.3f ms\n",
                full ? ", full words" : "", file.c_str(), qs.size(), secs, pct(50) / 1000, pct(90) / 1000, pct(99) / 1000);
    if (!out.empty()) {
        std::ofstream o(out);
        o << "{\"engine\":\"raw-xapian\",\"op\":\"query\",\"plan\":\"partial\",\"full\":"
          << (full ? "true" : "false") << ",\"file\":" << json_str(file) << ",\"limit\":" << limit
          << ",\"warmup_passes\":" << warmup << ",\"seconds\":" << secs
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
        "       raw-xapian-bench query DB QUERIES [--plan partial] [--full] [--limit N] [--warmup P] [--no-values] "
        "[--out R.json]\n"
        "       (Limelight's own plan: raw-xapian-replay, replay.cc)\n";
    if (argc < 4) die(usage, 64);
    std::string cmd = argv[1], db = argv[2], file = argv[3], out, plan = "partial";
    bool positions = true, full = false, read_values = true;
    unsigned limit = 10;
    int warmup = 1;
    for (int i = 4; i < argc; ++i) {
        std::string a = argv[i];
        auto val = [&]() -> std::string { if (i + 1 >= argc) die(a + " needs a value", 64); return argv[++i]; };
        if (a == "--out") out = val();
        else if (a == "--no-positions") positions = false;
        else if (a == "--plan") plan = val();
        else if (a == "--full") full = true;
        else if (a == "--no-values" || a == "--no-data") read_values = false;
        else if (a == "--limit") limit = std::stoul(val());
        else if (a == "--warmup") warmup = std::stoi(val());
        else die("unknown option " + a + "\n" + usage, 64);
    }
    if (plan != "partial")
        die("--plan is partial (Limelight's plan is replayed by raw-xapian-replay, not written here)", 64);
    try {
        if (cmd == "build") return build(db, file, positions, out);
        if (cmd == "query") return query(db, file, full, limit, warmup, read_values, out);
    } catch (const Xapian::Error &e) {
        die(e.get_description());
    } catch (const std::exception &e) {
        die(e.what());
    }
    die(usage, 64);
}
