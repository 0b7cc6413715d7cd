/* limelight_bus.c — sd-bus connection, vtables, marshalling and poll() loop.
 * See include/limelight_bus.h for the contract of every exported function. */
#define _GNU_SOURCE
#include "limelight_bus.h"

#include <errno.h>
#include <poll.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <systemd/sd-bus.h>
#include <time.h>
#include <unistd.h>

struct llb_service {
    sd_bus *bus;
    sd_bus_slot *search_provider_slot;
    sd_bus_slot *krunner_slot;
    char *bus_name;
    llb_callbacks callbacks;
    int stop_fd;                 /* eventfd written by llb_service_stop */
    uint64_t last_call_usec;     /* CLOCK_MONOTONIC of the last method call, for idling */
};

struct llb_reply {
    llb_service *service;        /* borrowed */
    sd_bus_message *message;     /* the method return being built; owned */
    bool container_open;         /* the out-signature's outer container */
    int status;                  /* first failing append (negative errno), else 0 */
    char *error_name;            /* set by llb_reply_fail; malloc'd */
    char *error_message;
};

/* ---- small helpers ------------------------------------------------------- */

static uint64_t monotonic_usec(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* Fills `error`; the errno's text is appended only where the sentence does not
 * already say what it means ("File exists" would not help anyone). */
static void set_error(llb_error *error, llb_error_kind kind, int code, const char *format, ...) {
    if (!error) return;
    bool explained = code == -EEXIST || code == -ENOMEDIUM;
    error->kind = kind;
    error->code = code;
    va_list ap;
    va_start(ap, format);
    int n = vsnprintf(error->message, sizeof error->message, format, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < sizeof error->message && code < 0 && !explained)
        snprintf(error->message + n, sizeof error->message - (size_t)n, ": %s", strerror(-code));
}

static size_t strv_length(char **strv) {
    size_t n = 0;
    while (strv && strv[n]) n++;
    return n;
}

static void strv_free(char **strv) {
    for (size_t i = 0; strv && strv[i]; i++) free(strv[i]);
    free(strv);
}

/* sd_bus_message_read_strv leaves NULL for an empty array; callbacks get a
 * real (empty) NULL-terminated list instead. */
static const char *const empty_strv[] = { NULL };
static const char *const *strv_or_empty(char **strv) {
    return strv ? (const char *const *)strv : empty_strv;
}

/* ---- reply building ------------------------------------------------------ */

static bool reply_ok(const llb_reply *reply) {
    return reply->status >= 0 && reply->error_name == NULL;
}

/* Runs one sd-bus append if nothing failed yet, and remembers its failure. */
#define STEP(reply, expr) do { \
        if (reply_ok(reply)) { int step_r_ = (expr); if (step_r_ < 0) (reply)->status = step_r_; } \
    } while (0)

static void append_string(llb_reply *reply, const char *value) {
    STEP(reply, sd_bus_message_append_basic(reply->message, 's', value ? value : ""));
}

static void append_string_array(llb_reply *reply, const char *const *values, size_t count) {
    STEP(reply, sd_bus_message_open_container(reply->message, 'a', "s"));
    for (size_t i = 0; i < count; i++) append_string(reply, values[i]);
    STEP(reply, sd_bus_message_close_container(reply->message));
}

/* The {sv} recipe: open 'e' "sv" → key → open 'v' sig → value → close → close.
 * The value is written by the caller between entry_begin and entry_end. */
static void entry_begin(llb_reply *reply, const char *key, const char *variant_signature) {
    STEP(reply, sd_bus_message_open_container(reply->message, 'e', "sv"));
    append_string(reply, key);
    STEP(reply, sd_bus_message_open_container(reply->message, 'v', variant_signature));
}

static void entry_end(llb_reply *reply) {
    STEP(reply, sd_bus_message_close_container(reply->message));
    STEP(reply, sd_bus_message_close_container(reply->message));
}

static void entry_string(llb_reply *reply, const char *key, const char *value) {
    entry_begin(reply, key, "s");
    append_string(reply, value);
    entry_end(reply);
}

static void entry_string_array(llb_reply *reply, const char *key, const char *const *values, size_t count) {
    entry_begin(reply, key, "as");
    append_string_array(reply, values, count);
    entry_end(reply);
}

/* g_icon_serialize's forms, which Gio.icon_deserialize (GNOME Shell) reads:
 * ('file', <'/abs/path'>) for a file, ('themed', <['name']>) for a theme name. */
static void entry_serialized_icon(llb_reply *reply, const char *icon) {
    bool is_file = icon[0] == '/';
    entry_begin(reply, "icon", "(sv)");
    STEP(reply, sd_bus_message_open_container(reply->message, 'r', "sv"));
    append_string(reply, is_file ? "file" : "themed");
    if (is_file) {
        STEP(reply, sd_bus_message_open_container(reply->message, 'v', "s"));
        append_string(reply, icon);
    } else {
        STEP(reply, sd_bus_message_open_container(reply->message, 'v', "as"));
        append_string_array(reply, &icon, 1);
    }
    STEP(reply, sd_bus_message_close_container(reply->message));
    STEP(reply, sd_bus_message_close_container(reply->message));
    entry_end(reply);
}

void llb_reply_add_id(llb_reply *reply, const char *id) {
    append_string(reply, id);
}

void llb_reply_add_meta(llb_reply *reply, const llb_meta *meta) {
    STEP(reply, sd_bus_message_open_container(reply->message, 'a', "{sv}"));
    entry_string(reply, "id", meta->id);
    entry_string(reply, "name", meta->name);
    if (meta->description) entry_string(reply, "description", meta->description);
    if (meta->icon && meta->icon[0]) {
        entry_serialized_icon(reply, meta->icon);
        /* g_icon_to_string of a one-name themed icon is the name, of a file icon its path. */
        entry_string(reply, "gicon", meta->icon);
    }
    STEP(reply, sd_bus_message_close_container(reply->message));
}

void llb_reply_add_action(llb_reply *reply, const char *id, const char *text, const char *icon) {
    STEP(reply, sd_bus_message_open_container(reply->message, 'r', "sss"));
    append_string(reply, id);
    append_string(reply, text);
    append_string(reply, icon);
    STEP(reply, sd_bus_message_close_container(reply->message));
}

void llb_reply_add_match(llb_reply *reply, const llb_match *match) {
    int32_t relevance_class = match->relevance_class;
    double relevance = match->relevance;
    STEP(reply, sd_bus_message_open_container(reply->message, 'r', "sssida{sv}"));
    append_string(reply, match->id);
    append_string(reply, match->text);
    append_string(reply, match->icon);
    STEP(reply, sd_bus_message_append_basic(reply->message, 'i', &relevance_class));
    STEP(reply, sd_bus_message_append_basic(reply->message, 'd', &relevance));
    STEP(reply, sd_bus_message_open_container(reply->message, 'a', "{sv}"));
    if (match->subtext) entry_string(reply, "subtext", match->subtext);
    if (match->url_count > 0) entry_string_array(reply, "urls", match->urls, match->url_count);
    if (match->category) entry_string(reply, "category", match->category);
    if (match->actions) entry_string_array(reply, "actions", match->actions, match->action_count);
    STEP(reply, sd_bus_message_close_container(reply->message));
    STEP(reply, sd_bus_message_close_container(reply->message));
}

void llb_reply_config_string(llb_reply *reply, const char *key, const char *value) {
    entry_string(reply, key, value);
}

void llb_reply_config_int(llb_reply *reply, const char *key, int32_t value) {
    entry_begin(reply, key, "i");
    STEP(reply, sd_bus_message_append_basic(reply->message, 'i', &value));
    entry_end(reply);
}

void llb_reply_config_strv(llb_reply *reply, const char *key, const char *const *values, size_t count) {
    entry_string_array(reply, key, values, count);
}

void llb_reply_fail(llb_reply *reply, const char *name, const char *message) {
    if (reply->error_name) return;   /* the first failure wins */
    message = message ? message : "";
    if (name && sd_bus_interface_name_is_valid(name) > 0) {
        reply->error_name = strdup(name);
        reply->error_message = strdup(message);
    } else {
        /* sd-bus could not send an error under an invalid name, and the caller
         * would wait for a reply that never comes: say Failed, and why. */
        reply->error_name = strdup(SD_BUS_ERROR_FAILED);
        if (asprintf(&reply->error_message, "%s (the error name '%s' is not a valid D-Bus name)",
                     message, name ? name : "") < 0)
            reply->error_message = NULL;
    }
    if (!reply->error_name || !reply->error_message) reply->status = -ENOMEM;
}

/* ---- dispatch ------------------------------------------------------------ */

/* Starts the reply to `call` at its out-signature (`container` NULL: no output),
 * marks the service busy and runs the before-call hook. */
static int reply_begin(llb_reply *reply, llb_service *service, sd_bus_message *call,
                       llb_method method, const char *container) {
    *reply = (llb_reply){ .service = service };
    service->last_call_usec = monotonic_usec();
    int r = sd_bus_message_new_method_return(call, &reply->message);
    if (r < 0) return r;
    if (container) {
        r = sd_bus_message_open_container(reply->message, 'a', container);
        if (r < 0) return r;
        reply->container_open = true;
    }
    service->callbacks.before_call(service->callbacks.context, method);
    return 0;
}

/* Sends the reply, or the error the callback chose, or an error for a reply
 * that could not be built; frees the reply. A handler's negative return with
 * `ret_error` set makes sd-bus send that error. */
static int reply_finish(llb_reply *reply, sd_bus_message *call, int r, sd_bus_error *ret_error) {
    /* A long call must not count as idle time. */
    if (reply->service) reply->service->last_call_usec = monotonic_usec();
    if (r >= 0 && reply->error_name && reply->status >= 0) {
        r = sd_bus_error_set(ret_error, reply->error_name, reply->error_message);
        if (r >= 0) r = -EIO;
    } else {
        if (r >= 0) r = reply->status;
        if (r >= 0 && reply->container_open) r = sd_bus_message_close_container(reply->message);
        if (r >= 0 && sd_bus_message_get_expect_reply(call) > 0) r = sd_bus_send(NULL, reply->message, NULL);
        if (r < 0)
            r = sd_bus_error_set_errnof(ret_error, -r, "Limelight could not build the reply to %s: %s",
                                        sd_bus_message_get_member(call), strerror(-r));
        else
            r = 1;
    }
    sd_bus_message_unref(reply->message);
    free(reply->error_name);
    free(reply->error_message);
    return r;
}

#define SEARCH_PROVIDER_INTERFACE "org.gnome.Shell.SearchProvider2"
#define KRUNNER_INTERFACE "org.kde.krunner1"

/* A call's arguments, read by its signature. sd-bus has checked the call
 * against the vtable before handle_call runs, so only as, s and u occur. */
typedef struct call_arguments {
    char **lists[2];             /* as, in order; owned (sd_bus_message_read_strv) */
    size_t list_counts[2];
    const char *strings[2];      /* s, in order; borrowed from the message */
    uint32_t number;             /* u */
} call_arguments;

static int read_arguments(sd_bus_message *call, call_arguments *arguments) {
    const char *signature = sd_bus_message_get_signature(call, 1);
    size_t lists = 0, strings = 0;
    for (const char *p = signature ? signature : ""; *p; p++) {
        int r;
        if (p[0] == 'a' && p[1] == 's' && lists < 2) {
            r = sd_bus_message_read_strv(call, &arguments->lists[lists]);
            arguments->list_counts[lists] = strv_length(arguments->lists[lists]);
            lists++;
            p++;
        } else if (p[0] == 's' && strings < 2) {
            r = sd_bus_message_read_basic(call, 's', &arguments->strings[strings++]);
        } else if (p[0] == 'u') {
            r = sd_bus_message_read_basic(call, 'u', &arguments->number);
        } else {
            r = -EINVAL;
        }
        if (r < 0) return r;
    }
    return 0;
}

static void free_arguments(call_arguments *arguments) {
    strv_free(arguments->lists[0]);
    strv_free(arguments->lists[1]);
}

/* Which callback a member is, and the element type of the array its reply
 * opens (NULL: the method returns nothing). The vtables below hold the full
 * signatures and argument names. */
typedef struct method_entry {
    const char *interface;
    const char *member;
    llb_method method;
    const char *reply_element;
} method_entry;

static const method_entry methods[] = {
    { SEARCH_PROVIDER_INTERFACE, "GetInitialResultSet", LLB_METHOD_GET_INITIAL_RESULT_SET, "s" },
    { SEARCH_PROVIDER_INTERFACE, "GetSubsearchResultSet", LLB_METHOD_GET_SUBSEARCH_RESULT_SET, "s" },
    { SEARCH_PROVIDER_INTERFACE, "GetResultMetas", LLB_METHOD_GET_RESULT_METAS, "a{sv}" },
    { SEARCH_PROVIDER_INTERFACE, "ActivateResult", LLB_METHOD_ACTIVATE_RESULT, NULL },
    { SEARCH_PROVIDER_INTERFACE, "LaunchSearch", LLB_METHOD_LAUNCH_SEARCH, NULL },
    { KRUNNER_INTERFACE, "Actions", LLB_METHOD_KRUNNER_ACTIONS, "(sss)" },
    { KRUNNER_INTERFACE, "Match", LLB_METHOD_KRUNNER_MATCH, "(sssida{sv})" },
    { KRUNNER_INTERFACE, "Run", LLB_METHOD_KRUNNER_RUN, NULL },
    { KRUNNER_INTERFACE, "Teardown", LLB_METHOD_KRUNNER_TEARDOWN, NULL },
    { KRUNNER_INTERFACE, "Config", LLB_METHOD_KRUNNER_CONFIG, "{sv}" },
    { KRUNNER_INTERFACE, "SetActivationToken", LLB_METHOD_KRUNNER_SET_ACTIVATION_TOKEN, NULL },
};

static const method_entry *find_method(sd_bus_message *call) {
    const char *interface = sd_bus_message_get_interface(call);
    const char *member = sd_bus_message_get_member(call);
    for (size_t i = 0; interface && member && i < sizeof methods / sizeof methods[0]; i++)
        if (strcmp(methods[i].interface, interface) == 0 && strcmp(methods[i].member, member) == 0)
            return &methods[i];
    return NULL;
}

#define LIST(i) strv_or_empty(arguments->lists[i]), arguments->list_counts[i]

static void invoke(const llb_callbacks *callbacks, llb_method method,
                   const call_arguments *arguments, llb_reply *reply) {
    void *context = callbacks->context;
    const char *const *strings = arguments->strings;
    switch (method) {
    case LLB_METHOD_GET_INITIAL_RESULT_SET:
        callbacks->get_initial_result_set(context, LIST(0), reply); break;
    case LLB_METHOD_GET_SUBSEARCH_RESULT_SET:
        callbacks->get_subsearch_result_set(context, LIST(0), LIST(1), reply); break;
    case LLB_METHOD_GET_RESULT_METAS:
        callbacks->get_result_metas(context, LIST(0), reply); break;
    case LLB_METHOD_ACTIVATE_RESULT:
        callbacks->activate_result(context, strings[0], LIST(0), arguments->number, reply); break;
    case LLB_METHOD_LAUNCH_SEARCH:
        callbacks->launch_search(context, LIST(0), arguments->number, reply); break;
    case LLB_METHOD_KRUNNER_ACTIONS:
        callbacks->krunner_actions(context, reply); break;
    case LLB_METHOD_KRUNNER_MATCH:
        callbacks->krunner_match(context, strings[0], reply); break;
    case LLB_METHOD_KRUNNER_RUN:
        callbacks->krunner_run(context, strings[0], strings[1], reply); break;
    case LLB_METHOD_KRUNNER_TEARDOWN:
        callbacks->krunner_teardown(context, reply); break;
    case LLB_METHOD_KRUNNER_CONFIG:
        callbacks->krunner_config(context, reply); break;
    case LLB_METHOD_KRUNNER_SET_ACTIVATION_TOKEN:
        callbacks->krunner_set_activation_token(context, strings[0], reply); break;
    }
}

#undef LIST

/* The one handler behind every method of both vtables. */
static int handle_call(sd_bus_message *call, void *userdata, sd_bus_error *ret_error) {
    llb_service *service = userdata;
    const method_entry *entry = find_method(call);
    if (!entry)   /* only reachable if the vtables and `methods` disagree */
        return sd_bus_error_set(ret_error, SD_BUS_ERROR_UNKNOWN_METHOD, "Limelight has no such method");
    call_arguments arguments = { 0 };
    int r = read_arguments(call, &arguments);
    llb_reply reply = { 0 };
    if (r >= 0) r = reply_begin(&reply, service, call, entry->method, entry->reply_element);
    if (r >= 0) invoke(&service->callbacks, entry->method, &arguments, &reply);
    free_arguments(&arguments);
    if (!reply.message) return r;   /* the arguments could not be read: sd-bus says why */
    return reply_finish(&reply, call, r, ret_error);
}

/* Signatures and argument names verbatim from gnome-shell's
 * data/dbus-interfaces/org.gnome.ShellSearchProvider2.xml, so Introspect shows
 * what the shell's own XML says. */
static const sd_bus_vtable search_provider_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD_WITH_NAMES("GetInitialResultSet", "as", SD_BUS_PARAM(terms),
                             "as", SD_BUS_PARAM(results),
                             handle_call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("GetSubsearchResultSet", "asas",
                             SD_BUS_PARAM(previous_results) SD_BUS_PARAM(terms),
                             "as", SD_BUS_PARAM(results),
                             handle_call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("GetResultMetas", "as", SD_BUS_PARAM(identifiers),
                             "aa{sv}", SD_BUS_PARAM(metas),
                             handle_call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("ActivateResult", "sasu",
                             SD_BUS_PARAM(identifier) SD_BUS_PARAM(terms) SD_BUS_PARAM(timestamp),
                             "", "", handle_call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("LaunchSearch", "asu", SD_BUS_PARAM(terms) SD_BUS_PARAM(timestamp),
                             "", "", handle_call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_VTABLE_END
};

/* Signatures and argument names verbatim from KDE/krunner's
 * src/data/org.kde.krunner1.xml (KF6; KF5's is the same minus SetActivationToken). */
static const sd_bus_vtable krunner_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD_WITH_NAMES("Actions", "", "", "a(sss)", SD_BUS_PARAM(matches),
                             handle_call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("Match", "s", SD_BUS_PARAM(query), "a(sssida{sv})", SD_BUS_PARAM(matches),
                             handle_call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("Run", "ss", SD_BUS_PARAM(matchId) SD_BUS_PARAM(actionId), "", "",
                             handle_call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("Teardown", "", "", "", "",
                             handle_call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("Config", "", "", "a{sv}", SD_BUS_PARAM(config),
                             handle_call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("SetActivationToken", "s", SD_BUS_PARAM(token), "", "",
                             handle_call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_VTABLE_END
};

/* ---- the service --------------------------------------------------------- */

static bool is_no_bus_error(int r) {
    /* ENOMEDIUM: no address at all; ENOENT/ECONNREFUSED: a socket path with
     * nobody behind it; EACCES for a socket we may not open. */
    return r == -ENOMEDIUM || r == -ENOENT || r == -ECONNREFUSED || r == -EACCES;
}

static int connect_bus(const char *address, sd_bus **ret) {
    if (!address) return sd_bus_open_user(ret);
    sd_bus *bus = NULL;
    int r = sd_bus_new(&bus);
    if (r >= 0) r = sd_bus_set_address(bus, address);
    if (r >= 0) r = sd_bus_set_bus_client(bus, 1);   /* say Hello: we want a name */
    if (r >= 0) r = sd_bus_start(bus);
    if (r < 0) { sd_bus_unref(bus); return r; }
    *ret = bus;
    return 0;
}

llb_service *llb_service_new(const char *address, const char *bus_name,
                             const char *search_provider_path,
                             const llb_callbacks *callbacks, llb_error *error) {
    if (error) *error = (llb_error){ 0 };
    llb_service *service = calloc(1, sizeof *service);
    if (!service) { set_error(error, LLB_ERROR_OTHER, -ENOMEM, "out of memory"); return NULL; }
    service->stop_fd = -1;
    service->callbacks = *callbacks;
    service->bus_name = strdup(bus_name);
    if (!service->bus_name) { set_error(error, LLB_ERROR_OTHER, -ENOMEM, "out of memory"); goto fail; }

    service->stop_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (service->stop_fd < 0) {
        set_error(error, LLB_ERROR_OTHER, -errno, "could not create the stop eventfd");
        goto fail;
    }

    int r = connect_bus(address, &service->bus);
    if (r < 0) {
        if (r == -ENOMEDIUM)
            set_error(error, LLB_ERROR_NO_BUS, r,
                      "no D-Bus session bus: neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set");
        else if (is_no_bus_error(r))
            set_error(error, LLB_ERROR_NO_BUS, r, "no D-Bus session bus at %s",
                      address ? address : "DBUS_SESSION_BUS_ADDRESS or $XDG_RUNTIME_DIR/bus");
        else
            set_error(error, LLB_ERROR_OTHER, r, "could not connect to the session bus");
        goto fail;
    }

    r = sd_bus_add_object_vtable(service->bus, &service->search_provider_slot, search_provider_path,
                                 SEARCH_PROVIDER_INTERFACE, search_provider_vtable, service);
    if (r < 0) {
        set_error(error, LLB_ERROR_OTHER, r, "could not export " SEARCH_PROVIDER_INTERFACE " at '%s'",
                  search_provider_path);
        goto fail;
    }
    r = sd_bus_add_object_vtable(service->bus, &service->krunner_slot, LLB_KRUNNER_PATH,
                                 KRUNNER_INTERFACE, krunner_vtable, service);
    if (r < 0) {
        set_error(error, LLB_ERROR_OTHER, r, "could not export " KRUNNER_INTERFACE " at " LLB_KRUNNER_PATH);
        goto fail;
    }

    /* No SD_BUS_NAME_QUEUE: a second instance should fail now, not wait. */
    r = sd_bus_request_name(service->bus, bus_name, 0);
    if (r < 0) {
        if (r == -EEXIST)
            set_error(error, LLB_ERROR_NAME_TAKEN, r, "the bus name %s is already owned by another process",
                      bus_name);
        else if (r == -ECONNRESET || r == -ENOTCONN)
            set_error(error, LLB_ERROR_NO_BUS, r, "the session bus closed the connection");
        else
            set_error(error, LLB_ERROR_OTHER, r, "could not request the bus name '%s'", bus_name);
        goto fail;
    }
    service->last_call_usec = monotonic_usec();
    return service;

fail:
    llb_service_free(service);
    return NULL;
}

/* Dispatches everything sd-bus can without waiting. Messages that arrived while
 * sd_bus_request_name waited for its reply sit in sd-bus's queue, not the socket,
 * so poll() would never report them: this is called before every poll(). */
static int process_pending(sd_bus *bus) {
    for (;;) {
        int r = sd_bus_process(bus, NULL);
        if (r <= 0) return r;
    }
}

static bool is_disconnect(int r) {
    return r == -ECONNRESET || r == -ENOTCONN || r == -EPIPE;
}

/* Idle exit without dropping a caller: give the name back (new calls now go to
 * a fresh activation), then answer what already reached us. */
static int release_and_drain(llb_service *service) {
    int r = sd_bus_release_name(service->bus, service->bus_name);
    if (r < 0 && !is_disconnect(r)) return r;
    r = process_pending(service->bus);
    if (r < 0 && !is_disconnect(r)) return r;
    r = sd_bus_flush(service->bus);
    return (r < 0 && !is_disconnect(r)) ? r : 0;
}

static atomic_int children_running;

void llb_note_child(int delta) { atomic_fetch_add(&children_running, delta); }

int llb_spawn_close_from(void *actions, int lowfd) {
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, lowfd);
}

int llb_service_run(llb_service *service, uint64_t idle_timeout_ms, llb_error *error) {
    if (error) *error = (llb_error){ 0 };
    sd_bus *bus = service->bus;
    service->last_call_usec = monotonic_usec();
    /* Beyond this the deadline arithmetic would overflow; that long is "never". */
    if (idle_timeout_ms > UINT64_MAX / 4000u) idle_timeout_ms = 0;
    uint64_t idle_usec = idle_timeout_ms * 1000u;

    for (;;) {
        int r = process_pending(bus);
        if (r < 0) {
            if (is_disconnect(r)) return LLB_STOP_BUS_CLOSED;
            set_error(error, LLB_ERROR_OTHER, r, "processing a D-Bus message failed");
            return r;
        }

        int events = sd_bus_get_events(bus);
        if (events < 0) {
            if (is_disconnect(events)) return LLB_STOP_BUS_CLOSED;
            set_error(error, LLB_ERROR_OTHER, events, "sd_bus_get_events failed");
            return events;
        }
        int bus_fd = sd_bus_get_fd(bus);
        if (bus_fd < 0) {
            set_error(error, LLB_ERROR_OTHER, bus_fd, "sd_bus_get_fd failed");
            return bus_fd;
        }

        /* Wake for whichever comes first: sd-bus's own deadline (a pending
         * method-call timeout, an authentication step) or the idle deadline. */
        uint64_t now = monotonic_usec();
        uint64_t deadline = UINT64_MAX, bus_deadline = UINT64_MAX;
        if (sd_bus_get_timeout(bus, &bus_deadline) >= 0) deadline = bus_deadline;
        if (idle_usec > 0) {
            uint64_t idle_deadline = service->last_call_usec + idle_usec;
            if (idle_deadline <= now && atomic_load(&children_running) > 0) {
                /* An app it opened still runs: idle again from now. */
                service->last_call_usec = now;
                idle_deadline = now + idle_usec;
            }
            if (idle_deadline <= now) {
                r = release_and_drain(service);
                if (r < 0) {
                    set_error(error, LLB_ERROR_OTHER, r, "could not release the bus name on idle exit");
                    return r;
                }
                return LLB_STOP_IDLE;
            }
            if (idle_deadline < deadline) deadline = idle_deadline;
        }
        int timeout_ms = -1;
        if (deadline != UINT64_MAX) {
            uint64_t wait_usec = deadline > now ? deadline - now : 0;
            uint64_t wait_ms = (wait_usec + 999u) / 1000u;
            timeout_ms = wait_ms > (uint64_t)INT32_MAX ? INT32_MAX : (int)wait_ms;
        }

        struct pollfd fds[2] = {
            { .fd = bus_fd, .events = (short)events },
            { .fd = service->stop_fd, .events = POLLIN },
        };
        r = poll(fds, 2, timeout_ms);
        if (r < 0) {
            if (errno == EINTR) continue;
            r = -errno;
            set_error(error, LLB_ERROR_OTHER, r, "poll on the D-Bus socket failed");
            return r;
        }
        if (fds[1].revents & POLLIN) {
            uint64_t ignored;
            (void)!read(service->stop_fd, &ignored, sizeof ignored);
            sd_bus_flush(bus);
            return LLB_STOP_REQUESTED;
        }
    }
}

void llb_service_stop(llb_service *service) {
    uint64_t one = 1;
    (void)!write(service->stop_fd, &one, sizeof one);
}

const char *llb_service_unique_name(llb_service *service) {
    const char *unique = NULL;
    if (!service->bus || sd_bus_get_unique_name(service->bus, &unique) < 0) return "";
    return unique;
}

void llb_service_free(llb_service *service) {
    if (!service) return;
    sd_bus_slot_unref(service->search_provider_slot);
    sd_bus_slot_unref(service->krunner_slot);
    if (service->bus) sd_bus_flush_close_unref(service->bus);
    if (service->stop_fd >= 0) close(service->stop_fd);
    free(service->bus_name);
    free(service);
}

/* ---- launching an application over D-Bus -------------------------------- */

int llb_activate_application(const char *address, const char *name, const char *path,
                             const char *action, const char *const *uris, size_t uri_count,
                             const char *token, uint64_t wait_ms, llb_error *error) {
    if (error) *error = (llb_error){ 0 };
    sd_bus *bus = NULL;
    sd_bus_message *m = NULL, *reply = NULL;
    sd_bus_error e = SD_BUS_ERROR_NULL;
    const char *method = action ? "ActivateAction" : uri_count > 0 ? "Open" : "Activate";
    int r = connect_bus(address, &bus);
    if (r < 0) {
        set_error(error, is_no_bus_error(r) ? LLB_ERROR_NO_BUS : LLB_ERROR_OTHER, r, "could not connect to the session bus");
        goto done;
    }
    r = sd_bus_message_new_method_call(bus, &m, name, path, "org.freedesktop.Application", method);
    if (r >= 0 && action) {
        /* ActivateAction(s action_name, av parameter, a{sv} platform_data) */
        r = sd_bus_message_append(m, "s", action);
        if (r >= 0) r = sd_bus_message_open_container(m, 'a', "v");
        if (r >= 0) r = sd_bus_message_close_container(m);
    } else if (r >= 0 && uri_count > 0) {
        /* Open(as uris, a{sv} platform_data) */
        r = sd_bus_message_open_container(m, 'a', "s");
        for (size_t i = 0; r >= 0 && i < uri_count; i++) r = sd_bus_message_append(m, "s", uris[i]);
        if (r >= 0) r = sd_bus_message_close_container(m);
    }
    /* platform_data: the token that lets the app take the focus (Wayland's
     * xdg-activation, X11's startup notification), as GLib sends it. */
    if (r >= 0) r = sd_bus_message_open_container(m, 'a', "{sv}");
    if (r >= 0 && token && *token) {
        r = sd_bus_message_append(m, "{sv}", "activation-token", "s", token);
        if (r >= 0) r = sd_bus_message_append(m, "{sv}", "desktop-startup-id", "s", token);
    }
    if (r >= 0) r = sd_bus_message_close_container(m);
    if (r < 0) {
        set_error(error, LLB_ERROR_OTHER, r, "could not build the %s call to %s", method, name);
        goto done;
    }
    /* The bus starts the app if it is not running (its D-Bus .service file)
     * and hands it the call once it owns its name, but only while this
     * connection is open: the answer is waited for. An error — no such
     * service, a program that would not start — comes at once. */
    r = sd_bus_call(bus, m, wait_ms * 1000, &e, &reply);
    if (r == -ETIMEDOUT) {
        set_error(error, LLB_ERROR_OTHER, r, "no answer in %llu s (it did not take its bus name, or did not answer)",
                  (unsigned long long)(wait_ms / 1000));
    } else if (r < 0) {
        set_error(error, LLB_ERROR_OTHER, r, "%s: %s", e.name ? e.name : "D-Bus error",
                  e.message ? e.message : "the call failed");
    }
done:
    sd_bus_error_free(&e);
    sd_bus_message_unref(reply);
    sd_bus_message_unref(m);
    if (bus) sd_bus_flush_close_unref(bus);
    return r;
}
