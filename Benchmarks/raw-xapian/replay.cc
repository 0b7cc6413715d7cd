// raw-xapian-replay: the raw Xapian floor of Limelight's benchmarks, by replay.
//
//   raw-xapian-replay DB TRACE.jsonl [--warmup P] [--limit N] [--out R.json]
//
// TRACE is what `limelight-bench query --trace` wrote (Xapian's CallRecorder,
// Sources/Xapian/CallRecorder.swift): per keystroke, every Xapian read the
// Swift plan made — each match set (the query as Query::serialise() bytes,
// weighting, docid order, sort, collapse, first, maxitems, checkatleast, the
// values and data read from each hit), a query's bound from its terms'
// frequencies (match_bound.h, the shim's own code), metadata, document,
// value, data and term reads, in order. This program makes the very same calls against DB
// (Limelight's index: its `current` stub, read-only) with the plain C++ API,
// P untimed passes first, then one timed pass, and times each keystroke. No
// plan is written here: when the Swift plan changes, the trace changes.
//
// What it times: the Xapian calls only. Not timed: building the queries
// (unserialised once, before the passes; in Limelight, QueryParser and the
// query constructors run in the Swift plan's time) and everything Swift does
// with the answers (cards decoded, scoring, layout).
//
// The check: every match set returns the docids that Limelight's call got (in
// order); a keystroke with any difference counts as a disagreement, and the
// first ones are listed in R.json ("disagreements"). A query's "hits" are the
// distinct docids its match sets and document reads gave, at most --limit.
//
// Posting sources: Xapian's own ValueWeightPostingSource (the shim's value
// columns serialise as it), which the default registry knows, and the shim's
// BM25 term source (Sources/CXapian/bm25_lengths.h), registered here with the
// lengths read as Xapian reads them for its own BM25 (Database::get_doclength:
// the same lengths list, walked the same way), and its term run
// (Sources/CXapian/term_run.h): a run that filters a query is matched as the
// OR of the terms the plan would have sent instead (`with_native_runs`), as
// it was before the shim checked each document's rank in memory (a run
// anywhere else is an error); a source the registry does not know is an
// error.
#include <xapian.h>
#include "../../Sources/CXapian/match_bound.h"  // the shim's own code: the same lookups
#include "../../Sources/CXapian/bm25_lengths.h"  // its BM25 term source, the same arithmetic
#include "../../Sources/CXapian/term_run.h"  // its term run's serialised form
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

[[noreturn]] void die(const std::string &m, int code = 1) {
    std::cerr << "raw-xapian-replay: " << m << "\n";
    std::exit(code);
}

std::string unhex(const std::string &h) {
    if (h.size() % 2) die("odd-length hex in the trace");
    auto nib = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        die("bad hex digit in the trace");
    };
    std::string out;
    out.reserve(h.size() / 2);
    for (size_t i = 0; i < h.size(); i += 2) out.push_back(char(nib(h[i]) * 16 + nib(h[i + 1])));
    return out;
}

enum class Op { mset, bound, document, value, data, metadata, metadataKeys, termfreq, termfreqs, termExists, postings, allterms,
                doccount, lastdocid };

struct Call {
    Op op;
    // mset
    Xapian::Query query;
    bool bool_weight = false;
    double bm25[5] = {1, 0, 1, 0.5, 0.5};
    int docid_order = 0, sort_how = 0;
    Xapian::valueno sort_slot = 0, collapse_slot = 0;
    bool sort_reverse = false;
    unsigned collapse_max = 0;
    unsigned first = 0, maxitems = 0, checkatleast = 0;
    std::vector<Xapian::valueno> values;
    bool data = false;
    std::vector<Xapian::docid> expected;
    // reads
    Xapian::docid docid = 0;
    bool unchecked = false;
    std::vector<std::string> terms;  // termfreqs
    Xapian::valueno slot = 0;
    std::string text;  // key, term or prefix
};

struct Keystroke {
    std::string text;
    std::vector<Call> calls;
};

Op op_named(const std::string &s) {
    static const std::map<std::string, Op> ops = {
        {"mset", Op::mset}, {"bound", Op::bound}, {"document", Op::document}, {"value", Op::value}, {"data", Op::data},
        {"metadata", Op::metadata}, {"metadatakeys", Op::metadataKeys}, {"termfreq", Op::termfreq}, {"termfreqs", Op::termfreqs},
        {"termexists", Op::termExists}, {"postings", Op::postings}, {"allterms", Op::allterms},
        {"doccount", Op::doccount}, {"lastdocid", Op::lastdocid}};
    auto it = ops.find(s);
    if (it == ops.end()) die("unknown call '" + s + "' in the trace (a new wrapped call needs a case here)");
    return it->second;
}

// A document's length as Xapian's own BM25 reads it (the shim reads a copy
// in memory instead).
struct XapianLengths {
    Xapian::Database db;
    void init(const Xapian::Database &shard) { db = shard; }
    Xapian::termcount operator()(Xapian::docid did) const { return db.get_doclength(did); }
};

// The shim's term run, as the registry unserialises it: only the run it
// carries, which `with_native_runs` turns into the OR of its terms. The
// plan puts runs nowhere else, so matching one is an error, never a guess.
class TermRunStandIn : public Xapian::PostingSource {
    limelight::TermRun run;

  public:
    explicit TermRunStandIn(limelight::TermRun r) : run(std::move(r)) {}

    Xapian::doccount get_termfreq_min() const override { return 0; }
    Xapian::doccount get_termfreq_est() const override { return 0; }
    Xapian::doccount get_termfreq_max() const override { return 0; }
    void init(const Xapian::Database &) override {
        throw Xapian::UnimplementedError("a term run outside a FILTER's right side: the replay has no OR for it");
    }
    void next(double) override {}
    bool at_end() const override { return true; }
    Xapian::docid get_docid() const override { return 0; }

    PostingSource *clone() const override { return new TermRunStandIn(run); }
    std::string name() const override { return limelight::TermRun::source_name; }
    std::string serialise() const override { return run.serialise(); }
    PostingSource *unserialise(const std::string &s) const override {
        return new TermRunStandIn(limelight::TermRun::unserialise(s));
    }
    // The run's serialised form, in hex, for `with_native_runs`.
    std::string get_description() const override {
        static const char *digits = "0123456789abcdef";
        std::string out = "TermRun:";
        for (unsigned char c : run.serialise()) {
            out += digits[c >> 4];
            out += digits[c & 15];
        }
        return out + ";";
    }
};

// A run that filters a query (a FILTER's right side, as the plan's windows
// of static tiers do) becomes the OR of its terms: the query Xapian matches
// with its own data, as the plan sent it before the shim kept the ranks in
// memory.
Xapian::Query with_native_runs(const Xapian::Query &q) {
    using Q = Xapian::Query;
    if (q.get_type() != Q::OP_FILTER) return q;
    std::vector<Q> parts;
    bool changed = false;
    for (size_t i = 0; i < q.get_num_subqueries(); ++i) {
        Q part = q.get_subquery(i);
        const std::string d = part.get_description();
        const size_t at = d.find("TermRun:");
        if (i == 0) {
            Q inner = with_native_runs(part);
            changed = changed || inner.serialise() != part.serialise();
            part = inner;
        } else if (part.get_type() == Q::LEAF_POSTING_SOURCE && at != std::string::npos) {
            const size_t end = d.find(';', at);
            auto run = limelight::TermRun::unserialise(unhex(d.substr(at + 8, end - at - 8)));
            std::vector<Q> terms;
            for (const auto &t : run.terms) terms.emplace_back(t);
            part = Q(Q::OP_OR, terms.begin(), terms.end());
            changed = true;
        }
        parts.push_back(part);
    }
    return changed ? Q(Q::OP_FILTER, parts.begin(), parts.end()) : q;
}

std::vector<Keystroke> read_trace(const std::string &path, const Xapian::Registry &registry) {
    std::ifstream in(path);
    if (!in) die("cannot read " + path);
    std::vector<Keystroke> out;
    std::string line;
    size_t n = 0;
    while (std::getline(in, line)) {
        ++n;
        if (line.empty()) continue;
        json j;
        try { j = json::parse(line); } catch (const std::exception &e) {
            die(path + ":" + std::to_string(n) + ": " + e.what());
        }
        if (j.contains("keystroke")) {
            out.push_back({j["keystroke"].get<std::string>(), {}});
            continue;
        }
        if (out.empty()) die(path + ":" + std::to_string(n) + ": a call before the first keystroke");
        Call c;
        c.op = op_named(j.at("op").get<std::string>());
        switch (c.op) {
            case Op::mset: {
                if (j.at("query").is_null()) die(path + ":" + std::to_string(n) + ": a match set without a query");
                c.query = with_native_runs(Xapian::Query::unserialise(unhex(j["query"].get<std::string>()), registry));
                auto w = j.at("weighting");
                if (w[0] == "bool") c.bool_weight = true;
                else for (int i = 0; i < 5; ++i) c.bm25[i] = w[i + 1].get<double>();
                c.docid_order = j.at("docid_order").get<int>();
                c.sort_how = j["sort"][0].get<int>();
                c.sort_slot = j["sort"][1].get<unsigned>();
                c.sort_reverse = j["sort"][2].get<int>() != 0;
                c.collapse_slot = j["collapse"][0].get<unsigned>();
                c.collapse_max = j["collapse"][1].get<unsigned>();
                c.first = j.at("first").get<unsigned>();
                c.maxitems = j.at("maxitems").get<unsigned>();
                c.checkatleast = j.at("checkatleast").get<unsigned>();
                c.values = j.at("values").get<std::vector<Xapian::valueno>>();
                c.data = j.at("data").get<bool>();
                c.expected = j.at("docids").get<std::vector<Xapian::docid>>();
                break;
            }
            case Op::bound:
                c.query = with_native_runs(Xapian::Query::unserialise(unhex(j.at("query").get<std::string>()), registry));
                break;
            case Op::document:
                c.docid = j.at("docid").get<Xapian::docid>();
                c.unchecked = j.value("unchecked", false);
                break;
            case Op::value: c.docid = j.at("docid"); c.slot = j.at("slot"); break;
            case Op::data: c.docid = j.at("docid"); break;
            case Op::metadata: c.text = j.at("key"); break;
            case Op::termfreq: case Op::termExists: case Op::postings: c.text = j.at("term"); break;
            case Op::termfreqs: c.terms = j.at("terms").get<std::vector<std::string>>(); break;
            case Op::metadataKeys: case Op::allterms: c.text = j.at("prefix"); break;
            case Op::doccount: case Op::lastdocid: break;
        }
        out.back().calls.push_back(std::move(c));
    }
    return out;
}

// What one keystroke's calls gave: the match sets' docids (for the check)
// and the distinct docids seen.
struct Outcome {
    std::vector<std::vector<Xapian::docid>> msets;
    std::set<Xapian::docid> seen;
    size_t sink = 0;  // keeps the reads from being optimised away
};

void run_mset(const Xapian::Database &db, const Call &c, Outcome &o) {
    Xapian::Enquire enq(db);
    enq.set_query(c.query);
    if (c.bool_weight) enq.set_weighting_scheme(Xapian::BoolWeight());
    else enq.set_weighting_scheme(Xapian::BM25Weight(c.bm25[0], c.bm25[1], c.bm25[2], c.bm25[3], c.bm25[4]));
    // The shim's mapping (Sources/CXapian/enquire.cpp): 0 ascending, 1 descending, 2 don't care.
    enq.set_docid_order(c.docid_order == 1 ? Xapian::Enquire::DESCENDING
                        : c.docid_order == 2 ? Xapian::Enquire::DONT_CARE : Xapian::Enquire::ASCENDING);
    switch (c.sort_how) {
        case 1: enq.set_sort_by_value(c.sort_slot, c.sort_reverse); break;
        case 2: enq.set_sort_by_value_then_relevance(c.sort_slot, c.sort_reverse); break;
        case 3: enq.set_sort_by_relevance_then_value(c.sort_slot, c.sort_reverse); break;
        default: break;  // relevance, Xapian's default
    }
    if (c.collapse_max) enq.set_collapse_key(c.collapse_slot, c.collapse_max);
    Xapian::MSet m = enq.get_mset(c.first, c.maxitems, c.checkatleast);
    std::vector<Xapian::docid> got;
    got.reserve(m.size());
    for (auto it = m.begin(); it != m.end(); ++it) {
        got.push_back(*it);
        o.seen.insert(*it);
    }
    // As Enquire.matches copies each hit out: in document order, its data,
    // then its values.
    std::vector<Xapian::MSetIterator> by_docid;
    for (auto it = m.begin(); it != m.end(); ++it) by_docid.push_back(it);
    std::sort(by_docid.begin(), by_docid.end(), [](auto &a, auto &b) { return *a < *b; });
    for (auto &it : by_docid) {
        if (c.data) o.sink += it.get_document().get_data().size();
        for (auto slot : c.values) o.sink += it.get_document().get_value(slot).size();
    }
    o.msets.push_back(std::move(got));
}

Outcome run_keystroke(const Xapian::Database &db, const Keystroke &k) {
    Outcome o;
    std::map<Xapian::docid, Xapian::Document> docs;
    auto doc = [&](Xapian::docid id) -> Xapian::Document & {
        auto it = docs.find(id);
        if (it == docs.end()) it = docs.emplace(id, db.get_document(id, Xapian::DOC_ASSUME_VALID)).first;
        return it->second;
    };
    for (const Call &c : k.calls) {
        switch (c.op) {
            case Op::mset: run_mset(db, c, o); break;
            case Op::document:
                docs[c.docid] = c.unchecked ? db.get_document(c.docid, Xapian::DOC_ASSUME_VALID) : db.get_document(c.docid);
                o.seen.insert(c.docid);
                break;
            case Op::value: o.sink += doc(c.docid).get_value(c.slot).size(); break;
            case Op::data: o.sink += doc(c.docid).get_data().size(); break;
            case Op::metadata: o.sink += db.get_metadata(c.text).size(); break;
            case Op::metadataKeys:
                for (auto it = db.metadata_keys_begin(c.text); it != db.metadata_keys_end(c.text); ++it) o.sink++;
                break;
            case Op::bound: o.sink += cx_match_bound_of(c.query, db); break;
            case Op::termfreq: o.sink += db.get_termfreq(c.text); break;
            case Op::termfreqs: {
                // As cx_db_termfreqs_scan: one walk of the term list in term order.
                std::vector<std::string> sorted = c.terms;
                std::sort(sorted.begin(), sorted.end());
                Xapian::TermIterator it = db.allterms_begin(), end = db.allterms_end();
                for (const auto &t : sorted) {
                    if (it != end) it.skip_to(t);
                    if (it != end && *it == t) o.sink += it.get_termfreq();
                }
                break;
            }
            case Op::termExists: o.sink += db.term_exists(c.text); break;
            case Op::postings:
                for (auto it = db.postlist_begin(c.text); it != db.postlist_end(c.text); ++it) o.sink += *it;
                break;
            case Op::allterms:
                for (auto it = db.allterms_begin(c.text); it != db.allterms_end(c.text); ++it) o.sink += it.get_termfreq();
                break;
            case Op::doccount: o.sink += db.get_doccount(); break;
            case Op::lastdocid: o.sink += db.get_lastdocid(); break;
        }
    }
    return o;
}

bool agrees(const Keystroke &k, const Outcome &o) {
    size_t i = 0;
    for (const Call &c : k.calls) {
        if (c.op != Op::mset) continue;
        if (i >= o.msets.size() || o.msets[i] != c.expected) return false;
        ++i;
    }
    return i == o.msets.size();
}

long proc_status_kib(const char *field) {
    std::ifstream f("/proc/self/status");
    std::string line;
    while (std::getline(f, line))
        if (line.rfind(field, 0) == 0) return std::stol(line.substr(std::strlen(field) + 1));
    return 0;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 3) die("usage: raw-xapian-replay DB TRACE.jsonl [--warmup P] [--limit N] [--out R.json]", 64);
    std::string db_path = argv[1], trace = argv[2], out;
    int warmup = 1;
    size_t limit = 10;
    for (int i = 3; i < argc; ++i) {
        std::string a = argv[i];
        auto val = [&]() -> std::string { if (i + 1 >= argc) die(a + " needs a value", 64); return argv[++i]; };
        if (a == "--warmup") warmup = std::stoi(val());
        else if (a == "--limit") limit = std::stoul(val());
        else if (a == "--out") out = val();
        else die("unknown option " + a, 64);
    }
    try {
        Xapian::Registry registry;
        registry.register_posting_source(limelight::BM25TermSource<XapianLengths>({}, {}));
        registry.register_posting_source(TermRunStandIn({}));
        auto keystrokes = read_trace(trace, registry);
        if (keystrokes.empty()) die(trace + " has no keystrokes");
        Xapian::Database db(db_path);
        for (int p = 0; p < warmup; ++p)
            for (const auto &k : keystrokes) run_keystroke(db, k);
        std::vector<double> lat(keystrokes.size());
        std::vector<size_t> hits(keystrokes.size());
        std::vector<std::string> disagreements;
        size_t calls = 0, msets = 0, sink = 0;
        auto t0 = Clock::now();
        for (size_t i = 0; i < keystrokes.size(); ++i) {
            auto a = Clock::now();
            Outcome o = run_keystroke(db, keystrokes[i]);
            lat[i] = std::chrono::duration<double, std::micro>(Clock::now() - a).count();
            // Checked outside the timed span.
            hits[i] = std::min(limit, o.seen.size());
            sink += o.sink;
            calls += keystrokes[i].calls.size();
            msets += o.msets.size();
            if (!agrees(keystrokes[i], o)) disagreements.push_back(keystrokes[i].text);
        }
        double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        std::printf("raw-xapian-replay %s: %zu keystrokes, %zu calls (%zu match sets), %.3f s timed; "
                    "%zu disagree with Limelight's answers (sink %zu)\n",
                    trace.c_str(), keystrokes.size(), calls, msets, seconds, disagreements.size(), sink);
        if (!out.empty()) {
            json r = {{"engine", "raw-xapian"}, {"op", "replay"}, {"file", trace}, {"warmup_passes", warmup},
                      {"seconds", seconds}, {"peak_rss_kib", proc_status_kib("VmHWM")}, {"latency_us", lat},
                      {"hits", hits}, {"calls", calls}, {"msets", msets},
                      {"disagreements", disagreements.size()},
                      {"disagreeing", std::vector<std::string>(disagreements.begin(),
                                                               disagreements.begin() + std::min<size_t>(5, disagreements.size()))}};
            std::ofstream(out) << r.dump() << "\n";
        }
    } catch (const Xapian::Error &e) {
        die(e.get_type() + std::string(": ") + e.get_msg());
    }
    return 0;
}
