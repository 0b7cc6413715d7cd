/* dbus-application-fixture: a fake DBusActivatable application, so tests can
 * watch what a launcher's org.freedesktop.Application call does to an app
 * that is slow to start (the bus holds the call until the app owns its name).
 *
 *   dbus-application-fixture NAME PATH DELAY_MS LOG
 *
 * Sleeps DELAY_MS (a cold start), connects to the session bus (dbus-daemon
 * sets DBUS_SESSION_BUS_ADDRESS for the services it starts), serves
 * org.freedesktop.Application at PATH, takes NAME, and appends one line per
 * call to LOG: the method, then its activation-token if the platform data
 * has one ("Activate token-42"). Exits once it has answered a call (the
 * next call makes the bus start it again, slowly), or after 20 s.
 * Written in C against sd-bus because the test machine has it (libsystemd-dev
 * is a build dependency) and no D-Bus binding for a scripting language. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <systemd/sd-bus.h>

static const char *log_path;
static int answered;

/* Reads platform_data (a{sv}) and returns its activation-token, or "-". */
static int read_token(sd_bus_message *m, char *token, size_t size) {
    snprintf(token, size, "-");
    int r = sd_bus_message_enter_container(m, 'a', "{sv}");
    if (r < 0) return r;
    while ((r = sd_bus_message_enter_container(m, 'e', "sv")) > 0) {
        const char *key;
        if ((r = sd_bus_message_read(m, "s", &key)) < 0) return r;
        if (strcmp(key, "activation-token") == 0) {
            const char *value;
            if ((r = sd_bus_message_read(m, "v", "s", &value)) < 0) return r;
            snprintf(token, size, "%s", value);
        } else if ((r = sd_bus_message_skip(m, "v")) < 0) {
            return r;
        }
        if ((r = sd_bus_message_exit_container(m)) < 0) return r;
    }
    if (r < 0) return r;
    return sd_bus_message_exit_container(m);
}

static int handle(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)userdata; (void)error;
    const char *member = sd_bus_message_get_member(m);
    int r = 0;
    if (strcmp(member, "ActivateAction") == 0) r = sd_bus_message_skip(m, "sav");
    else if (strcmp(member, "Open") == 0) r = sd_bus_message_skip(m, "as");
    char token[256];
    if (r >= 0) r = read_token(m, token, sizeof token);
    if (r < 0) return r;
    FILE *log = fopen(log_path, "a");
    if (log) { fprintf(log, "%s %s\n", member, token); fclose(log); }
    answered = 1;
    return sd_bus_reply_method_return(m, NULL);
}

static const sd_bus_vtable application[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Activate", "a{sv}", "", handle, 0),
    SD_BUS_METHOD("Open", "asa{sv}", "", handle, 0),
    SD_BUS_METHOD("ActivateAction", "sava{sv}", "", handle, 0),
    SD_BUS_VTABLE_END
};

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: dbus-application-fixture NAME PATH DELAY_MS LOG\n");
        return 64;
    }
    log_path = argv[4];
    long delay_ms = strtol(argv[3], NULL, 10);
    struct timespec delay = { delay_ms / 1000, (delay_ms % 1000) * 1000000L };
    nanosleep(&delay, NULL);

    sd_bus *bus = NULL;
    int r = sd_bus_open_user(&bus);
    if (r >= 0) r = sd_bus_add_object_vtable(bus, NULL, argv[2], "org.freedesktop.Application", application, NULL);
    if (r >= 0) r = sd_bus_request_name(bus, argv[1], 0);
    if (r < 0) {
        fprintf(stderr, "dbus-application-fixture: %s\n", strerror(-r));
        return 69;
    }
    time_t end = time(NULL) + 20;
    while (!answered && time(NULL) < end) {
        r = sd_bus_process(bus, NULL);
        if (r < 0) break;
        if (r > 0) continue;
        if (sd_bus_wait(bus, 1000000) < 0) break;
    }
    sd_bus_flush_close_unref(bus);
    return 0;
}
