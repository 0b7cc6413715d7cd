/* limelight_bus.h — a small C face on sd-bus for Limelight's session-bus service.
 *
 * Why it exists: the service exports GNOME Shell's org.gnome.Shell.SearchProvider2
 * and KRunner's org.kde.krunner1. sd-bus answers Introspect and checks argument
 * types from a vtable, but the vtable is built with SD_BUS_METHOD_* macros
 * (unions, bitfields) and sd-bus's convenience readers/writers are C variadics:
 * Swift can use neither. This shim owns the connection, the vtables, the argument
 * reading, the reply marshalling and the poll() loop, and calls back into Swift
 * with plain C strings. libsystemd.so is linked by this target only.
 *
 * Conventions (every function follows them):
 *  - Every exported symbol starts with `llb_` (types) or `LLB_` (constants).
 *  - Fallible functions return a negative errno (or NULL) and, where they take a
 *    `llb_error *`, fill it with a kind and a sentence saying what failed.
 *  - Strings are NUL-terminated UTF-8 (D-Bus strings cannot contain NUL). Inputs
 *    are borrowed for the call only; strings handed to callbacks are borrowed for
 *    the callback only.
 *  - A llb_service is created by llb_service_new and freed by llb_service_free.
 *    sd-bus objects are thread-agnostic but single-threaded: after creation only
 *    the thread inside llb_service_run may touch the service, except for
 *    llb_service_stop, which any thread may call at any time before free.
 */
#ifndef LIMELIGHT_BUS_H
#define LIMELIGHT_BUS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- errors ------------------------------------------------------------ */

typedef enum llb_error_kind {
    LLB_ERROR_NONE = 0,
    /* No session bus: DBUS_SESSION_BUS_ADDRESS unset and no $XDG_RUNTIME_DIR/bus
     * (-ENOMEDIUM), or the address names a socket nobody listens on. */
    LLB_ERROR_NO_BUS = 1,
    /* Another connection owns the requested name (-EEXIST). */
    LLB_ERROR_NAME_TAKEN = 2,
    /* Anything else (bad name or path, out of memory, a protocol error). */
    LLB_ERROR_OTHER = 3,
} llb_error_kind;

typedef struct llb_error {
    llb_error_kind kind;
    int code;              /* the negative errno sd-bus returned */
    char message[512];     /* what failed, with strerror; NUL-terminated */
} llb_error;

/* ---- reply builders ------------------------------------------------------ */

/* The reply to one method call, already opened at the method's out-signature.
 * Handed to a callback, valid only during it; the shim sends and frees it. The
 * first failing append is remembered and later appends do nothing, so a callback
 * can append freely and the shim turns that failure into a D-Bus error. */
typedef struct llb_reply llb_reply;

/* as (GetInitialResultSet, GetSubsearchResultSet): one result id. */
void llb_reply_add_id(llb_reply *reply, const char *id);

/* aa{sv} (GetResultMetas): one meta. `description` and `icon` may be NULL.
 * The icon is written twice, as GNOME Shell reads it: `icon` as a serialized
 * GIcon (g_icon_serialize form) — ('file', <path>) for an absolute path, else
 * ('themed', <[name]>) — and `gicon` as g_icon_to_string would print it (the
 * path or the name), which older shells read. */
typedef struct llb_meta {
    const char *id;
    const char *name;
    const char *description;
    const char *icon;
} llb_meta;
void llb_reply_add_meta(llb_reply *reply, const llb_meta *meta);

/* a(sss) (Actions): one action (id, text, icon name). */
void llb_reply_add_action(llb_reply *reply, const char *id, const char *text, const char *icon);

/* a(sssida{sv}) (Match): one match. `relevance_class` is KF5's QueryMatch::Type
 * or KF6's CategoryRelevance (same field, 0..100); `relevance` is 0..1.
 * Properties written: `subtext` and `category` when non-NULL, `urls` when
 * url_count > 0, and `actions` when `actions` is non-NULL (KRunner reads a
 * missing `actions` as "all actions" and an empty one as "none"). */
typedef struct llb_match {
    const char *id;
    const char *text;
    const char *icon;
    int32_t relevance_class;
    double relevance;
    const char *subtext;
    const char *category;
    const char *const *urls;
    size_t url_count;
    const char *const *actions;
    size_t action_count;
} llb_match;
void llb_reply_add_match(llb_reply *reply, const llb_match *match);

/* a{sv} (Config): one entry each. KRunner reads MatchRegex (s),
 * MinLetterCount (i) and TriggerWords (as). */
void llb_reply_config_string(llb_reply *reply, const char *key, const char *value);
void llb_reply_config_int(llb_reply *reply, const char *key, int32_t value);
void llb_reply_config_strv(llb_reply *reply, const char *key, const char *const *values, size_t count);

/* Makes the call fail with the D-Bus error `name` (e.g.
 * "org.freedesktop.DBus.Error.Failed") and `message` instead of replying;
 * whatever was appended is dropped. Both strings are copied. A `name` that is
 * not a valid D-Bus error name becomes org.freedesktop.DBus.Error.Failed,
 * with the name quoted in the message. */
void llb_reply_fail(llb_reply *reply, const char *name, const char *message);

/* ---- callbacks ----------------------------------------------------------- */

/* The method a call is for, passed to `before_call`. */
typedef enum llb_method {
    LLB_METHOD_GET_INITIAL_RESULT_SET = 0,
    LLB_METHOD_GET_SUBSEARCH_RESULT_SET,
    LLB_METHOD_GET_RESULT_METAS,
    LLB_METHOD_ACTIVATE_RESULT,
    LLB_METHOD_LAUNCH_SEARCH,
    LLB_METHOD_KRUNNER_ACTIONS,
    LLB_METHOD_KRUNNER_MATCH,
    LLB_METHOD_KRUNNER_RUN,
    LLB_METHOD_KRUNNER_TEARDOWN,
    LLB_METHOD_KRUNNER_CONFIG,
    LLB_METHOD_KRUNNER_SET_ACTIVATION_TOKEN,
} llb_method;

/* What Swift supplies. Every pointer must be set. `context` is passed back
 * unchanged; the shim never frees it. String lists are NULL-terminated and also
 * come with their count. Each method callback appends to `reply` or calls
 * llb_reply_fail; it is called on the thread inside llb_service_run. */
typedef struct llb_callbacks {
    void *context;
    /* Called before every method callback (the service reopens its index here). */
    void (*before_call)(void *context, llb_method method);

    void (*get_initial_result_set)(void *context, const char *const *terms, size_t term_count,
                                   llb_reply *reply);
    void (*get_subsearch_result_set)(void *context,
                                     const char *const *previous_results, size_t previous_count,
                                     const char *const *terms, size_t term_count, llb_reply *reply);
    void (*get_result_metas)(void *context, const char *const *identifiers, size_t identifier_count,
                             llb_reply *reply);
    void (*activate_result)(void *context, const char *identifier,
                            const char *const *terms, size_t term_count, uint32_t timestamp,
                            llb_reply *reply);
    void (*launch_search)(void *context, const char *const *terms, size_t term_count,
                          uint32_t timestamp, llb_reply *reply);

    void (*krunner_actions)(void *context, llb_reply *reply);
    void (*krunner_match)(void *context, const char *query, llb_reply *reply);
    void (*krunner_run)(void *context, const char *match_id, const char *action_id, llb_reply *reply);
    void (*krunner_teardown)(void *context, llb_reply *reply);
    void (*krunner_config)(void *context, llb_reply *reply);
    void (*krunner_set_activation_token)(void *context, const char *token, llb_reply *reply);
} llb_callbacks;

/* ---- the service --------------------------------------------------------- */

/* KRunner's object path; GNOME's is chosen by the caller (its .ini names it). */
#define LLB_KRUNNER_PATH "/runner"

typedef struct llb_service llb_service;

/* Connects to `address` (a D-Bus address such as "unix:path=/run/…"), or to
 * the session bus when `address` is NULL (DBUS_SESSION_BUS_ADDRESS, else
 * $XDG_RUNTIME_DIR/bus), exports SearchProvider2 at `search_provider_path` and
 * krunner1 at LLB_KRUNNER_PATH, then requests `bus_name` without queueing.
 * `callbacks` is copied. Returns NULL and fills `error` on failure.
 * Free with llb_service_free. */
llb_service *llb_service_new(const char *address, const char *bus_name,
                             const char *search_provider_path,
                             const llb_callbacks *callbacks, llb_error *error);

/* Why llb_service_run returned. */
typedef enum llb_stop_reason {
    LLB_STOP_REQUESTED = 0,   /* llb_service_stop was called */
    LLB_STOP_IDLE = 1,        /* no method call for idle_timeout_ms; the name was released */
    LLB_STOP_BUS_CLOSED = 2,  /* the bus went away (ECONNRESET): a normal shutdown */
} llb_stop_reason;

/* Serves calls on the calling thread until stopped, idle or disconnected.
 * `idle_timeout_ms` == 0 means never idle out; the idle clock starts now and
 * restarts at each method call, and does not run out while a program this
 * process started still runs (llb_note_child). On idle the name is released
 * first and calls already queued are still answered, so an activating caller
 * is not dropped.
 * Returns a llb_stop_reason (>= 0), or a negative errno and fills `error`.
 * Call at most once at a time. */
int llb_service_run(llb_service *service, uint64_t idle_timeout_ms, llb_error *error);

/* Makes a running (or the next) llb_service_run return LLB_STOP_REQUESTED.
 * Safe from any thread and from a signal handler (it writes an eventfd). */
void llb_service_stop(llb_service *service);

/* The unique name of the connection (":1.42"), borrowed until free; for logs. */
const char *llb_service_unique_name(llb_service *service);

/* Flushes pending replies, closes the connection and frees everything. NULL is
 * ignored. Must not race a running llb_service_run. */
void llb_service_free(llb_service *service);

/* Counts the programs this process started that still run: +1 when one is
 * started, -1 when it is reaped (any thread). A service D-Bus started through
 * systemd (dbus-broker always, dbus-daemon with SystemdService=) lives in a
 * unit whose processes are stopped with it, so it does not idle out while an
 * application it opened is running. */
void llb_note_child(int delta);

/* Adds to `actions` (a posix_spawn_file_actions_t *, initialised) that the child
 * closes every descriptor from `lowfd` up before it runs, as GLib's launches do:
 * an app must not keep its launcher's locks, pipes or sockets open. (glibc's
 * posix_spawn_file_actions_addclosefrom_np is behind _GNU_SOURCE, which Swift's
 * Glibc module does not define.) Returns 0 or an errno. */
int llb_spawn_close_from(void *actions, int lowfd);

/* ---- launching an application over D-Bus -------------------------------- */

/* Starts a DBusActivatable application as the Desktop Entry spec says: a call
 * of org.freedesktop.Application on the session bus (`address`, or the user's
 * when NULL) to `name` (the desktop file id without .desktop) at `path` —
 * ActivateAction(action) when `action` is set, else Open(uris) when there are
 * any, else Activate — with `token` (may be NULL) as the platform data's
 * activation-token and desktop-startup-id. The bus starts the application if
 * needed, and delivers the call only while this connection is open, so the
 * answer is waited for, up to `wait_ms`: 0 when the app answered; a negative
 * errno with `error` filled otherwise (the D-Bus error's name and message: no
 * such service, a program that would not start; -ETIMEDOUT: no answer).
 * Blocks the calling thread meanwhile. */
int llb_activate_application(const char *address, const char *name, const char *path,
                             const char *action, const char *const *uris, size_t uri_count,
                             const char *token, uint64_t wait_ms, llb_error *error);

#ifdef __cplusplus
}
#endif

#endif /* LIMELIGHT_BUS_H */
