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
//   raw-xapian-bench query DB QUERIES [--plan limelight|xapian|partial|prefix-only|prefix-bool] [--full]
//                    [--limit N] [--depth N] [--warmup P] [--no-values] [--no-prior] [--lists-sorted]
//                    [--lists-checked] [--out R.json]
//       Runs one query per line, P untimed passes first, then a timed pass.
//       DB is Limelight's own index (its `current` stub), opened read-only:
//       the raw program queries the very index Limelight queries.
//       --plan limelight (default): Limelight's query plan (Searcher.swift as
//           of this file's commit), exactly, without the Swift re-rank:
//         * one word of 1–4 letters being typed, nothing else: no Xapian
//           query; the metadata lists limelight.hot.first:<p> and
//           limelight.hot.pre:<p> ([u32 docid, f64 score] little-endian),
//           the first 40 of each, and per docid get_document with
//           DOC_ASSUME_VALID, value 7 (expiry; skipped if past; not read when
//           no document has an expiry: the XX term has no postings) and
//           value 1 (the card; none: deleted), whose title words (and
//           aliases) must start with <p>.
//           Nothing left: the Xapian plan below.
//         * else Q = AND(complete words and CJK runs parsed; OR(last word
//           parsed if ≥ 3 letters, XP<its first 10 letters>)) AND_NOT (XX
//           FILTER value 7 ≤ now) (no XH filter: text terms are only on
//           hits). Parsed = QueryParser(english, STEM_ALL_Z, default op AND)
//           .parse_query(word, FLAG_CJK_NGRAM), one word at a time, with
//           default prefix "Z" for a complete word or run holding CJK (the
//           TermGenerator gives n-grams the Z prefix; the parser does not
//           unless told) and "" otherwise: "running" → Zrun. (A last word
//           past 10 letters has no wildcard: its XP term of 10 letters.)
//           "scored(q, n)" below is
//           q AND_MAYBE OR(ValueWeightPostingSource(0) ×1.5,
//                          ValueWeightPostingSource(6) ×1.0),
//           BM25(k1 1.2, k2 0, k3 1, b 0.5, min_normlen 0.5), top n,
//           reading value 1 of each hit (no data).
//           If Q's get_matches_upper_bound() (get_mset(0, 0), no boosts) is
//           at most 5,000: scored(Q, max(limit×3, --depth 50)) (depth, below).
//           Else the query is broad, and its candidates are the union, by
//           docid in this order, of:
//             - title tier (no CJK in the query, and only if Q's upper bound
//               exceeds 20,000): T = Q FILTER AND(XP<first 10 letters of w>
//               for every typed word w, folded); T's upper bound ≤ 1,250:
//               scored(T, depth), else windowed(T, 5,000);
//             - scored(Q FILTER OR(Kapp, Kshortcut), 40);
//             - windowed(Q, 20,000);
//             - the first 20 entries of each of the metadata lists
//               limelight.hot.all and limelight.hot.hour:<UTC hour now>,
//               deduplicated; per docid read as in the lists, value 7 (skipped if
//               expired) and value 1, kept if every typed word starts a word
//               of one of the card's names.
//           windowed(q, budget): end = max(1, min(last, last × budget ÷ q's
//           upper bound)) with last = get_lastdocid(); q FILTER
//           DocidRangeSource(1, end) (Limelight's own, from Sources/CXapian/docid_range_source.h), BM25 alone (no
//           boosts), top depth, reading value 1.
//           Nothing: the one-edit typo retry (most frequent neighbour) on the
//           same plan, then for several words the OR-relaxed query, always
//           scored(OR query, depth).
//       --plan xapian: the same without the short-prefix lists (every query
//           runs the Xapian plan): what those lists buy.
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
//       Experiments (not Limelight's plan; see ANALYSIS.md):
//       --plan prefix-only: xapian, but a last word of at most 10 letters is
//           only its XP term (no whole-word OR branch).
//       --plan prefix-bool: prefix-only with BoolWeight and no boosts, every
//           query scored whole (no broad plan): the first matches in docid
//           order.
//       --full: every word is complete (Limelight: a trailing space; partial:
//           no FLAG_PARTIAL).
//       --no-values: do not read the hits' cards (to measure what reading
//           them costs; the list paths then keep every listed document).
//           --no-prior: leave out the AND_MAYBE boosts.
//       --lists-sorted: read the list entries in docid order (neighbouring
//           values share B-tree blocks). --lists-checked: read listed
//           documents as Limelight did until commit 2239c0f: get_document checking
//           that each exists, and value 7 always.
//
// Timing is per query (std::chrono::steady_clock) around everything: reading
// the lists, building the queries, the upper-bound probes, get_mset and
// reading the hits' values. A query's hits are its candidates (deduplicated),
// at most --limit.
#include <xapian.h>
#include "../../Sources/CXapian/docid_range_source.h"  // Limelight's docid window
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

// What a card holds that the short-prefix check reads: title words (of the
// title and of each synonym) and aliases.
struct CardReader {
    const std::string &b;
    size_t o = 0;
    bool ok = true;
    explicit CardReader(const std::string &s) : b(s) {}
    uint32_t u32() {
        if (o + 4 > b.size()) { ok = false; return 0; }
        uint32_t v = 0;
        for (int i = 0; i < 4; ++i) v |= uint32_t((unsigned char)b[o + i]) << (8 * i);
        o += 4;
        return v;
    }
    std::string str() {
        uint32_t n = u32();
        if (!ok || o + n > b.size()) { ok = false; return {}; }
        std::string s = b.substr(o, n);
        o += n;
        return s;
    }
    void skip(size_t n) { if (o + n > b.size()) ok = false; else o += n; }
};

// Does any title word (or alias word) of the card start with p?
bool card_has_word_prefix(const std::string &bytes, const std::string &p) {
    CardReader r(bytes);
    if (bytes.empty() || (unsigned char)bytes[0] != 0x43) return false;
    r.skip(1);
    for (int i = 0; i < 8; ++i) r.str();  // kind, app, type, id, title, subtitle, binding type, id
    bool found = false;
    uint32_t names = r.u32();
    for (uint32_t n = 0; n < names && r.ok; ++n) {
        uint32_t nw = r.u32();
        for (uint32_t i = 0; i < nw && r.ok; ++i) if (r.str().compare(0, p.size(), p) == 0) found = true;
        uint32_t nc = r.u32();
        for (uint32_t i = 0; i < nc && r.ok; ++i) r.str();
        r.str();
    }
    if (found) return r.ok;
    r.skip(16);
    r.skip(r.u32());
    uint32_t nr = r.u32();
    for (uint32_t i = 0; i < nr && r.ok; ++i) r.str();
    uint32_t na = r.u32();
    for (uint32_t i = 0; i < na && r.ok; ++i)
        for (auto &w : word_strings(fold(r.str()))) if (w.compare(0, p.size(), p) == 0) return r.ok;
    return false;
}

// Searcher.hotTitleMatches' check: the card decodes (as HitCard(encoded:)
// does, to the end) and every one of ws starts a word of one of its names
// (the title; an app's synonyms).
bool card_names_have_prefixes(const std::string &bytes, const std::vector<std::string> &ws) {
    CardReader r(bytes);
    if (bytes.empty() || (unsigned char)bytes[0] != 0x43) return false;
    r.skip(1);
    std::string kind = r.str();
    if (kind != "entity" && kind != "shortcut" && kind != "app") return false;
    for (int i = 0; i < 7; ++i) r.str();  // app, type, id, title, subtitle, binding type, id
    std::vector<bool> found(ws.size(), false);
    uint32_t names = r.u32();
    for (uint32_t n = 0; n < names && r.ok; ++n) {
        uint32_t nw = r.u32();
        for (uint32_t i = 0; i < nw && r.ok; ++i) {
            std::string w = r.str();
            for (size_t j = 0; j < ws.size(); ++j)
                if (!found[j] && w.compare(0, ws[j].size(), ws[j]) == 0) found[j] = true;
        }
        uint32_t nc = r.u32();
        for (uint32_t i = 0; i < nc && r.ok; ++i) r.str();
        r.str();
    }
    r.skip(16);  // prior, usage boost
    r.skip(r.u32());
    uint32_t nr = r.u32();
    for (uint32_t i = 0; i < nr && r.ok; ++i) r.str();
    uint32_t na = r.u32();
    for (uint32_t i = 0; i < na && r.ok; ++i) r.str();
    return r.ok && std::all_of(found.begin(), found.end(), [](bool f) { return f; });
}

// ---- build ---------------------------------------------------------------

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

double now_seconds() {
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

size_t char_count(const std::string &s) {
    size_t n = 0;
    for (Xapian::Utf8Iterator it(s); it != Xapian::Utf8Iterator(); ++it) ++n;
    return n;
}

// The first n characters of s.
std::string prefix_chars(const std::string &s, size_t n) {
    std::string out;
    for (Xapian::Utf8Iterator it(s); it != Xapian::Utf8Iterator() && n > 0; ++it, --n)
        Xapian::Unicode::append_utf8(out, *it);
    return out;
}

bool contains_cjk(const std::string &s) {
    for (Xapian::Utf8Iterator it(s); it != Xapian::Utf8Iterator(); ++it) if (is_cjk(*it)) return true;
    return false;
}

// RankingWeights.
const Xapian::doccount kBroadQueryMatches = 5000;
const Xapian::doccount kBroadWindowMatches = 20000;
const size_t kBroadHotCandidates = 20;
const size_t kPrefixCandidates = 40;

// A query owning its posting source (as Limelight's queries do).
Xapian::Query source_query(Xapian::PostingSource *ps) { return Xapian::Query(ps->release()); }

// QueryText.
struct Text {
    std::vector<std::string> complete;  // complete words, then CJK runs
    std::string partial;
    size_t partial_len = 0;  // in characters
    bool has_partial = false;
    std::vector<std::string> words;  // every non-CJK word, folded, the partial one too
    std::vector<std::string> cjk;    // runs of CJK characters
    size_t word_count() const { return complete.size() + (has_partial ? 1 : 0); }
    // QueryText.titleWords: none for CJK text (titles match it by n-grams).
    std::vector<std::string> title_words() const { return cjk.empty() ? words : std::vector<std::string>(); }
};

// The candidates of one query: docids, deduplicated, in the order found.
struct Candidates {
    std::vector<Xapian::docid> ids;
    std::set<Xapian::docid> seen;
    void add(Xapian::docid id) { if (seen.insert(id).second) ids.push_back(id); }
    size_t size() const { return ids.size(); }
};

struct Planner {
    Xapian::Database db;
    Xapian::QueryParser qp;
    Xapian::QueryParser partial_qp;  // --plan partial
    Xapian::Stem stemmer{"english"};
    std::string plan;
    unsigned limit = 10, depth = 50;
    bool full = false;
    bool read_values = true;
    bool use_prior = true;
    double at = now_seconds();
    size_t used_lists = 0;  // queries answered from the metadata lists
    size_t typo_retries = 0, or_retries = 0;  // queries that needed them
    size_t broad = 0;  // text queries (or typo retries) that took the broad plan

    Planner(const std::string &path, const std::string &plan_) : db(path), plan(plan_) {
        qp.set_stemmer(stemmer);
        qp.set_stemming_strategy(Xapian::QueryParser::STEM_ALL_Z);
        qp.set_database(db);
        qp.set_default_op(Xapian::Query::OP_AND);
        // With the default prefix "Z" (see run): Z + stem, as indexed, and
        // partial words expanded over the Z terms.
        partial_qp.set_stemmer(stemmer);
        partial_qp.set_stemming_strategy(Xapian::QueryParser::STEM_ALL);
        partial_qp.set_database(db);
        partial_qp.set_default_op(Xapian::Query::OP_AND);
    }

    Xapian::Enquire enquire() {
        Xapian::Enquire enq(db);
        if (plan == "prefix-bool") enq.set_weighting_scheme(Xapian::BoolWeight());
        else enq.set_weighting_scheme(Xapian::BM25Weight(1.2, 0, 1, 0.5, 0.5));
        return enq;
    }

    // QueryText(typed): complete words (then CJK runs) and the word being typed.
    Text split(const std::string &typed) {
        const size_t max_words = 32, max_characters = 1000;
        std::string raw = char_count(typed) > max_characters ? prefix_chars(typed, max_characters) : typed;
        Text t;
        auto ws = words(raw);
        if (ws.size() > max_words) ws.resize(max_words);
        // Titles are compared without diacritics.
        auto folded = words(fold(raw));
        for (auto &w : folded.size() == ws.size() ? folded : ws) t.words.push_back(utf8(w));
        bool ends_in_word = false;
        if (!raw.empty()) {
            unsigned last = 0;
            for (Xapian::Utf8Iterator it(raw); it != Xapian::Utf8Iterator(); ++it) last = *it;
            ends_in_word = is_word(Xapian::Unicode::tolower(last)) && !is_cjk(last);
        }
        if (ends_in_word && !ws.empty()) {
            t.partial = utf8(ws.back());
            t.partial_len = ws.back().size();
            t.has_partial = true;
            ws.pop_back();
        }
        for (auto &w : ws) t.complete.push_back(utf8(w));
        t.cjk = cjk_runs(raw);
        if (t.cjk.size() > max_words) t.cjk.resize(max_words);
        t.complete.insert(t.complete.end(), t.cjk.begin(), t.cjk.end());
        return t;
    }

    Xapian::Query text_query(const Text &t, Xapian::Query::op op) {
        std::vector<Xapian::Query> parts;
        for (auto &w : t.complete) {
            // The term generator gives CJK n-grams the Z prefix too; the
            // query parser does not, unless told.
            Xapian::Query q = qp.parse_query(w, Xapian::QueryParser::FLAG_CJK_NGRAM, contains_cjk(w) ? "Z" : "");
            if (!q.empty()) parts.push_back(q);
        }
        if (t.has_partial) {
            bool prefix_only = (plan == "prefix-only" || plan == "prefix-bool") && t.partial_len <= kMaxIndexedPrefix;
            Xapian::Query whole = t.partial_len >= 3 && !prefix_only
                ? qp.parse_query(t.partial, Xapian::QueryParser::FLAG_CJK_NGRAM) : Xapian::Query();
            // The word being typed weighs by its prefix only (RankingWeights.partialWordStemScale = 0).
            if (!whole.empty()) whole = Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT, whole, 0.0);
            // Past 10 letters, the prefix term of its first 10 (no wildcard).
            Xapian::Query prefix(term("XP", prefix_chars(t.partial, kMaxIndexedPrefix)));
            parts.push_back(whole.empty() ? prefix : Xapian::Query(Xapian::Query::OP_OR, whole, prefix));
        }
        if (parts.empty()) return Xapian::Query::MatchNothing;
        if (parts.size() == 1) return parts[0];
        return Xapian::Query(op, parts.begin(), parts.end());
    }

    // Restriction.apply (no --app/--type/--where): never an expired entity.
    // (No XH filter: text terms are only on hits.)
    Xapian::Query restricted(const Xapian::Query &q) {
        Xapian::Query expired(Xapian::Query::OP_FILTER, Xapian::Query("XX"),
                              Xapian::Query(Xapian::Query::OP_VALUE_LE, 7, Xapian::sortable_serialise(at)));
        return Xapian::Query(Xapian::Query::OP_AND_NOT, q, expired);
    }

    // Searcher.match(_:count:): the top count, reading each hit's card.
    void top(const Xapian::Query &q, unsigned count, Candidates &out) {
        Xapian::Enquire enq = enquire();
        enq.set_query(q);
        Xapian::MSet m = enq.get_mset(0, count);
        for (auto it = m.begin(); it != m.end(); ++it) {
            if (read_values) sink += it.get_document().get_value(1).size();
            out.add(*it);
        }
    }

    // Searcher.scored: q AND_MAYBE the two static boosts (staticBoosts).
    void scored(const Xapian::Query &q, unsigned count, Candidates &out) {
        if (!use_prior || plan == "prefix-bool") return top(q, count, out);
        Xapian::Query prior(Xapian::Query::OP_SCALE_WEIGHT, source_query(new Xapian::ValueWeightPostingSource(0)), 1.5);
        Xapian::Query used(Xapian::Query::OP_SCALE_WEIGHT, source_query(new Xapian::ValueWeightPostingSource(6)), 1.0);
        top(Xapian::Query(Xapian::Query::OP_AND_MAYBE, q, Xapian::Query(Xapian::Query::OP_OR, prior, used)), count, out);
    }

    // Searcher.windowed: BM25 alone within the first documents, sized so that
    // about `budget` of the query's `matches` fall in them.
    void windowed(const Xapian::Query &q, unsigned count, Xapian::doccount matches, Xapian::doccount budget,
                  Candidates &out) {
        double last = db.get_lastdocid();
        auto end = Xapian::docid(std::max(1.0, std::min(last, last * budget / std::max<Xapian::doccount>(matches, 1))));
        top(Xapian::Query(Xapian::Query::OP_FILTER, q, source_query(new DocidRangeSource(1, end))), count, out);
    }

    // Searcher.matchesUpperBound (a default Enquire: no weighting set).
    Xapian::doccount upper_bound(const Xapian::Query &q) {
        Xapian::Enquire enq(db);
        enq.set_query(q);
        return enq.get_mset(0, 0).get_matches_upper_bound();
    }

    // The first n docids of the metadata list limelight.hot.<name>.
    std::vector<Xapian::docid> list_ids(const std::string &name, size_t n) {
        std::string list = db.get_metadata("limelight.hot." + name);
        std::vector<Xapian::docid> ids;
        for (size_t o = 0; o + 12 <= list.size() && ids.size() < n; o += 12) {
            Xapian::docid id = 0;
            for (int i = 0; i < 4; ++i) id |= Xapian::docid((unsigned char)list[o + i]) << (8 * i);
            ids.push_back(id);
        }
        return ids;
    }

    // Searcher.hotTitleMatches: the most used items (overall and this hour)
    // whose names have a word starting with each typed word.
    void hot_title_matches(const std::vector<std::string> &ws, Candidates &out) {
        if (ws.empty()) return;
        bool expiries = !lists_lean || db.get_termfreq("XX") > 0;
        int hour = int((at - std::floor(at / 86400) * 86400) / 3600);  // Timestamp.hourOfDay, UTC
        std::set<Xapian::docid> seen;
        for (const std::string &name : {std::string("all"), "hour:" + std::to_string(hour)}) {
            for (Xapian::docid id : list_ids(name, kBroadHotCandidates)) {
                if (!seen.insert(id).second) continue;
                Xapian::Document doc;
                try { doc = db.get_document(id, lists_lean ? Xapian::DOC_ASSUME_VALID : 0); }
                catch (const Xapian::DocNotFoundError &) { continue; }
                std::string expiry = expiries ? doc.get_value(7) : std::string();
                if (!expiry.empty() && Xapian::sortable_unserialise(expiry) <= at) continue;
                if (read_values && !card_names_have_prefixes(doc.get_value(1), ws)) continue;
                out.add(id);
            }
        }
    }

    // Searcher.match(_:_:_:broad:) and broadCandidates: the candidates of the
    // text query (all words when `all_words`, else any); a query of all words
    // Xapian could match on more than 5,000 documents is broad.
    size_t match(const Text &t, Xapian::Query::op op, bool all_words) {
        unsigned count = std::max(limit * 3, depth);
        Xapian::Query matching = restricted(text_query(t, op));
        Candidates out;
        if (!all_words || plan == "prefix-bool") { scored(matching, count, out); return out.size(); }
        Xapian::doccount bound = upper_bound(matching);
        if (bound <= kBroadQueryMatches) { scored(matching, count, out); return out.size(); }
        ++broad;
        std::vector<std::string> title_words = t.title_words();
        // A window holding every match scores them all: no title tier.
        if (!title_words.empty() && bound > kBroadWindowMatches) {
            std::vector<Xapian::Query> has;
            for (auto &w : title_words) has.emplace_back(term("XP", prefix_chars(w, kMaxIndexedPrefix)));
            Xapian::Query in_titles(Xapian::Query::OP_FILTER, matching,
                                    Xapian::Query(Xapian::Query::OP_AND, has.begin(), has.end()));
            Xapian::doccount titled = upper_bound(in_titles);
            if (titled <= kBroadQueryMatches / 4) scored(in_titles, count, out);
            else windowed(in_titles, count, titled, kBroadWindowMatches / 4, out);
        }
        Xapian::Query small(Xapian::Query::OP_OR, Xapian::Query("Kapp"), Xapian::Query("Kshortcut"));
        scored(Xapian::Query(Xapian::Query::OP_FILTER, matching, small), kPrefixCandidates, out);
        windowed(matching, count, bound, kBroadWindowMatches, out);
        hot_title_matches(title_words, out);
        return out.size();
    }

    // Experiments on the list path (not Limelight's plan): read the entries in
    // docid order (neighbouring values share B-tree blocks), and skip what is
    // redundant (the existence check; value 7 when no document has an expiry).
    bool lists_sorted = false, lists_lean = true;

    // Searcher.prefixCandidates: the two metadata lists of a short prefix.
    size_t listed(const std::string &p) {
        std::set<Xapian::docid> seen;
        std::vector<Xapian::docid> ids;
        for (const char *kind : {"first:", "pre:"})
            for (Xapian::docid id : list_ids(kind + p, kPrefixCandidates))
                if (seen.insert(id).second) ids.push_back(id);
        if (lists_sorted) std::sort(ids.begin(), ids.end());
        bool expiries = !lists_lean || db.get_termfreq("XX") > 0;
        size_t n = 0;
        for (Xapian::docid id : ids) {
            Xapian::Document doc;
            try { doc = db.get_document(id, lists_lean ? Xapian::DOC_ASSUME_VALID : 0); }
            catch (const Xapian::DocNotFoundError &) { continue; }
            std::string expiry = expiries ? doc.get_value(7) : std::string();
            if (!expiry.empty() && Xapian::sortable_unserialise(expiry) <= at) continue;
            std::string bytes = read_values ? doc.get_value(1) : std::string();
            if (read_values && !card_has_word_prefix(bytes, p)) continue;
            ++n;
        }
        return n;
    }

    // Searcher.frequency / bestNeighbour / correctTypos.
    Xapian::doccount frequency(const std::string &w, bool partial, size_t len) {
        if (partial && len <= kMaxIndexedPrefix) return db.get_termfreq(term("XP", w));
        return std::max(db.get_termfreq(w), db.get_termfreq("Z" + stemmer(w)));
    }

    std::vector<std::string> neighbours(const std::string &word) {
        std::vector<unsigned> w;
        for (Xapian::Utf8Iterator it(word); it != Xapian::Utf8Iterator(); ++it) w.push_back(*it);
        std::set<unsigned> ls(w.begin(), w.end());
        for (char c : std::string("abcdefghijklmnopqrstuvwxyz0123456789")) ls.insert((unsigned char)c);
        std::vector<std::string> out;
        for (size_t i = 0; i < w.size(); ++i) {
            auto d = w; d.erase(d.begin() + i); out.push_back(utf8(d));
            if (i + 1 < w.size()) { auto t = w; std::swap(t[i], t[i + 1]); out.push_back(utf8(t)); }
            for (unsigned ch : ls) if (ch != w[i]) { auto s = w; s[i] = ch; out.push_back(utf8(s)); }
        }
        for (size_t i = 0; i <= w.size(); ++i)
            for (unsigned ch : ls) { auto s = w; s.insert(s.begin() + i, ch); out.push_back(utf8(s)); }
        return out;
    }

    bool best_neighbour(const std::string &word, size_t len, bool partial, std::string &fix) {
        bool have = false;
        std::tuple<int, Xapian::doccount, size_t> best{};
        for (auto &c : neighbours(word)) {
            size_t clen = char_count(c);
            Xapian::doccount f = frequency(c, partial, clen);
            if (f == 0) continue;
            std::tuple<int, Xapian::doccount, size_t> rank{partial && clen < len ? 0 : 1, f, clen};
            if (!have || rank > best) { best = rank; fix = c; have = true; }
        }
        return have;
    }

    bool correct_typos(Text &t) {
        bool changed = false;
        for (auto &w : t.complete) {
            size_t len = char_count(w);
            bool known = frequency(w, false, len) > 0;
            if (contains_cjk(w) || len < 3 || known) continue;
            std::string fix;
            if (best_neighbour(w, len, false, fix)) { w = fix; changed = true; }
        }
        if (t.has_partial && t.partial_len >= 3 && frequency(t.partial, true, t.partial_len) == 0) {
            std::string fix;
            if (best_neighbour(t.partial, t.partial_len, true, fix)) {
                t.partial = fix;
                t.partial_len = char_count(fix);
                changed = true;
            }
        }
        if (changed) {
            // QueryText.replacingWords: the words as corrected (not folded).
            t.words.clear();
            for (auto &w : t.complete) if (!contains_cjk(w)) t.words.push_back(w);
            if (t.has_partial) t.words.push_back(t.partial);
        }
        return changed;
    }

    size_t sink = 0;

    // Returns the number of hits (at most --limit).
    size_t run(const std::string &q0) {
        if (plan == "partial") {
            unsigned flags = Xapian::QueryParser::FLAG_DEFAULT | Xapian::QueryParser::FLAG_CJK_NGRAM;
            if (!full) flags |= Xapian::QueryParser::FLAG_PARTIAL;
            Xapian::Enquire enq = enquire();
            enq.set_query(partial_qp.parse_query(q0, flags, "Z"));
            Xapian::MSet m = enq.get_mset(0, limit);
            if (read_values)
                for (auto it = m.begin(); it != m.end(); ++it) sink += it.get_document().get_data().size();
            return m.size();
        }
        Text t = split(full ? q0 + " " : q0);
        if (t.word_count() == 0) return 0;
        size_t n = 0;
        if (plan == "limelight" && t.complete.empty() && t.has_partial && t.partial_len <= 4) {
            n = listed(fold(t.partial));
            if (n) ++used_lists;
        }
        if (!n) n = match(t, Xapian::Query::OP_AND, true);
        if (!n && plan != "prefix-bool") {
            ++typo_retries;
            if (correct_typos(t)) n = match(t, Xapian::Query::OP_AND, true);
        }
        // Ranked retrieval proper (any word may match): scored whole, never broad.
        if (!n && t.word_count() > 1) { ++or_retries; n = match(t, Xapian::Query::OP_OR, false); }
        return std::min<size_t>(n, limit);
    }
};

int query(const std::string &db_path, const std::string &file, const std::string &plan, bool full,
          unsigned limit, unsigned depth, int warmup, bool read_values, bool use_prior, bool lists_sorted,
          bool lists_lean, const std::string &out) {
    std::ifstream in(file);
    if (!in) die("cannot open " + file);
    std::vector<std::string> qs;
    std::string line;
    while (std::getline(in, line)) if (!line.empty()) qs.push_back(line);
    Planner p(db_path, plan);
    p.full = full;
    p.limit = limit;
    p.depth = depth;
    p.read_values = read_values;
    p.use_prior = use_prior;
    p.lists_sorted = lists_sorted;
    p.lists_lean = lists_lean;
    for (int w = 0; w < warmup; ++w) for (auto &q : qs) p.run(q);
    p.used_lists = p.typo_retries = p.or_retries = p.broad = 0;
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
    std::printf("raw-xapian query (%s%s) %s: %zu queries (%zu from the metadata lists, %zu broad, %zu typo retries, "
                "%zu OR retries), "
                "%.2f s; p50 %.3f ms, p90 %.3f ms, p99 %.3f ms\n",
                plan.c_str(), full ? ", full words" : "", file.c_str(), qs.size(), p.used_lists, p.broad, p.typo_retries,
                p.or_retries, secs, pct(50) / 1000,
                pct(90) / 1000, pct(99) / 1000);
    if (!out.empty()) {
        std::ofstream o(out);
        o << "{\"engine\":\"raw-xapian\",\"op\":\"query\",\"plan\":" << json_str(plan) << ",\"full\":"
          << (full ? "true" : "false") << ",\"file\":" << json_str(file) << ",\"limit\":" << limit
          << ",\"depth\":" << depth << ",\"warmup_passes\":" << warmup << ",\"seconds\":" << secs
          << ",\"from_lists\":" << p.used_lists << ",\"broad\":" << p.broad << ",\"typo_retries\":" << p.typo_retries
          << ",\"or_retries\":" << p.or_retries
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
        "       raw-xapian-bench query DB QUERIES [--plan limelight|xapian|partial|prefix-only|prefix-bool] [--full] "
        "[--limit N] [--depth N] [--warmup P] [--no-values] [--no-prior] [--lists-sorted] [--lists-checked] [--out R.json]\n";
    if (argc < 4) die(usage, 64);
    std::string cmd = argv[1], db = argv[2], file = argv[3], out, plan = "limelight";
    bool positions = true, full = false, read_values = true, use_prior = true, lists_sorted = false, lists_lean = true;
    unsigned limit = 10, depth = 50;
    int warmup = 1;
    for (int i = 4; i < argc; ++i) {
        std::string a = argv[i];
        auto val = [&]() -> std::string { if (i + 1 >= argc) die(a + " needs a value", 64); return argv[++i]; };
        if (a == "--out") out = val();
        else if (a == "--no-positions") positions = false;
        else if (a == "--plan") plan = val();
        else if (a == "--full") full = true;
        else if (a == "--no-values" || a == "--no-data") read_values = false;
        else if (a == "--no-prior") use_prior = false;
        else if (a == "--lists-sorted") lists_sorted = true;
        else if (a == "--lists-checked") lists_lean = false;
        else if (a == "--limit") limit = std::stoul(val());
        else if (a == "--depth") depth = std::stoul(val());
        else if (a == "--warmup") warmup = std::stoi(val());
        else die("unknown option " + a + "\n" + usage, 64);
    }
    if (plan != "limelight" && plan != "xapian" && plan != "partial" && plan != "prefix-only" && plan != "prefix-bool")
        die("--plan is limelight, xapian, partial, prefix-only or prefix-bool", 64);
    try {
        if (cmd == "build") return build(db, file, positions, out);
        if (cmd == "query")
            return query(db, file, plan, full, limit, depth, warmup, read_values, use_prior, lists_sorted, lists_lean, out);
    } catch (const Xapian::Error &e) {
        die(e.get_description());
    } catch (const std::exception &e) {
        die(e.what());
    }
    die(usage, 64);
}
