// serve-client: times keystrokes through `limelight serve` over D-Bus, the
// way GNOME Shell and KRunner ask, on one connection (no process per call).
//
//   serve-client ADDRESS QUERIES.txt [gnome|krunner|ping] > latencies-us.txt
//
// gnome:   GetInitialResultSet([words…]) then GetResultMetas(first 5 ids), as
//          the shell does for each keystroke (it shows 5 rows);
// krunner: Match(query);
// ping:    org.freedesktop.DBus.Peer.Ping, which sd-bus answers in the
//          service's loop without searching: the bus's own round trip.
// One line per query on stdout: the round trip in microseconds.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <systemd/sd-bus.h>

#define DEST "org.limelight.Limelight"
#define PATH "/org/limelight/Limelight/SearchProvider"
#define IFACE "org.gnome.Shell.SearchProvider2"

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int fail(const char *what, int r, sd_bus_error *e) {
    fprintf(stderr, "serve-client: %s: %s\n", what, e && e->message ? e->message : strerror(-r));
    exit(1);
}

static int gnome(sd_bus *bus, char *query) {
    sd_bus_error e = SD_BUS_ERROR_NULL;
    sd_bus_message *m = NULL, *reply = NULL;
    char *words[64];
    int n = 0;
    for (char *w = strtok(query, " "); w && n < 63; w = strtok(NULL, " ")) words[n++] = w;
    words[n] = NULL;
    int r = sd_bus_message_new_method_call(bus, &m, DEST, PATH, IFACE, "GetInitialResultSet");
    if (r < 0) fail("new call", r, NULL);
    sd_bus_message_append_strv(m, words);
    r = sd_bus_call(bus, m, 5000000, &e, &reply);
    if (r < 0) fail("GetInitialResultSet", r, &e);
    char **ids = NULL;
    r = sd_bus_message_read_strv(reply, &ids);
    if (r < 0) fail("read ids", r, NULL);
    int count = 0;
    while (ids && ids[count]) count++;
    if (count > 5) { for (int i = 5; i < count; i++) free(ids[i]); ids[5] = NULL; count = 5; }
    sd_bus_message_unref(m); sd_bus_message_unref(reply); m = reply = NULL;
    if (count > 0) {
        r = sd_bus_message_new_method_call(bus, &m, DEST, PATH, IFACE, "GetResultMetas");
        if (r < 0) fail("new call", r, NULL);
        sd_bus_message_append_strv(m, ids);
        r = sd_bus_call(bus, m, 5000000, &e, &reply);
        if (r < 0) fail("GetResultMetas", r, &e);
        sd_bus_message_unref(m); sd_bus_message_unref(reply);
    }
    for (int i = 0; ids && ids[i]; i++) free(ids[i]);
    free(ids);
    return count;
}

static int krunner(sd_bus *bus, const char *query) {
    sd_bus_error e = SD_BUS_ERROR_NULL;
    sd_bus_message *reply = NULL;
    int r = sd_bus_call_method(bus, DEST, "/runner", "org.kde.krunner1", "Match", &e, &reply, "s", query);
    if (r < 0) fail("Match", r, &e);
    sd_bus_message_unref(reply);
    return 0;
}

static int ping(sd_bus *bus) {
    sd_bus_error e = SD_BUS_ERROR_NULL;
    sd_bus_message *reply = NULL;
    int r = sd_bus_call_method(bus, DEST, "/runner", "org.freedesktop.DBus.Peer", "Ping", &e, &reply, "");
    if (r < 0) fail("Ping", r, &e);
    sd_bus_message_unref(reply);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: serve-client ADDRESS QUERIES.txt [gnome|krunner|ping]\n"); return 64; }
    const char *mode = argc > 3 ? argv[3] : "gnome";
    sd_bus *bus = NULL;
    int r = sd_bus_new(&bus);
    if (r < 0) fail("sd_bus_new", r, NULL);
    sd_bus_set_address(bus, argv[1]);
    sd_bus_set_bus_client(bus, 1);
    r = sd_bus_start(bus);
    if (r < 0) fail("connect", r, NULL);
    FILE *f = fopen(argv[2], "r");
    if (!f) { perror(argv[2]); return 1; }
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        double t0 = now_us();
        if (strcmp(mode, "krunner") == 0) krunner(bus, line);
        else if (strcmp(mode, "ping") == 0) ping(bus);
        else gnome(bus, line);
        printf("%.1f\n", now_us() - t0);
    }
    fclose(f);
    sd_bus_flush_close_unref(bus);
    return 0;
}
