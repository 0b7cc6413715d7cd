// terminate.cpp — what the process says when libxapian calls std::terminate.
//
// With the disk full, a write batch can fail inside libxapian in a way no
// catch reaches: opening a value stream on a database with pending changes
// flushes them (GlassWritableDatabase::open_value_list), the flush throws
// DatabaseError ("Error writing block …: No space left on device"), and a
// destructor on the unwinding path throws again, so the C++ runtime calls
// std::terminate from inside libxapian (Enquire::get_mset, from a
// ValuePostingSource). The process aborted (SIGABRT, exit 134, "terminate
// called after throwing an instance of 'Xapian::DatabaseError'").
//
// Nothing can be recovered there, but nothing is lost either: the batch was
// never committed, and Xapian's files keep the last commit. So the handler
// says what failed and exits 1, as every other failed write does; the kernel
// drops the locks. It is installed when the shim is loaded.

#include "cxapian_internal.h"

#include <exception>
#include <string>
#include <unistd.h>

namespace {

void say(const std::string &text) {
    const char *p = text.data();
    size_t left = text.size();
    while (left > 0) {
        ssize_t n = ::write(2, p, left);
        if (n <= 0) return;
        p += n;
        left -= static_cast<size_t>(n);
    }
}

[[noreturn]] void limelight_terminate() {
    std::string what = "an error the C++ runtime could not hand back";
    if (std::exception_ptr e = std::current_exception()) {
        try {
            std::rethrow_exception(e);
        } catch (const Xapian::Error &x) {
            what = x.get_type() + std::string(": ") + xapian_error_message(x);
        } catch (const std::exception &x) {
            what = x.what();
        } catch (...) {
        }
    }
    say("Error: Xapian failed while handling an earlier failure: " + what +
        "; nothing since the index's last commit was written (free some space if the disk is full, then run the command again)\n");
    ::_exit(1);
}

const bool installed = (std::set_terminate(limelight_terminate), true);

}  // namespace
