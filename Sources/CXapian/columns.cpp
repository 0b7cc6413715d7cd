// columns.cpp — one value slot of a snapshot held in memory (a "column"),
// and what reads it instead of Xapian's value chunks: a weight posting
// source that behaves exactly as Xapian::ValueWeightPostingSource, and a sort
// key maker that gives exactly the slot's value.
//
// Why: a query whose matches tie (a word being typed alone weighs nothing)
// or that adds the prior and usage values to every match reads one to three
// values per match. Each read seeks into the glass value chunk that holds
// the document and decodes the chunk up to it: ~1,000 instructions, most of
// such a keystroke's cost. Read once into arrays, a value costs a few.
// (The conventions: cxapian.h; CX_TRY / CX_CATCH: cxapian_internal.h.)

#include "cxapian_internal.h"

#include <algorithm>
#include <memory>

namespace {

// One shard's values of the slot, and which snapshot they were read from.
struct ShardColumn {
    ShardSnapshot snapshot;
    Xapian::doccount valuefreq = 0;
    std::string upper_bound;
    // Weights: the documents with a value, ascending, and the value as a
    // number (sortable_unserialise, as ValueWeightPostingSource reads it).
    std::vector<Xapian::docid> docs;
    std::vector<double> weights;
    // Keys: the value of document d is bytes[offsets[d] .. offsets[d + 1]).
    std::vector<uint32_t> offsets;
    std::string bytes;
};

struct Column {
    Xapian::valueno slot = 0;
    std::vector<ShardColumn> shards;
};

// Xapian's own encoding of a length (common/pack.h, encode_length), so that
// the source serialises as the ValueWeightPostingSource it stands for.
std::string encode_length(Xapian::valueno len) {
    std::string out;
    if (len < 255) {
        out += static_cast<char>(len);
    } else {
        out += '\xff';
        len -= 255;
        while (true) {
            unsigned char b = static_cast<unsigned char>(len & 0x7f);
            len >>= 7;
            if (!len) { out += static_cast<char>(b | 0x80); break; }
            out += static_cast<char>(b);
        }
    }
    return out;
}

// ValueWeightPostingSource over a column: the same documents, weights,
// bounds and frequencies, read from memory. Over several shards Xapian gives
// each one a clone, initialised with its shard; a shard whose snapshot is
// not the one the column was read from is an error, never a stale answer.
class ColumnWeightSource : public Xapian::PostingSource {
    std::shared_ptr<const Column> column;
    const ShardColumn *shard = nullptr;
    size_t pos = 0;
    bool started = false;

    void end() { pos = shard->docs.size(); }

    void seek(Xapian::docid did) {
        const auto &docs = shard->docs;
        if (pos >= docs.size() || docs[pos] >= did) return;
        // Matching moves forward: gallop from here, then bisect.
        size_t step = 1, lo = pos, hi = pos + 1;
        while (hi < docs.size() && docs[hi] < did) { lo = hi; step *= 2; hi = lo + step; }
        hi = std::min(hi, docs.size());
        pos = std::lower_bound(docs.begin() + lo, docs.begin() + hi, did) - docs.begin();
    }

  public:
    explicit ColumnWeightSource(std::shared_ptr<const Column> c) : column(std::move(c)) {}

    Xapian::doccount get_termfreq_min() const override { return shard->valuefreq; }
    Xapian::doccount get_termfreq_est() const override { return shard->valuefreq; }
    Xapian::doccount get_termfreq_max() const override { return shard->valuefreq; }

    double get_weight() const override { return shard->weights[pos]; }
    Xapian::docid get_docid() const override { return shard->docs[pos]; }
    bool at_end() const override { return started && pos >= shard->docs.size(); }

    void next(double min_wt) override {
        if (!started) { started = true; pos = 0; } else { ++pos; }
        if (min_wt > get_maxweight()) end();
    }

    void skip_to(Xapian::docid did, double min_wt) override {
        if (!started) { started = true; pos = 0; }
        if (min_wt > get_maxweight()) { end(); return; }
        seek(did);
    }

    bool check(Xapian::docid did, double min_wt) override {
        skip_to(did, min_wt);
        return true;
    }

    void init(const Xapian::Database &db) override {
        shard = &ShardSnapshot::find(column->shards, db, "a value column");
        started = false;
        pos = 0;
        // As ValueWeightPostingSource: no upper bound only when no values.
        set_maxweight(shard->upper_bound.empty() ? 0.0 : Xapian::sortable_unserialise(shard->upper_bound));
    }

    PostingSource *clone() const override { return new ColumnWeightSource(column); }
    std::string name() const override { return "Xapian::ValueWeightPostingSource"; }
    std::string serialise() const override { return encode_length(column->slot); }
    std::string get_description() const override {
        return "ColumnWeightSource(slot=" + std::to_string(column->slot) + ")";
    }
};

// The slot's value of each match, from the column. One database only: over
// shards Xapian hands the key maker a shard's own document id and not which
// shard it is (ValueStreamDocument keeps that to itself).
class ColumnKeyMaker : public Xapian::KeyMaker {
    std::shared_ptr<const Column> column;

  public:
    explicit ColumnKeyMaker(std::shared_ptr<const Column> c) : column(std::move(c)) {}

    std::string operator()(const Xapian::Document &doc) const override {
        const Xapian::docid did = doc.get_docid();
        const ShardColumn &s = column->shards[0];
        if (did > s.snapshot.lastdocid) return std::string();
        return s.bytes.substr(s.offsets[did], s.offsets[did + 1] - s.offsets[did]);
    }
};

}  // namespace

struct cx_column { std::shared_ptr<const Column> column; };

extern "C" {

cx_column *cx_column_load(const cx_db *const *shards, size_t n, cx_slot slot,
                          int kind, size_t max_bytes, cx_error **err) {
    CX_TRY
    if (kind == CX_COLUMN_KEYS && n != 1)
        throw Xapian::InvalidOperationError("a key column reads one database, not shards");
    auto column = std::make_shared<Column>();
    column->slot = slot;
    for (size_t i = 0; i < n; ++i) {
        const Xapian::Database &db = shards[i]->db;
        ShardColumn s;
        s.snapshot = ShardSnapshot::of(db);
        s.snapshot.check_unique_in(column->shards);
        s.valuefreq = db.get_value_freq(slot);
        s.upper_bound = db.get_value_upper_bound(slot);
        if (kind == CX_COLUMN_KEYS) s.offsets.assign(size_t(s.snapshot.lastdocid) + 2, 0);
        Xapian::docid filled = 0;  // keys: offsets set up to here
        for (auto it = db.valuestream_begin(slot); it != db.valuestream_end(slot); ++it) {
            const Xapian::docid did = it.get_docid();
            const std::string value = *it;
            if (kind == CX_COLUMN_KEYS) {
                while (filled < did) s.offsets[++filled] = uint32_t(s.bytes.size());
                if (max_bytes && s.bytes.size() + value.size() > max_bytes) return nullptr;
                s.bytes += value;
                s.offsets[did + 1] = uint32_t(s.bytes.size());
                filled = did + 1;
            } else {
                s.docs.push_back(did);
                s.weights.push_back(Xapian::sortable_unserialise(value));
            }
        }
        if (kind == CX_COLUMN_KEYS)
            while (filled < s.snapshot.lastdocid + 1) s.offsets[++filled] = uint32_t(s.bytes.size());
        column->shards.push_back(std::move(s));
    }
    return new cx_column{std::move(column)};
    CX_CATCH(nullptr)
}

void cx_column_free(cx_column *c) { delete c; }

size_t cx_column_bytes(const cx_column *c) {
    size_t total = 0;
    for (const auto &s : c->column->shards)
        total += s.docs.size() * sizeof(Xapian::docid) + s.weights.size() * sizeof(double)
            + s.offsets.size() * sizeof(uint32_t) + s.bytes.size();
    return total;
}

int cx_column_key(const cx_column *c, cx_docid did, const char **out, size_t *len) {
    const ShardColumn &s = c->column->shards[0];
    if (s.offsets.empty() || did > s.snapshot.lastdocid) return 0;
    *out = s.bytes.data() + s.offsets[did];
    *len = s.offsets[did + 1] - s.offsets[did];
    return 1;
}

cx_query *cx_query_column_weight_source(const cx_column *c, cx_error **err) {
    CX_TRY
    auto *ps = new ColumnWeightSource(c->column);
    return new cx_query{Xapian::Query(ps->release())};
    CX_CATCH(nullptr)
}

void cx_enquire_set_sort_by_relevance_then_column(cx_enquire *enq, const cx_column *c, int reverse) {
    auto *sorter = new ColumnKeyMaker(c->column);
    enq->enq.set_sort_by_relevance_then_key(sorter->release(), reverse != 0);
}

}  // extern "C"
