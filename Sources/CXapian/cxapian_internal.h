// cxapian_internal.h — what the shim's implementation files share: the
// structs behind cxapian.h's opaque handles, the error helpers, and CX_TRY /
// CX_CATCH. Included only by Sources/CXapian/*.cpp (never by Swift).
#ifndef CXAPIAN_INTERNAL_H
#define CXAPIAN_INTERNAL_H

#include "cxapian.h"

#include <xapian.h>

#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <utility>
#include <vector>

struct cx_db {
    Xapian::Database db;
    bool writable = false;
    Xapian::WritableDatabase &wdb() {
        if (!writable)
            throw Xapian::InvalidOperationError("database is read-only");
        return static_cast<Xapian::WritableDatabase &>(db);
    }
};
struct cx_doc { Xapian::Document doc; };
struct cx_query { Xapian::Query q; };
struct cx_termgen { Xapian::TermGenerator tg; };
struct cx_qparser { Xapian::QueryParser qp; };
struct cx_enquire { Xapian::Enquire enq; };
struct cx_mset { Xapian::MSet mset; };
struct cx_strlist {
    std::vector<std::pair<std::string, uint32_t>> items;
};

// Which snapshot of one shard something was read into memory from (value
// columns, documents' lengths: columns.cpp, lengths.cpp). A posting source
// reading it is handed its shard by Xapian, not the shard's position, so it
// finds its copy by uuid, and must never answer for another snapshot.
struct ShardSnapshot {
    std::string uuid;
    Xapian::rev revision = 0;
    Xapian::docid lastdocid = 0;

    static ShardSnapshot of(const Xapian::Database &db) {
        return ShardSnapshot{db.get_uuid(), db.get_revision(), db.get_lastdocid()};
    }

    // The entry of `shards` (each with a `snapshot`) read from `db`'s
    // current snapshot; InvalidOperationError if none is, naming `what`.
    template <class Shard>
    static const Shard &find(const std::vector<Shard> &shards, const Xapian::Database &db, const char *what) {
        const std::string uuid = db.get_uuid();
        for (const auto &s : shards)
            if (s.snapshot.uuid == uuid) {
                if (s.snapshot.revision != db.get_revision() || s.snapshot.lastdocid != db.get_lastdocid()) break;
                return s;
            }
        throw Xapian::InvalidOperationError(std::string(what) + " read from another snapshot of the database");
    }

    // Throws if `shards` already holds one read from a shard with this uuid
    // (shards copied by hand share one: a source could not tell them apart).
    template <class Shard>
    void check_unique_in(const std::vector<Shard> &shards) const {
        for (const auto &other : shards)
            if (other.snapshot.uuid == uuid) throw Xapian::InvalidOperationError("two shards with one uuid: " + uuid);
    }
};

namespace {

inline void set_error(cx_error **err, const char *type, const std::string &msg) {
    if (!err) return;
    cx_error *e = static_cast<cx_error *>(std::malloc(sizeof(cx_error)));
    if (!e) return;
    e->type = type;
    e->message = static_cast<char *>(std::malloc(msg.size() + 1));
    if (e->message) {
        std::memcpy(e->message, msg.data(), msg.size());
        e->message[msg.size()] = '\0';
        e->message_len = msg.size();
    } else {
        e->message_len = 0;
    }
    *err = e;
}

// The message of a Xapian error, with its context and errno text if any
// (the type goes apart, as cx_error's).
inline std::string xapian_error_message(const Xapian::Error &x) {
    std::string msg = x.get_msg();
    if (!x.get_context().empty()) msg += " (context: " + x.get_context() + ")";
    if (x.get_error_string()) msg += std::string(" (") + x.get_error_string() + ")";
    return msg;
}

inline void set_xapian_error(cx_error **err, const Xapian::Error &x) {
    set_error(err, x.get_type(), xapian_error_message(x));
}

// Copies bytes into a malloc'd buffer the caller frees with cx_free.
inline bool give_bytes(const std::string &s, char **out, size_t *out_len) {
    char *p = static_cast<char *>(std::malloc(s.size() + 1));
    if (!p) throw std::bad_alloc();
    std::memcpy(p, s.data(), s.size());
    p[s.size()] = '\0';
    *out = p;
    *out_len = s.size();
    return true;
}

inline std::string str(const char *p, size_t n) {
    return n ? std::string(p, n) : std::string();
}

}  // namespace

// get_type() names the most-derived class, so one Xapian::Error handler keeps
// the exact kind (DatabaseLockError, QueryParserError, ...).
#define CX_TRY try {
#define CX_CATCH(retval)                                                    \
    }                                                                       \
    catch (const Xapian::Error &x) { set_xapian_error(err, x); return retval; } \
    catch (const std::bad_alloc &) { set_error(err, "std::bad_alloc", "out of memory"); return retval; } \
    catch (const std::exception &x) { set_error(err, "std::exception", x.what()); return retval; } \
    catch (...) { set_error(err, "UnknownError", "unknown C++ exception"); return retval; }

#endif  // CXAPIAN_INTERNAL_H
